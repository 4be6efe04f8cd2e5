import { z } from 'zod';
import { milestoneStatuses } from '../deal/deal-context.types';

/** The HTTP contract of the admins' money screens (reconciliation, overview), shared by server and web. */

export const movementKindValues = [
  'charge',
  'refund',
  'transfer',
  'transfer_reversal',
  'payout',
  'dispute',
] as const;
export const reconciliationProblems = [
  'missing_at_gateway',
  'missing_in_ledger',
  'amount_differs',
  'intent_without_outcome',
  'paid_out_above_held',
  'charge_without_gateway_id',
  'refund_without_charge',
] as const;
/** The problems the first reconciliations knew: every stored ReconciliationCompleted counts them. */
export const firstReconciliationProblems = [
  'missing_at_gateway',
  'missing_in_ledger',
  'amount_differs',
  'intent_without_outcome',
] as const satisfies readonly (typeof reconciliationProblems)[number][];

export const reconciliationReportSchema = z.object({
  since: z.string(),
  until: z.string(),
  gateway: z.enum(['stripe', 'simulated']),
  kinds: z.array(
    z.object({
      kind: z.enum(movementKindValues),
      ledgerCount: z.number().int(),
      ledgerCents: z.number().int(),
      gatewayCount: z.number().int(),
      gatewayCents: z.number().int(),
    }),
  ),
  mismatches: z.array(
    z.object({
      problem: z.enum(reconciliationProblems),
      kind: z.enum(movementKindValues),
      reference: z.string(),
      streamId: z.string().nullable(),
      ledgerCents: z.number().int().nullable(),
      gatewayCents: z.number().int().nullable(),
      at: z.string(),
    }),
  ),
  /** Per day, what all escrows posted (debits equal credits), and any escrow whose accounts did not sum to zero. */
  trialBalance: z
    .object({
      days: z.array(
        z.object({
          day: z.string(),
          debitsCents: z.number().int(),
          creditsCents: z.number().int(),
        }),
      ),
      unbalanced: z.array(
        z.object({
          streamId: z.string(),
          at: z.string(),
          postedCents: z.number().int(),
          pendingCents: z.number().int(),
        }),
      ),
    })
    .optional(),
});
export type ReconciliationReportDto = z.infer<
  typeof reconciliationReportSchema
>;

const moneyDaySchema = z.object({
  day: z.string(),
  chargedCents: z.number().int(),
  releasedCents: z.number().int(),
  refundedCents: z.number().int(),
  feesCents: z.number().int(),
});

export const moneyOverviewSchema = z.object({
  at: z.string(),
  heldCents: z.number().int(),
  /** Money out of the escrows under an open chargeback. */
  disputedCents: z.number().int(),
  dueIn24hCents: z.number().int(),
  dueIn7dCents: z.number().int(),
  totals: moneyDaySchema.omit({ day: true }),
  days: z.array(moneyDaySchema),
});
export type MoneyOverviewDto = z.infer<typeof moneyOverviewSchema>;

/** A receipt (what the brand paid) or a statement (what the creator was paid out), printable from the parties' pages. */
export const moneyDocumentSchema = z.object({
  kind: z.enum(['receipt', 'statement']),
  subject: z.enum(['deal', 'payment_request']),
  /** The document's number: R- (receipt) or S- (statement), D (deal) or P (payment request), then the id. */
  number: z.string(),
  id: z.number().int(),
  title: z.string().nullable(),
  /** When the payment was confirmed (receipt) or the payout made (statement). */
  issuedAt: z.string(),
  brand: z.string(),
  creator: z.string(),
  amountCents: z.number().int(),
  feeCents: z.number().int(),
  totalCents: z.number().int(),
  /** Receipt: what the brand paid. Statement: what was transferred to the creator. */
  paidCents: z.number().int(),
  method: z.string().nullable(),
  /**
   * The payment gateway's reference: the payment (receipt) or the transfer (statement);
   * `REDACTED` where the reader may not see it (server/shared/redaction.ts).
   */
  reference: z.string().nullable(),
  /** What was refunded to the brand of this payment so far (a split's refund, a full refund). */
  refundedCents: z.number().int(),
  /**
   * What the card issuer took back of this payment through chargebacks that were lost; present
   * only when one was lost, so every other document reads as before.
   */
  chargedBackCents: z.number().int().optional(),
  /**
   * A deal resolved with a split: the creator's part (the statement's `paidCents`), the brand's
   * refund and the fee kept in proportion; null otherwise.
   */
  split: z
    .object({
      creatorCents: z.number().int(),
      refundCents: z.number().int(),
      feeKeptCents: z.number().int(),
    })
    .nullable(),
  /**
   * A deal with milestones: each milestone's title, amount, fee share, where it stands and when
   * it was paid out. Absent for a deal without a plan, whose documents read as before.
   */
  milestones: z
    .array(
      z.object({
        index: z.number().int(),
        title: z.string(),
        amountCents: z.number().int(),
        feeCents: z.number().int(),
        status: z.enum(milestoneStatuses),
        releasedAt: z.string().nullable(),
        /** What its release paid out, present only when less than its amount (after a lost chargeback). */
        paidOutCents: z.number().int().optional(),
        /** Present when a lost chargeback ended it: it reads charged back, not refunded. */
        chargedBack: z.literal(true).optional(),
      }),
    )
    .optional(),
});
export type MoneyDocumentDto = z.infer<typeof moneyDocumentSchema>;

/** What a reader who may not see a gateway id or link token reads in its place (server/shared/redaction.ts). */
export const REDACTED = 'present';

/**
 * What a person reads where a gateway id is withheld from them (`REDACTED`): the admin's pages and
 * the dispute exports say it in the reader's language, never the placeholder.
 */
export const hiddenReferenceText = {
  en: 'Gateway reference hidden',
  nl: 'Referentie betaaldienst verborgen',
} as const;

/** A gateway reference as a person reads it in `lang`: the id, or that it is hidden. */
export const referenceIn = (reference: string, lang: 'en' | 'nl'): string =>
  reference === REDACTED ? hiddenReferenceText[lang] : reference;
