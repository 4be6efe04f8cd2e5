import type { EventFromLogic, SnapshotFrom, StateValue } from 'xstate';
import { deepestMeta, statusOf } from '../statechart';
import { probeMetadata } from '../events/probe';
import {
  paymentRequestMachine,
  type PaymentRequestStateMeta,
  type PaymentRequestStatus,
} from './payment-request.machine';
import type { PaymentRequestContext } from './payment-request.context';

type Snapshot = SnapshotFrom<typeof paymentRequestMachine>;
type Event = EventFromLogic<typeof paymentRequestMachine>;

export const paymentRequestActions = [
  'accept',
  'checkout',
  'complete',
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
    // Completing is a payout now or a deferred one; both need the paid money free of any hold.
    case 'complete':
      return {
        type: 'PaymentRequestPayoutDeferred',
        data: {
          creatorId: context.request?.creatorId ?? 'probe',
          amountCents: context.request?.amountCents ?? 0,
          reason: 'probe',
        },
        metadata,
      };
    case 'reject':
      return { type: 'PaymentRequestRejected', data: { reason: null }, metadata };
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

export function paymentRequestStateView(snapshot: Snapshot, now: string): PaymentRequestStateView {
  const meta = deepestMeta<PaymentRequestStateMeta>(snapshot);
  const expiresAt = snapshot.context.request?.expiresAt;
  return {
    value: snapshot.value,
    status: statusOf(snapshot) as PaymentRequestStatus | 'new',
    step: meta?.step ?? null,
    badge: meta?.badge ?? 'grey',
    text: meta?.text ?? '',
    pastExpiry: expiresAt !== undefined && Date.parse(now) >= Date.parse(expiresAt),
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
export const adminRequestActions = ['releaseHold'] as const;
export type AdminRequestAction = (typeof adminRequestActions)[number];

/** The event each admin action would append; a Record over the action type, so a new action fails to compile until it is added here. */
const adminProbes: Record<AdminRequestAction, (at: string) => Event> = {
  releaseHold: (at) => ({
    type: 'PaymentRequestHoldReleased',
    data: { note: null },
    metadata: probeMetadata(at, { kind: 'admin', id: 'probe' }),
  }),
};

/** The admin actions the statechart takes now: the one definition behind the server's `adminCan` and the admin screen. */
export function adminRequestCan(snapshot: Snapshot, now: string): AdminRequestAction[] {
  return (Object.keys(adminProbes) as AdminRequestAction[]).filter((a) =>
    snapshot.can(adminProbes[a](now)),
  );
}
