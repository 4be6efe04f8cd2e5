import { describe, expect, it } from 'vitest';
import { initialTransition, transition } from 'xstate';
import {
  availableOf,
  balanceOf,
  escrowAccountNames,
  trialBalance,
  type EscrowAccounts,
} from '@machines/escrow/escrow-accounts';
import { dealMachine } from '@machines/deal/deal.machine';
import type { DealEvent } from '@machines/deal/deal.events';
import { paymentRequestMachine } from '@machines/payment-request/payment-request.machine';
import type { PaymentRequestEvent } from '@machines/payment-request/payment-request.events';
import {
  actors,
  at,
  dealGiven,
  dealHistory,
  EFFECT_KEY,
  event,
  requestHistory,
} from '@tests/support/event-factory';

/** The deal's context after its events, each taken by the statechart. */
function dealAfter(events: unknown[]) {
  let [snapshot] = initialTransition(dealMachine);
  for (const e of events) {
    const next = transition(dealMachine, snapshot, e as DealEvent)[0];
    expect(next.context, `${(e as DealEvent).type} taken`).not.toBe(
      snapshot.context,
    );
    snapshot = next;
  }
  return snapshot.context;
}

function requestAfter(events: unknown[]) {
  let [snapshot] = initialTransition(paymentRequestMachine);
  for (const e of events)
    snapshot = transition(
      paymentRequestMachine,
      snapshot,
      e as PaymentRequestEvent,
    )[0];
  return snapshot.context;
}

const balances = (a: EscrowAccounts) =>
  Object.fromEntries(escrowAccountNames.map((n) => [n, balanceOf(a, n)]));

describe('escrow accounts', () => {
  it('a payment posts the charge from the gateway into the escrow', () => {
    const c = dealAfter(dealGiven.awaitingAcceptance());
    expect(balances(c.accounts)).toMatchObject({
      gateway: 27_050,
      escrow: 27_050,
    });
    expect(trialBalance(c.accounts)).toEqual({ posted: 0, pending: 0 });
  });

  it('a release reserves the creator amount, then pays it on and keeps the rest as fee', () => {
    const requested = dealAfter([
      ...dealGiven.delivered(),
      dealHistory.releaseRequested(),
    ]);
    expect(balanceOf(requested.accounts, 'escrow')).toBe(27_050);
    expect(availableOf(requested.accounts, 'escrow')).toBe(2_050);
    expect(requested.accounts.pending[EFFECT_KEY]).toEqual({
      debit: 'escrow',
      credit: 'payable',
      amountCents: 25_000,
    });
    const c = dealAfter(dealGiven.completed());
    expect(balances(c.accounts)).toEqual({
      gateway: 2_050,
      escrow: 0,
      payable: 0,
      refundable: 0,
      fees: 2_050,
      disputed: 0,
      losses: 0,
    });
    expect(c.accounts.pending).toEqual({});
    expect(c.money).toEqual({
      chargedCents: 27_050,
      refundedCents: 0,
      transferredCents: 25_000,
      feeKeptCents: 2_050,
    });
  });

  it('a refused transfer voids its reservation', () => {
    const c = dealAfter([
      ...dealGiven.delivered(),
      dealHistory.releaseRequested(),
      event(
        'TransferFailed',
        { key: EFFECT_KEY, trigger: 'brand' },
        at(4.01),
        actors.system,
      ),
    ]);
    expect(availableOf(c.accounts, 'escrow')).toBe(27_050);
    expect(c.accounts.totals.payable).toEqual({
      debits: 0,
      credits: 0,
      debitsPending: 0,
      creditsPending: 0,
    });
    expect(c.accounts.totals.disputed).toBeUndefined();
  });

  it('a refund gives the escrow back through the brand’s refundable', () => {
    const c = dealAfter(dealGiven.cancelled());
    expect(balances(c.accounts)).toMatchObject({
      gateway: 0,
      escrow: 0,
      refundable: 0,
    });
    expect(c.money.refundedCents).toBe(27_050);
  });

  it('older history: an outcome without its intent posts the intent first', () => {
    const legacy = event(
      'FundsReleased',
      { trigger: 'brand' },
      at(4),
      actors.system,
    );
    delete (legacy.data as { key?: string }).key;
    const c = dealAfter([...dealGiven.delivered(), legacy]);
    expect(balances(c.accounts)).toMatchObject({
      gateway: 2_050,
      escrow: 0,
      fees: 2_050,
    });
  });

  it('older history: the refund of an unexpected payment never recorded posts its charge first', () => {
    const c = dealAfter([
      ...dealGiven.delivered(),
      event(
        'DuplicatePaymentRefunded',
        { checkoutSessionId: 'cs_second', amountCents: 27_050 },
        at(3),
        actors.stripe,
      ),
    ]);
    expect(c.money).toMatchObject({
      chargedCents: 54_100,
      refundedCents: 27_050,
    });
    expect(balances(c.accounts)).toMatchObject({
      gateway: 27_050,
      escrow: 27_050,
      refundable: 0,
    });
  });

  it('an unexpected payment waits in the brand’s refundable, not in the escrow', () => {
    const c = dealAfter([
      ...dealGiven.delivered(),
      event(
        'UnexpectedPaymentReceived',
        { checkoutSessionId: 'cs_other', amountCents: 5_000 },
        at(3),
        actors.stripe,
      ),
    ]);
    expect(balances(c.accounts)).toMatchObject({
      escrow: 27_050,
      refundable: 5_000,
    });
  });

  it('a payment request’s payout: legacy completions pay the request amount', () => {
    const { created, accepted, checkout, paid, payoutRequested, completed } =
      requestHistory;
    const keyed = requestAfter([
      created(),
      accepted(),
      checkout(),
      paid(),
      payoutRequested(),
      completed(),
    ]);
    expect(balances(keyed.accounts)).toMatchObject({
      gateway: 2_000,
      escrow: 0,
      fees: 2_000,
    });
    const legacy = event('PaymentRequestCompleted', {}, at(30), actors.creator);
    delete (legacy.data as { key?: string }).key;
    const old = requestAfter([
      created(),
      accepted(),
      checkout(),
      paid(),
      legacy,
    ]);
    expect(old.money).toEqual(keyed.money);
  });
});
