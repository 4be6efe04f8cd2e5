import { emptyDealContext, evolveDealContext, type DealContext } from '@machines/deal/deal.context';
import type { DealEvent } from '@machines/deal/deal.events';
import { trialBalance, type EscrowAccounts } from '@machines/escrow/escrow-accounts';
import {
  emptyPaymentRequestContext,
  evolvePaymentRequestContext,
  type PaymentRequestContext,
} from '@machines/payment-request/payment-request.context';
import type { PaymentRequestEvent } from '@machines/payment-request/payment-request.events';
import type { LedgerEvent } from './ledger-movements';

/** One UTC day of the trial balance: what was posted across all escrows, debits and credits. */
export interface TrialBalanceDay {
  day: string;
  debitsCents: number;
  creditsCents: number;
}

/** The trial balance of the period: per day, and the escrows whose accounts did not sum to zero. */
export interface TrialBalance {
  days: TrialBalanceDay[];
  unbalanced: { streamId: string; at: string; postedCents: number; pendingCents: number }[];
}

type Folded = { deal: DealContext } | { request: PaymentRequestContext };

const posted = (a: EscrowAccounts) => {
  let debits = 0;
  let credits = 0;
  for (const t of Object.values(a.totals)) {
    debits += t?.debits ?? 0;
    credits += t?.credits ?? 0;
  }
  return { debits, credits };
};

/**
 * Every deal's and request's accounts folded from its events by the machines' own context
 * functions (as the money read model does), with what each event posted added to its UTC day.
 * Double entry makes each day's debits equal its credits and every escrow's accounts sum to zero;
 * a day or an escrow where they do not is a fault in the stored history or the fold, and is reported.
 */
export function createTrialBalanceFold({ since, until }: { since: string; until: string }) {
  const escrows = new Map<string, Folded>();
  const days = new Map<string, TrialBalanceDay>();
  const unbalanced: TrialBalance['unbalanced'] = [];

  function step(e: LedgerEvent): { before: EscrowAccounts; after: EscrowAccounts } | null {
    const event = { type: e.type, data: e.data, metadata: e.metadata };
    if (e.streamId.startsWith('deal-')) {
      const prev = escrows.get(e.streamId) as { deal: DealContext } | undefined;
      const before = prev?.deal ?? emptyDealContext;
      const after = evolveDealContext(before, event as DealEvent);
      escrows.set(e.streamId, { deal: after });
      return { before: before.accounts, after: after.accounts };
    }
    if (e.streamId.startsWith('payment-request-')) {
      const prev = escrows.get(e.streamId) as { request: PaymentRequestContext } | undefined;
      const before = prev?.request ?? emptyPaymentRequestContext;
      const after = evolvePaymentRequestContext(before, event as PaymentRequestEvent);
      escrows.set(e.streamId, { request: after });
      return { before: before.accounts, after: after.accounts };
    }
    return null;
  }

  return {
    add(e: LedgerEvent): void {
      const moved = step(e);
      if (!moved || moved.before === moved.after) return;
      const at = (e.metadata as { at: string }).at;
      if (at < since || at > until) return;
      const day = at.slice(0, 10);
      const before = posted(moved.before);
      const after = posted(moved.after);
      const d = days.get(day) ?? { day, debitsCents: 0, creditsCents: 0 };
      d.debitsCents += after.debits - before.debits;
      d.creditsCents += after.credits - before.credits;
      days.set(day, d);
      const balance = trialBalance(moved.after);
      if (balance.posted !== 0 || balance.pending !== 0)
        unbalanced.push({
          streamId: e.streamId,
          at,
          postedCents: balance.posted,
          pendingCents: balance.pending,
        });
    },
    result(): TrialBalance {
      return { days: [...days.values()].sort((a, b) => (a.day < b.day ? -1 : 1)), unbalanced };
    },
  };
}
