import {
  applyPostings,
  availableOf,
  totalsOf,
  type EscrowAccount,
  type EscrowAccounts,
  type Posting,
} from './escrow-accounts';
import {
  escrowRole,
  type EscrowEventNames,
  type EscrowRole,
} from './escrow-events';
import type { EscrowLedger, EscrowMoney } from './escrow-ledger';

/**
 * The postings of each money event, by its role in the escrow (one table for a deal and a payment
 * request). An intent reserves its amount from the escrow under its key; its success posts the
 * reservation and pays it on through the gateway; its refusal voids it. Older events map by the
 * rules of docs/payments.md ("Accounts"): an outcome without its intent posts the intent first, the
 * refund of an unexpected payment never recorded posts its charge first, and a chargeback without
 * `heldCents` (recorded before chargebacks moved money) moves nothing when it opens.
 */

/** The name of a split's fee reservation, after its transfer's key. */
const splitFeeKey = (transferKey: string) => `${transferKey}:fee`;

interface RoleData {
  amountCents?: number;
  heldCents?: number;
  key?: string;
  disputeId?: string;
  checkoutSessionId?: string;
  outcome?: 'won' | 'lost';
  creatorCents?: number;
  refundCents?: number;
  transferKey?: string;
  refundKey?: string;
  feeKeptCents?: number;
  /** A transfer's fee share (a deal's milestone), set aside with it and kept when it succeeds. */
  feeCents?: number;
}

/** What an aggregate says a legacy outcome (no intent, no amount in its data) paid out. */
export type LegacyPayout<C> = (c: C, data: unknown) => number;

const post = (
  debit: EscrowAccount,
  credit: EscrowAccount,
  amountCents: number,
): Posting => ({
  op: 'post',
  debit,
  credit,
  amountCents,
});

/** An intent's outcome: its reservation posted, or (older history, no intent) the same moved at once. */
function settleOrPost(
  c: EscrowLedger,
  key: string | undefined,
  intent: { debit: EscrowAccount; credit: EscrowAccount; amountCents: number },
): Posting[] {
  if (key !== undefined && c.accounts.pending[key] !== undefined)
    return [{ op: 'settle', id: key }];
  return [post(intent.debit, intent.credit, intent.amountCents)];
}

const reserved = (
  c: EscrowLedger,
  key: string | undefined,
): number | undefined =>
  key === undefined ? undefined : c.accounts.pending[key]?.amountCents;

/** The name of a transfer's fee reservation (a milestone's fee share), after its key. */
const transferFeeKey = (key: string) => `${key}:fee`;

/**
 * The creator is paid: the payable goes to the gateway and what the escrow still holds is the
 * platform's fee; a transfer that set its fee share aside (a milestone's) keeps only that share.
 */
function payCreator(
  c: EscrowLedger,
  key: string | undefined,
  amountCents: number,
): Posting[] {
  const legs = [
    ...settleOrPost(c, key, {
      debit: 'escrow',
      credit: 'payable',
      amountCents,
    }),
    post('payable', 'gateway', amountCents),
  ];
  if (
    key !== undefined &&
    c.accounts.pending[transferFeeKey(key)] !== undefined
  )
    return [...legs, { op: 'settle', id: transferFeeKey(key) }];
  const rest = Math.max(
    0,
    availableOf(applyPostings(c.accounts, legs), 'escrow'),
  );
  return [...legs, post('escrow', 'fees', rest)];
}

function chargebackClosed(c: EscrowLedger, d: RoleData): Posting[] {
  const cb = c.chargebacks.find(
    (x) => x.disputeId === d.disputeId && x.status === 'open',
  );
  if (cb === undefined) return [];
  if (cb.heldCents === undefined) {
    // Recorded before chargebacks moved money: a loss takes it from the escrow now, the rest is the platform's.
    if (d.outcome === 'won') return [];
    const fromEscrow = Math.min(
      cb.amountCents,
      Math.max(0, availableOf(c.accounts, 'escrow')),
    );
    return [
      post('escrow', 'gateway', fromEscrow),
      post('losses', 'gateway', cb.amountCents - fromEscrow),
    ];
  }
  if (d.outcome === 'won')
    return [
      post('disputed', 'escrow', cb.heldCents),
      post('disputed', 'losses', cb.amountCents - cb.heldCents),
    ];
  return [post('disputed', 'gateway', cb.amountCents)];
}

type PostingRule = (c: EscrowLedger, d: RoleData, legacy: number) => Posting[];

const rules: Partial<Record<EscrowRole, PostingRule>> = {
  paid: (_c, d) => [post('gateway', 'escrow', d.amountCents!)],
  unexpectedPayment: (_c, d) => [post('gateway', 'refundable', d.amountCents!)],
  unexpectedPaymentRefunded: (c, d) => [
    ...(c.unexpectedPayments.some(
      (p) => p.checkoutSessionId === d.checkoutSessionId,
    )
      ? []
      : [post('gateway', 'refundable', d.amountCents!)]),
    post('refundable', 'gateway', d.amountCents!),
  ],
  chargebackOpened: (_c, d) =>
    d.heldCents === undefined
      ? []
      : [
          post('escrow', 'disputed', d.heldCents),
          post('losses', 'disputed', d.amountCents! - d.heldCents),
        ],
  chargebackClosed,
  transferRequested: (_c, d) => [
    {
      op: 'reserve',
      id: d.key!,
      debit: 'escrow',
      credit: 'payable',
      amountCents: d.amountCents!,
    },
    ...(d.feeCents
      ? [
          {
            op: 'reserve' as const,
            id: transferFeeKey(d.key!),
            debit: 'escrow' as const,
            credit: 'fees' as const,
            amountCents: d.feeCents,
          },
        ]
      : []),
  ],
  transferred: (c, d, legacy) => {
    const amountCents = reserved(c, d.key) ?? d.amountCents ?? legacy;
    return amountCents === 0 ? [] : payCreator(c, d.key, amountCents);
  },
  transferFailed: (c, d) =>
    d.key === undefined
      ? []
      : [
          { op: 'void', id: d.key },
          ...(c.accounts.pending[transferFeeKey(d.key)] === undefined
            ? []
            : [{ op: 'void' as const, id: transferFeeKey(d.key) }]),
        ],
  refundRequested: (_c, d) => [
    {
      op: 'reserve',
      id: d.key!,
      debit: 'escrow',
      credit: 'refundable',
      amountCents: d.amountCents!,
    },
  ],
  refunded: (c, d) => {
    const amountCents = reserved(c, d.key) ?? d.amountCents!;
    return [
      ...settleOrPost(c, d.key, {
        debit: 'escrow',
        credit: 'refundable',
        amountCents,
      }),
      post('refundable', 'gateway', amountCents),
    ];
  },
  refundFailed: (_c, d) =>
    d.key === undefined ? [] : [{ op: 'void', id: d.key }],
  splitRequested: (_c, d) => [
    {
      op: 'reserve',
      id: d.transferKey!,
      debit: 'escrow',
      credit: 'payable',
      amountCents: d.creatorCents!,
    },
    {
      op: 'reserve',
      id: d.refundKey!,
      debit: 'escrow',
      credit: 'refundable',
      amountCents: d.refundCents!,
    },
    // The fee the split keeps is set aside too, so nothing else (a chargeback) can take it meanwhile.
    {
      op: 'reserve',
      id: splitFeeKey(d.transferKey!),
      debit: 'escrow',
      credit: 'fees',
      amountCents: d.feeKeptCents!,
    },
  ],
  // The split's fee is kept when the creator's part is paid, as with a release.
  splitTransferred: (c, d) => [
    ...settleOrPost(c, d.key, {
      debit: 'escrow',
      credit: 'payable',
      amountCents: d.amountCents!,
    }),
    post('payable', 'gateway', d.amountCents!),
    ...settleOrPost(c, d.key === undefined ? undefined : splitFeeKey(d.key), {
      debit: 'escrow',
      credit: 'fees',
      amountCents: c.split?.feeKeptCents ?? 0,
    }),
  ],
  splitRefunded: (c, d) => {
    const amountCents = reserved(c, d.key) ?? d.amountCents!;
    return [
      ...settleOrPost(c, d.key, {
        debit: 'escrow',
        credit: 'refundable',
        amountCents,
      }),
      post('refundable', 'gateway', amountCents),
    ];
  },
};

/** The postings an event makes in the escrow `c` it happens to (none for an event that moves no money). */
export function postingsOf<C extends EscrowLedger>(
  c: C,
  event: { type: string; data: unknown },
  names: EscrowEventNames,
  legacyPayout?: LegacyPayout<C>,
): Posting[] {
  const role = escrowRole(names, event.type);
  const rule = role === null ? undefined : rules[role];
  if (rule === undefined) return [];
  const legacy =
    role === 'transferred' && legacyPayout ? legacyPayout(c, event.data) : 0;
  return rule(c, event.data as RoleData, legacy);
}

/** The four sums the escrow used to keep by hand, read off its accounts. */
export const moneyOf = (accounts: EscrowAccounts): EscrowMoney => ({
  chargedCents: totalsOf(accounts, 'gateway').debits,
  refundedCents: totalsOf(accounts, 'refundable').debits,
  transferredCents: totalsOf(accounts, 'payable').debits,
  feeKeptCents: totalsOf(accounts, 'fees').credits,
});

/**
 * The escrow after `event`: `after` is the aggregate's context with the event's other fields
 * recorded, `before` the context it happened to (postings read the state the event found).
 */
export function postEvent<C extends EscrowLedger>(
  before: C,
  after: C,
  event: { type: string; data: unknown },
  names: EscrowEventNames,
  legacyPayout?: LegacyPayout<C>,
): C {
  const postings = postingsOf(before, event, names, legacyPayout);
  if (postings.length === 0) return after;
  const accounts = applyPostings(before.accounts, postings);
  return { ...after, accounts, money: moneyOf(accounts) };
}
