import type { AnyStateMachine, SnapshotFrom } from 'xstate';
import type { CommandBus } from '../commands/command-bus';
import { DomainError } from '../commands/domain-error';
import type { EscrowTarget } from '../commands/run-command';
import type { ReactorRunner } from '../reactors/reactor-runner';
import { sideOf, type EscrowSide } from './escrow-sides';
import {
  StreamNotFound,
  type EventStore,
  type RecordedEvent,
} from '../event-store/event-store';

/** Whether the event is the money intent recorded under `key` (a split's parts carry keys derived from it). */
const isIntentOf = (event: RecordedEvent, key: string): boolean => {
  const d = (event.data ?? {}) as Record<string, unknown>;
  return (
    d.key === key ||
    d.transferKey === `${key}:transfer` ||
    d.refundKey === `${key}:refund`
  );
};

/** The intent already recorded on the stream under `key`, if any. */
async function recordedIntent(
  store: Pick<EventStore, 'readStream'>,
  streamId: string,
  key: string,
): Promise<RecordedEvent | null> {
  try {
    return (
      (await store.readStream(streamId)).find((e) => isIntentOf(e, key)) ?? null
    );
  } catch (error) {
    if (error instanceof StreamNotFound) return null;
    throw error;
  }
}

/** Where a deal's and a request's context keep their refund (the same fields on both). */
interface RefundFields {
  pendingRefund: { key: string } | null;
  refundId: string | null;
  lastRefundError: { key: string; code: string; message: string } | null;
}

export interface EffectOutcomesDeps {
  bus: CommandBus;
  /** Read for an intent already recorded under a key (a retry after the instance that took it died). */
  store: Pick<EventStore, 'readStream'>;
  reactors: Pick<ReactorRunner, 'processed'>;
  /** How long a money route waits for the gateway's answer before it answers "under way" (202). */
  timeoutMs?: number;
}

/** What became of an intent a money route recorded, once the payments reactor has handled it. */
export type EffectOutcome = 'done' | 'pending';

interface Answer {
  pending: boolean;
  refused: { code: string; message: string } | null;
}

/**
 * Records a money intent once per key: when the stream already holds the intent recorded under
 * this key (the client retries with its Idempotency-Key after the instance that took it died
 * before it could answer), nothing is recorded again and its position is returned, so the route
 * answers that intent's outcome (202 while under way, 200 or the refusal once known) instead
 * of the statechart's refusal of a second intent. Looked up again when the command is refused,
 * for a retry that raced the first.
 */
async function recordOnce(
  store: EffectOutcomesDeps['store'],
  target: EscrowTarget,
  key: string,
  record: () => Promise<{ position: number }>,
): Promise<{ position: number }> {
  const streamId = sideOf(target.kind).aggregate.streamId(target.id);
  const before = await recordedIntent(store, streamId, key);
  if (before) return { position: before.position };
  try {
    return await record();
  } catch (error) {
    const after =
      error instanceof DomainError
        ? await recordedIntent(store, streamId, key)
        : null;
    if (after) return { position: after.position };
    throw error;
  }
}

// The gateway's messages start with its code (gateway-error-messages.ts), as the web app and admins expect.
const refusal = (error: { code: string; message: string }) =>
  new DomainError('gateway_refused', {
    gatewayCode: error.code,
    detail: error.message,
  });

/** Waits for the reactor to carry out the intents up to `position`, then reads the effect's answer. */
async function awaitOutcome<M extends AnyStateMachine>(
  {
    bus,
    reactors,
    timeoutMs,
  }: Pick<Required<EffectOutcomesDeps>, 'bus' | 'reactors' | 'timeoutMs'>,
  side: EscrowSide<M>,
  { id, position }: { id: number; position: number },
  answer: (s: SnapshotFrom<M>) => Answer,
): Promise<EffectOutcome> {
  const streamId = side.aggregate.streamId(id);
  // Only this deal's or request's intents count: another one's outage does not hold the answer.
  await reactors.processed(position, timeoutMs, undefined, streamId);
  const { pending, refused } = answer(
    (await bus.load(side.aggregate, streamId)).snapshot,
  );
  if (pending) return 'pending';
  if (refused) throw refusal(refused);
  return 'done';
}

/**
 * A money route records an intent and waits here until the payments reactor has carried it out
 * (or the wait times out): a refused transfer or refund is answered as the refusal it was (409,
 * with the gateway's code in the message, as the web app expects); an answer still pending is
 * "under way" and completes in the background, with no second effect on a retry.
 */
export function createEffectOutcomes({
  bus,
  store,
  reactors,
  timeoutMs = 10_000,
}: EffectOutcomesDeps) {
  const outcome = <M extends AnyStateMachine>(
    side: EscrowSide<M>,
    id: number,
    position: number,
    answer: (s: SnapshotFrom<M>) => Answer,
  ) =>
    awaitOutcome({ bus, reactors, timeoutMs }, side, { id, position }, answer);

  return {
    recordOnce: (
      target: EscrowTarget,
      key: string,
      record: () => Promise<{ position: number }>,
    ) => recordOnce(store, target, key, record),

    /** A deal's release or a request's payout. */
    transfer(
      target: EscrowTarget,
      key: string,
      position: number,
    ): Promise<EffectOutcome> {
      const side = sideOf(target.kind);
      return outcome(side, target.id, position, (s) => ({
        pending: side.pendingTransfer(s, target.id)?.key === key,
        refused: side.refusedTransfer(s, key),
      }));
    },

    /** A split's two effects: pending while either part waits; a refused part is shown on the deal or request (its `split`), not thrown. */
    split(target: EscrowTarget, position: number): Promise<EffectOutcome> {
      const side = sideOf(target.kind);
      return outcome(side, target.id, position, (s) => {
        const split = side.ledger(s).split;
        return {
          pending: split?.transfer === 'pending' || split?.refund === 'pending',
          refused: null,
        };
      });
    },

    refund(
      target: EscrowTarget,
      key: string,
      position: number,
    ): Promise<EffectOutcome> {
      const side = sideOf(target.kind);
      return outcome(side, target.id, position, (s) => {
        const c = s.context as RefundFields;
        return {
          pending: c.pendingRefund?.key === key,
          refused:
            c.lastRefundError?.key === key && c.refundId === null
              ? c.lastRefundError
              : null,
        };
      });
    },
  };
}

export type EffectOutcomes = ReturnType<typeof createEffectOutcomes>;
