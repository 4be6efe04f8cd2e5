import { describe, expect, it } from 'vitest';
import { disputeSummary } from '@server/admin/disputes';
import type { DealRecord } from '@projections/deals.queries';
import { dealMachine } from '@machines/deal/deal.machine';
import { fold, statusOf } from '@machines/statechart';
import {
  disputeCommand,
  milestoneDeal,
  replay,
  run,
  type Snapshot,
} from '@tests/machines/deal/milestones-support';
import { actors, at, event, terms } from '@tests/support/event-factory';

/*
 * A deal with a plan whose disputed milestone a lost chargeback ended (every open milestone
 * refunded by the charge back, nothing refunded at the gateway) has the dispute outcome
 * charged_back on the admin's Disputes list, not refunded.
 */
const record = (s: Snapshot): DealRecord => ({
  id: 42,
  ownerId: 'brand',
  status: statusOf(s),
  state: statusOf(s),
  createdAt: at(0),
  context: s.context,
  position: 1,
});

describe("a plan's milestone dispute ended by a lost chargeback", () => {
  it('has the outcome charged_back', () => {
    let s = replay(milestoneDeal());
    s = run(
      s,
      { type: 'DeliverContent', milestone: 1, reviewPeriodHours: 48 },
      1,
      actors.creatorLink,
    ).snapshot;
    s = run(s, disputeCommand(1), 2).snapshot;
    const total = terms(25_000).totalCents;
    s = fold(
      dealMachine,
      [
        event(
          'ChargebackOpened',
          {
            disputeId: 'dp_1',
            amountCents: total,
            heldCents: total,
            reason: 'fraudulent',
          },
          at(3),
          actors.stripe,
        ),
      ],
      s,
    );
    s = run(
      s,
      {
        type: 'RecordChargebackOutcome',
        disputeId: 'dp_1',
        outcome: 'lost',
        reason: 'fraudulent',
        gatewayEventId: 'evt_cb2',
      },
      4,
      actors.stripe,
    ).snapshot;
    expect(statusOf(s)).toBe('cancelled');
    expect(disputeSummary(record(s), 'Acme BV')).toMatchObject({
      milestone: 1,
      outcome: 'charged_back',
      resolvedAt: expect.any(String),
    });
  });
});
