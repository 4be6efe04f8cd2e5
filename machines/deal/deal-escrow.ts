import type { ActionCode } from '../errors/action-texts';
import type { SnapshotFrom } from 'xstate';
import { DomainError } from '../command-error';
import type { DraftOf } from '../events/define';
import type { ErrorCode, ErrorParams } from '../errors/error-catalogue';
import { dealEscrowEvents } from '../escrow/escrow-events';
import { escrowDecider, type EscrowKind } from '../escrow/escrow-decider';
import { statusOf, step } from '../statechart';
import type { DealEvent } from './deal.events';
import { dealMachine } from './deal.machine';
import type { EventMetadata } from '../events/metadata';
import { probeMetadata } from '../events/probe';

/**
 * How a deal plays the escrow (machines/escrow), the escrow's decider helpers bound to it, and
 * how the deal's decider throws a guard's code (deal.guards.ts) with the params users read.
 */

export type DealDraft = DraftOf<DealEvent>;
export type DealSnapshot = SnapshotFrom<typeof dealMachine>;

/** How a deal plays the escrow (machines/escrow). */
export const dealEscrow: EscrowKind<DealSnapshot, DealDraft> = {
  noun: 'deal',
  events: dealEscrowEvents,
  status: statusOf,
  awaitingPayment: 'pending_payment',
  holding: ['pending_delivery', 'delivered', 'changes_requested', 'dispute'],
  closedReason: 'deal_closed',
  dueCents: (snapshot) => snapshot.context.terms?.totalCents ?? null,
  checkoutChanged: () => new DomainError('deal_changed_during_checkout'),
  draft: (type, data) => ({ type, data }) as DealDraft,
  next: (snapshot, draft, now) =>
    step(dealMachine, snapshot, {
      ...draft,
      metadata: probeMetadata(now) as EventMetadata,
    } as never),
};

export const {
  refused,
  only,
  closeOpenSession,
  decide: escrow,
  canTake: dealCanTake,
  limitRefusal,
  splitOutcome,
  retrySplit,
  chargebackEnd,
} = escrowDecider(dealEscrow);

/** The params a guard's code is answered with: the status a pending effect or a hold shows as. */
const refusalParams: Partial<Record<ErrorCode, ErrorParams>> = {
  release_already_under_way: { status: 'release_pending' },
  release_under_way: { status: 'release_pending' },
  refund_under_way: { status: 'refund_pending' },
  refund_already_under_way: { status: 'refund_pending' },
  split_under_way: { status: 'split_pending' },
  deal_on_hold: { status: 'on_hold' },
  deal_already_on_hold: { status: 'on_hold' },
  no_bank_account: { gatewayCode: 'no_bank_account' },
  chargeback_open: {},
  link_already_claimed: {},
  own_deal_not_acceptable: {},
};

/** A guard's refusal (deal.guards.ts) as the decider throws it; none, or `deal_not_in_state`, names the action. */
export function refusal(
  snapshot: DealSnapshot,
  code: ErrorCode | null,
  action: ActionCode,
  params?: ErrorParams,
): DomainError {
  if (code === null || code === 'deal_not_in_state')
    return refused(snapshot, action);
  return new DomainError(
    code,
    params ?? refusalParams[code] ?? { status: statusOf(snapshot) },
  );
}

/** The guard's own refusal first, else the statechart's (a limit, or the state): `only` with a guard. */
export function guarded(
  snapshot: DealSnapshot,
  now: string,
  action: ActionCode,
  code: ErrorCode | null,
  draft: DealDraft,
): DealDraft[] {
  if (code !== null && code !== 'deal_not_in_state')
    throw refusal(snapshot, code, action);
  return only(snapshot, now, action, draft);
}
