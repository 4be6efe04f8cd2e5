import {
  noAccounts,
  trialBalance,
  type EscrowAccounts,
} from '@machines/escrow/escrow-accounts';
import {
  escrowKindOf,
  foldEscrowEvent,
  type FoldedEscrow,
} from '@machines/escrow/escrow-stream-fold';
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
  unbalanced: {
    streamId: string;
    at: string;
    postedCents: number;
    pendingCents: number;
  }[];
}

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
 * functions (as the deals and requests read models do), with what each event posted added to its UTC day.
 * Double entry makes each day's debits equal its credits and every escrow's accounts sum to zero;
 * a day or an escrow where they do not is a fault in the stored history or the fold, and is reported.
 */
export function createTrialBalanceFold({
  since,
  until,
}: {
  since: string;
  until: string;
}) {
  const escrows = new Map<string, FoldedEscrow>();
  const days = new Map<string, TrialBalanceDay>();
  const unbalanced: TrialBalance['unbalanced'] = [];

  function step(
    e: LedgerEvent,
  ): { before: EscrowAccounts; after: EscrowAccounts } | null {
    const kind = escrowKindOf(e.streamId);
    if (!kind) return null;
    const before = escrows.get(e.streamId);
    const after = foldEscrowEvent(kind, before, e);
    escrows.set(e.streamId, after);
    return {
      before: before?.context.accounts ?? noAccounts,
      after: after.context.accounts,
    };
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
      return {
        days: [...days.values()].sort((a, b) => (a.day < b.day ? -1 : 1)),
        unbalanced,
      };
    },
  };
}
