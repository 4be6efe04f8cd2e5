import type { EventFromLogic, SnapshotFrom, StateValue } from 'xstate';
import { deepestMeta, statusOf } from '../statechart';
import { probeMetadata } from '../events/probe';
import {
  paymentRequestMachine,
  type PaymentRequestStateMeta,
  type PaymentRequestStatus,
} from './payment-request.machine';
import type { PaymentRequestContext } from './payment-request.context';
import { escrowedCents, failedSplitParts } from '../escrow/escrow-ledger';
import {
  chargedBackEnd,
  payableNowCents,
  writtenOffByChargeback,
} from '../escrow/escrow-limits';
import { splitFeeCents } from '../money';

type Snapshot = SnapshotFrom<typeof paymentRequestMachine>;
type Event = EventFromLogic<typeof paymentRequestMachine>;

export const paymentRequestActions = [
  'accept',
  'checkout',
  'complete',
  'approve',
  'dispute',
  'reject',
  'expire',
] as const;
export type PaymentRequestAction = (typeof paymentRequestActions)[number];

export function probePaymentRequestEvent(
  action: PaymentRequestAction,
  context: PaymentRequestContext,
  now: string,
): Event {
  const metadata = probeMetadata(now);
  switch (action) {
    case 'accept':
      return { type: 'PaymentRequestAccepted', data: {}, metadata };
    case 'checkout':
      return {
        type: 'PaymentRequestCheckoutCreated',
        data: {
          sessionId: 'probe',
          totalCents: context.request?.totalCents ?? 0,
          gateway: 'simulated',
        },
        metadata,
      };
    case 'complete':
      return {
        type: 'PaymentRequestDelivered',
        data: { note: null, links: [], reviewPeriodEndsAt: now },
        metadata,
      };
    // Approving is a payout now or a deferred one; both follow the same release rules.
    case 'approve':
      return {
        type: 'PaymentRequestPayoutDeferred',
        data: {
          creatorId: context.request?.creatorId ?? 'probe',
          amountCents: context.request?.amountCents ?? 0,
          reason: 'probe',
          trigger: 'brand',
        },
        metadata,
      };
    case 'dispute':
      return {
        type: 'PaymentRequestDisputeOpened',
        data: { reason: 'probe', endsAt: now },
        metadata,
      };
    case 'reject':
      return {
        type: 'PaymentRequestRejected',
        data: { reason: null },
        metadata,
      };
    case 'expire':
      return {
        type: 'PaymentRequestExpired',
        data: { expiresAt: context.request?.expiresAt ?? now },
        metadata,
      };
  }
}

export interface PaymentRequestStateView {
  value: StateValue;
  status: PaymentRequestStatus | 'new';
  step: number | null;
  badge: PaymentRequestStateMeta['badge'];
  text: string;
  /** True once expiresAt has passed, even before the expiry event lands. */
  pastExpiry: boolean;
  can: PaymentRequestAction[];
}

export function paymentRequestStateView(
  snapshot: Snapshot,
  now: string,
): PaymentRequestStateView {
  const meta = deepestMeta<PaymentRequestStateMeta>(snapshot);
  const expiresAt = snapshot.context.request?.expiresAt;
  return {
    value: snapshot.value,
    status: statusOf(snapshot) as PaymentRequestStatus | 'new',
    step: meta?.step ?? null,
    badge: meta?.badge ?? 'grey',
    // Refunded because a lost chargeback gave the brand its money back: the text says so.
    text:
      snapshot.context.endReason === 'charged_back' &&
      meta?.status === 'refunded'
        ? 'request.status.charged_back'
        : (meta?.text ?? ''),
    pastExpiry:
      expiresAt !== undefined && Date.parse(now) >= Date.parse(expiresAt),
    can: paymentRequestActions.filter((a) =>
      snapshot.can(probePaymentRequestEvent(a, snapshot.context, now)),
    ),
  };
}

export function paymentRequestSnapshotFrom(
  value: StateValue,
  context: PaymentRequestContext,
): Snapshot {
  return paymentRequestMachine.resolveState({ value, context });
}

/** Actions only an admin takes on a payment request; offered when the machine can take their event. */
export const adminRequestActions = [
  'releaseHold',
  'release',
  'refund',
  'split',
  'retrySplit',
] as const;
export type AdminRequestAction = (typeof adminRequestActions)[number];

/** The event each admin action would append; a Record over the action type, so a new action fails to compile until it is added here. */
const adminProbes: Record<
  AdminRequestAction,
  (c: PaymentRequestContext) => Event['data']
> = {
  releaseHold: () => ({ note: null }),
  // Probed as a payout now (a deferred one moves nothing, but the admin means to pay out).
  release: (c) => ({
    amountCents: payableNowCents(c, c.request?.amountCents ?? 0),
    destinationAccountId: 'probe',
    key: 'probe',
    trigger: 'admin',
  }),
  refund: (c) => ({ amountCents: escrowedCents(c), key: 'probe' }),
  // The smallest split: one cent to the creator (the admin picks the amount).
  split: (c) => {
    const fee = splitFeeCents(
      c.request?.amountCents ?? 1,
      c.request?.feeCents ?? 0,
      1,
    );
    const charged = escrowedCents(c);
    return {
      creatorCents: 1,
      feeKeptCents: fee,
      refundCents: charged - 1 - fee,
      chargedCents: charged,
      transferKey: 'probe:transfer',
      refundKey: 'probe:refund',
      destinationAccountId: 'probe',
    };
  },
  retrySplit: (c) => ({
    part: c.split?.transfer === 'failed' ? 'transfer' : 'refund',
    key: '',
  }),
};
const adminProbeTypes: Record<AdminRequestAction, Event['type']> = {
  releaseHold: 'PaymentRequestHoldReleased',
  release: 'PaymentRequestPayoutRequested',
  refund: 'PaymentRequestRefundRequested',
  split: 'PaymentRequestSplitRequested',
  retrySplit: 'PaymentRequestSplitRetried',
};

/** The admin actions the statechart takes now: the one definition behind the server's `adminCan` and the admin screen. */
export function adminRequestCan(
  snapshot: Snapshot,
  now: string,
): AdminRequestAction[] {
  const c = snapshot.context;
  return adminRequestActions.filter((a) => {
    if (a === 'retrySplit') return failedSplitParts(c.split).length > 0;
    // A deferred payout was released already: it follows once the creator's payout account is
    // ready (the timer asks again), and an admin's second release is refused.
    if (a === 'release' && c.payoutDeferredAt !== null) return false;
    const metadata = probeMetadata(now, { kind: 'admin', id: 'probe' });
    // A lost chargeback left nothing to refund: the admin's refund records the end (ADR 0040).
    if (a === 'refund' && writtenOffByChargeback(c))
      return snapshot.can({
        type: 'PaymentRequestRefunded',
        data: chargedBackEnd(c),
        metadata,
      } as Event);
    const data = adminProbes[a](c) as never;
    return snapshot.can({ type: adminProbeTypes[a], data, metadata } as Event);
  });
}
