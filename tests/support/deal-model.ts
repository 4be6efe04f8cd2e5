import type { SnapshotFrom } from 'xstate';
import {
  dealEventDefinitions,
  type DealEvent,
} from '@machines/deal/deal.events';
import type { dealMachine } from '@machines/deal/deal.machine';
import { escrowedCents, type DealContext } from '@machines/deal/deal.context';
import { stateKey } from '@machines/statechart';
import {
  actors,
  event,
  HOUR,
  terms,
  T0,
  type AnyEventType,
  type DataOf,
} from './event-factory';

/**
 * The deal machine as a test model: which concrete events to try in a state (with data and
 * times derived from the state, so timer guards see realistic instants), and an abstraction of the
 * snapshot that keeps exactly what the guards and the view depend on (so self-loops that only
 * record data collapse and the graph stays finite).
 */
type Snapshot = SnapshotFrom<typeof dealMachine>;

const MINUTE = 60_000;
const timeFields: (keyof DealContext)[] = [
  'createdAt',
  'paidAt',
  'influencerAcceptedAt',
  'deliveredAt',
  'reviewPeriodStartsAt',
  'reviewElapsedAt',
  'disputeCreatedAt',
  'disputeElapsedAt',
  'completedAt',
  'cancelledAt',
  'deletedAt',
];

/** The model's "now" in a state: one minute after the latest thing that happened. */
export function modelNow(context: DealContext): string {
  const times = timeFields
    .map((f) => context[f])
    .filter((v): v is string => typeof v === 'string')
    .map(Date.parse);
  if (context.hold) times.push(Date.parse(context.hold.since));
  const lastRevision = context.revisions.at(-1);
  if (lastRevision) times.push(Date.parse(lastRevision.at));
  return new Date(
    (times.length ? Math.max(...times) : Date.parse(T0)) + MINUTE,
  ).toISOString();
}

const later = (a: string, b: string | null): string =>
  b !== null && Date.parse(b) > Date.parse(a) ? b : a;
const plusHours = (iso: string, h: number) =>
  new Date(Date.parse(iso) + h * HOUR).toISOString();

function make<T extends AnyEventType>(
  type: T,
  data: Partial<DataOf<T>>,
  at: string,
): DealEvent {
  return event(type, data, at, actors.system) as unknown as DealEvent;
}

/** One concrete event per type (several for release triggers), data and times derived from the state. */
export function dealModelEvents(snapshot: Snapshot): DealEvent[] {
  const c = snapshot.context;
  const now = modelNow(c);
  const heldFor = c.hold ? Date.parse(now) - Date.parse(c.hold.since) : 0;
  const extend = (end: string | null) =>
    end === null ? null : new Date(Date.parse(end) + heldFor).toISOString();
  const specific: Partial<Record<DealEvent['type'], () => DealEvent[]>> = {
    // One revision round: the model walks a change request, its redelivery and the refusal after it.
    DealCreated: () => [
      make(
        'DealCreated',
        { dealId: 1, ...terms(25_000), revisionRounds: 1 },
        now,
      ),
    ],
    DealUpdated: () => [make('DealUpdated', terms(30_000), now)],
    BankOnboardingStarted: () => [
      make('BankOnboardingStarted', { accountId: 'acct_1' }, now),
    ],
    BankAccountConnected: () => [
      make('BankAccountConnected', { accountId: 'acct_1' }, now),
    ],
    ReviewPeriodStarted: () => [
      make(
        'ReviewPeriodStarted',
        { startsAt: now, endsAt: plusHours(now, 48) },
        now,
      ),
    ],
    ReviewPeriodElapsed: () => [
      make(
        'ReviewPeriodElapsed',
        { endsAt: c.reviewPeriodEndsAt ?? now },
        later(now, c.reviewPeriodEndsAt),
      ),
    ],
    DisputeOpened: () => [
      make('DisputeOpened', { endsAt: plusHours(now, 72) }, now),
    ],
    // A change request uses the next round; a redelivery answers the latest one.
    ChangesRequested: () => [
      make('ChangesRequested', { round: c.revisionsUsed + 1 }, now),
    ],
    ContentRedelivered: () => [
      make('ContentRedelivered', { round: c.revisionsUsed }, now),
    ],
    DisputePeriodElapsed: () => [
      make(
        'DisputePeriodElapsed',
        { endsAt: c.disputePeriodEndsAt ?? now },
        later(now, c.disputePeriodEndsAt),
      ),
    ],
    // Money as intent then outcome: the checkout session charges what is due, the payment pays it,
    // a release or refund is asked for, and the gateway's answer carries the intent's key.
    CheckoutSessionCreated: () => [
      make(
        'CheckoutSessionCreated',
        { sessionId: 'cs_1', totalCents: c.amounts?.totalCents ?? 0 },
        now,
      ),
    ],
    // Outcomes without their intent are still tried (the guards refuse them): an empty list would make xstate/graph send a bare `{type}`.
    CheckoutSessionClosed: () => [
      make(
        'CheckoutSessionClosed',
        { sessionId: c.openSession?.sessionId ?? 'cs_none' },
        now,
      ),
    ],
    PaymentSucceeded: () => [
      make(
        'PaymentSucceeded',
        {
          checkoutSessionId: c.openSession?.sessionId ?? 'cs_1',
          amountCents: c.openSession?.totalCents ?? 0,
        },
        now,
      ),
    ],
    PaymentFailed: () => [
      make(
        'PaymentFailed',
        { checkoutSessionId: c.openSession?.sessionId ?? 'cs_1' },
        now,
      ),
    ],
    FundsReleaseRequested: () =>
      (
        [
          'brand',
          'admin',
          'review_period_elapsed',
          'dispute_period_elapsed',
        ] as const
      ).map((trigger) =>
        make(
          'FundsReleaseRequested',
          {
            trigger,
            amountCents: c.amounts?.amountCents ?? 0,
            key: `release-${trigger}`,
          },
          now,
        ),
      ),
    FundsReleased: () => [
      make(
        'FundsReleased',
        c.pendingRelease
          ? { ...c.pendingRelease }
          : { trigger: 'brand', key: 'none' },
        now,
      ),
    ],
    TransferFailed: () => [
      make(
        'TransferFailed',
        c.pendingRelease
          ? { trigger: c.pendingRelease.trigger, key: c.pendingRelease.key }
          : { trigger: 'brand', key: 'none' },
        now,
      ),
    ],
    RefundRequested: () => [
      make(
        'RefundRequested',
        { amountCents: escrowedCents(c), key: 'refund-1' },
        now,
      ),
    ],
    DealRefunded: () => [
      make(
        'DealRefunded',
        c.pendingRefund
          ? {
              amountCents: c.pendingRefund.amountCents,
              key: c.pendingRefund.key,
            }
          : { key: 'none' },
        now,
      ),
    ],
    RefundFailed: () => [
      make('RefundFailed', { key: c.pendingRefund?.key ?? 'none' }, now),
    ],
    DealReleasedFromHold: () => [
      make(
        'DealReleasedFromHold',
        {
          reviewPeriodEndsAt: extend(c.reviewPeriodEndsAt),
          disputePeriodEndsAt: extend(c.disputePeriodEndsAt),
        },
        now,
      ),
    ],
  };
  // Every type of the catalogue is tried (new types with their example data), so the model never
  // sends XState's bare `{type}` placeholder.
  return dealEventDefinitions.flatMap(
    (d) => specific[d.type]?.() ?? [make(d.type, {}, now)],
  );
}

/** Vertex identity: the state plus every fact a guard or the view reads. */
export function serializeDealModelState(snapshot: Snapshot): string {
  const c = snapshot.context;
  const flags = [
    c.hold ? 'held' : '',
    c.shareableToken ? 'link' : '',
    c.onboardingAccountId ? 'onboarding' : '',
    c.reviewPeriodEndsAt ? 'review' : '',
    c.reviewElapsedAt ? 'review-elapsed' : '',
    c.disputeElapsedAt ? 'dispute-elapsed' : '',
    c.openSession ? 'session' : '',
    c.pendingRelease ? `releasing-${c.pendingRelease.trigger}` : '',
    c.pendingRefund ? 'refunding' : '',
    // Where the change request turns on it (delivered, nothing else under way); elsewhere the
    // walk after a used round is the walk before it, so the graph stays about as small.
    /^(delivered|changes_requested)/.test(stateKey(snapshot.value)) &&
    !c.hold &&
    !c.pendingRelease &&
    !c.pendingRefund &&
    !c.reviewElapsedAt &&
    c.revisionsUsed >= c.revisionRounds
      ? 'rounds-used'
      : '',
  ].filter(Boolean);
  return `${stateKey(snapshot.value)}[${flags.join(',')}]`;
}
