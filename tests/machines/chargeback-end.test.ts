import { describe, expect, it } from 'vitest';
import { decideDeal } from '@machines/deal/deal.commands';
import type { DealEvent } from '@machines/deal/deal.events';
import { dealMachine } from '@machines/deal/deal.machine';
import { dealStateView } from '@machines/deal/deal.view';
import {
  adminRequestCan,
  paymentRequestStateView,
} from '@machines/payment-request/payment-request.view';
import {
  decidePaymentRequest,
  type PaymentRequestCommand,
} from '@machines/payment-request/payment-request.commands';
import type { PaymentRequestEvent } from '@machines/payment-request/payment-request.events';
import { paymentRequestMachine } from '@machines/payment-request/payment-request.machine';
import { availableOf } from '@machines/escrow/escrow-accounts';
import { fold, initialOf, statusOf } from '@machines/statechart';
import { deciderSpec } from '@tests/support/decider-spec';
import {
  firstMilestonePaidOut,
  milestoneDeal,
  run,
} from '@tests/machines/deal/milestones-support';
import {
  actors,
  at,
  dealGiven,
  event,
  metadata,
  requestHistory,
  terms,
} from '@tests/support/event-factory';

/**
 * A chargeback lost for all the escrow held ends the deal (cancelled) or the request (refunded)
 * as an admin's refund would, with the reason `charged_back` and nothing asked of the gateway.
 */
const deal = deciderSpec(dealMachine, decideDeal);
const request = deciderSpec(paymentRequestMachine, decidePaymentRequest);
const DEAL_TOTAL = terms(25_000).totalCents;
const REQUEST_TOTAL = 42_000;
const chargedBack = {
  reason: 'charged_back',
  amountCents: 0,
  disputeId: 'dp_1',
};

const lost = (type: 'RecordChargebackOutcome' = 'RecordChargebackOutcome') =>
  ({
    type,
    disputeId: 'dp_1',
    outcome: 'lost',
    reason: 'fraudulent',
    gatewayEventId: 'evt_cb2',
  }) as const;

const dealOpened = (amountCents = DEAL_TOTAL) =>
  event(
    'ChargebackOpened',
    {
      disputeId: 'dp_1',
      amountCents,
      heldCents: amountCents,
      reason: 'fraudulent',
    },
    at(3),
    actors.stripe,
  );
const dealLost = () =>
  event(
    'ChargebackClosed',
    { disputeId: 'dp_1', outcome: 'lost' },
    at(4),
    actors.stripe,
  );

/** A draft with the metadata the bus stamps (not the catalogue's example data: the draft is all there is). */
const stamp = (d: { type: string; data: unknown }, atIso: string) => ({
  ...d,
  metadata: metadata(atIso, actors.stripe),
});

/** The deal after the decided drafts, stamped as the bus would. */
function dealAfter(
  history: DealEvent[],
  drafts: { type: string; data: unknown }[],
) {
  const stamped = drafts.map((d) => stamp(d, at(6))) as DealEvent[];
  return fold(dealMachine, [...history, ...stamped], initialOf(dealMachine));
}

function requestAfter(
  history: PaymentRequestEvent[],
  drafts: { type: string; data: unknown }[],
) {
  const stamped = drafts.map((d) => stamp(d, at(40))) as PaymentRequestEvent[];
  return fold(
    paymentRequestMachine,
    [...history, ...stamped],
    initialOf(paymentRequestMachine),
  );
}

describe('a deal whose whole escrow a lost chargeback took', () => {
  it('the lost outcome is followed by the end: DealRefunded charged_back, no refund id, the deal cancelled', () => {
    const history = [...dealGiven.delivered(), dealOpened()];
    const drafts = deal
      .given(history)
      .when(lost(), at(5))
      .then(
        { type: 'ChargebackClosed', data: { outcome: 'lost' } },
        { type: 'DealRefunded', data: chargedBack },
      );
    expect(drafts[1]!.data).not.toHaveProperty('refundId');
    expect(drafts[1]!.data).not.toHaveProperty('key');
    const after = dealAfter(history, drafts);
    expect(statusOf(after)).toBe('cancelled');
    expect(after.context.endReason).toBe('charged_back');
    expect(after.context.refundId).toBeNull();
    expect(after.context.hold).toBeNull();
    expect(dealStateView(after, at(6))).toMatchObject({
      brandText: 'deal.brand.charged_back',
      creatorText: 'deal.creator.charged_back',
      can: [],
    });
    expect(availableOf(after.context.accounts, 'escrow')).toBe(0);
  });

  it('a stored history stuck after the loss: the admin refund ends it with nothing refunded', () => {
    const stuck = [...dealGiven.delivered(), dealOpened(), dealLost()];
    const drafts = deal
      .given(stuck)
      .when({ type: 'RequestRefund', key: 'key-2' }, at(5))
      .then({ type: 'DealRefunded', data: chargedBack });
    expect(statusOf(dealAfter(stuck, drafts))).toBe('cancelled');
    // A release still has nothing to pay.
    deal
      .given(stuck)
      .when({ type: 'ReleaseFunds', trigger: 'admin', key: 'key-2' }, at(5))
      .thenRefused({
        code: 'conflict',
        status: 409,
        id: 'escrow_insufficient',
        message: 'The escrow does not hold enough for this payment',
      });
  });

  it('the statechart takes the end only when the escrow is empty and the chargeback was lost; a partial loss or one after the release ends nothing', () => {
    const end = stamp({ type: 'DealRefunded', data: chargedBack }, at(6));
    const partial = fold(
      dealMachine,
      [...dealGiven.delivered(), dealOpened(5_000), dealLost()],
      initialOf(dealMachine),
    );
    expect(partial.can(end as DealEvent)).toBe(false);
    const open = fold(
      dealMachine,
      [...dealGiven.delivered(), dealOpened()],
      initialOf(dealMachine),
    );
    expect(open.can(end as DealEvent)).toBe(false);
    // A partial loss leaves the deal as it is (a release pays what remains); after a release
    // (the deal ended already) the loss records its outcome only.
    deal
      .given([...dealGiven.delivered(), dealOpened(5_000)])
      .when(lost(), at(5))
      .then({ type: 'ChargebackClosed', data: { outcome: 'lost' } });
    deal
      .given([...dealGiven.completed(), dealOpened(DEAL_TOTAL)])
      .when(lost(), at(6))
      .then({ type: 'ChargebackClosed' });
  });
});

describe('a deal with milestones whose whole escrow a lost chargeback took', () => {
  it('ends cancelled, every open milestone refunded by the charge back, nothing moved', () => {
    const history = [...milestoneDeal(), dealOpened()];
    const drafts = deal
      .given(history)
      .when(lost(), at(5))
      .then(
        { type: 'ChargebackClosed', data: { outcome: 'lost' } },
        { type: 'DealRefunded', data: chargedBack },
      );
    expect(drafts[1]!.data).not.toHaveProperty('milestone');
    const after = dealAfter(history, drafts);
    expect(statusOf(after)).toBe('cancelled');
    expect(after.context.milestones!.map((m) => m.status)).toEqual([
      'refunded',
      'refunded',
      'refunded',
    ]);
    expect(after.context.refundId).toBeNull();
  });
});

describe('a deal with milestones paid out in part before a lost chargeback took the rest', () => {
  it('ends with the open milestones refunded by the charge back, and its texts say the rest was charged back', () => {
    let s = firstMilestonePaidOut();
    // The card network takes the whole charge back; the escrow holds only the open milestones.
    const held = availableOf(s.context.accounts, 'escrow');
    expect(held).toBeLessThan(DEAL_TOTAL);
    s = fold(
      dealMachine,
      [
        event(
          'ChargebackOpened',
          {
            disputeId: 'dp_1',
            amountCents: DEAL_TOTAL,
            heldCents: held,
            reason: 'fraudulent',
          },
          at(3),
          actors.stripe,
        ),
      ],
      s,
    );
    s = run(s, lost(), 5, actors.stripe).snapshot;
    expect(s.context.milestones!.map((m) => m.status)).toEqual([
      'released',
      'refunded',
      'refunded',
    ]);
    expect(s.context.endReason).toBe('charged_back');
    expect(availableOf(s.context.accounts, 'escrow')).toBe(0);
    const view = dealStateView(s, at(6));
    expect(view.status).toBe('completed');
    expect(view).toMatchObject({
      brandText: 'deal.brand.charged_back_in_part',
      creatorText: 'deal.creator.charged_back_in_part',
      can: [],
    });
  });
});

describe('a payment request whose whole escrow a lost chargeback took', () => {
  const opened = () =>
    event(
      'PaymentRequestChargebackOpened',
      {
        disputeId: 'dp_1',
        amountCents: REQUEST_TOTAL,
        heldCents: REQUEST_TOTAL,
      },
      at(31),
      actors.stripe,
    );
  const closed = () =>
    event(
      'PaymentRequestChargebackClosed',
      { disputeId: 'dp_1', outcome: 'lost' },
      at(32),
      actors.stripe,
    );
  const paid = (): PaymentRequestEvent[] => [
    requestHistory.created(),
    requestHistory.accepted(),
    requestHistory.checkout(),
    requestHistory.paid(),
  ];
  const deferred = (): PaymentRequestEvent[] => [
    ...paid(),
    event('PaymentRequestPayoutDeferred', {}, at(30), actors.creator),
  ];

  it('the lost outcome is followed by PaymentRequestRefunded charged_back: the request is refunded', () => {
    const history = [...paid(), opened()];
    const drafts = request
      .given(history)
      .when(lost(), at(33))
      .then(
        { type: 'PaymentRequestChargebackClosed' },
        { type: 'PaymentRequestRefunded', data: chargedBack },
      );
    const after = requestAfter(history, drafts);
    expect(statusOf(after)).toBe('refunded');
    expect(after.context.endReason).toBe('charged_back');
    expect(paymentRequestStateView(after, at(40)).text).toBe(
      'request.status.charged_back',
    );
  });

  it('a deferred payout the loss took ends too, and the timer retry no longer asks for a payout', () => {
    const history = [...deferred(), opened()];
    request
      .given(history)
      .when(lost(), at(33))
      .then(
        { type: 'PaymentRequestChargebackClosed' },
        { type: 'PaymentRequestRefunded', data: chargedBack },
      );
    // A history stored before this change, stuck after the loss: the timer's retry ends it.
    const stuck = [...deferred(), opened(), closed()];
    const retry: PaymentRequestCommand = {
      type: 'RequestDeferredPayout',
      payoutAccountId: 'acct_1',
      key: 'key-3',
    };
    const drafts = request
      .given(stuck)
      .when(retry, at(40))
      .then({ type: 'PaymentRequestRefunded', data: chargedBack });
    expect(statusOf(requestAfter(stuck, drafts))).toBe('refunded');
    request
      .given(stuck)
      .when({ ...retry, payoutAccountId: null }, at(40))
      .then({ type: 'PaymentRequestRefunded', data: chargedBack });
  });

  it('the admin refund of a stuck request ends it; a partial loss keeps the behaviour of today', () => {
    request
      .given([...paid(), opened(), closed()])
      .when({ type: 'RefundPaymentRequest', key: 'key-4' }, at(40))
      .then({ type: 'PaymentRequestRefunded', data: chargedBack });
    // The admin's panel offers that refund (and nothing to pay out).
    const stuck = requestAfter([...paid(), opened(), closed()], []);
    expect(adminRequestCan(stuck, at(40))).toContain('refund');
    expect(adminRequestCan(stuck, at(40))).not.toContain('release');
    const partial = event(
      'PaymentRequestChargebackOpened',
      { disputeId: 'dp_1', amountCents: 5_000, heldCents: 5_000 },
      at(31),
      actors.stripe,
    );
    request
      .given([...paid(), partial])
      .when(lost(), at(33))
      .then({ type: 'PaymentRequestChargebackClosed' });
  });
});
