import { describe, it } from 'vitest';
import { dealMachine } from '@machines/deal/deal.machine';
import { dealEventDefinitions } from '@machines/deal/deal.events';
import {
  actors,
  at,
  dealGiven,
  dealHistory,
  event,
  plusMs,
} from '@tests/support/event-factory';
import { machineSpec } from '@tests/support/machine-spec';

const { given } = machineSpec(dealMachine);
const release = (
  trigger:
    | 'brand'
    | 'admin'
    | 'review_period_elapsed'
    | 'dispute_period_elapsed',
  hours = 60,
) =>
  event(
    'FundsReleased',
    { trigger },
    at(hours),
    trigger === 'brand'
      ? actors.brand
      : trigger === 'admin'
        ? actors.admin
        : actors.system,
  );
const reviewElapsed = (atIso = at(50)) =>
  event('ReviewPeriodElapsed', { endsAt: at(50) }, atIso);
const disputeElapsed = (atIso = at(75)) =>
  event('DisputePeriodElapsed', { endsAt: at(75) }, atIso);

describe('deal: delivered and the 48-hour review period', () => {
  it('the review period starts once', () => {
    const history = [...dealGiven.bankConnected(), dealHistory.delivered()];
    given(history)
      .when(dealHistory.reviewStarted())
      .then({
        state: 'delivered',
        step: 5,
        context: { reviewPeriodStartsAt: at(2), reviewPeriodEndsAt: at(50) },
      });
    given([...history, dealHistory.reviewStarted()])
      .when(dealHistory.reviewStarted())
      .thenRefused();
  });

  it('the brand approves: completed, step 7', () => {
    given(dealGiven.delivered())
      .when(release('brand', 10))
      .then({
        state: 'completed',
        status: 'completed',
        step: 7,
        context: {
          releaseTrigger: 'brand',
          completedAt: at(10),
          transferId: 'tr_1Q',
        },
      });
  });

  it('the review period elapses exactly at its end, not 1 ms earlier', () => {
    given(dealGiven.delivered())
      .when(reviewElapsed(plusMs(at(50), -1)))
      .thenRefused();
    given(dealGiven.delivered())
      .when(reviewElapsed())
      .then({ state: 'delivered', context: { reviewElapsedAt: at(50) } });
    given([...dealGiven.delivered(), reviewElapsed()])
      .when(reviewElapsed(at(51)))
      .thenRefused();
  });

  it('the review period cannot elapse before it started', () => {
    given([...dealGiven.bankConnected(), dealHistory.delivered()])
      .when(reviewElapsed(at(500)))
      .thenRefused();
  });

  it('automatic release only after the elapsed event', () => {
    given(dealGiven.delivered())
      .when(release('review_period_elapsed', 51))
      .thenRefused();
    given([...dealGiven.delivered(), reviewElapsed()])
      .when(release('review_period_elapsed', 50))
      .then({
        state: 'completed',
        step: 7,
        context: { releaseTrigger: 'review_period_elapsed' },
      });
  });

  it('a dispute-period release is refused while delivered', () => {
    given([...dealGiven.delivered(), reviewElapsed()])
      .when(release('dispute_period_elapsed'))
      .thenRefused();
  });

  it('the brand disputes within the window: dispute, step 5', () => {
    given(dealGiven.delivered())
      .when(dealHistory.disputed())
      .then({
        state: 'dispute',
        status: 'dispute',
        step: 5,
        context: {
          disputeCreatedAt: at(3),
          disputePeriodEndsAt: at(75),
          dispute: {
            status: 'open',
            reason: 'Not satisfied with deliverables',
          },
        },
      });
  });

  it('no dispute once the review period has elapsed', () => {
    given([...dealGiven.delivered(), reviewElapsed()])
      .when(dealHistory.disputed())
      .thenRefused();
  });

  it('manual completion (test-mode payout fallback) completes the deal', () => {
    given(dealGiven.delivered())
      .when(event('DealCompletedManually', {}, at(9)))
      .then({
        state: 'completed',
        context: { releaseTrigger: 'manual', completedAt: at(9) },
      });
  });

  it('records a failed brand transfer and stays delivered', () => {
    given(dealGiven.delivered())
      .when(
        event(
          'TransferFailed',
          { trigger: 'brand', code: 'funds_settling' },
          at(4),
        ),
      )
      .then({
        state: 'delivered',
        context: { lastTransferError: { code: 'funds_settling' } },
      });
    given(dealGiven.delivered())
      .when(event('TransferFailed', { trigger: 'review_period_elapsed' }))
      .thenRefused();
  });

  it.each([
    'ContentDelivered',
    'CreatorAccepted',
    'DealUpdated',
    'DealDeleted',
    'PaymentSucceeded',
    'DisputePeriodElapsed',
  ] as const)('refuses %s while delivered', (type) =>
    given(dealGiven.delivered())
      .when(event(type, {}, at(100)))
      .thenRefused(),
  );
});

describe('deal: dispute and the 72-hour hold', () => {
  it('brand approval during a dispute gives approved_after_dispute', () => {
    given(dealGiven.dispute())
      .when(release('brand', 10))
      .then({
        state: 'approved_after_dispute',
        status: 'approved_after_dispute',
        step: 7,
        context: { dispute: { status: 'resolved' }, releaseTrigger: 'brand' },
      });
  });

  it('an admin release during a dispute completes it', () => {
    given(dealGiven.dispute())
      .when(release('admin', 10))
      .then({
        state: 'completed',
        status: 'completed',
        context: { dispute: { status: 'resolved' } },
      });
  });

  it('the dispute period elapses at its end, not 1 ms earlier, then releases: auto_resolved', () => {
    given(dealGiven.dispute())
      .when(disputeElapsed(plusMs(at(75), -1)))
      .thenRefused();
    given(dealGiven.dispute())
      .when(disputeElapsed())
      .then({ state: 'dispute', context: { disputeElapsedAt: at(75) } });
    given(dealGiven.dispute())
      .when(release('dispute_period_elapsed', 76))
      .thenRefused();
    given([...dealGiven.dispute(), disputeElapsed()])
      .when(release('dispute_period_elapsed', 75))
      .then({
        state: 'completed',
        status: 'completed',
        step: 7,
        context: {
          dispute: { status: 'auto_resolved' },
          releaseTrigger: 'dispute_period_elapsed',
        },
      });
    given([...dealGiven.dispute(), disputeElapsed()])
      .when(disputeElapsed(at(80)))
      .thenRefused();
  });

  it('refund during a dispute cancels and resolves it', () => {
    given(dealGiven.dispute())
      .when(event('DealRefunded', {}, at(10), actors.admin))
      .then({
        state: 'cancelled',
        status: 'cancelled',
        context: { dispute: { status: 'resolved' } },
      });
  });

  it('manual completion during a dispute completes it', () => {
    given(dealGiven.dispute())
      .when(event('DealCompletedManually'))
      .then({
        state: 'completed',
        context: { dispute: { status: 'resolved' } },
      });
  });

  it.each([
    'DisputeOpened',
    'ReviewPeriodElapsed',
    'ContentDelivered',
    'DealDeleted',
  ] as const)('refuses %s during a dispute', (type) => {
    given(dealGiven.dispute())
      .when(event(type, {}, at(100)))
      .thenRefused();
  });

  it('refuses a review-period release during a dispute', () => {
    given(dealGiven.dispute())
      .when(release('review_period_elapsed', 100))
      .thenRefused();
  });
});

describe('deal: end states', () => {
  // An admin's note is accepted everywhere (below); every other event is judged by the state.
  const samples = dealEventDefinitions
    .filter((d) => d.type !== 'DealNoteAdded')
    .map((d) => event(d.type, {}, at(1_000)));

  it.each([
    ['pending_payment', dealGiven.pendingPayment()],
    ['dispute', dealGiven.dispute()],
    ['completed', dealGiven.completed()],
    ['cancelled', dealGiven.cancelled()],
    ['deleted', dealGiven.deleted()],
  ])(
    'takes an admin note in %s without changing state or data',
    (name, history) => {
      const { snapshot } = given(history);
      given(history)
        .when(
          event('DealNoteAdded', { note: 'Checked with the brand' }, at(1_100)),
        )
        .then({ state: name, context: { ...snapshot.context } });
    },
  );

  it.each([
    ['cancelled', dealGiven.cancelled()],
    ['deleted', dealGiven.deleted()],
  ])(
    '%s accepts nothing but a late payment to refund (and, cancelled, a chargeback record)',
    (name, history) => {
      // Not a final XState state: a payment that still arrives for an ended deal must be recorded and refunded.
      const late = new Set([
        'UnexpectedPaymentReceived',
        'DuplicatePaymentRefunded',
        'ChargebackOpened',
      ]);
      for (const sample of samples.filter((s) => !late.has(s.type)))
        given(history).when(sample).thenRefused();
      given(history)
        .when(
          event(
            'UnexpectedPaymentReceived',
            { reason: 'deal_closed' },
            at(200),
          ),
        )
        .then({
          state: name,
          context: {
            unexpectedPayments: [
              { checkoutSessionId: 'cs_test_old', refundId: null },
            ],
          },
        });
    },
  );

  it.each([
    ['completed', dealGiven.completed()],
    ['approved_after_dispute', dealGiven.approvedAfterDispute()],
  ])(
    '%s accepts nothing but a chargeback record (no hold: the money has left escrow)',
    (name, history) => {
      const late = new Set([
        'UnexpectedPaymentReceived',
        'DuplicatePaymentRefunded',
        'ChargebackOpened',
      ]);
      for (const sample of samples.filter((s) => !late.has(s.type)))
        given(history).when(sample).thenRefused();
      given(history)
        .when(event('ChargebackOpened', {}, at(200)))
        .then({
          state: name,
          step: 7,
          context: {
            hold: null,
            chargebacks: [{ disputeId: 'dp_1', at: at(200) }],
          },
        });
    },
  );
});
