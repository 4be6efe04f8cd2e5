import { randomUUID } from 'node:crypto';
import type { AnyMachineSnapshot, AnyStateMachine, EventFromLogic, SnapshotFrom } from 'xstate';
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
    if (!definition) throw new DomainError('unknown_event', { type: draft.type });
    const parsed = definition.schema.safeParse(draft.data);
    if (!parsed.success) {
      throw new DomainError(
        'invalid_event_data',
        { type: draft.type, detail: parsed.error.issues[0]?.message ?? 'invalid data' },
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
    const event = { type: draft.type, data: parsed.data, metadata } as EventFromLogic<M>;
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
    events[i] = { id: draft.id ?? newId(), type: draft.type, data: parsed.data, metadata };
  }
  return { snapshot, events };
}

/** What a refused event would have done, in words users read: "Cannot edit the deal while ...". */
const actionWords: Record<string, string> = {
  DealCreated: 'create the deal',
  DealUpdated: 'edit the deal',
  DealDeleted: 'delete the deal',
  ShareLinkGenerated: 'create a share link',
  CheckoutSessionCreated: 'start a payment',
  PaymentSucceeded: 'record a payment',
  CreatorAccepted: 'accept the deal',
  BankOnboardingStarted: 'start bank setup',
  BankAccountConnected: 'connect a bank account',
  ContentDelivered: 'mark the assignment as completed',
  DisputeOpened: 'open a dispute',
  FundsReleased: 'release the funds',
  DealCompletedManually: 'complete the deal manually',
  DealPutOnHold: 'put the deal on hold',
  DealReleasedFromHold: 'resume the deal',
  DealRefunded: 'refund the deal',
  PaymentRequestAccepted: 'accept the request',
  PaymentRequestCheckoutCreated: 'start a payment',
  PaymentRequestCompleted: 'complete the request',
  PaymentRequestRejected: 'decline the request',
  OnboardingCompleted: 'complete onboarding',
  AdminDeactivated: 'deactivate the admin account',
  AdminLoggedIn: 'sign in',
  AdminRecoveryCodeIssued: 'issue a recovery code',
  AdminRecoveryCodeUsed: 'sign in with the recovery code',
};

/** "FundsReleased" → "release the funds"; unknown types fall back to their words ("funds released"). */
function humanize(type: string): string {
  return actionWords[type] ?? type.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
}
