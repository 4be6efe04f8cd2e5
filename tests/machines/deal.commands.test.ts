import { describe, expect, it } from 'vitest';
import { decideDeal, type DealCommand } from '@machines/deal/deal.commands';
import type { ConfirmedPayment } from '@machines/escrow/escrow-ledger';
import { dealMachine } from '@machines/deal/deal.machine';
import type { DealEvent } from '@machines/deal/deal.events';
import { deciderSpec } from '@tests/support/decider-spec';
import {
  actors,
  at,
  dealGiven,
  dealHistory,
  EFFECT_KEY,
  event,
  plusMs,
  terms,
} from '@tests/support/event-factory';

/** Every command of the deal's union: given(history).when(command, now).then(events | refusal). No I/O. */
const { given } = deciderSpec(dealMachine, decideDeal);
const KEY2 = 'key-0002';
const TOTAL = terms(25_000).totalCents; // 27 050: what the factory's deal and its session charge
const CREATED_TERMS = (() => {
  const { dealId: _id, ownerId: _owner, ...t } = dealHistory.created().data;
  return t;
})();
const raisedTerms = event('DealUpdated', terms(175_000)).data;

const payment = (over: Partial<ConfirmedPayment> = {}): ConfirmedPayment => ({
  checkoutSessionId: 'cs_test_a1b2',
  paymentIntentId: 'pi_x',
  chargeId: 'ch_x',
  amountCents: TOTAL,
  method: 'card',
  gatewayEventId: 'evt_x',
  ...over,
});
const confirm = (over: Partial<ConfirmedPayment> = {}): DealCommand => ({
  type: 'ConfirmPayment',
  payment: payment(over),
});
const withEvents = (base: DealEvent[], ...more: DealEvent[]): DealEvent[] => [
  ...base,
  ...more,
];
const releasePending = () =>
  withEvents(dealGiven.delivered(), dealHistory.releaseRequested());
const onHold = () =>
  withEvents(
    dealGiven.delivered(),
    event('DealPutOnHold', {}, at(3), actors.admin),
  );

describe('decideDeal: creating and editing', () => {
  it('CreateDeal on a new stream records DealCreated; on an existing deal it is refused', () => {
    const command: DealCommand = {
      type: 'CreateDeal',
      dealId: 7,
      ownerId: 'u_brand',
      terms: CREATED_TERMS,
    };
    given([])
      .when(command, at(0))
      .then({
        type: 'DealCreated',
        data: {
          dealId: 7,
          ownerId: 'u_brand',
          amountCents: 25_000,
          totalCents: TOTAL,
        },
      });
    given(dealGiven.pendingPayment()).when(command, at(0)).thenRefused({
      code: 'illegal_transition',
      status: 409,
      message: 'Cannot create the deal while the deal is pending_payment',
    });
  });

  it('UpdateDealTerms without a session records DealUpdated only', () => {
    given(dealGiven.pendingPayment())
      .when({ type: 'UpdateDealTerms', terms: raisedTerms }, at(1))
      .then({ type: 'DealUpdated', data: { amountCents: 175_000 } });
  });

  it('UpdateDealTerms raising the amount closes the open session first, so the old session can never fund the deal', () => {
    given([dealHistory.created(), dealHistory.checkout()])
      .when({ type: 'UpdateDealTerms', terms: raisedTerms }, at(1))
      .then(
        {
          type: 'CheckoutSessionClosed',
          data: { sessionId: 'cs_test_a1b2', reason: 'terms_changed' },
        },
        {
          type: 'DealUpdated',
          data: { amountCents: 175_000, totalCents: raisedTerms.totalCents },
        },
      );
  });

  it('UpdateDealTerms after payment is refused naming the state', () => {
    given(dealGiven.awaitingAcceptance())
      .when({ type: 'UpdateDealTerms', terms: raisedTerms }, at(1))
      .thenRefused({
        code: 'illegal_transition',
        status: 409,
        message: 'Cannot edit the deal while the deal is pending_delivery',
      });
  });

  it('DeleteDeal closes the open session then deletes; a paid deal cannot be deleted', () => {
    given([dealHistory.created(), dealHistory.checkout()])
      .when({ type: 'DeleteDeal' }, at(1))
      .then(
        {
          type: 'CheckoutSessionClosed',
          data: { sessionId: 'cs_test_a1b2', reason: 'deal_deleted' },
        },
        { type: 'DealDeleted' },
      );
    given(dealGiven.pendingPayment())
      .when({ type: 'DeleteDeal' }, at(1))
      .then({ type: 'DealDeleted' });
    given(dealGiven.awaitingAcceptance())
      .when({ type: 'DeleteDeal' }, at(1))
      .thenRefused({
        code: 'illegal_transition',
        status: 409,
        message: 'Cannot delete the deal while the deal is pending_delivery',
      });
  });

  it('GenerateShareLink records the first link; asking again keeps it', () => {
    given(dealGiven.pendingPayment())
      .when({ type: 'GenerateShareLink', token: 'tok_new' }, at(0.1))
      .then({ type: 'ShareLinkGenerated', data: { token: 'tok_new' } });
    given([dealHistory.created(), dealHistory.linked()])
      .when({ type: 'GenerateShareLink', token: 'tok_other' }, at(0.2))
      .thenNothing();
    given(dealGiven.deleted())
      .when({ type: 'GenerateShareLink', token: 'tok_new' }, at(2))
      .thenRefused({
        code: 'illegal_transition',
        status: 409,
        message: 'Cannot create a share link while the deal is deleted',
      });
  });
});

describe('decideDeal: checkout and payment', () => {
  const session = (sessionId: string, totalCents = TOTAL): DealCommand => ({
    type: 'RecordCheckoutSession',
    sessionId,
    totalCents,
    gateway: 'simulated',
  });

  it('RecordCheckoutSession records the session and its total; a new one replaces (closes) the open one; the same one again changes nothing', () => {
    given(dealGiven.pendingPayment())
      .when(session('cs_1'), at(0.2))
      .then({
        type: 'CheckoutSessionCreated',
        data: { sessionId: 'cs_1', totalCents: TOTAL, gateway: 'simulated' },
      });
    given([dealHistory.created(), dealHistory.checkout()])
      .when(session('cs_2'), at(0.3))
      .then(
        {
          type: 'CheckoutSessionClosed',
          data: { sessionId: 'cs_test_a1b2', reason: 'replaced' },
        },
        { type: 'CheckoutSessionCreated', data: { sessionId: 'cs_2' } },
      );
    given([dealHistory.created(), dealHistory.checkout()])
      .when(session('cs_test_a1b2'), at(0.3))
      .thenNothing();
  });

  it('RecordCheckoutSession with a total that no longer matches the terms is a conflict', () => {
    given([
      dealHistory.created(),
      event('DealUpdated', terms(175_000), at(0.1), actors.brand),
    ])
      .when(session('cs_old_total', TOTAL), at(0.2))
      .thenRefused({
        code: 'conflict',
        status: 409,
        message:
          'The deal changed while its payment was being prepared; please try again',
      });
  });

  it('RecordCheckoutSession once paid is refused', () => {
    given(dealGiven.awaitingAcceptance())
      .when(session('cs_9'), at(1))
      .thenRefused({
        code: 'illegal_transition',
        status: 409,
        message: 'Cannot start a payment while the deal is pending_delivery',
      });
  });

  it('ConfirmPayment for the open session and the exact total records PaymentSucceeded', () => {
    given([dealHistory.created(), dealHistory.checkout()])
      .when(confirm(), at(0.5))
      .then({
        type: 'PaymentSucceeded',
        data: { checkoutSessionId: 'cs_test_a1b2', amountCents: TOTAL },
      });
  });

  it('ConfirmPayment of a session that is not the open one is unexpected (not_open_session)', () => {
    given([dealHistory.created(), dealHistory.checkout()])
      .when(
        confirm({ checkoutSessionId: 'cs_unknown', amountCents: 1 }),
        at(0.5),
      )
      .then({
        type: 'UnexpectedPaymentReceived',
        data: {
          checkoutSessionId: 'cs_unknown',
          amountCents: 1,
          reason: 'not_open_session',
        },
      });
  });

  it('ConfirmPayment of the old session after the amount was raised is unexpected (not_open_session), and the deal stays unpaid', () => {
    const history = [
      dealHistory.created(),
      dealHistory.checkout(),
      event(
        'CheckoutSessionClosed',
        { sessionId: 'cs_test_a1b2', reason: 'terms_changed' },
        at(0.3),
        actors.brand,
      ),
      event('DealUpdated', terms(175_000), at(0.3), actors.brand),
    ];
    const [draft] = given(history)
      .when(confirm(), at(0.5))
      .then({
        type: 'UnexpectedPaymentReceived',
        data: { reason: 'not_open_session', amountCents: TOTAL },
      });
    expect(draft).toBeDefined();
  });

  it('ConfirmPayment of the open session with a wrong amount is unexpected (amount_mismatch)', () => {
    given([dealHistory.created(), dealHistory.checkout()])
      .when(confirm({ amountCents: TOTAL - 1 }), at(0.5))
      .then({
        type: 'UnexpectedPaymentReceived',
        data: { reason: 'amount_mismatch', amountCents: TOTAL - 1 },
      });
  });

  it('ConfirmPayment after deletion is unexpected (deal_closed); on a paid deal another session is unexpected (already_paid)', () => {
    given(dealGiven.deleted())
      .when(confirm(), at(2))
      .then({
        type: 'UnexpectedPaymentReceived',
        data: { reason: 'deal_closed' },
      });
    given(dealGiven.awaitingAcceptance())
      .when(confirm({ checkoutSessionId: 'cs_second' }), at(2))
      .then({
        type: 'UnexpectedPaymentReceived',
        data: { reason: 'already_paid' },
      });
  });

  it('ConfirmPayment redelivered (the funding session, or an unexpected one already recorded) changes nothing', () => {
    given(dealGiven.awaitingAcceptance()).when(confirm(), at(2)).thenNothing();
    const unexpected = event(
      'UnexpectedPaymentReceived',
      {
        checkoutSessionId: 'cs_unknown',
        amountCents: 1,
        reason: 'not_open_session',
      },
      at(0.4),
      actors.stripe,
    );
    given([dealHistory.created(), dealHistory.checkout(), unexpected])
      .when(
        confirm({ checkoutSessionId: 'cs_unknown', amountCents: 1 }),
        at(0.5),
      )
      .thenNothing();
  });

  it('RecordPaymentFailure counts once, for the open session only', () => {
    const failure: DealCommand = {
      type: 'RecordPaymentFailure',
      checkoutSessionId: 'cs_test_a1b2',
      reason: 'async_payment_failed',
      gatewayEventId: 'evt_f',
    };
    given([dealHistory.created(), dealHistory.checkout()])
      .when(failure, at(0.4))
      .then({
        type: 'PaymentFailed',
        data: { checkoutSessionId: 'cs_test_a1b2' },
      });
    given([
      dealHistory.created(),
      dealHistory.checkout(),
      event('PaymentFailed', {}, at(0.4), actors.stripe),
    ])
      .when(failure, at(0.5))
      .thenNothing();
    given([dealHistory.created(), dealHistory.checkout()])
      .when({ ...failure, checkoutSessionId: 'cs_stale' }, at(0.4))
      .thenNothing();
  });

  it('RecordUnexpectedPaymentRefund records the refund of a recorded unexpected payment once', () => {
    const unexpected = event(
      'UnexpectedPaymentReceived',
      {
        checkoutSessionId: 'cs_unknown',
        amountCents: 1,
        reason: 'not_open_session',
      },
      at(0.4),
      actors.stripe,
    );
    const command: DealCommand = {
      type: 'RecordUnexpectedPaymentRefund',
      checkoutSessionId: 'cs_unknown',
      refundId: 're_1',
    };
    given([dealHistory.created(), unexpected])
      .when(command, at(0.5))
      .then({
        type: 'DuplicatePaymentRefunded',
        data: {
          checkoutSessionId: 'cs_unknown',
          refundId: 're_1',
          amountCents: 1,
        },
      });
    const refunded = event(
      'DuplicatePaymentRefunded',
      { checkoutSessionId: 'cs_unknown', refundId: 're_1', amountCents: 1 },
      at(0.5),
    );
    given([dealHistory.created(), unexpected, refunded])
      .when(command, at(0.6))
      .thenNothing();
    given(dealGiven.pendingPayment()).when(command, at(0.6)).thenNothing();
  });
});

describe('decideDeal: acceptance, bank, delivery, dispute', () => {
  it('AcceptDeal once paid; a second accept and an unpaid accept are refused', () => {
    given(dealGiven.awaitingAcceptance())
      .when({ type: 'AcceptDeal' }, at(1))
      .then({ type: 'CreatorAccepted' });
    given(dealGiven.accepted())
      .when({ type: 'AcceptDeal' }, at(1.1))
      .thenRefused({
        code: 'illegal_transition',
        status: 409,
        message: 'The deal has already been accepted',
      });
    given(dealGiven.pendingPayment())
      .when({ type: 'AcceptDeal' }, at(1))
      .thenRefused({
        code: 'illegal_transition',
        status: 409,
        message: 'Cannot accept the deal while the deal is pending_payment',
      });
  });

  it('StartBankOnboarding records the account; the same account again continues it; before acceptance it is refused', () => {
    given(dealGiven.accepted())
      .when({ type: 'StartBankOnboarding', accountId: 'acct_9' }, at(1.1))
      .then({ type: 'BankOnboardingStarted', data: { accountId: 'acct_9' } });
    given([...dealGiven.accepted(), dealHistory.onboarding()])
      .when({ type: 'StartBankOnboarding', accountId: 'acct_1Pq' }, at(1.2))
      .thenNothing();
    given(dealGiven.awaitingAcceptance())
      .when({ type: 'StartBankOnboarding', accountId: 'acct_9' }, at(1))
      .thenRefused({
        code: 'illegal_transition',
        status: 409,
        message: 'Cannot start bank setup while the deal is pending_delivery',
      });
  });

  it('ConnectBankAccount records the onboarding account once; another account is ignored', () => {
    const history = [...dealGiven.accepted(), dealHistory.onboarding()];
    given(history)
      .when({ type: 'ConnectBankAccount', accountId: 'acct_1Pq' }, at(1.2))
      .then({ type: 'BankAccountConnected', data: { accountId: 'acct_1Pq' } });
    given(history)
      .when({ type: 'ConnectBankAccount', accountId: 'acct_other' }, at(1.2))
      .thenNothing();
    given(dealGiven.bankConnected())
      .when({ type: 'ConnectBankAccount', accountId: 'acct_1Pq' }, at(1.3))
      .thenNothing();
  });

  it('DeliverContent records delivery and a review period of the configured hours; without a bank account it is refused', () => {
    given(dealGiven.bankConnected())
      .when({ type: 'DeliverContent', reviewPeriodHours: 48 }, at(2))
      .then(
        { type: 'ContentDelivered' },
        {
          type: 'ReviewPeriodStarted',
          data: { startsAt: at(2), endsAt: at(50) },
        },
      );
    given(dealGiven.accepted())
      .when({ type: 'DeliverContent', reviewPeriodHours: 48 }, at(2))
      .thenRefused({
        code: 'illegal_transition',
        status: 409,
        message:
          'Cannot mark the assignment as completed while the deal is pending_delivery',
      });
  });

  it('OpenDispute during review, with a default reason; a second dispute is refused', () => {
    given(dealGiven.delivered())
      .when(
        {
          type: 'OpenDispute',
          reason: '  ',
          description: ' late ',
          disputePeriodHours: 72,
        },
        at(3),
      )
      .then({
        type: 'DisputeOpened',
        data: {
          reason: 'Not satisfied with deliverables',
          description: 'late',
          endsAt: at(75),
        },
      });
    given(dealGiven.dispute())
      .when(
        {
          type: 'OpenDispute',
          reason: 'again',
          description: null,
          disputePeriodHours: 72,
        },
        at(4),
      )
      .thenRefused({
        code: 'illegal_transition',
        status: 409,
        message: 'Cannot open a dispute while the deal is dispute',
      });
  });
});

describe('decideDeal: releasing the funds', () => {
  const brandRelease: DealCommand = {
    type: 'ReleaseFunds',
    trigger: 'brand',
    key: KEY2,
  };

  it('ReleaseFunds by the brand after delivery asks for the creator amount, keyed', () => {
    given(dealGiven.delivered())
      .when(brandRelease, at(4))
      .then({
        type: 'FundsReleaseRequested',
        data: { trigger: 'brand', amountCents: 25_000, key: KEY2 },
      });
    given(dealGiven.dispute())
      .when(brandRelease, at(4))
      .then({ type: 'FundsReleaseRequested', data: { trigger: 'brand' } });
  });

  it('a repeated approve is refused naming the state', () => {
    given(dealGiven.completed()).when(brandRelease, at(5)).thenRefused({
      code: 'illegal_transition',
      status: 409,
      message: 'Cannot release the funds while the deal is completed',
    });
  });

  it('release while a release is pending is a conflict', () => {
    given(releasePending()).when(brandRelease, at(4.001)).thenRefused({
      code: 'conflict',
      status: 409,
      message: 'A release of these funds is already under way',
    });
  });

  it('release of a refunded deal is refused; release while a refund is pending is a conflict', () => {
    given(dealGiven.cancelled()).when(brandRelease, at(4)).thenRefused({
      code: 'illegal_transition',
      status: 409,
      message: 'Cannot release the funds while the deal is cancelled',
    });
    const refundPending = withEvents(
      dealGiven.delivered(),
      event('RefundRequested', { key: EFFECT_KEY }, at(3), actors.admin),
    );
    given(refundPending).when(brandRelease, at(4)).thenRefused({
      code: 'conflict',
      status: 409,
      message: 'A refund of this payment is under way',
    });
  });

  it('the brand cannot release a held deal; an admin can', () => {
    given(onHold()).when(brandRelease, at(4)).thenRefused({
      code: 'illegal_transition',
      status: 409,
      message:
        'Cannot release funds while the deal is on hold; an admin must act',
    });
    given(onHold())
      .when({ type: 'ReleaseFunds', trigger: 'admin', key: KEY2 }, at(4))
      .then({
        type: 'FundsReleaseRequested',
        data: { trigger: 'admin', amountCents: 25_000 },
      });
  });

  it('before delivery only an admin releases, and only with a bank account', () => {
    given(dealGiven.bankConnected())
      .when({ type: 'ReleaseFunds', trigger: 'admin', key: KEY2 }, at(2))
      .then({ type: 'FundsReleaseRequested', data: { trigger: 'admin' } });
    given(dealGiven.accepted())
      .when({ type: 'ReleaseFunds', trigger: 'admin', key: KEY2 }, at(2))
      .thenRefused({
        code: 'conflict',
        status: 409,
        message:
          'no_bank_account: The creator has not connected a bank account yet',
      });
  });

  it('ElapseReviewPeriod is never early: 1 ms before the end nothing happens; at the end it elapses and asks for the release', () => {
    const command: DealCommand = { type: 'ElapseReviewPeriod', key: KEY2 };
    given(dealGiven.delivered())
      .when(command, plusMs(at(50), -1))
      .thenNothing();
    given(dealGiven.delivered())
      .when(command, at(50))
      .then(
        { type: 'ReviewPeriodElapsed', data: { endsAt: at(50) } },
        {
          type: 'FundsReleaseRequested',
          data: {
            trigger: 'review_period_elapsed',
            amountCents: 25_000,
            key: KEY2,
          },
        },
      );
  });

  it('ElapseReviewPeriod on hold, while a release is pending, or without a review does nothing; after a refused transfer it asks again', () => {
    const command: DealCommand = { type: 'ElapseReviewPeriod', key: KEY2 };
    given(onHold()).when(command, at(60)).thenNothing();
    given(dealGiven.awaitingAcceptance()).when(command, at(60)).thenNothing();
    const elapsed = event('ReviewPeriodElapsed', { endsAt: at(50) }, at(50));
    const requested = event(
      'FundsReleaseRequested',
      { trigger: 'review_period_elapsed', key: EFFECT_KEY },
      at(50),
    );
    given(withEvents(dealGiven.delivered(), elapsed, requested))
      .when(command, at(51))
      .thenNothing();
    const failed = event(
      'TransferFailed',
      { trigger: 'review_period_elapsed', key: EFFECT_KEY },
      at(50.01),
    );
    given(withEvents(dealGiven.delivered(), elapsed, requested, failed))
      .when(command, at(51))
      .then({
        type: 'FundsReleaseRequested',
        data: { trigger: 'review_period_elapsed', key: KEY2 },
      });
  });

  it('ElapseDisputePeriod is never early and then asks for the release', () => {
    const command: DealCommand = { type: 'ElapseDisputePeriod', key: KEY2 };
    given(dealGiven.dispute())
      .when(command, plusMs(at(75), -1))
      .thenNothing();
    given(dealGiven.dispute())
      .when(command, at(75))
      .then(
        { type: 'DisputePeriodElapsed', data: { endsAt: at(75) } },
        {
          type: 'FundsReleaseRequested',
          data: { trigger: 'dispute_period_elapsed', amountCents: 25_000 },
        },
      );
    given(dealGiven.delivered()).when(command, at(100)).thenNothing();
  });

  it('RecordTransfer answers the pending release with its key; a wrong key or no pending release changes nothing', () => {
    given(releasePending())
      .when(
        { type: 'RecordTransfer', key: EFFECT_KEY, transferId: 'tr_9' },
        at(4.01),
      )
      .then({
        type: 'FundsReleased',
        data: {
          trigger: 'brand',
          transferId: 'tr_9',
          amountCents: 25_000,
          key: EFFECT_KEY,
        },
      });
    given(releasePending())
      .when(
        { type: 'RecordTransfer', key: 'wrong', transferId: 'tr_9' },
        at(4.01),
      )
      .thenNothing();
    given(dealGiven.completed())
      .when(
        { type: 'RecordTransfer', key: EFFECT_KEY, transferId: 'tr_9' },
        at(5),
      )
      .thenNothing();
  });

  it('RecordTransferFailure answers the pending release; a wrong key changes nothing', () => {
    given(releasePending())
      .when(
        {
          type: 'RecordTransferFailure',
          key: EFFECT_KEY,
          code: 'payouts_not_enabled',
          message: 'no',
        },
        at(4.01),
      )
      .then({
        type: 'TransferFailed',
        data: {
          trigger: 'brand',
          code: 'payouts_not_enabled',
          key: EFFECT_KEY,
        },
      });
    given(releasePending())
      .when(
        {
          type: 'RecordTransferFailure',
          key: 'wrong',
          code: 'x',
          message: 'y',
        },
        at(4.01),
      )
      .thenNothing();
  });

  it('CompleteManually during review; refused while a release is pending and before delivery', () => {
    given(dealGiven.delivered())
      .when({ type: 'CompleteManually' }, at(4))
      .then({ type: 'DealCompletedManually' });
    given(releasePending())
      .when({ type: 'CompleteManually' }, at(4.001))
      .thenRefused({
        code: 'illegal_transition',
        status: 409,
        message:
          'Cannot complete the deal manually while the deal is delivered',
      });
    given(dealGiven.awaitingAcceptance())
      .when({ type: 'CompleteManually' }, at(4))
      .thenRefused({
        code: 'illegal_transition',
        status: 409,
        message:
          'Cannot complete the deal manually while the deal is pending_delivery',
      });
  });
});

describe('decideDeal: refunds, holds, chargebacks', () => {
  const refund: DealCommand = { type: 'RequestRefund', key: KEY2 };

  it('RequestRefund asks for what is escrowed, keyed', () => {
    given(dealGiven.delivered())
      .when(refund, at(3))
      .then({
        type: 'RefundRequested',
        data: { amountCents: TOTAL, key: KEY2 },
      });
  });

  it('a second refund is refused; a refund while one is pending or while a release is pending is a conflict', () => {
    given(dealGiven.cancelled()).when(refund, at(4)).thenRefused({
      code: 'illegal_transition',
      status: 409,
      message: 'The deal has already been refunded',
    });
    const refundPending = withEvents(
      dealGiven.delivered(),
      event('RefundRequested', { key: EFFECT_KEY }, at(3), actors.admin),
    );
    given(refundPending).when(refund, at(3.1)).thenRefused({
      code: 'conflict',
      status: 409,
      message: 'A refund of this payment is already under way',
    });
    given(releasePending()).when(refund, at(4.001)).thenRefused({
      code: 'conflict',
      status: 409,
      message: 'A release of these funds is under way',
    });
  });

  it('a refund of a released or an unpaid deal is refused', () => {
    given(dealGiven.completed()).when(refund, at(5)).thenRefused({
      code: 'illegal_transition',
      status: 409,
      message: 'Cannot refund the payment while the deal is completed',
    });
    given(dealGiven.pendingPayment()).when(refund, at(1)).thenRefused({
      code: 'illegal_transition',
      status: 409,
      message: 'Cannot refund the payment while the deal is pending_payment',
    });
  });

  it('RecordRefund answers the pending refund; a wrong key changes nothing', () => {
    const pending = withEvents(
      dealGiven.delivered(),
      event(
        'RefundRequested',
        { amountCents: TOTAL, key: EFFECT_KEY },
        at(3),
        actors.admin,
      ),
    );
    given(pending)
      .when(
        {
          type: 'RecordRefund',
          key: EFFECT_KEY,
          refundId: 're_9',
          transferReversalId: null,
        },
        at(3.01),
      )
      .then({
        type: 'DealRefunded',
        data: { refundId: 're_9', amountCents: TOTAL, key: EFFECT_KEY },
      });
    given(pending)
      .when(
        {
          type: 'RecordRefund',
          key: 'wrong',
          refundId: 're_9',
          transferReversalId: null,
        },
        at(3.01),
      )
      .thenNothing();
    given(dealGiven.cancelled())
      .when(
        {
          type: 'RecordRefund',
          key: EFFECT_KEY,
          refundId: 're_9',
          transferReversalId: null,
        },
        at(4),
      )
      .thenNothing();
  });

  it('RecordRefundFailure answers the pending refund; a wrong key changes nothing', () => {
    const pending = withEvents(
      dealGiven.delivered(),
      event(
        'RefundRequested',
        { amountCents: TOTAL, key: EFFECT_KEY },
        at(3),
        actors.admin,
      ),
    );
    given(pending)
      .when(
        {
          type: 'RecordRefundFailure',
          key: EFFECT_KEY,
          code: 'invalid_request',
          message: 'no',
        },
        at(3.01),
      )
      .then({
        type: 'RefundFailed',
        data: { code: 'invalid_request', key: EFFECT_KEY },
      });
    given(pending)
      .when(
        { type: 'RecordRefundFailure', key: 'wrong', code: 'x', message: 'y' },
        at(3.01),
      )
      .thenNothing();
  });

  it('PutOnHold by an admin; a second hold is refused; an unpaid deal cannot be held', () => {
    given(dealGiven.delivered())
      .when({ type: 'PutOnHold', reason: 'Check' }, at(3))
      .then({
        type: 'DealPutOnHold',
        data: { source: 'admin', reason: 'Check' },
      });
    given(onHold())
      .when({ type: 'PutOnHold', reason: 'Again' }, at(4))
      .thenRefused({
        code: 'illegal_transition',
        status: 409,
        message: 'The deal is already on hold',
      });
    given(dealGiven.pendingPayment())
      .when({ type: 'PutOnHold', reason: 'Check' }, at(1))
      .thenRefused({
        code: 'illegal_transition',
        status: 409,
        message:
          'Cannot put the deal on hold while the deal is pending_payment',
      });
  });

  it('ReleaseHold extends the running review by the time on hold; without a hold it is refused', () => {
    // Held at 3 h for 10 h: the review that ended at 50 h now ends at 60 h.
    given(onHold())
      .when({ type: 'ReleaseHold' }, at(13))
      .then({
        type: 'DealReleasedFromHold',
        data: { reviewPeriodEndsAt: at(60), disputePeriodEndsAt: null },
      });
    given(dealGiven.delivered())
      .when({ type: 'ReleaseHold' }, at(13))
      .thenRefused({
        code: 'illegal_transition',
        status: 409,
        message: 'Cannot resume the deal while the deal is delivered',
      });
  });

  it('RecordChargeback records each dispute once, even after the end', () => {
    const command: DealCommand = {
      type: 'RecordChargeback',
      disputeId: 'dp_1',
      amountCents: TOTAL,
      reason: 'fraudulent',
      gatewayEventId: 'evt_cb',
    };
    given(dealGiven.delivered())
      .when(command, at(3))
      .then({
        type: 'ChargebackOpened',
        data: { disputeId: 'dp_1', amountCents: TOTAL },
      });
    given(dealGiven.completed())
      .when(command, at(5))
      .then({ type: 'ChargebackOpened' });
    given(
      withEvents(
        dealGiven.delivered(),
        event('ChargebackOpened', { disputeId: 'dp_1' }, at(3), actors.stripe),
      ),
    )
      .when(command, at(4))
      .thenNothing();
    given(dealGiven.pendingPayment()).when(command, at(1)).thenNothing();
  });
});

describe('decideDeal: chargebacks move money', () => {
  const opened = (amountCents = TOTAL, heldCents = amountCents) =>
    event(
      'ChargebackOpened',
      { disputeId: 'dp_1', amountCents, heldCents, reason: 'fraudulent' },
      at(3),
      actors.stripe,
    );
  const closed = (outcome: 'won' | 'lost') =>
    event(
      'ChargebackClosed',
      { disputeId: 'dp_1', outcome },
      at(4),
      actors.stripe,
    );
  const outcome = (o: 'won' | 'lost', disputeId = 'dp_1'): DealCommand => ({
    type: 'RecordChargebackOutcome',
    disputeId,
    outcome: o,
    reason: 'fraudulent',
    gatewayEventId: 'evt_cb2',
  });
  const chargebackOpen = {
    code: 'illegal_transition',
    status: 409,
    id: 'chargeback_open',
    message: /chargeback on this payment is open/,
  } as const;
  const insufficient = {
    code: 'conflict',
    status: 409,
    id: 'escrow_insufficient',
    message: 'The escrow does not hold enough for this payment',
  } as const;
  const chargeback = (amountCents: number): DealCommand => ({
    type: 'RecordChargeback',
    disputeId: 'dp_1',
    amountCents,
    reason: 'fraudulent',
    gatewayEventId: 'evt_cb',
  });

  it('RecordChargeback moves what the escrow holds of it to disputed funds; after release nothing is held', () => {
    given(dealGiven.delivered())
      .when(chargeback(5_000), at(3))
      .then({
        type: 'ChargebackOpened',
        data: { amountCents: 5_000, heldCents: 5_000 },
      });
    given(dealGiven.completed())
      .when(chargeback(TOTAL), at(5))
      .then({
        type: 'ChargebackOpened',
        data: { amountCents: TOTAL, heldCents: 0 },
      });
  });

  it('while a chargeback is open, refund, split and release are refused with chargeback_open', () => {
    const open = withEvents(dealGiven.delivered(), opened(5_000));
    given(open)
      .when({ type: 'RequestRefund', key: KEY2 }, at(5))
      .thenRefused(chargebackOpen);
    given(open)
      .when(
        { type: 'ResolveWithSplit', creatorCents: 10_000, key: KEY2 },
        at(5),
      )
      .thenRefused(chargebackOpen);
    given(open)
      .when({ type: 'ReleaseFunds', trigger: 'admin', key: KEY2 }, at(5))
      .thenRefused(chargebackOpen);
  });

  it('RecordChargebackOutcome closes an open chargeback once; an unknown one changes nothing', () => {
    const open = withEvents(dealGiven.delivered(), opened());
    given(open)
      .when(outcome('won'), at(4))
      .then({
        type: 'ChargebackClosed',
        data: { disputeId: 'dp_1', outcome: 'won' },
      });
    given(withEvents(open, closed('won')))
      .when(outcome('lost'), at(5))
      .thenNothing();
    given(open).when(outcome('lost', 'dp_other'), at(4)).thenNothing();
  });

  it('won: the money is back and the refund gives all of it; lost: a release pays at most what remains', () => {
    given(withEvents(dealGiven.delivered(), opened(), closed('won')))
      .when({ type: 'RequestRefund', key: KEY2 }, at(5))
      .then({ type: 'RefundRequested', data: { amountCents: TOTAL } });
    // The chargeback's hold stays until an admin acts.
    given(withEvents(dealGiven.delivered(), opened(5_000), closed('lost')))
      .when({ type: 'ReleaseFunds', trigger: 'admin', key: KEY2 }, at(5))
      .then({
        type: 'FundsReleaseRequested',
        data: { amountCents: TOTAL - 5_000 },
      });
    given(withEvents(dealGiven.delivered(), opened(), closed('lost')))
      .when({ type: 'ReleaseFunds', trigger: 'admin', key: KEY2 }, at(5))
      .thenRefused(insufficient);
    // Nothing left to refund: the refund ends the deal as the lost chargeback did (ADR 0040).
    given(withEvents(dealGiven.delivered(), opened(), closed('lost')))
      .when({ type: 'RequestRefund', key: KEY2 }, at(5))
      .then({
        type: 'DealRefunded',
        data: { reason: 'charged_back', amountCents: 0 },
      });
  });
});

describe('decideDeal: link rotation and notes', () => {
  const TOKEN2 = 'r0tated_token_abcdefghij';

  it('RotateShareLink replaces the link before acceptance (or issues the first one); after acceptance it is refused', () => {
    given(withEvents(dealGiven.awaitingAcceptance(), dealHistory.linked()))
      .when({ type: 'RotateShareLink', token: TOKEN2 }, at(1))
      .then({ type: 'ShareLinkRotated', data: { token: TOKEN2 } });
    given(dealGiven.pendingPayment())
      .when({ type: 'RotateShareLink', token: TOKEN2 }, at(1))
      .then({ type: 'ShareLinkGenerated', data: { token: TOKEN2 } });
    given(dealGiven.accepted())
      .when({ type: 'RotateShareLink', token: TOKEN2 }, at(2))
      .thenRefused({
        code: 'conflict',
        status: 409,
        message:
          'The creator already accepted this deal; its link can no longer be replaced',
      });
  });

  it('PostDisputeMessage is taken only while the deal is in dispute', () => {
    const message = {
      side: 'creator' as const,
      text: 'The post is live.',
      files: [],
    };
    given(dealGiven.dispute())
      .when({ type: 'PostDisputeMessage', message }, at(20))
      .then({ type: 'DisputeMessagePosted', data: message });
    given(dealGiven.delivered())
      .when({ type: 'PostDisputeMessage', message }, at(20))
      .thenRefused({
        code: 'illegal_transition',
        status: 409,
        message: 'Cannot post a dispute message while the deal is delivered',
      });
  });

  it('AddNote records the note in any state, the end states too, without changing the deal', () => {
    for (const history of [
      dealGiven.pendingPayment(),
      dealGiven.dispute(),
      dealGiven.completed(),
      dealGiven.cancelled(),
    ]) {
      given(history)
        .when(
          { type: 'AddNote', note: 'Called the creator; content is live.' },
          at(20),
        )
        .then({
          type: 'DealNoteAdded',
          data: { note: 'Called the creator; content is live.' },
        });
    }
  });
});

it('covers every command of the union', () => {
  // A compile-time list: adding a command to DealCommand without a spec here fails the type check.
  const covered: Record<DealCommand['type'], true> = {
    CreateDeal: true,
    UpdateDealTerms: true,
    DeleteDeal: true,
    GenerateShareLink: true,
    RecordCheckoutSession: true,
    ConfirmPayment: true,
    RecordPaymentFailure: true,
    AcceptDeal: true,
    StartBankOnboarding: true,
    ConnectBankAccount: true,
    DeliverContent: true,
    OpenDispute: true,
    ReleaseFunds: true,
    ElapseReviewPeriod: true,
    ElapseDisputePeriod: true,
    RecordTransfer: true,
    RecordTransferFailure: true,
    RequestRefund: true,
    RecordRefund: true,
    RecordRefundFailure: true,
    RecordUnexpectedPaymentRefund: true,
    CompleteManually: true,
    PutOnHold: true,
    ReleaseHold: true,
    RecordChargeback: true,
    RecordChargebackOutcome: true,
    RotateShareLink: true,
    AddNote: true,
    // Specified in deal-split.test.ts.
    ResolveWithSplit: true,
    RetrySplit: true,
    PostDisputeMessage: true,
    // Specified in deal-revisions.test.ts.
    RequestChanges: true,
  };
  expect(Object.keys(covered)).toHaveLength(32);
});
