import { describe, expect, it } from 'vitest';
import { decideDeal } from '@machines/deal/deal.commands';
import type { DealEvent } from '@machines/deal/deal.events';
import { dealMachine } from '@machines/deal/deal.machine';
import { heldCents } from '@machines/escrow/escrow-ledger';
import { deciderSpec } from '@tests/support/decider-spec';
import {
  actors,
  at,
  dealGiven,
  dealHistory,
  event,
} from '@tests/support/event-factory';
import { machineSpec } from '@tests/support/machine-spec';

/**
 * A split outcome: in dispute or on hold an admin gives the creator X of the 25,000 cents and the
 * brand the rest of the 27,050 charged, the platform keeping the fee in proportion. One intent,
 * two keyed effects, each with its own outcome; the second success ends the deal in split_resolved.
 */
const machine = machineSpec(dealMachine);
const decider = deciderSpec(dealMachine, decideDeal);

const KEY = 'split-key';
const TRANSFER_KEY = `${KEY}:transfer`;
const REFUND_KEY = `${KEY}:refund`;
// 15,000 of 25,000: fee kept 2,050 × 15,000 / 25,000 = 1,230; refund 27,050 − 15,000 − 1,230 = 10,820.
const parts = {
  creatorCents: 15_000,
  refundCents: 10_820,
  feeKeptCents: 1_230,
  chargedCents: 27_050,
};
const requested = () =>
  event(
    'DealSplitRequested',
    { ...parts, transferKey: TRANSFER_KEY, refundKey: REFUND_KEY },
    at(10),
    actors.admin,
  );
const transferred = () =>
  event(
    'SplitTransferSucceeded',
    { transferId: 'tr_s', amountCents: 15_000, key: TRANSFER_KEY },
    at(10.01),
  );
const transferFailed = () =>
  event(
    'SplitTransferFailed',
    { code: 'payouts_not_enabled', message: 'not yet', key: TRANSFER_KEY },
    at(10.01),
  );
const refunded = () =>
  event(
    'SplitRefundSucceeded',
    { refundId: 're_s', amountCents: 10_820, key: REFUND_KEY },
    at(10.02),
  );
const refundFailed = () =>
  event(
    'SplitRefundFailed',
    { code: 'invalid_request', message: 'no', key: REFUND_KEY },
    at(10.02),
  );
const retried = (part: 'transfer' | 'refund') =>
  event(
    'DealSplitRetried',
    { part, key: part === 'transfer' ? TRANSFER_KEY : REFUND_KEY },
    at(11),
    actors.admin,
  );
const held = () =>
  event(
    'DealPutOnHold',
    { source: 'admin', reason: 'review' },
    at(3),
    actors.admin,
  );
const withEvents = (base: DealEvent[], ...more: DealEvent[]): DealEvent[] => [
  ...base,
  ...more,
];

describe('deal machine: split', () => {
  it('in dispute, DealSplitRequested records both parts as pending and stays in dispute', () => {
    machine
      .given(dealGiven.dispute())
      .when(requested())
      .then({
        state: 'dispute',
        status: 'dispute',
        context: {
          split: {
            ...parts,
            transfer: 'pending',
            refund: 'pending',
            requestedBy: 'a_1',
            transferKey: TRANSFER_KEY,
            refundKey: REFUND_KEY,
          },
        },
      });
  });

  it('on hold before the dispute (delivered, or pending delivery with a bank account) a split may be asked for; without a hold it may not', () => {
    machine
      .given(withEvents(dealGiven.delivered(), held()))
      .when(requested())
      .then({ state: 'delivered' });
    machine
      .given(withEvents(dealGiven.bankConnected(), held()))
      .when(requested())
      .then({ state: 'pending_delivery.bank_connected' });
    machine.given(dealGiven.delivered()).when(requested()).thenRefused();
    machine.given(dealGiven.bankConnected()).when(requested()).thenRefused();
  });

  it('refuses parts that do not add up, the whole amount, a second split and any end state', () => {
    machine
      .given(dealGiven.dispute())
      .when(
        event(
          'DealSplitRequested',
          { ...parts, refundCents: 10_821 },
          at(10),
          actors.admin,
        ),
      )
      .thenRefused();
    machine
      .given(dealGiven.dispute())
      .when(
        event(
          'DealSplitRequested',
          { ...parts, feeKeptCents: 1_229, refundCents: 10_821 },
          at(10),
        ),
      )
      .thenRefused();
    machine
      .given(dealGiven.dispute())
      .when(
        event(
          'DealSplitRequested',
          {
            creatorCents: 25_000,
            feeKeptCents: 2_050,
            refundCents: 0,
            chargedCents: 27_050,
          },
          at(10),
        ),
      )
      .thenRefused();
    machine
      .given(withEvents(dealGiven.dispute(), requested()))
      .when(requested())
      .thenRefused();
    machine.given(dealGiven.completed()).when(requested()).thenRefused();
    machine.given(dealGiven.cancelled()).when(requested()).thenRefused();
  });

  it('the first success records its part; the second ends the deal in split_resolved, step 7, with nothing held', () => {
    machine
      .given(withEvents(dealGiven.dispute(), requested()))
      .when(transferred())
      .then({
        state: 'dispute',
        context: {
          split: {
            transfer: 'succeeded',
            refund: 'pending',
            transferId: 'tr_s',
          },
        },
      });
    const done = machine
      .given(withEvents(dealGiven.dispute(), requested(), transferred()))
      .when(refunded());
    done.then({
      state: 'split_resolved',
      status: 'split_resolved',
      step: 7,
      context: {
        money: {
          chargedCents: 27_050,
          transferredCents: 15_000,
          refundedCents: 10_820,
          feeKeptCents: 1_230,
        },
        hold: null,
        dispute: { status: 'resolved' },
      },
    });
    // Either order ends the same way.
    machine
      .given(withEvents(dealGiven.dispute(), requested(), refunded()))
      .when(transferred())
      .then({ state: 'split_resolved' });
  });

  it('split_resolved has its own texts and the green badge', () => {
    const snapshot = machine.given(
      withEvents(dealGiven.dispute(), requested(), transferred(), refunded()),
    ).snapshot;
    expect(heldCents(snapshot.context)).toBe(0);
    const meta = Object.values(snapshot.getMeta())[0];
    expect(meta).toEqual({
      status: 'split_resolved',
      brandText: 'deal.brand.split_resolved',
      creatorText: 'deal.creator.split_resolved',
      badge: 'green',
      step: 7,
    });
  });

  it('an outcome answers only its own pending part, with its amount', () => {
    const pending = withEvents(dealGiven.dispute(), requested());
    machine
      .given(pending)
      .when(
        event(
          'SplitTransferSucceeded',
          { transferId: 'tr_s', amountCents: 15_001, key: TRANSFER_KEY },
          at(10.01),
        ),
      )
      .thenRefused();
    machine
      .given(pending)
      .when(
        event(
          'SplitTransferSucceeded',
          { transferId: 'tr_s', amountCents: 15_000, key: REFUND_KEY },
          at(10.01),
        ),
      )
      .thenRefused();
    machine
      .given(withEvents(pending, transferred()))
      .when(transferred())
      .thenRefused();
    machine.given(dealGiven.dispute()).when(refunded()).thenRefused();
  });

  it('a refused part is recorded with its reason; a retry asks for it again under the same key; money moves only on success', () => {
    machine
      .given(withEvents(dealGiven.dispute(), requested()))
      .when(transferFailed())
      .then({
        state: 'dispute',
        context: {
          split: {
            transfer: 'failed',
            transferFailure: {
              code: 'payouts_not_enabled',
              message: 'not yet',
              at: at(10.01),
            },
          },
        },
      });
    machine
      .given(withEvents(dealGiven.dispute(), requested(), transferFailed()))
      .when(retried('transfer'))
      .then({ context: { split: { transfer: 'pending' } } });
    machine
      .given(withEvents(dealGiven.dispute(), requested(), transferFailed()))
      .when(retried('refund'))
      .thenRefused();
    machine
      .given(
        withEvents(
          dealGiven.dispute(),
          requested(),
          transferFailed(),
          refunded(),
          retried('transfer'),
        ),
      )
      .when(transferred())
      .then({
        state: 'split_resolved',
        context: {
          money: {
            transferredCents: 15_000,
            refundedCents: 10_820,
            feeKeptCents: 1_230,
          },
        },
      });
  });

  it('while a split is asked for, nothing else moves money and no period elapses', () => {
    const pending = withEvents(dealGiven.dispute(), requested());
    machine
      .given(pending)
      .when(dealHistory.releaseRequested('admin'))
      .thenRefused();
    machine
      .given(pending)
      .when(
        event(
          'RefundRequested',
          { amountCents: 27_050 },
          at(10.5),
          actors.admin,
        ),
      )
      .thenRefused();
    machine
      .given(pending)
      .when(event('DisputePeriodElapsed', { endsAt: at(75) }, at(80)))
      .thenRefused();
    machine
      .given(pending)
      .when(event('DealCompletedManually', {}, at(10.5)))
      .thenRefused();
  });
});

describe('decideDeal: ResolveWithSplit', () => {
  it('in dispute records one intent with both parts and a key for each', () => {
    decider
      .given(dealGiven.dispute())
      .when(
        { type: 'ResolveWithSplit', creatorCents: 15_000, key: KEY },
        at(10),
      )
      .then({
        type: 'DealSplitRequested',
        data: { ...parts, transferKey: TRANSFER_KEY, refundKey: REFUND_KEY },
      });
  });

  it('on hold (delivered) it is allowed too', () => {
    decider
      .given(withEvents(dealGiven.delivered(), held()))
      .when({ type: 'ResolveWithSplit', creatorCents: 1, key: KEY }, at(10))
      .then({
        type: 'DealSplitRequested',
        data: { creatorCents: 1, feeKeptCents: 0, refundCents: 27_049 },
      });
  });

  it.each([
    ['0', 0],
    ['a negative amount', -5],
    ['a fraction of a cent', 10.5],
  ])('refuses %s as split_amount_invalid (400)', (_name, creatorCents) => {
    decider
      .given(dealGiven.dispute())
      .when({ type: 'ResolveWithSplit', creatorCents, key: KEY }, at(10))
      .thenRefused({
        code: 'bad_request',
        id: 'split_amount_invalid',
        status: 400,
        message: /whole number of cents above 0/,
      });
  });

  it('refuses the whole amount (split_whole_amount) and more than the escrow holds (split_above_escrow)', () => {
    decider
      .given(dealGiven.dispute())
      .when(
        { type: 'ResolveWithSplit', creatorCents: 25_000, key: KEY },
        at(10),
      )
      .thenRefused({
        code: 'bad_request',
        id: 'split_whole_amount',
        status: 400,
        message: /less than the whole amount \(€250\.00\)/,
      });
    decider
      .given(dealGiven.dispute())
      .when(
        { type: 'ResolveWithSplit', creatorCents: 25_001, key: KEY },
        at(10),
      )
      .thenRefused({
        code: 'bad_request',
        id: 'split_above_escrow',
        status: 400,
        message: /exceed what the escrow holds \(€270\.50\)/,
      });
  });

  it('refuses a deal neither in dispute nor on hold (split_not_allowed, 409)', () => {
    for (const history of [
      dealGiven.delivered(),
      dealGiven.pendingPayment(),
      dealGiven.completed(),
      dealGiven.cancelled(),
    ]) {
      decider
        .given(history)
        .when(
          { type: 'ResolveWithSplit', creatorCents: 15_000, key: KEY },
          at(10),
        )
        .thenRefused({
          code: 'illegal_transition',
          id: 'split_not_allowed',
          status: 409,
          message: /only while it is in dispute or on hold/,
        });
    }
  });

  it('refuses while an effect is under way: a release, a refund, or a split already asked for', () => {
    const when = (history: DealEvent[]) =>
      decider
        .given(history)
        .when(
          { type: 'ResolveWithSplit', creatorCents: 15_000, key: 'other' },
          at(10.5),
        );
    when(
      withEvents(dealGiven.dispute(), dealHistory.releaseRequested('admin')),
    ).thenRefused({
      code: 'conflict',
      id: 'release_under_way',
      status: 409,
      message: /under way/,
    });
    when(
      withEvents(
        dealGiven.dispute(),
        event('RefundRequested', { amountCents: 27_050 }, at(4), actors.admin),
      ),
    ).thenRefused({
      code: 'conflict',
      id: 'refund_under_way',
      status: 409,
      message: /under way/,
    });
    when(withEvents(dealGiven.dispute(), requested())).thenRefused({
      code: 'conflict',
      id: 'split_under_way',
      status: 409,
      message: /already been asked for/,
    });
  });

  it('refuses on hold before a bank account is connected (nowhere to transfer to)', () => {
    decider
      .given(withEvents(dealGiven.accepted(), held()))
      .when(
        { type: 'ResolveWithSplit', creatorCents: 15_000, key: KEY },
        at(10),
      )
      .thenRefused({
        code: 'conflict',
        id: 'no_bank_account',
        status: 409,
        message: /./,
      });
  });
});

describe('decideDeal: the split outcomes and RetrySplit', () => {
  const pending = () => withEvents(dealGiven.dispute(), requested());

  it('RecordTransfer and RecordRefund under the split keys record each part once', () => {
    decider
      .given(pending())
      .when(
        { type: 'RecordTransfer', key: TRANSFER_KEY, transferId: 'tr_s' },
        at(10.01),
      )
      .then({
        type: 'SplitTransferSucceeded',
        data: { transferId: 'tr_s', amountCents: 15_000, key: TRANSFER_KEY },
      });
    decider
      .given(pending())
      .when(
        {
          type: 'RecordRefund',
          key: REFUND_KEY,
          refundId: 're_s',
          transferReversalId: null,
        },
        at(10.01),
      )
      .then({
        type: 'SplitRefundSucceeded',
        data: { refundId: 're_s', amountCents: 10_820, key: REFUND_KEY },
      });
    decider
      .given(withEvents(pending(), transferred()))
      .when(
        { type: 'RecordTransfer', key: TRANSFER_KEY, transferId: 'tr_s' },
        at(10.1),
      )
      .thenNothing();
    decider
      .given(pending())
      .when(
        { type: 'RecordTransfer', key: 'unknown', transferId: 'tr_x' },
        at(10.1),
      )
      .thenNothing();
  });

  it('a refusal under a split key records the failure with its reason', () => {
    decider
      .given(pending())
      .when(
        {
          type: 'RecordTransferFailure',
          key: TRANSFER_KEY,
          code: 'payouts_not_enabled',
          message: 'not yet',
        },
        at(10.01),
      )
      .then({
        type: 'SplitTransferFailed',
        data: {
          code: 'payouts_not_enabled',
          message: 'not yet',
          key: TRANSFER_KEY,
        },
      });
    decider
      .given(pending())
      .when(
        {
          type: 'RecordRefundFailure',
          key: REFUND_KEY,
          code: 'invalid_request',
          message: 'no',
        },
        at(10.01),
      )
      .then({
        type: 'SplitRefundFailed',
        data: { code: 'invalid_request', key: REFUND_KEY },
      });
  });

  it('RetrySplit asks again only for the failed parts, under their original keys', () => {
    decider
      .given(withEvents(pending(), transferFailed(), refunded()))
      .when({ type: 'RetrySplit' }, at(11))
      .then({
        type: 'DealSplitRetried',
        data: { part: 'transfer', key: TRANSFER_KEY },
      });
    decider
      .given(withEvents(pending(), transferFailed(), refundFailed()))
      .when({ type: 'RetrySplit' }, at(11))
      .then(
        { type: 'DealSplitRetried', data: { part: 'transfer' } },
        { type: 'DealSplitRetried', data: { part: 'refund', key: REFUND_KEY } },
      );
  });

  it('RetrySplit with nothing failed is split_nothing_to_retry (409)', () => {
    for (const history of [
      pending(),
      dealGiven.dispute(),
      withEvents(pending(), transferred(), refunded()),
    ]) {
      decider
        .given(history)
        .when({ type: 'RetrySplit' }, at(11))
        .thenRefused({
          code: 'conflict',
          id: 'split_nothing_to_retry',
          status: 409,
          message: /nothing to retry/,
        });
    }
  });
});
