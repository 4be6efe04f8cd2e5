import { describe, expect, it } from 'vitest';
import {
  decidePaymentRequest,
  type PaymentRequestCommand,
} from '@machines/payment-request/payment-request.commands';
import type { PaymentRequestEvent } from '@machines/payment-request/payment-request.events';
import { paymentRequestMachine } from '@machines/payment-request/payment-request.machine';
import {
  adminRequestCan,
  paymentRequestStateView,
} from '@machines/payment-request/payment-request.view';
import { fold, initialOf, statusOf } from '@machines/statechart';
import { deciderSpec } from '@tests/support/decider-spec';
import {
  actors,
  at,
  event,
  metadata,
  plusMs,
  requestHistory,
} from '@tests/support/event-factory';

/**
 * A payment request is escrow too: the creator's completion starts the brand's review; the brand
 * approves or disputes, the timers release, admins release, refund or split. given/when/then.
 */
const { given } = deciderSpec(paymentRequestMachine, decidePaymentRequest);
const KEY = 'key-0009';

const paid = (): PaymentRequestEvent[] => [
  requestHistory.created(),
  requestHistory.accepted(),
  requestHistory.checkout(),
  requestHistory.paid(),
];
const delivered = (): PaymentRequestEvent[] => [
  ...paid(),
  event(
    'PaymentRequestDelivered',
    { note: null, links: [], reviewPeriodEndsAt: at(50) },
    at(2),
    actors.creator,
  ),
];
const disputed = (): PaymentRequestEvent[] => [
  ...delivered(),
  event(
    'PaymentRequestDisputeOpened',
    { reason: 'Not posted', endsAt: at(75) },
    at(3),
    actors.creatorLink,
  ),
];
const held = (history: PaymentRequestEvent[]) => [
  ...history,
  event(
    'PaymentRequestChargebackOpened',
    { disputeId: 'dp_9' },
    at(4),
    actors.stripe,
  ),
];
const approve = (
  payoutAccountId: string | null = 'acct_2',
): PaymentRequestCommand => ({
  type: 'ReleasePaymentRequest',
  trigger: 'brand',
  payoutAccountId,
  key: KEY,
});
/** A draft the decider returned, as the event the store would record at `when`. */
const recorded = (draft: { type: string; data: unknown }, when: string) =>
  ({
    type: draft.type,
    data: draft.data,
    metadata: metadata(when),
  }) as PaymentRequestEvent;
const snapshotOf = (events: PaymentRequestEvent[]) =>
  fold(paymentRequestMachine, events, initialOf(paymentRequestMachine));

describe('the brand reviews a completed request', () => {
  it('approving asks for the payout to a ready account, or defers it, as released by the brand', () => {
    given(delivered())
      .when(approve(), at(4))
      .then({
        type: 'PaymentRequestPayoutRequested',
        data: {
          amountCents: 40_000,
          destinationAccountId: 'acct_2',
          key: KEY,
          trigger: 'brand',
        },
      });
    given(delivered())
      .when(approve(null), at(4))
      .then({
        type: 'PaymentRequestPayoutDeferred',
        data: { trigger: 'brand' },
      });
  });

  it('the brand cannot approve before the creator completed, nor while a chargeback holds', () => {
    given(paid()).when(approve(), at(3)).thenRefused({
      code: 'illegal_transition',
      status: 409,
      message: 'Cannot approve the work while the payment request is paid',
    });
    given(held(delivered())).when(approve(), at(5)).thenRefused({
      code: 'illegal_transition',
      status: 409,
      message:
        'Cannot complete the request while a chargeback holds the payment; an admin must act',
    });
  });

  it('a dispute holds the money for the dispute period; only within the review period, once', () => {
    given(delivered())
      .when(
        {
          type: 'DisputePaymentRequest',
          reason: ' Not posted ',
          disputePeriodHours: 72,
        },
        at(3),
      )
      .then({
        type: 'PaymentRequestDisputeOpened',
        data: { reason: 'Not posted', endsAt: at(75) },
      });
    given(delivered())
      .when(
        {
          type: 'DisputePaymentRequest',
          reason: 'late',
          disputePeriodHours: 72,
        },
        at(50),
      )
      .thenRefused({
        code: 'illegal_transition',
        status: 409,
        message: /review period is over/,
      });
    given(disputed())
      .when(
        {
          type: 'DisputePaymentRequest',
          reason: 'again',
          disputePeriodHours: 72,
        },
        at(4),
      )
      .thenRefused({
        code: 'illegal_transition',
        status: 409,
        message: /dispute/,
      });
  });

  it('a dispute message is taken while the dispute is open, and refused before and after', () => {
    const message = {
      side: 'brand' as const,
      text: 'The reel is not on the account.',
      files: [
        {
          sha256: 'a'.repeat(64),
          name: 'profile.png',
          contentType: 'image/png' as const,
          sizeBytes: 2_000,
        },
      ],
    };
    given(disputed())
      .when({ type: 'PostDisputeMessage', message }, at(5))
      .then({ type: 'PaymentRequestDisputeMessagePosted', data: message });
    given(delivered())
      .when({ type: 'PostDisputeMessage', message }, at(5))
      .thenRefused({
        code: 'illegal_transition',
        status: 409,
        message:
          'Cannot post a dispute message while the payment request is delivered',
      });
  });

  it('the brand can still approve during a dispute', () => {
    given(disputed())
      .when(approve(), at(5))
      .then({
        type: 'PaymentRequestPayoutRequested',
        data: { trigger: 'brand' },
      });
  });
});

describe('the periods end by themselves (never early)', () => {
  const elapse = (
    period: 'review' | 'dispute',
    payoutAccountId: string | null = 'acct_2',
  ) =>
    ({
      type: 'ElapseRequestPeriod',
      period,
      payoutAccountId,
      key: KEY,
    }) as const;

  it('the review period: nothing a millisecond before, then elapsed and released', () => {
    given(delivered())
      .when(elapse('review'), plusMs(at(50), -1))
      .thenNothing();
    given(delivered())
      .when(elapse('review'), at(50))
      .then(
        { type: 'PaymentRequestReviewElapsed', data: { endsAt: at(50) } },
        {
          type: 'PaymentRequestPayoutRequested',
          data: { trigger: 'review_period_elapsed' },
        },
      );
  });

  it('the dispute period releases to the creator; a hold stops it', () => {
    given(disputed())
      .when(elapse('dispute', null), at(75))
      .then(
        { type: 'PaymentRequestDisputeElapsed' },
        {
          type: 'PaymentRequestPayoutDeferred',
          data: { trigger: 'dispute_period_elapsed' },
        },
      );
    given(held(disputed())).when(elapse('dispute'), at(80)).thenNothing();
    given(disputed()).when(elapse('review'), at(60)).thenNothing();
  });

  it('after the payout, the dispute is auto_resolved', () => {
    const events = [
      ...disputed(),
      event('PaymentRequestDisputeElapsed', { endsAt: at(75) }, at(75)),
      event(
        'PaymentRequestPayoutRequested',
        { key: KEY, trigger: 'dispute_period_elapsed' },
        at(75),
      ),
      event(
        'PaymentRequestCompleted',
        { key: KEY, transferId: 'tr_1' },
        at(75.1),
      ),
    ];
    const snapshot = snapshotOf(events);
    expect(statusOf(snapshot)).toBe('completed');
    expect(snapshot.context.dispute?.status).toBe('auto_resolved');
  });
});

describe('admins resolve a disputed request as they do deals', () => {
  it('release, refund and split are offered in dispute; refund and release before delivery', () => {
    expect(adminRequestCan(snapshotOf(disputed()), at(5))).toEqual([
      'release',
      'refund',
      'split',
    ]);
    expect(adminRequestCan(snapshotOf(paid()), at(3))).toEqual([
      'release',
      'refund',
    ]);
    expect(adminRequestCan(snapshotOf(held(delivered())), at(5))).toEqual([
      'releaseHold',
      'release',
      'refund',
      'split',
    ]);
  });

  it('an admin releases even while held', () => {
    given(held(disputed()))
      .when(
        {
          type: 'ReleasePaymentRequest',
          trigger: 'admin',
          payoutAccountId: 'acct_2',
          key: KEY,
        },
        at(6),
      )
      .then({
        type: 'PaymentRequestPayoutRequested',
        data: { trigger: 'admin' },
      });
  });

  it('a refund gives back what the escrow holds; its outcome ends the request as refunded', () => {
    const drafts = given(disputed())
      .when({ type: 'RefundPaymentRequest', key: KEY }, at(6))
      .then({
        type: 'PaymentRequestRefundRequested',
        data: { amountCents: 42_000, key: KEY },
      });
    const requested = recorded(drafts[0]!, at(6));
    given([...disputed(), requested])
      .when(
        {
          type: 'RecordRefund',
          key: KEY,
          refundId: 're_1',
          transferReversalId: null,
        },
        at(6.1),
      )
      .then({
        type: 'PaymentRequestRefunded',
        data: { refundId: 're_1', amountCents: 42_000 },
      });
    const refunded = snapshotOf([
      ...disputed(),
      requested,
      event(
        'PaymentRequestRefunded',
        { key: KEY, amountCents: 42_000 },
        at(6.1),
      ),
    ]);
    expect(statusOf(refunded)).toBe('refunded');
    expect(refunded.context.dispute?.status).toBe('resolved');
    given([...disputed(), requested])
      .when({ type: 'RefundPaymentRequest', key: 'k2' }, at(6.2))
      .thenRefused({ code: 'conflict', status: 409, message: /refund/ });
  });

  it('a split: the creator part, the fee in proportion, the rest back; both outcomes resolve it', () => {
    const split: PaymentRequestCommand = {
      type: 'SplitPaymentRequest',
      creatorCents: 20_000,
      payoutAccountId: 'acct_2',
      key: KEY,
    };
    const [draft] = given(disputed())
      .when(split, at(6))
      .then({
        type: 'PaymentRequestSplitRequested',
        data: {
          creatorCents: 20_000,
          feeKeptCents: 1_000,
          refundCents: 21_000,
          chargedCents: 42_000,
          destinationAccountId: 'acct_2',
          transferKey: `${KEY}:transfer`,
          refundKey: `${KEY}:refund`,
        },
      });
    given(delivered())
      .when(split, at(6))
      .thenRefused({
        code: 'illegal_transition',
        status: 409,
        message: /split only while/,
      });
    given(disputed())
      .when({ ...split, creatorCents: 40_000 }, at(6))
      .thenRefused({
        code: 'bad_request',
        status: 400,
        message: /less than the whole amount/,
      });
    const requested = recorded(draft!, at(6));
    const history = [...disputed(), requested];
    const transferred = given(history)
      .when(
        { type: 'RecordTransfer', key: `${KEY}:transfer`, transferId: 'tr_9' },
        at(6.1),
      )
      .then({
        type: 'PaymentRequestSplitTransferSucceeded',
        data: { amountCents: 20_000 },
      });
    const refundFailed = given([...history, recorded(transferred[0]!, at(6.1))])
      .when(
        {
          type: 'RecordRefundFailure',
          key: `${KEY}:refund`,
          code: 'x',
          message: 'no',
        },
        at(6.2),
      )
      .then({ type: 'PaymentRequestSplitRefundFailed' });
    const afterFailure = [
      ...history,
      recorded(transferred[0]!, at(6.1)),
      recorded(refundFailed[0]!, at(6.2)),
    ];
    expect(adminRequestCan(snapshotOf(afterFailure), at(7))).toContain(
      'retrySplit',
    );
    const retried = given(afterFailure)
      .when({ type: 'RetryRequestSplit' }, at(7))
      .then({ type: 'PaymentRequestSplitRetried', data: { part: 'refund' } });
    const done = snapshotOf([
      ...afterFailure,
      recorded(retried[0]!, at(7)),
      event(
        'PaymentRequestSplitRefundSucceeded',
        { key: `${KEY}:refund`, amountCents: 21_000, refundId: 're_2' },
        at(7.1),
      ),
    ]);
    expect(statusOf(done)).toBe('split_resolved');
    expect(done.context.dispute?.status).toBe('resolved');
  });
});

describe('what the brand and creator see', () => {
  it('the view offers approve and dispute in review, approve only in dispute', () => {
    expect(paymentRequestStateView(snapshotOf(delivered()), at(3)).can).toEqual(
      ['approve', 'dispute'],
    );
    expect(paymentRequestStateView(snapshotOf(disputed()), at(4)).can).toEqual([
      'approve',
    ]);
    expect(paymentRequestStateView(snapshotOf(paid()), at(3)).can).toEqual([
      'complete',
    ]);
  });

  it('older history (a payout straight from paid, no trigger) still replays to completed', () => {
    const snapshot = snapshotOf([
      ...paid(),
      requestHistory.payoutRequested(),
      requestHistory.completed(),
    ]);
    expect(statusOf(snapshot)).toBe('completed');
  });
});
