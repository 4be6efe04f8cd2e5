import { z } from 'zod';
import {
  firstReconciliationProblems,
  reconciliationProblems,
} from '../contract/money-api';
import { defineEvent } from '../events/define';

const isoInstant = z.iso.datetime();
const count = z.number().int().nonnegative();
type FirstProblem = (typeof firstReconciliationProblems)[number];

export const ReconciliationCompleted = defineEvent({
  type: 'ReconciliationCompleted',
  version: 1,
  category: 'reconciliation',
  description:
    "The daily reconciliation compared the ledger's money movements of the period with the gateway's records; one per day (its own stream, appended with no stream expected). Admins are alerted when it found a mismatch. `byProblem` counts each problem; those added later (`paid_out_above_held`, `charge_without_gateway_id`, `refund_without_charge`) are absent from older results, as is `unbalanced` (the trial balance: escrow states whose accounts did not sum to zero).",
  schema: z.object({
    since: isoInstant,
    until: isoInstant,
    gateway: z.enum(['stripe', 'simulated']),
    mismatches: count,
    // Problems added later are optional: results recorded before them do not count them.
    byProblem: z.object(
      Object.fromEntries(
        reconciliationProblems.map((p) => [
          p,
          (firstReconciliationProblems as readonly string[]).includes(p)
            ? count
            : count.optional(),
        ]),
      ) as {
        [P in (typeof reconciliationProblems)[number]]: P extends FirstProblem
          ? typeof count
          : z.ZodOptional<typeof count>;
      },
    ),
    /** Escrow states of the period whose accounts did not sum to zero (absent from older results). */
    unbalanced: count.optional(),
  }),
  fields: {},
  example: {
    since: '2026-11-18T03:00:00.000Z',
    until: '2026-11-20T03:00:00.000Z',
    gateway: 'stripe',
    mismatches: 1,
    byProblem: {
      missing_at_gateway: 0,
      missing_in_ledger: 1,
      amount_differs: 0,
      intent_without_outcome: 0,
    },
  },
});

export const PaymentIntentsStalled = defineEvent({
  type: 'PaymentIntentsStalled',
  version: 1,
  category: 'reconciliation',
  description:
    "A money intent has waited for the payment provider's answer longer than INTENT_ALERT_MINUTES (provider down, network errors): once per episode, on a stream named after the oldest such intent (appended with no stream expected, so instances record it once). Admins are alerted; the intent is still retried on its own.",
  schema: z.object({
    unanswered: count,
    oldestAt: isoInstant,
    oldestStreamId: z.string().min(1),
    oldestType: z.string().min(1),
    ageMinutes: count,
    limitMinutes: count,
  }),
  fields: { oldestStreamId: 'none', oldestType: 'none' },
  example: {
    unanswered: 1,
    oldestAt: '2026-11-27T10:00:00.000Z',
    oldestStreamId: 'deal-42',
    oldestType: 'FundsReleaseRequested',
    ageMinutes: 15,
    limitMinutes: 15,
  },
});

export const reconciliationEventDefinitions = [
  ReconciliationCompleted,
  PaymentIntentsStalled,
] as const;
