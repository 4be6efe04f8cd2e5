import { describe, expect, it } from 'vitest';
import { dealMachine } from '@machines/deal/deal.machine';
import { MAX_DEAL_CENTS } from '@machines/money';
import {
  actors,
  at,
  dealGiven,
  dealHistory,
  event,
  terms,
} from '@tests/support/event-factory';
import { machineSpec } from '@tests/support/machine-spec';

const { given } = machineSpec(dealMachine);
const { created, paid, accepted, onboarding, bank } = dealHistory;

describe('deal: creation and the amount guard', () => {
  it('DealCreated starts the deal in pending_payment, step 1', () => {
    given([])
      .when(created())
      .then({
        state: 'pending_payment',
        status: 'pending_payment',
        step: 1,
        context: {
          dealId: 42,
          ownerId: 'u_7f3a',
          createdAt: at(0),
          terms: { amountCents: 25_000, feeCents: 2_050, totalCents: 27_050 },
        },
      });
  });

  it('accepts the cap itself, €1,750', () => {
    given([])
      .when(event('DealCreated', terms(MAX_DEAL_CENTS)))
      .then({ state: 'pending_payment' });
  });

  it.each([
    ['zero', { amountCents: 0, feeCents: 0, totalCents: 0 }],
    ['one cent above the cap', terms(MAX_DEAL_CENTS + 1)],
    [
      'a total that is not amount + fee',
      { amountCents: 10_000, feeCents: 820, totalCents: 10_819 },
    ],
    ['a negative amount', { amountCents: -100, feeCents: 0, totalCents: -100 }],
  ])('refuses a deal with %s', (_name, money) => {
    given([]).when(event('DealCreated', money)).thenRefused();
  });

  it('refuses anything but DealCreated before the deal exists', () => {
    given([]).when(paid()).thenRefused();
    given([]).when(event('DealDeleted')).thenRefused();
  });
});

describe('deal: pending_payment', () => {
  it('edit replaces the terms and stays in pending_payment', () => {
    given(dealGiven.pendingPayment())
      .when(
        event(
          'DealUpdated',
          { ...terms(30_000), influencer: '@new' },
          at(0.3),
          actors.brand,
        ),
      )
      .then({
        state: 'pending_payment',
        step: 1,
        context: {
          terms: {
            amountCents: 30_000,
            totalCents: 32_460,
            influencer: '@new',
          },
        },
      });
  });

  it.each([
    ['above the cap', terms(MAX_DEAL_CENTS + 1)],
    [
      'with a wrong total',
      { amountCents: 30_000, feeCents: 2_460, totalCents: 30_000 },
    ],
  ])('refuses an edit %s', (_name, money) => {
    given(dealGiven.pendingPayment())
      .when(event('DealUpdated', money))
      .thenRefused();
  });

  it('generates the share link once', () => {
    const snapshot = given(dealGiven.pendingPayment())
      .when(dealHistory.linked())
      .then({
        state: 'pending_payment',
        context: { shareableToken: 'q3Zb7kR0yJ1m9XcL2vT8wA' },
      });
    expect(snapshot.can(dealHistory.linked())).toBe(false);
  });

  it('records checkout sessions and failed payments without leaving pending_payment', () => {
    given(dealGiven.pendingPayment())
      .when(dealHistory.checkout())
      .then({
        state: 'pending_payment',
        context: { checkoutSessionId: 'cs_test_a1b2' },
      });
    given([...dealGiven.pendingPayment(), dealHistory.checkout()])
      .when(event('PaymentFailed', { reason: 'async_payment_failed' }))
      .then({
        state: 'pending_payment',
        step: 1,
        context: { lastPaymentFailure: 'async_payment_failed', paidAt: null },
      });
  });

  it('payment moves the deal to pending_delivery.awaiting_acceptance, step 3', () => {
    given([created(), dealHistory.checkout(), event('PaymentFailed')])
      .when(paid())
      .then({
        state: 'pending_delivery.awaiting_acceptance',
        status: 'pending_delivery',
        step: 3,
        context: {
          paidCents: 27_050,
          paidAt: at(0.5),
          paymentIntentId: 'pi_3Nf',
          lastPaymentFailure: null,
        },
      });
  });

  it('delete is allowed and final', () => {
    given(dealGiven.pendingPayment())
      .when(event('DealDeleted', {}, at(1)))
      .then({
        state: 'deleted',
        status: 'deleted',
        step: null,
        context: { deletedAt: at(1) },
      });
  });

  it.each([
    'CreatorAccepted',
    'ContentDelivered',
    'DealPutOnHold',
    'DealRefunded',
    'DisputeOpened',
    'BankAccountConnected',
    'ChargebackOpened',
  ] as const)('refuses %s before payment', (type) =>
    given(dealGiven.pendingPayment()).when(event(type)).thenRefused(),
  );

  it('refuses a brand or admin release before payment', () => {
    given(dealGiven.pendingPayment())
      .when(event('FundsReleased', { trigger: 'brand' }))
      .thenRefused();
    given(dealGiven.pendingPayment())
      .when(event('FundsReleased', { trigger: 'admin' }))
      .thenRefused();
  });
});

describe('deal: pending_delivery', () => {
  it('the creator accepts: sub-state accepted, still step 3', () => {
    given(dealGiven.awaitingAcceptance())
      .when(accepted())
      .then({
        state: 'pending_delivery.accepted',
        status: 'pending_delivery',
        step: 3,
        context: { influencerAcceptedAt: at(1) },
      });
  });

  it('a link can still be generated after payment, but only once', () => {
    given(dealGiven.awaitingAcceptance())
      .when(dealHistory.linked())
      .then({ state: 'pending_delivery.awaiting_acceptance' });
    given([created(), dealHistory.linked(), dealHistory.checkout(), paid()])
      .when(dealHistory.linked())
      .thenRefused();
  });

  it.each([
    'DealUpdated',
    'DealDeleted',
    'PaymentSucceeded',
    'ContentDelivered',
    'BankAccountConnected',
  ] as const)('refuses %s while awaiting acceptance', (type) =>
    given(dealGiven.awaitingAcceptance()).when(event(type)).thenRefused(),
  );

  it('bank onboarding then connection: bank_connected, step 4', () => {
    given(dealGiven.accepted())
      .when(onboarding())
      .then({
        state: 'pending_delivery.accepted',
        step: 3,
        context: { onboardingAccountId: 'acct_1Pq' },
      });
    given([...dealGiven.accepted(), onboarding()])
      .when(bank())
      .then({
        state: 'pending_delivery.bank_connected',
        status: 'pending_delivery',
        step: 4,
        context: { stripeAccountId: 'acct_1Pq' },
      });
  });

  it('refuses a connection for another account than the one onboarding', () => {
    given([...dealGiven.accepted(), onboarding()])
      .when(event('BankAccountConnected', { accountId: 'acct_other' }))
      .thenRefused();
  });

  it('deliver is refused without a bank account connected', () => {
    given(dealGiven.accepted()).when(dealHistory.delivered()).thenRefused();
    given([...dealGiven.accepted(), onboarding()])
      .when(dealHistory.delivered())
      .thenRefused();
  });

  it('deliver with a bank account connected: delivered, step 5', () => {
    given(dealGiven.bankConnected())
      .when(dealHistory.delivered())
      .then({
        state: 'delivered',
        status: 'delivered',
        step: 5,
        context: { deliveredAt: at(2) },
      });
  });

  it('only an admin may release before delivery, and only with a bank account', () => {
    given(dealGiven.bankConnected())
      .when(event('FundsReleased', { trigger: 'admin' }, at(3), actors.admin))
      .then({
        state: 'completed',
        status: 'completed',
        step: 7,
        context: { releaseTrigger: 'admin', completedAt: at(3) },
      });
    given(dealGiven.bankConnected())
      .when(event('FundsReleased', { trigger: 'brand' }))
      .thenRefused();
    given(dealGiven.accepted())
      .when(event('FundsReleased', { trigger: 'admin' }))
      .thenRefused();
  });

  it('records a failed admin transfer, but not a brand transfer that could not have been attempted', () => {
    given([
      ...dealGiven.bankConnected(),
      event(
        'FundsReleaseRequested',
        { trigger: 'admin', key: 'k1' },
        at(3),
        actors.admin,
      ),
    ])
      .when(
        event(
          'TransferFailed',
          { trigger: 'admin', code: 'balance_insufficient', key: 'k1' },
          at(3),
        ),
      )
      .then({
        state: 'pending_delivery.bank_connected',
        context: {
          lastTransferError: { code: 'balance_insufficient', at: at(3) },
          pendingRelease: null,
        },
      });
    given(dealGiven.bankConnected())
      .when(event('TransferFailed', { trigger: 'brand' }))
      .thenRefused();
  });

  it('refund cancels the deal from every pending_delivery sub-state', () => {
    for (const history of [
      dealGiven.awaitingAcceptance(),
      dealGiven.accepted(),
      dealGiven.bankConnected(),
    ]) {
      given(history)
        .when(event('DealRefunded', {}, at(5), actors.admin))
        .then({
          state: 'cancelled',
          status: 'cancelled',
          step: null,
          context: { cancelledAt: at(5), refundId: 're_1R' },
        });
    }
  });
});
