import { randomUUID } from 'node:crypto';
import type { AnyStateMachine, EventFromLogic, SnapshotFrom } from 'xstate';
import { decodeEvent } from '@machines/events/codec';
import type { Actor } from '@machines/events/metadata';
import type { DraftOf } from '@machines/events/define';
import {
  StreamNotFound,
  WrongExpectedVersion,
  type EventStore,
  type RecordedEvent,
} from '../event-store/event-store';
import type { Clock } from '../shared/clock';
import type { Aggregate } from './aggregate';
import { checkDrafts, type DraftLike, type Stamp } from './check-drafts';
import { DomainError } from './domain-error';
import { fold, initialOf } from '@machines/statechart';
import { createSnapshotCache } from './snapshot-cache';

/** Who asks, and the request or event that caused the command. */
export interface CommandContext {
  actor: Actor;
  correlationId?: string;
  causationId?: string | null;
}

/**
 * An event a command wants to append, typed from the machine's events (the catalogue): the bus
 * adds metadata and an id. A fixed `id` makes the append idempotent (webhooks, timers, reactors).
 */
export type Draft<M extends AnyStateMachine = AnyStateMachine> = DraftOf<
  EventFromLogic<M>
>;

export interface Loaded<M extends AnyStateMachine> {
  streamId: string;
  snapshot: SnapshotFrom<M>;
  /** Revision of the last event, -1 for a stream that does not exist yet. */
  revision: number;
  /** The injected clock's now, as an ISO string: the `at` every appended event will carry. */
  now: string;
}

export interface ExecuteOptions {
  /**
   * The stream id was just allocated (a new deal or request id), so the stream cannot exist yet:
   * skip reading it and append with `no_stream`; if it does exist after all, the append fails and
   * the command is decided again on the real stream.
   */
  newStream?: boolean;
}

export type Decide<M extends AnyStateMachine> = (
  state: Loaded<M>,
) => Draft<M>[] | Promise<Draft<M>[]>;

export interface CommandResult<M extends AnyStateMachine> {
  snapshot: SnapshotFrom<M>;
  revision: number;
  /** Global position of the last event appended (or of the stream's head for a no-op). */
  position: number;
  events: RecordedEvent[];
}

export interface CommandBusOptions {
  store: EventStore;
  clock: Clock;
  newId?: () => string;
  /** Bounded retries after WrongExpectedVersion. */
  maxAttempts?: number;
  cacheSize?: number;
  /** Told the outcome of every command (metrics); never affects the command. */
  onOutcome?: (outcome: CommandOutcome) => void;
}

/** What a command came to, for observers: `type` is the first event it decided on ('none' if it decided nothing). */
export interface CommandOutcome {
  aggregate: string;
  type: string;
  outcome: 'accepted' | 'unchanged' | 'refused' | 'failed';
  /** The DomainError code of a refusal, the error name of a failure; null otherwise. */
  code: string | null;
  durationMs: number;
}

/** What the pipeline's steps share: the store, the clock, the snapshot cache and the id source. */
interface BusParts {
  store: EventStore;
  clock: Clock;
  cache: ReturnType<typeof createSnapshotCache>;
  newId: () => string;
}

/** The stream folded onto the cached snapshot: only the events the cache has not folded yet are read. */
async function load<M extends AnyStateMachine>(
  { store, clock, cache }: BusParts,
  aggregate: Aggregate<M>,
  streamId: string,
): Promise<Loaded<M>> {
  const cached = cache.get(streamId);
  let snapshot =
    (cached?.snapshot as SnapshotFrom<M> | undefined) ??
    initialOf(aggregate.machine);
  let revision = cached?.revision ?? -1;
  let recorded: RecordedEvent[] = [];
  try {
    recorded = await store.readStream(streamId, { fromRevision: revision + 1 });
  } catch (error) {
    if (!(error instanceof StreamNotFound)) throw error;
  }
  if (recorded.length > 0) {
    snapshot = fold(
      aggregate.machine,
      recorded.map((r) => decodeEvent(r) as EventFromLogic<M>),
      snapshot,
    );
    revision = recorded[recorded.length - 1]!.revision;
    cache.set(streamId, { snapshot, revision });
  }
  return { streamId, snapshot, revision, now: clock.now().toISOString() };
}

/** A stream the caller has just named (a freshly allocated id): nothing to read; `no_stream` verifies it. */
function fresh<M extends AnyStateMachine>(
  { clock }: BusParts,
  aggregate: Aggregate<M>,
  streamId: string,
): Loaded<M> {
  return {
    streamId,
    snapshot: initialOf(aggregate.machine),
    revision: -1,
    now: clock.now().toISOString(),
  };
}

/** The cached state as a Loaded, unverified: the stream may have moved on in another instance. */
function fromCache<M extends AnyStateMachine>(
  { clock, cache }: BusParts,
  streamId: string,
): Loaded<M> | undefined {
  const cached = cache.get(streamId);
  if (!cached) return undefined;
  return {
    streamId,
    snapshot: cached.snapshot as SnapshotFrom<M>,
    revision: cached.revision,
    now: clock.now().toISOString(),
  };
}

type Checked<M extends AnyStateMachine> = ReturnType<typeof checkDrafts<M>>;
type Decided<M extends AnyStateMachine> = Checked<M> | 'nothing' | 'reread';

/** The drafts checked against the loaded state, or what an empty decision means. */
function checkDecision<M extends AnyStateMachine>(
  parts: BusParts,
  aggregate: Aggregate<M>,
  loaded: Loaded<M>,
  optimistic: boolean,
  stamp: Omit<Stamp, 'at'>,
  drafts: Draft<M>[],
): Decided<M> {
  if (drafts.length === 0) return optimistic ? 'reread' : 'nothing';
  const { actor, correlationId, causationId } = stamp;
  return checkDrafts(
    aggregate,
    loaded.snapshot,
    drafts as readonly DraftLike[],
    { actor, at: loaded.now, correlationId, causationId },
    parts.newId,
  );
}

/** A refusal of an optimistic (cached) state is verified by a real read; anything else stands. */
function rereadIfOptimistic(optimistic: boolean, error: unknown): 'reread' {
  if (!(optimistic && error instanceof DomainError)) throw error;
  return 'reread';
}

/**
 * Lets the command decide on `loaded` and checks its drafts: the checked events, `nothing` when
 * it decided none, or `reread` when an optimistic (cached) state must be verified by a real read
 * first, because a refusal or a no-op appends nothing and so verifies nothing. A decider that
 * answers at once (most do) is checked at once: no promise, no extra turn, no closure per command.
 */
function decideOn<M extends AnyStateMachine>(
  parts: BusParts,
  aggregate: Aggregate<M>,
  decide: Decide<M>,
  loaded: Loaded<M>,
  optimistic: boolean,
  stamp: Omit<Stamp, 'at'>,
): Decided<M> | Promise<Decided<M>> {
  let drafts: Draft<M>[] | Promise<Draft<M>[]>;
  try {
    drafts = decide(loaded);
    if (Array.isArray(drafts))
      return checkDecision(parts, aggregate, loaded, optimistic, stamp, drafts);
  } catch (error) {
    return rereadIfOptimistic(optimistic, error);
  }
  return drafts
    .then((later) =>
      checkDecision(parts, aggregate, loaded, optimistic, stamp, later),
    )
    .catch((error: unknown) => rereadIfOptimistic(optimistic, error));
}

/** Appends at the loaded revision (WrongExpectedVersion if the stream moved on) and caches the state reached. */
async function append<M extends AnyStateMachine>(
  { store, cache }: BusParts,
  loaded: Loaded<M>,
  checked: Checked<M>,
): Promise<CommandResult<M>> {
  const { streamId } = loaded;
  const { snapshot, events: toAppend } = checked;
  const expected = loaded.revision < 0 ? 'no_stream' : loaded.revision;
  const result = await store.append(streamId, toAppend, expected);
  cache.set(streamId, { snapshot, revision: result.nextExpectedRevision });
  const events: RecordedEvent[] = toAppend.map((e, i) => ({
    id: e.id,
    type: e.type,
    data: e.data,
    metadata: e.metadata,
    streamId,
    revision: loaded.revision + 1 + i,
    // The append's position (that of its last event): what read-your-writes waits for.
    position: result.position,
    recordedAt: loaded.now,
  }));
  return {
    snapshot,
    revision: result.nextExpectedRevision,
    position: result.position,
    events,
  };
}

/** Spreads retries a little so a crowd of writers does not collide again in lock-step. */
const backOff = (attempt: number) =>
  new Promise((resolve) =>
    setTimeout(resolve, Math.random() * Math.min(50, attempt * 2)),
  );

async function execute<M extends AnyStateMachine>(
  parts: BusParts & { maxAttempts: number },
  aggregate: Aggregate<M>,
  streamId: string,
  decide: Decide<M>,
  context: CommandContext,
  options: ExecuteOptions,
): Promise<CommandResult<M>> {
  const stamp = {
    actor: context.actor,
    correlationId: context.correlationId ?? parts.newId(),
    causationId: context.causationId ?? null,
  };
  // Optimistic: a cached snapshot is decided on and appended at its revision without reading the
  // stream; the expected-revision check is what verifies it. Only refusals and no-ops, which
  // append nothing and so verify nothing, fall back to a real read before they are answered.
  let trustCache = true;
  for (let attempt = 1; ; attempt++) {
    const optimistic = trustCache
      ? (fromCache<M>(parts, streamId) ??
        (options.newStream && attempt === 1
          ? fresh(parts, aggregate, streamId)
          : undefined))
      : undefined;
    const loaded = optimistic ?? (await load(parts, aggregate, streamId));
    const decided = decideOn(
      parts,
      aggregate,
      decide,
      loaded,
      optimistic !== undefined,
      stamp,
    );
    const checked = decided instanceof Promise ? await decided : decided;
    if (checked === 'reread') {
      trustCache = false;
      continue;
    }
    if (checked === 'nothing') {
      return {
        snapshot: loaded.snapshot,
        revision: loaded.revision,
        position: await parts.store.headPosition(),
        events: [],
      };
    }
    try {
      return await append(parts, loaded, checked);
    } catch (error) {
      if (!(error instanceof WrongExpectedVersion)) throw error;
      // Drop the entry only if it is no newer than what failed: a concurrent command of this
      // instance may already have cached the state that beat us, and the retry can use it.
      parts.cache.invalidate(streamId, loaded.revision);
      if (attempt >= parts.maxAttempts) {
        throw new DomainError('concurrent_change', { thing: aggregate.name });
      }
      await backOff(attempt);
    }
  }
}

type Execute = <M extends AnyStateMachine>(
  aggregate: Aggregate<M>,
  streamId: string,
  // The machine comes from the aggregate only, so the drafts are typed (checked) against its events.
  decide: NoInfer<Decide<M>>,
  context: CommandContext,
  options?: ExecuteOptions,
) => Promise<CommandResult<M>>;

/** `execute`, reporting each command's outcome to `onOutcome`. */
function observed(
  execute: Execute,
  onOutcome: (outcome: CommandOutcome) => void,
): Execute {
  return async (aggregate, streamId, decide, context, options = {}) => {
    const started = performance.now();
    let type = 'none';
    const tracked: typeof decide = async (state) => {
      type = 'none';
      const drafts = await decide(state);
      type = (drafts[0]?.type as string | undefined) ?? 'none';
      return drafts;
    };
    const report = (
      outcome: CommandOutcome['outcome'],
      code: string | null,
    ) => {
      try {
        onOutcome({
          aggregate: aggregate.name,
          type,
          outcome,
          code,
          durationMs: performance.now() - started,
        });
      } catch {
        // An observer never fails a command.
      }
    };
    try {
      const result = await execute(
        aggregate,
        streamId,
        tracked,
        context,
        options,
      );
      report(result.events.length > 0 ? 'accepted' : 'unchanged', null);
      return result;
    } catch (error) {
      if (error instanceof DomainError) report('refused', error.kind);
      else report('failed', error instanceof Error ? error.name : 'Error');
      throw error;
    }
  };
}

/**
 * The command pipeline: take the cached snapshot (or load the stream, skipping what the cache
 * already folded), let the command decide its events, check each against the statechart (`can`),
 * append with the expected revision, and on a concurrent write reload and decide again (ADR 0008).
 */
export function createCommandBus({
  store,
  clock,
  newId = randomUUID,
  maxAttempts = 25,
  cacheSize = 10_000,
  onOutcome,
}: CommandBusOptions) {
  const parts = {
    store,
    clock,
    newId,
    cache: createSnapshotCache(cacheSize),
    maxAttempts,
  };
  const run: Execute = (aggregate, streamId, decide, context, options = {}) =>
    execute(parts, aggregate, streamId, decide, context, options);
  return {
    load: <M extends AnyStateMachine>(
      aggregate: Aggregate<M>,
      streamId: string,
    ) => load(parts, aggregate, streamId),
    execute: onOutcome ? observed(run, onOutcome) : run,
    /** Forgets cached snapshots (tests, or after an out-of-band change). */
    clearCache: () => parts.cache.clear(),
  };
}

export type CommandBus = ReturnType<typeof createCommandBus>;
