import type { ActionCode } from '@machines/errors/action-texts';
import { randomUUID } from 'node:crypto';
import type {
  AnyMachineSnapshot,
  AnyStateMachine,
  EventFromLogic,
  SnapshotFrom,
} from 'xstate';
import { eventDefinition } from '@machines/events/catalog';
import type { Actor, EventMetadata } from '@machines/events/metadata';
import type { Aggregate } from './aggregate';
import type { ErrorCode } from '@machines/errors/error-catalogue';
import { DomainError } from './domain-error';
import { stateKey, step } from '@machines/statechart';

/** What a command decided, validated and stamped: ready to append. */
export interface CheckedEvent {
  id: string;
  type: string;
  data: unknown;
  metadata: EventMetadata;
}

export interface DraftLike {
  type: string;
  data: unknown;
  id?: string;
}

export interface Stamp {
  actor: Actor;
  at: string;
  correlationId: string;
  causationId: string | null;
}

/**
 * Validates each draft against its zod schema, checks the statechart takes it (`can`), folds it
 * and stamps metadata (incl. the state reached). One bad draft refuses the whole command.
 */
/** The refusal of an event the aggregate's statechart does not take now. */
const notInState: Record<string, ErrorCode> = {
  deal: 'deal_not_in_state',
  'payment request': 'payment_request_not_in_state',
};

export function checkDrafts<M extends AnyStateMachine>(
  aggregate: Aggregate<M>,
  from: SnapshotFrom<M>,
  drafts: readonly DraftLike[],
  stamp: Stamp,
  newId: () => string = randomUUID,
): { snapshot: SnapshotFrom<M>; events: CheckedEvent[] } {
  let snapshot = from;
  const events: CheckedEvent[] = new Array<CheckedEvent>(drafts.length);
  for (let i = 0; i < drafts.length; i++) {
    const draft = drafts[i]!;
    const definition = eventDefinition(draft.type);
    if (!definition)
      throw new DomainError('unknown_event', { type: draft.type });
    const parsed = definition.schema.safeParse(draft.data);
    if (!parsed.success) {
      throw new DomainError(
        'invalid_event_data',
        {
          type: draft.type,
          detail: parsed.error.issues[0]?.message ?? 'invalid data',
        },
        { issues: parsed.error.issues },
      );
    }
    const metadata: EventMetadata = {
      actor: stamp.actor,
      at: stamp.at,
      correlationId: stamp.correlationId,
      causationId: stamp.causationId,
      schemaVersion: definition.version,
    };
    const event = {
      type: draft.type,
      data: parsed.data,
      metadata,
    } as EventFromLogic<M>;
    if (!(snapshot as AnyMachineSnapshot).can(event)) {
      const status = aggregate.describe(snapshot as never);
      const code = notInState[aggregate.name] ?? 'account_not_in_state';
      throw new DomainError(
        code,
        { action: humanize(draft.type), thing: aggregate.name, status },
        { eventType: draft.type, status },
      );
    }
    snapshot = step(aggregate.machine, snapshot, event);
    metadata.state = stateKey((snapshot as AnyMachineSnapshot).value);
    events[i] = {
      id: draft.id ?? newId(),
      type: draft.type,
      data: parsed.data,
      metadata,
    };
  }
  return { snapshot, events };
}

/** What a refused event would have done, as the step users read: "Cannot edit the deal while ...". */
const actionWords: Record<string, ActionCode> = {
  DealCreated: 'create_deal',
  DealUpdated: 'edit_deal',
  DealDeleted: 'delete_deal',
  ShareLinkGenerated: 'create_share_link',
  CheckoutSessionCreated: 'start_payment',
  PaymentSucceeded: 'record_payment',
  CreatorAccepted: 'accept_deal',
  BankOnboardingStarted: 'start_bank_setup',
  BankAccountConnected: 'connect_bank_account',
  ContentDelivered: 'complete_assignment',
  DisputeOpened: 'open_dispute',
  FundsReleased: 'release_funds',
  DealCompletedManually: 'complete_manually',
  DealPutOnHold: 'put_on_hold',
  DealReleasedFromHold: 'resume_deal',
  DealRefunded: 'refund_deal',
  PaymentRequestAccepted: 'accept_request',
  PaymentRequestCheckoutCreated: 'start_payment',
  PaymentRequestCompleted: 'complete_request',
  PaymentRequestRejected: 'decline_request',
  OnboardingCompleted: 'complete_onboarding',
  AdminDeactivated: 'deactivate_admin',
  AdminLoggedIn: 'sign_in',
  AdminRecoveryCodeIssued: 'issue_recovery_code',
  AdminRecoveryCodeUsed: 'use_recovery_code',
  FundsReleaseRequested: 'release_funds',
  RefundRequested: 'refund_payment',
  DealSplitRequested: 'split_funds',
  ChangesRequested: 'request_changes',
  ContentRedelivered: 'complete_assignment',
  DisputeMessagePosted: 'post_dispute_message',
  DealNoteAdded: 'add_note',
  PaymentRequestDisputeOpened: 'open_dispute',
  PaymentRequestDisputeMessagePosted: 'post_dispute_message',
  PaymentRequestPayoutRequested: 'release_funds',
  PaymentRequestRefundRequested: 'refund_payment',
  PaymentRequestSplitRequested: 'split_funds',
};

/** "FundsReleased" → `release_funds`; a type without its own words is "take this step". */
function humanize(type: string): ActionCode {
  return actionWords[type] ?? 'take_step';
}
