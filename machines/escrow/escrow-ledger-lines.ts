import {
  balanceOf,
  escrowAccountNames,
  totalsOf,
  type EscrowAccount,
  type EscrowAccounts,
  type Posting,
} from './escrow-accounts';

/**
 * One line of an escrow's account view (the admin's replay): what a posting did, with the accounts
 * and amount it moved. A settle or void names the reserved transfer it resolved, so it is shown
 * with that transfer's accounts and amount, as the reservation made them.
 */
export interface LedgerLine {
  kind: 'posted' | 'reserved' | 'settled' | 'voided';
  debit: EscrowAccount;
  credit: EscrowAccount;
  amountCents: number;
}

/** The lines of `postings`, read against the accounts they were applied to (`before`). */
export function ledgerLinesOf(
  before: EscrowAccounts,
  postings: readonly Posting[],
): LedgerLine[] {
  const pending = { ...before.pending };
  const lines: LedgerLine[] = [];
  for (const p of postings) {
    if (p.op === 'post' || p.op === 'reserve') {
      const { debit, credit, amountCents } = p;
      lines.push({
        kind: p.op === 'post' ? 'posted' : 'reserved',
        debit,
        credit,
        amountCents,
      });
      if (p.op === 'reserve') pending[p.id] = { debit, credit, amountCents };
      continue;
    }
    const reserved = pending[p.id];
    if (reserved === undefined) continue;
    lines.push({ kind: p.op === 'settle' ? 'settled' : 'voided', ...reserved });
    delete pending[p.id];
  }
  return lines;
}

/** Each account's posted balance and what pending transfers hold against it, in the view's order. */
export function balancesOf(accounts: EscrowAccounts): {
  account: EscrowAccount;
  balanceCents: number;
  pendingCents: number;
}[] {
  return escrowAccountNames.map((account) => {
    const t = totalsOf(accounts, account);
    return {
      account,
      balanceCents: balanceOf(accounts, account),
      pendingCents: t.debitsPending + t.creditsPending,
    };
  });
}
