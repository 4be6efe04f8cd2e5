import { describe, expect, it } from 'vitest';
import { dealMachine } from '@machines/deal/deal.machine';
import {
  dealActions,
  dealSnapshotFrom,
  dealStateView,
  probeEvent,
} from '@machines/deal/deal.view';
import { initialOf } from '@machines/statechart';
import { at, dealGiven } from '@tests/support/event-factory';
import { machineSpec } from '@tests/support/machine-spec';

const { fold } = machineSpec(dealMachine);

/** docs/product.md §4: status, badge, brand text, the 7-step progress mapping, and the buttons per state. */
const table = [
  [
    'pendingPayment',
    'pending_payment',
    1,
    'yellow',
    'deal.brand.pending_payment',
    ['edit', 'delete', 'generateLink', 'checkout'],
  ],
  [
    'awaitingAcceptance',
    'pending_delivery',
    3,
    'blue',
    'deal.brand.funds_held',
    ['generateLink', 'accept', 'hold', 'refund'],
  ],
  [
    'accepted',
    'pending_delivery',
    3,
    'blue',
    'deal.brand.funds_held',
    ['generateLink', 'startBankSetup', 'hold', 'refund'],
  ],
  [
    'bankConnected',
    'pending_delivery',
    4,
    'blue',
    'deal.brand.creator_working',
    ['generateLink', 'deliver', 'adminRelease', 'hold', 'refund'],
  ],
  [
    'delivered',
    'delivered',
    5,
    'purple',
    'deal.brand.delivered',
    [
      'release',
      'dispute',
      'requestChanges',
      'adminRelease',
      'hold',
      'refund',
      'manualComplete',
    ],
  ],
  [
    'changesRequested',
    'changes_requested',
    4,
    'blue',
    'deal.brand.changes_requested',
    ['deliver', 'adminRelease', 'hold', 'refund'],
  ],
  [
    'dispute',
    'dispute',
    5,
    'red',
    'deal.brand.dispute',
    ['release', 'adminRelease', 'hold', 'refund', 'manualComplete'],
  ],
  ['completed', 'completed', 7, 'green', 'deal.brand.completed', []],
  [
    'approvedAfterDispute',
    'approved_after_dispute',
    7,
    'green',
    'deal.brand.completed',
    [],
  ],
  ['cancelled', 'cancelled', null, 'grey', 'deal.brand.cancelled', []],
  ['deleted', 'deleted', null, 'grey', 'deal.brand.deleted', []],
] as const;

describe('dealStateView', () => {
  it.each(table)(
    '%s → status %s, step %s, badge %s',
    (given, status, step, badge, brandText, can) => {
      const view = dealStateView(fold(dealGiven[given]()), at(10));
      expect(view).toMatchObject({
        status,
        step,
        badge,
        brandText,
        onHold: false,
      });
      expect(view.can).toEqual(can);
    },
  );

  it('a deal that does not exist yet has status new and no actions', () => {
    const view = dealStateView(initialOf(dealMachine), at(0));
    expect(view).toMatchObject({ status: 'new', step: null, can: [] });
  });

  it('timer actions appear only once their period has ended', () => {
    const delivered = fold(dealGiven.delivered());
    expect(dealStateView(delivered, at(49.99)).can).not.toContain(
      'elapseReviewPeriod',
    );
    expect(dealStateView(delivered, at(50)).can).toContain(
      'elapseReviewPeriod',
    );
    const dispute = fold(dealGiven.dispute());
    expect(dealStateView(dispute, at(74.9)).can).not.toContain(
      'elapseDisputePeriod',
    );
    expect(dealStateView(dispute, at(75)).can).toContain('elapseDisputePeriod');
  });

  it('every action can be probed in every state without throwing', () => {
    for (const [given] of table) {
      const snapshot = fold(dealGiven[given]());
      for (const action of dealActions)
        expect(probeEvent(action, snapshot.context, at(10)).metadata.at).toBe(
          at(10),
        );
    }
  });

  it('the UI can rebuild the snapshot from the value and context of an API answer', () => {
    const original = fold(dealGiven.bankConnected());
    const rebuilt = dealSnapshotFrom(original.value, original.context);
    expect(dealStateView(rebuilt, at(10))).toEqual(
      dealStateView(original, at(10)),
    );
  });
});
