import { randomBytes } from 'node:crypto';
import { GatewayError, type CheckoutInput, type ConnectedAccountInput, type RefundInput, type TransferInput } from './payment-gateway';

/** What the simulated "Stripe" remembers, in memory: its own objects, idempotent by key like Stripe. */

export interface SimulatedSession {
  id: string;
  /** Only the payer's checkout URL carries it: the /sim pages act for whoever holds it. */
  payerKey: string;
  url: string;
  input: CheckoutInput;
  totalCents: number;
  metadata: Record<string, string>;
  status: 'open' | 'complete' | 'expired';
  method: 'card' | 'ideal' | null;
  paymentIntentId: string;
  chargeId: string | null;
}

export interface SimulatedAccount {
  id: string;
  reference: string;
  email: string | null;
  metadata: Record<string, string>;
  payoutsEnabled: boolean;
  detailsSubmitted: boolean;
  returnUrl: string | null;
  refreshUrl: string | null;
  /** Only the account link carries it: the onboarding page acts for whoever holds it. */
  ownerKey: string;
}

export interface SimulatedTransfer {
  id: string;
  amountCents: number;
  destination: string;
  transferGroup: string;
  sourceTransaction: string | null;
  idempotencyKey: string;
  reversed: boolean;
}

export interface SimulatedRefund {
  id: string;
  chargeId: string | null;
  paymentIntentId: string | null;
  amountCents: number;
  transferReversalId: string | null;
  idempotencyKey: string;
}

const newId = (prefix: string) => `${prefix}_sim_${randomBytes(10).toString('hex')}`;

export function createSimulatedLedger(publicUrl: string) {
  const sessions = new Map<string, SimulatedSession>();
  const accounts = new Map<string, SimulatedAccount>();
  const transfers: SimulatedTransfer[] = [];
  const refunds: SimulatedRefund[] = [];
  const byKey = new Map<string, unknown>();

  /** Stripe answers a repeated Idempotency-Key with the first result; so does the simulation. */
  function once<T>(key: string, make: () => T): T {
    const hit = byKey.get(key) as T | undefined;
    if (hit !== undefined) return hit;
    const made = make();
    byKey.set(key, made);
    return made;
  }

  return {
    sessions,
    accounts,
    transfers,
    refunds,

    openSession(input: CheckoutInput): SimulatedSession {
      return once(`checkout:${input.idempotencyKey}`, () => {
        const id = newId('cs');
        const payerKey = randomBytes(16).toString('hex');
        const session: SimulatedSession = {
          id,
          payerKey,
          url: `${publicUrl}/sim/checkout/${id}?key=${payerKey}`,
          input,
          totalCents: input.totalCents,
          metadata: { ...input.metadata },
          status: 'open',
          method: null,
          paymentIntentId: newId('pi'),
          chargeId: null,
        };
        sessions.set(id, session);
        return session;
      });
    },

    charge(session: SimulatedSession, method: 'card' | 'ideal'): void {
      session.status = 'complete';
      session.method = method;
      session.chargeId ??= newId('ch');
    },

    openAccount(input: ConnectedAccountInput): SimulatedAccount {
      return once(`account:${input.idempotencyKey}`, () => {
        const account: SimulatedAccount = {
          id: newId('acct'),
          reference: input.reference,
          email: input.email,
          metadata: { ...(input.metadata ?? {}) },
          payoutsEnabled: false,
          detailsSubmitted: false,
          returnUrl: null,
          refreshUrl: null,
          ownerKey: randomBytes(16).toString('hex'),
        };
        accounts.set(account.id, account);
        return account;
      });
    },

    transfer(input: TransferInput): SimulatedTransfer {
      return once(`transfer:${input.idempotencyKey}`, () => {
        // At most one live transfer per group: a second one would pay the creator twice.
        const live = transfers.find((t) => t.transferGroup === input.transferGroup && !t.reversed);
        if (live) return live;
        const account = accounts.get(input.destinationAccountId);
        if (!account) throw new GatewayError('no_bank_account', `no_bank_account: no such connected bank account ${input.destinationAccountId}`);
        if (!account.payoutsEnabled) {
          throw new GatewayError('payouts_not_enabled', "payouts_not_enabled: the creator's account cannot receive payouts yet, payouts_enabled is false");
        }
        if (input.sourceTransaction && ![...sessions.values()].some((s) => s.chargeId === input.sourceTransaction)) {
          throw new GatewayError('invalid_request', `invalid_request: no such charge ${input.sourceTransaction}`);
        }
        const transfer: SimulatedTransfer = {
          id: newId('tr'),
          amountCents: input.amountCents,
          destination: input.destinationAccountId,
          transferGroup: input.transferGroup,
          sourceTransaction: input.sourceTransaction,
          idempotencyKey: input.idempotencyKey,
          reversed: false,
        };
        transfers.push(transfer);
        return transfer;
      });
    },

    refund(input: RefundInput): { refundId: string; transferReversalId: string | null } {
      const refund = once(`refund:${input.idempotencyKey}`, () => {
        const chargeId = input.chargeId ?? (input.paymentIntentId ? findIntent(input.paymentIntentId)?.chargeId ?? null : null);
        if (chargeId && refunds.some((r) => r.chargeId === chargeId)) {
          throw new GatewayError('invalid_request', `invalid_request: charge ${chargeId} has already been refunded`);
        }
        // Funds that already left for the creator come back first (not for an extra payment).
        let transferReversalId: string | null = null;
        const live = input.reverseTransfers === false ? [] : transfers.filter((x) => x.transferGroup === input.transferGroup && !x.reversed);
        for (const t of live) {
          t.reversed = true;
          transferReversalId = newId('trr');
        }
        const made: SimulatedRefund = {
          id: newId('re'),
          chargeId,
          paymentIntentId: input.paymentIntentId,
          amountCents: input.amountCents,
          transferReversalId,
          idempotencyKey: input.idempotencyKey,
        };
        refunds.push(made);
        return made;
      });
      return { refundId: refund.id, transferReversalId: refund.transferReversalId };
    },

    /** Like Stripe: only an open session can be expired; a paid or closed one is left as it is. */
    expireSession(sessionId: string): void {
      const session = sessions.get(sessionId);
      if (session?.status === 'open') session.status = 'expired';
    },

    reverseTransfer(transferId: string, idempotencyKey: string): { reversalId: string } {
      return once(`reversal:${idempotencyKey}`, () => {
        const transfer = transfers.find((t) => t.id === transferId);
        if (!transfer) throw new GatewayError('invalid_request', `invalid_request: no such transfer ${transferId}`);
        transfer.reversed = true;
        return { reversalId: newId('trr') };
      });
    },

    paymentOfIntent(paymentIntentId: string): { chargeId: string | null; method: string | null } {
      const session = findIntent(paymentIntentId);
      return { chargeId: session?.chargeId ?? null, method: session?.method ?? null };
    },

    sessionOfCharge(chargeId: string): SimulatedSession | undefined {
      return [...sessions.values()].find((s) => s.chargeId === chargeId);
    },

    /** A Stripe-shaped checkout.session object. */
    sessionObject(session: SimulatedSession, paymentStatus: 'paid' | 'unpaid'): Record<string, unknown> {
      return {
        id: session.id,
        object: 'checkout.session',
        mode: 'payment',
        status: session.status,
        payment_status: paymentStatus,
        amount_total: session.totalCents,
        currency: 'eur',
        client_reference_id: session.input.reference,
        metadata: session.metadata,
        payment_intent: session.paymentIntentId,
        payment_method_types: ['ideal', 'card'],
        success_url: session.input.successUrl,
        cancel_url: session.input.cancelUrl,
        livemode: false,
      };
    },

    /** A Stripe-shaped account object. */
    accountObject(account: SimulatedAccount): Record<string, unknown> {
      return {
        id: account.id,
        object: 'account',
        type: 'express',
        email: account.email,
        metadata: account.metadata,
        payouts_enabled: account.payoutsEnabled,
        details_submitted: account.detailsSubmitted,
        charges_enabled: account.detailsSubmitted,
        capabilities: { transfers: account.payoutsEnabled ? 'active' : 'inactive' },
      };
    },
  };

  function findIntent(paymentIntentId: string): SimulatedSession | undefined {
    return [...sessions.values()].find((s) => s.paymentIntentId === paymentIntentId);
  }
}

export type SimulatedLedger = ReturnType<typeof createSimulatedLedger>;
