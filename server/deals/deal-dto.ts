import type {
  DealDto,
  AdminDealDto,
  DealListItemDto,
} from '@machines/contract/api';
import type { DealContext } from '@machines/deal/deal.context';
import type { DealStatus } from '@machines/deal/deal.machine';
import { dealSnapshotFrom, dealStateView } from '@machines/deal/deal.view';
import type { DealSnapshot } from '@machines/deal/deal.commands';
import {
  milestoneAdminCan,
  milestoneSummary,
  milestoneViews,
} from '@machines/deal/deal-milestone-view';
import { centsToDecimal } from '@machines/money';
import { chargebackSummary } from '@machines/escrow/escrow-ledger';
import type { DealRecord } from '../../projections/deals.queries';
import { stateValueFromKey } from '../../projections/state-meta';
import {
  redactFor,
  redactForAdmin,
  redactOtherSide,
} from '../shared/redaction';
import { revisionRoundsOf } from '@machines/deal/deal-contract';
import { dealContract } from '../documents/contract-hash';
import { documentRefOf } from '../shared/document-refs';
import type { KeyedHash } from '../shared/keyed-hash';

const receiptRefOf = (keyedHash: KeyedHash, id: number) =>
  documentRefOf(keyedHash, { kind: 'receipt', subject: 'deal', id });

export type DealView = 'owner' | 'link' | 'admin';

/** The context a creator-link page may see: no owner id, no payment, refund or account ids. */
export function redactDealContext(c: DealContext): Record<string, unknown> {
  // Every gateway or account id (a field named "…Id") is hidden, also ones added later; the
  // deal's own number stays.
  const ids: Record<string, null> = {};
  for (const key of Object.keys(c))
    if (key.endsWith('Id') && key !== 'dealId') ids[key] = null;
  return {
    ...c,
    ...ids,
    ownerId: null,
    checkoutSessionId: null,
    paymentIntentId: null,
    chargeId: null,
    onboardingAccountId: null,
    stripeAccountId: c.stripeAccountId ? 'connected' : null,
    transferId: null,
    refundId: null,
    lastFailedSessionId: null,
    claimSecretHash: null,
    // Money in flight (sessions, release and refund intents) is the brand's business only.
    openSession: null,
    pendingRelease: null,
    pendingRefund: null,
    lastRefundError: null,
    unexpectedPayments: [],
    lastPaymentFailure: null,
    lastTransferError: null,
    ...(c.milestones
      ? {
          milestones: c.milestones.map((m) => ({
            ...m,
            transferId: null,
            refundId: null,
          })),
        }
      : {}),
    chargebacks: [],
    // The brand's refunds and an admin's hold reason are not the creator's business.
    duplicateRefunds: [],
    hold: c.hold ? { ...c.hold, reason: '' } : null,
    // A split's amounts are the creator's business; its keys, ids and failures are not.
    split: splitAmounts(c),
  };
}

const splitAmounts = ({ split }: DealContext) =>
  split
    ? {
        creatorCents: split.creatorCents,
        refundCents: split.refundCents,
        feeKeptCents: split.feeKeptCents,
      }
    : null;

/** The gateway's refusal of a split's part as one line: the gateway's messages lead with their code. */
const failureText = (
  failure: { code: string; message: string } | null,
): string | null => (failure === null ? null : failure.message || failure.code);

/** A split as the admin answers (deals and requests) carry it; `adminName` names whoever asked for it. */
export function adminSplit(
  { split }: Pick<DealContext, 'split'>,
  adminName: (id: string) => string,
) {
  if (split === null) return null;
  return {
    creatorCents: split.creatorCents,
    refundCents: split.refundCents,
    feeKeptCents: split.feeKeptCents,
    transfer: split.transfer,
    refund: split.refund,
    transferFailure: failureText(split.transferFailure),
    refundFailure: failureText(split.refundFailure),
    requestedAt: split.requestedAt,
    by:
      split.requestedBy === null
        ? 'admin (unknown)'
        : adminName(split.requestedBy),
  };
}

/** A deal with a plan: its milestones (no gateway ids for the link) and their summary; nothing otherwise. */
function milestoneFields(
  snapshot: DealSnapshot,
  now: string,
  link: boolean,
): Partial<DealDto> {
  const { milestones } = snapshot.context;
  if (milestones === undefined) return {};
  const views = milestoneViews(snapshot, now);
  return {
    milestones: link
      ? views.map((m) => ({ ...m, transferId: null, refundId: null }))
      : views,
    milestoneSummary: milestoneSummary(milestones),
  };
}

/** The deal's amounts, as decimal strings and as cents. */
function amountFields(
  terms: NonNullable<DealContext['terms']>,
): Pick<
  DealDto,
  | 'amount'
  | 'platformFee'
  | 'totalAmount'
  | 'amountCents'
  | 'platformFeeCents'
  | 'totalAmountCents'
> {
  return {
    amount: centsToDecimal(terms.amountCents),
    platformFee: centsToDecimal(terms.feeCents),
    totalAmount: centsToDecimal(terms.totalCents),
    amountCents: terms.amountCents,
    platformFeeCents: terms.feeCents,
    totalAmountCents: terms.totalCents,
  };
}

/**
 * Listed field by field: answers are serialised without a schema pass (docs/adr/0006), so
 * nothing beyond dealStateSchema (e.g. the view's own `value`) may slip into the JSON.
 */
function stateFields(
  state: ReturnType<typeof dealStateView>,
): DealDto['state'] {
  return {
    status: state.status,
    step: state.step,
    badge: state.badge,
    brandText: state.brandText,
    creatorText: state.creatorText,
    onHold: state.onHold,
    can: state.can,
  };
}

/**
 * A deal as the API answers it: the spec's fields (decimal strings and cents), the machine's value
 * and context (redacted for link views) and the state view (status, step, texts, allowed actions).
 */
export function toDealDto(
  record: Pick<DealRecord, 'id' | 'state' | 'context'>,
  now: string,
  view: DealView,
  brandName: string,
  /** The app secret's HMAC: the owner's answer then carries its receipt's reference. */
  keyedHash?: KeyedHash,
): DealDto {
  const c = record.context;
  const terms = c.terms!;
  const snapshot = dealSnapshotFrom(stateValueFromKey(record.state), c);
  const state = dealStateView(snapshot, now);
  const link = view === 'link';
  const dto: DealDto = {
    id: record.id,
    influencer: terms.influencer,
    profileLink: terms.profileLink,
    title: terms.title,
    description: terms.description,
    ...amountFields(terms),
    deadline: terms.deadline,
    publicationDeadline: terms.publicationDeadline,
    deliverables: terms.deliverables,
    platforms: terms.platforms,
    briefingFiles: terms.briefingFiles,
    revisionRounds: revisionRoundsOf(terms),
    usageRights: terms.usageRights ?? null,
    exclusivity: terms.exclusivity ?? { kind: 'none' },
    brandTerms: terms.brandTerms ?? null,
    contract: {
      hash: dealContract(c)?.hash ?? '',
      acceptedHash: c.contractHash,
      acceptedAt: c.influencerAcceptedAt,
    },
    revisionsUsed: c.revisionsUsed,
    revisions: c.revisions,
    ...milestoneFields(snapshot, now, link),
    status:
      state.status === 'new' ? 'pending_payment' : (state.status as DealStatus),
    shareableToken: c.shareableToken,
    stripeAccountId: c.stripeAccountId
      ? link
        ? 'connected'
        : c.stripeAccountId
      : null,
    influencerAcceptedAt: c.influencerAcceptedAt,
    paidAt: c.paidAt,
    deliveredAt: c.deliveredAt,
    reviewPeriodStartsAt: c.reviewPeriodStartsAt,
    reviewPeriodEndsAt: c.reviewPeriodEndsAt,
    disputeCreatedAt: c.disputeCreatedAt,
    disputePeriodEndsAt: c.disputePeriodEndsAt,
    completedAt: c.completedAt,
    createdAt: c.createdAt ?? now,
    dispute: c.dispute,
    onHold: c.hold !== null,
    lastTransferError: link ? null : c.lastTransferError,
    split: splitAmounts(c),
    chargeback: chargebackSummary(c),
    brandName,
    ...(view === 'owner' && keyedHash
      ? { receiptRef: c.paidAt ? receiptRefOf(keyedHash, record.id) : null }
      : {}),
    machine: {
      value: snapshot.value as DealDto['machine']['value'],
      context: link ? redactDealContext(c) : { ...c },
    },
    state: stateFields(state),
  };
  // Whoever holds the link reads it under the one redaction rule (server/shared/redaction.ts);
  // the brand reads the creator's connected account only as present.
  if (link) return redactFor('link', dto);
  return view === 'owner' ? redactOtherSide('brand', dto) : dto;
}

/**
 * The context fields the deal machine's guards read (deal.machine.ts `guards`). A list item's
 * `machine.context` carries only these: the web merges them over `emptyDealContext` and rebuilds
 * a snapshot whose `can()` answers exactly as with the full context. Keep in step with the guards.
 */
export const GUARD_CONTEXT_FIELDS = [
  'shareableToken',
  'influencerAcceptedAt',
  'hold',
  'onboardingAccountId',
  'stripeAccountId',
  'reviewPeriodEndsAt',
  'reviewElapsedAt',
  'disputePeriodEndsAt',
  'disputeElapsedAt',
  // Revision rounds: whether changes may be asked for, and whether a delivery is a redelivery.
  'revisionRounds',
  'revisionsUsed',
  'revisions',
  // What is due and what the ledger holds: the money guards (release, refund, checkout) compare them.
  'amounts',
  'money',
  'openSession',
  'pendingRelease',
  'pendingRefund',
  // A split asked for blocks every other money action (and is the last one).
  'split',
  'unexpectedPayments',
  // The webhooks' guards (no UI action), kept so every guard judges alike.
  'paidAt',
  'checkoutSessionId',
  'duplicateRefunds',
  'lastFailedSessionId',
  // A deal with a plan: its milestones decide its state and actions (absent otherwise).
  'milestones',
  'splitMilestone',
] as const satisfies readonly (keyof DealContext)[];

/**
 * A deal as the brand's list answers it: every card field and `state` as in `toDealDto`, but the
 * machine context cut to the guard fields (the full context is on GET /api/deals/:id). That is
 * what made a 50-deal list ~107 KB: terms and payment ids repeated inside every item.
 */
export function toDealListItem(
  record: Pick<DealRecord, 'id' | 'state' | 'context'>,
  now: string,
  brandName: string,
  keyedHash: KeyedHash,
): DealListItemDto {
  const { contract: _contract, ...dto } = toDealDto(
    record,
    now,
    'owner',
    brandName,
    keyedHash,
  );
  const context: Record<string, unknown> = {};
  for (const field of GUARD_CONTEXT_FIELDS)
    if (record.context[field] !== undefined)
      context[field] = record.context[field];
  return {
    ...dto,
    machine: {
      value: dto.machine.value,
      context: redactOtherSide('brand', context),
    },
  };
}

export function toAdminDealDto(
  record: Pick<DealRecord, 'id' | 'state' | 'context'>,
  now: string,
  owner: { companyName: string | null; username: string; email: string },
  adminName: (id: string) => string = () => 'admin',
): AdminDealDto {
  const { milestones: views, ...dto } = toDealDto(
    record,
    now,
    'admin',
    owner.companyName ?? owner.username,
  );
  const snapshot = dealSnapshotFrom(
    stateValueFromKey(record.state),
    record.context,
  );
  const milestones = views?.map((m) => ({
    ...m,
    adminCan: milestoneAdminCan(snapshot, m.index, now),
  }));
  // Admins and auditors see the deal under the admin area's one redaction rule (no link token, session, account or payment id).
  return redactForAdmin({
    ...dto,
    ...(milestones ? { milestones } : {}),
    user: owner,
    chargebacks: record.context.chargebacks,
    duplicateRefunds: record.context.duplicateRefunds,
    split: adminSplit(record.context, adminName),
  });
}
