import { createHash, randomUUID } from 'node:crypto';
import {
  StreamNotFound,
  WrongExpectedVersion,
  type EventStore,
} from '../event-store/event-store';
import type { Clock } from '../shared/clock';
import type { CommandContext } from './command-bus';
import type { ErrorCode } from '@machines/errors/error-catalogue';
import { DomainError } from './domain-error';
import { emailKey, nameKey } from './look-alike';

export type UniqueKind = 'email' | 'username' | 'admin-username';

const sha256 = (text: string): string =>
  createHash('sha256').update(text).digest('hex');

/** Values are unique by their look-alike key (./look-alike.ts): `vіc0ba2e` holds the same stream as `vic0ba2e`. */
const keyOf: Record<UniqueKind, (value: string) => string> = {
  email: emailKey,
  username: nameKey,
  'admin-username': nameKey,
};

/** Stream names hash the key, so no personal data ends up in a stream name. */
export const uniqueStreamId = (kind: UniqueKind, value: string): string =>
  `unique-${kind}-${sha256(keyOf[kind](value))}`;

/**
 * Where reservations made before look-alike keys live: the hash of the trimmed, lower-cased value.
 * Accounts from then hold these until `adopt` gives them their look-alike key too; a claim checks
 * both, a release gives up both.
 */
export const exactStreamId = (kind: UniqueKind, value: string): string =>
  `unique-${kind}-${sha256(value.trim().toLowerCase())}`;

/**
 * Keeps emails and usernames unique on the write side: a reservation stream per value, claimed
 * with "no stream" expected (or at the exact revision of its last release). Two racing claims
 * can never both win.
 */
const ownerStream: Record<UniqueKind, (ownerId: string) => string> = {
  email: (id) => `user-${id}`,
  username: (id) => `user-${id}`,
  'admin-username': (id) => `admin-${id}`,
};

/**
 * A reservation is claimed before its account is recorded (two streams, no transaction across
 * them). A crash in between leaves it without an account; after `reclaimAfterMs` such an orphan
 * is released and claimed again by the next registration, so the address is never lost.
 */
export const DEFAULT_RECLAIM_AFTER_MS = 60_000;

/** What the reservation steps share. */
interface Parts {
  store: EventStore;
  clock: Clock;
  reclaimAfterMs: number;
}

const metadata = ({ clock }: Parts, ctx: CommandContext) => ({
  actor: ctx.actor,
  at: clock.now().toISOString(),
  correlationId: ctx.correlationId ?? randomUUID(),
  causationId: ctx.causationId ?? null,
  schemaVersion: 1,
});

/** Who holds a reservation stream now (null: nobody), since when, and at which revision. */
async function current({ store }: Parts, streamId: string) {
  try {
    const events = await store.readStream(streamId);
    const last = events[events.length - 1]!;
    const owner =
      last.type === 'ValueReserved'
        ? (last.data as { ownerId: string }).ownerId
        : null;
    return {
      revision: last.revision,
      owner,
      reservedAt: String((last.metadata as { at?: unknown }).at ?? ''),
    };
  } catch (error) {
    if (error instanceof StreamNotFound)
      return { revision: -1, owner: null, reservedAt: '' };
    throw error;
  }
}

async function streamExists(
  { store }: Parts,
  streamId: string,
): Promise<boolean> {
  try {
    return (await store.readStream(streamId)).length > 0;
  } catch (error) {
    if (error instanceof StreamNotFound) return false;
    throw error;
  }
}

/** Held for longer than the grace period by an owner whose account was never recorded. */
async function orphaned(
  parts: Parts,
  kind: UniqueKind,
  owner: string,
  reservedAt: string,
): Promise<boolean> {
  const since = Date.parse(reservedAt);
  if (
    Number.isNaN(since) ||
    parts.clock.now().getTime() - since < parts.reclaimAfterMs
  )
    return false;
  return !(await streamExists(parts, ownerStream[kind](owner)));
}

/** Held by someone else (and not an orphan): the exact spelling, reserved before look-alike keys existed. */
async function heldExactly(
  parts: Parts,
  kind: UniqueKind,
  value: string,
  ownerId: string,
): Promise<boolean> {
  const streamId = exactStreamId(kind, value);
  if (streamId === uniqueStreamId(kind, value)) return false;
  const state = await current(parts, streamId);
  return (
    state.owner !== null &&
    state.owner !== ownerId &&
    !(await orphaned(parts, kind, state.owner, state.reservedAt))
  );
}

/** Claims `value` for `ownerId`; throws the conflict `taken` when someone else holds it or a look-alike. */
async function reserve(
  parts: Parts,
  kind: UniqueKind,
  value: string,
  ownerId: string,
  ctx: CommandContext,
  taken: ErrorCode,
): Promise<void> {
  if (await heldExactly(parts, kind, value, ownerId))
    throw new DomainError(taken);
  const streamId = uniqueStreamId(kind, value);
  const state = await current(parts, streamId);
  if (state.owner === ownerId) return;
  const reclaim =
    state.owner !== null &&
    (await orphaned(parts, kind, state.owner, state.reservedAt));
  if (state.owner !== null && !reclaim) throw new DomainError(taken);
  const events = [
    {
      id: randomUUID(),
      type: 'ValueReserved',
      data: { kind, ownerId },
      metadata: metadata(parts, ctx),
    },
  ];
  if (reclaim) {
    const system = {
      ...ctx,
      actor: { kind: 'system' as const, id: 'reclaim-orphaned-reservation' },
    };
    events.unshift({
      id: randomUUID(),
      type: 'ValueReleased',
      data: { kind, ownerId: state.owner! },
      metadata: metadata(parts, system),
    });
  }
  try {
    await parts.store.append(
      streamId,
      events,
      state.revision < 0 ? 'no_stream' : state.revision,
    );
  } catch (error) {
    if (error instanceof WrongExpectedVersion) throw new DomainError(taken);
    throw error;
  }
}

/**
 * Gives an account from before look-alike keys its key, so look-alikes of it are refused too.
 * False when another account already holds that key (two look-alikes registered back then:
 * both keep their names, the later one has no key).
 */
async function adopt(
  parts: Parts,
  kind: UniqueKind,
  value: string,
  ownerId: string,
  ctx: CommandContext,
): Promise<boolean> {
  const streamId = uniqueStreamId(kind, value);
  const state = await current(parts, streamId);
  if (state.owner !== null) return state.owner === ownerId;
  try {
    await parts.store.append(
      streamId,
      [
        {
          id: randomUUID(),
          type: 'ValueReserved',
          data: { kind, ownerId },
          metadata: metadata(parts, ctx),
        },
      ],
      state.revision < 0 ? 'no_stream' : state.revision,
    );
    return true;
  } catch (error) {
    if (error instanceof WrongExpectedVersion) return false;
    throw error;
  }
}

export function createUniqueValues({
  store,
  clock,
  reclaimAfterMs = DEFAULT_RECLAIM_AFTER_MS,
}: {
  store: EventStore;
  clock: Clock;
  reclaimAfterMs?: number;
}) {
  const parts: Parts = { store, clock, reclaimAfterMs };
  return {
    reserve: (
      kind: UniqueKind,
      value: string,
      ownerId: string,
      ctx: CommandContext,
      taken: ErrorCode,
    ) => reserve(parts, kind, value, ownerId, ctx, taken),
    /** Gives the value up (after a profile change); a no-op unless `ownerId` holds it. */
    async release(
      kind: UniqueKind,
      value: string,
      ownerId: string,
      ctx: CommandContext,
    ): Promise<void> {
      for (const streamId of new Set([
        uniqueStreamId(kind, value),
        exactStreamId(kind, value),
      ])) {
        const state = await current(parts, streamId);
        if (state.owner !== ownerId) continue;
        await store.append(
          streamId,
          [
            {
              id: randomUUID(),
              type: 'ValueReleased',
              data: { kind, ownerId },
              metadata: metadata(parts, ctx),
            },
          ],
          state.revision,
        );
      }
    },
    async ownerOf(kind: UniqueKind, value: string): Promise<string | null> {
      return (
        (await current(parts, uniqueStreamId(kind, value))).owner ??
        (await current(parts, exactStreamId(kind, value))).owner
      );
    },
    adopt: (
      kind: UniqueKind,
      value: string,
      ownerId: string,
      ctx: CommandContext,
    ) => adopt(parts, kind, value, ownerId, ctx),
  };
}

export type UniqueValues = ReturnType<typeof createUniqueValues>;
