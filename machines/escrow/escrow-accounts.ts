/**
 * The double-entry accounts of one escrow (a deal or a payment request). Every money event becomes
 * postings between these accounts (escrow-postings.ts); the balances are a pure fold of those
 * postings. As in TigerBeetle, an account keeps its posted and pending debits and credits, a
 * pending transfer reserves an amount under a name (the intent's key) until it is posted or voided,
 * and the limited accounts may never be overdrawn. Amounts are integer cents.
 */

/** The accounts, in the order views list them. */
export const escrowAccountNames = [
  'gateway',
  'escrow',
  'payable',
  'refundable',
  'fees',
  'disputed',
  'losses',
] as const;

/**
 * - `gateway`: clearing account of the money at the payment gateway for this escrow (debit-normal).
 * - `escrow`: what the escrow holds for the deal or request.
 * - `payable`: owed to the creator, on its way to the creator's account.
 * - `refundable`: owed back to the brand (an unexpected payment, a refund under way).
 * - `fees`: platform fee revenue.
 * - `disputed`: money under a chargeback, out of the escrow until the outcome.
 * - `losses`: chargebacks of money no longer in the escrow, written off (debit-normal).
 */
export type EscrowAccount = (typeof escrowAccountNames)[number];

/** Accounts whose balance is debits − credits (what the platform has or lost); the rest are credits − debits. */
const debitNormal: ReadonlySet<EscrowAccount> = new Set(['gateway', 'losses']);

/** Accounts that may never be overdrawn: their debits (posted and pending) never exceed their posted credits. */
export const limitedAccounts: readonly EscrowAccount[] = [
  'escrow',
  'payable',
  'refundable',
  'disputed',
];

/** One account's totals: posted and pending debits and credits. */
export interface AccountTotals {
  debits: number;
  credits: number;
  debitsPending: number;
  creditsPending: number;
}

/** A transfer reserved and not yet posted or voided, under the name of the intent that asked for it. */
export interface PendingTransfer {
  debit: EscrowAccount;
  credit: EscrowAccount;
  amountCents: number;
}

/** Only accounts that moved are kept (every deal's context carries its accounts): `totalsOf` reads the rest as zero. */
export interface EscrowAccounts {
  totals: Partial<Record<EscrowAccount, AccountTotals>>;
  pending: Record<string, PendingTransfer>;
}

/**
 * One leg of a transaction: `post` moves money at once; `reserve` sets it aside as a pending
 * transfer named `id`; `settle` posts the pending transfer `id` (all of it), `void` releases it.
 */
export type Posting =
  | {
      op: 'post';
      debit: EscrowAccount;
      credit: EscrowAccount;
      amountCents: number;
    }
  | {
      op: 'reserve';
      id: string;
      debit: EscrowAccount;
      credit: EscrowAccount;
      amountCents: number;
    }
  | { op: 'settle'; id: string }
  | { op: 'void'; id: string };

const zero: AccountTotals = {
  debits: 0,
  credits: 0,
  debitsPending: 0,
  creditsPending: 0,
};

export const noAccounts: EscrowAccounts = { totals: {}, pending: {} };

/** An account's totals (zero for one that never moved). */
export const totalsOf = (
  accounts: EscrowAccounts,
  account: EscrowAccount,
): AccountTotals => accounts.totals[account] ?? zero;

const add = (
  totals: EscrowAccounts['totals'],
  account: EscrowAccount,
  change: Partial<AccountTotals>,
): EscrowAccounts['totals'] => {
  const t = totals[account] ?? zero;
  return {
    ...totals,
    [account]: {
      debits: t.debits + (change.debits ?? 0),
      credits: t.credits + (change.credits ?? 0),
      debitsPending: t.debitsPending + (change.debitsPending ?? 0),
      creditsPending: t.creditsPending + (change.creditsPending ?? 0),
    },
  };
};

/** Moves `amountCents` posted (or pending, or out of pending with `sign` −1) from `debit` to `credit`. */
function move(
  totals: EscrowAccounts['totals'],
  { debit, credit, amountCents }: PendingTransfer,
  kind: 'posted' | 'pending',
  sign = 1,
): EscrowAccounts['totals'] {
  const amount = sign * amountCents;
  const [d, c] =
    kind === 'posted'
      ? ['debits', 'credits']
      : ['debitsPending', 'creditsPending'];
  return add(add(totals, debit, { [d!]: amount }), credit, { [c!]: amount });
}

const without = (
  pending: EscrowAccounts['pending'],
  id: string,
): EscrowAccounts['pending'] => {
  const { [id]: _gone, ...rest } = pending;
  return rest;
};

/** The accounts after one posting. A settle or void of a transfer that is not pending changes nothing. */
export function applyPosting(
  accounts: EscrowAccounts,
  posting: Posting,
): EscrowAccounts {
  switch (posting.op) {
    case 'post':
      if (posting.amountCents === 0) return accounts;
      return { ...accounts, totals: move(accounts.totals, posting, 'posted') };
    case 'reserve':
      if (posting.amountCents === 0) return accounts;
      return {
        totals: move(accounts.totals, posting, 'pending'),
        pending: {
          ...accounts.pending,
          [posting.id]: {
            debit: posting.debit,
            credit: posting.credit,
            amountCents: posting.amountCents,
          },
        },
      };
    case 'settle':
    case 'void': {
      const pending = accounts.pending[posting.id];
      if (pending === undefined) return accounts;
      const released = move(accounts.totals, pending, 'pending', -1);
      return {
        totals:
          posting.op === 'settle'
            ? move(released, pending, 'posted')
            : released,
        pending: without(accounts.pending, posting.id),
      };
    }
  }
}

export const applyPostings = (
  accounts: EscrowAccounts,
  postings: readonly Posting[],
) => postings.reduce(applyPosting, accounts);

/** The posted balance of an account, on its normal side (an overdrawn limited account is negative). */
export function balanceOf(
  accounts: EscrowAccounts,
  account: EscrowAccount,
): number {
  const t = totalsOf(accounts, account);
  return debitNormal.has(account) ? t.debits - t.credits : t.credits - t.debits;
}

/** What an account can still give: its posted balance less what pending transfers reserved from it. */
export function availableOf(
  accounts: EscrowAccounts,
  account: EscrowAccount,
): number {
  const t = totalsOf(accounts, account);
  return debitNormal.has(account)
    ? t.debits + t.debitsPending - t.credits - t.creditsPending
    : t.credits - t.debits - t.debitsPending;
}

/** Σ debits − Σ credits over all accounts, posted and pending: zero, as every posting is balanced. */
export function trialBalance(accounts: EscrowAccounts): {
  posted: number;
  pending: number;
} {
  let posted = 0;
  let pending = 0;
  for (const account of escrowAccountNames) {
    const t = totalsOf(accounts, account);
    posted += t.debits - t.credits;
    pending += t.debitsPending - t.creditsPending;
  }
  return { posted, pending };
}

/**
 * The first limited account the postings would overdraw, or null when they keep every limit. An
 * account that older history left overdrawn blocks only postings that take more from it.
 */
export function overdrawnBy(
  accounts: EscrowAccounts,
  postings: readonly Posting[],
): EscrowAccount | null {
  const after = applyPostings(accounts, postings);
  return (
    limitedAccounts.find((a) => {
      const left = availableOf(after, a);
      return left < 0 && left < availableOf(accounts, a);
    }) ?? null
  );
}
