import type { EventFromLogic, SnapshotFrom, StateValue } from 'xstate';
import { deepestMeta, statusOf } from '../statechart';
import { probeMetadata } from '../events/probe';
import {
  dealMachine,
  type DealStateMeta,
  type DealStatus,
  type BadgeColour,
} from './deal.machine';
import { escrowedCents, type DealContext } from './deal.context';
import { MIN_DEAL_CENTS } from '../money';
import {
  chargedBackEnd,
  payableNowCents,
  writtenOffByChargeback,
} from '../escrow/escrow-limits';
import { creatorDueCents } from './deal-milestone-context';

type Snapshot = SnapshotFrom<typeof dealMachine>;
type Event = EventFromLogic<typeof dealMachine>;

/** What a user (or the timer reactor) may ask of a deal; each maps to the event it would append. */
export const dealActions = [
  'edit',
  'delete',
  'generateLink',
  'checkout',
  'accept',
  'startBankSetup',
  'deliver',
  'release',
  'dispute',
  'requestChanges',
  'adminRelease',
  'hold',
  'resume',
  'refund',
  'manualComplete',
  'elapseReviewPeriod',
  'elapseDisputePeriod',
] as const;
export type DealAction = (typeof dealActions)[number];

type SetupAction =
  | 'edit'
  | 'delete'
  | 'generateLink'
  | 'checkout'
  | 'accept'
  | 'startBankSetup';
const setupActions: ReadonlySet<DealAction> = new Set<SetupAction>([
  'edit',
  'delete',
  'generateLink',
  'checkout',
  'accept',
  'startBankSetup',
]);
const isSetup = (action: DealAction): action is SetupAction =>
  setupActions.has(action);

/** The probes of setting a deal up, before its money is in escrow: terms, link, checkout, acceptance, bank. */
function setupProbe(
  action: SetupAction,
  context: DealContext,
  now: string,
  metadata: Event['metadata'],
): Event {
  // A deal not created yet has no terms: placeholder terms the guards accept.
  const terms = context.terms ?? {
    influencer: 'probe',
    profileLink: null,
    title: null,
    description: 'probe',
    amountCents: 1,
    feeCents: 0,
    totalCents: 1,
    deadline: now,
    publicationDeadline: null,
    deliverables: [],
    platforms: [],
    briefingFiles: null,
  };
  switch (action) {
    case 'edit':
      return {
        type: 'DealUpdated',
        data: {
          ...terms,
          amountCents: MIN_DEAL_CENTS,
          feeCents: 0,
          totalCents: MIN_DEAL_CENTS,
        },
        metadata,
      };
    case 'delete':
      return { type: 'DealDeleted', data: {}, metadata };
    case 'generateLink':
      return {
        type: 'ShareLinkGenerated',
        data: { token: 'probeprobeprobeprobeprobe' },
        metadata,
      };
    case 'checkout':
      return {
        type: 'CheckoutSessionCreated',
        data: {
          sessionId: 'probe',
          totalCents: context.amounts?.totalCents ?? 0,
          gateway: 'simulated',
        },
        metadata,
      };
    case 'accept':
      return { type: 'CreatorAccepted', data: {}, metadata };
    case 'startBankSetup':
      return {
        type: 'BankOnboardingStarted',
        data: { accountId: 'probe' },
        metadata,
      };
  }
}

type EscrowAction = Exclude<DealAction, SetupAction>;
type AdminOrTimerAction =
  | 'hold'
  | 'resume'
  | 'refund'
  | 'manualComplete'
  | 'elapseReviewPeriod'
  | 'elapseDisputePeriod';

/** The probes of what happens to the money: delivery, review, release, dispute. */
function escrowProbe(
  action: EscrowAction,
  context: DealContext,
  now: string,
  metadata: Event['metadata'],
): Event {
  switch (action) {
    case 'deliver':
      // After a change request the creator's delivery is that round's redelivery.
      return context.revisions.at(-1)?.kind === 'changes_requested'
        ? {
            type: 'ContentRedelivered',
            data: { round: context.revisionsUsed },
            metadata,
          }
        : { type: 'ContentDelivered', data: {}, metadata };
    case 'requestChanges':
      return {
        type: 'ChangesRequested',
        data: { note: 'probe', round: context.revisionsUsed + 1 },
        metadata,
      };
    case 'release':
    case 'adminRelease':
      return {
        type: 'FundsReleaseRequested',
        data: {
          trigger: action === 'release' ? 'brand' : 'admin',
          // A deal with a plan releases what is not yet released (as ReleaseFunds asks for it).
          amountCents:
            context.milestones === undefined
              ? (context.amounts?.amountCents ?? 0)
              : payableNowCents(context, creatorDueCents(context)),
          key: 'probe',
        },
        metadata,
      };
    case 'dispute':
      return {
        type: 'DisputeOpened',
        data: { reason: 'probe', description: null, endsAt: now },
        metadata,
      };
    default:
      return adminOrTimerProbe(action, context, now, metadata);
  }
}

/** The probes of an admin's hold, refund or completion, and of the timers' period ends. */
function adminOrTimerProbe(
  action: AdminOrTimerAction,
  context: DealContext,
  now: string,
  metadata: Event['metadata'],
): Event {
  switch (action) {
    case 'hold':
      return {
        type: 'DealPutOnHold',
        data: { source: 'admin', reason: 'probe' },
        metadata,
      };
    case 'resume':
      return {
        type: 'DealReleasedFromHold',
        data: { reviewPeriodEndsAt: null, disputePeriodEndsAt: null },
        metadata,
      };
    case 'refund':
      // A lost chargeback left nothing to refund: the admin's refund records the end (ADR 0040).
      if (writtenOffByChargeback(context))
        return {
          type: 'DealRefunded',
          data: { ...chargedBackEnd(context), reason: 'charged_back' },
          metadata,
        };
      return {
        type: 'RefundRequested',
        data: {
          amountCents: Math.max(1, escrowedCents(context)),
          key: 'probe',
        },
        metadata,
      };
    case 'manualComplete':
      return {
        type: 'DealCompletedManually',
        data: { reason: 'probe' },
        metadata,
      };
    case 'elapseReviewPeriod':
      return {
        type: 'ReviewPeriodElapsed',
        data: { endsAt: context.reviewPeriodEndsAt ?? now },
        metadata,
      };
    case 'elapseDisputePeriod':
      return {
        type: 'DisputePeriodElapsed',
        data: { endsAt: context.disputePeriodEndsAt ?? now },
        metadata,
      };
  }
}

/** A representative event for each action, shaped so the guards judge the action, not the sample. */
export function probeEvent(
  action: DealAction,
  context: DealContext,
  now: string,
): Event {
  const metadata = probeMetadata(now);
  return isSetup(action)
    ? setupProbe(action, context, now, metadata)
    : escrowProbe(action, context, now, metadata);
}

export interface DealStateView {
  value: StateValue;
  status: DealStatus | 'new';
  step: number | null;
  badge: BadgeColour;
  brandText: string;
  creatorText: string;
  onHold: boolean;
  can: DealAction[];
}

export function dealStateMeta(snapshot: Snapshot): DealStateMeta | null {
  return deepestMeta<DealStateMeta>(snapshot);
}

const chargedBackTexts: Record<
  string,
  { brandText: string; creatorText: string } | undefined
> = {
  cancelled: {
    brandText: 'deal.brand.charged_back',
    creatorText: 'deal.creator.charged_back',
  },
  completed: {
    brandText: 'deal.brand.charged_back_in_part',
    creatorText: 'deal.creator.charged_back_in_part',
  },
};

/** Everything a screen needs to render a deal's status, progress and buttons, from the snapshot. */
export function dealStateView(snapshot: Snapshot, now: string): DealStateView {
  const meta = dealStateMeta(snapshot);
  // Ended because a lost chargeback gave the brand its money back: the texts say so. A deal with
  // milestones paid out in part before ends completed, and its texts say the rest was charged back.
  const ended = chargedBackTexts[meta?.status ?? ''];
  if (snapshot.context.endReason === 'charged_back' && ended)
    return { ...dealStateViewOf(snapshot, meta, now), ...ended };
  return dealStateViewOf(snapshot, meta, now);
}

function dealStateViewOf(
  snapshot: Snapshot,
  meta: DealStateMeta | null,
  now: string,
): DealStateView {
  return {
    value: snapshot.value,
    status: statusOf(snapshot) as DealStatus | 'new',
    step: meta?.step ?? null,
    badge: meta?.badge ?? 'grey',
    brandText: meta?.brandText ?? '',
    creatorText: meta?.creatorText ?? '',
    onHold: snapshot.context.hold !== null,
    can: dealActions.filter((action) =>
      snapshot.can(probeEvent(action, snapshot.context, now)),
    ),
  };
}

/** Rebuilds a snapshot from the value and context an API answer carries (the UI does this). */
export function dealSnapshotFrom(
  value: StateValue,
  context: DealContext,
): Snapshot {
  return dealMachine.resolveState({ value, context });
}
