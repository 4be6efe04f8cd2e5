import { createHash, randomUUID } from 'node:crypto';
import { StreamNotFound, WrongExpectedVersion, type EventStore } from '../event-store/event-store';
import type { Clock } from '../shared/clock';
import type { CommandContext } from './command-bus';
import { DomainError } from './domain-error';

export type UniqueKind = 'email' | 'username' | 'admin-username';

/** Stream names hash the value, so no personal data ends up in a stream name. */
export const uniqueStreamId = (kind: UniqueKind, value: string): string =>
  `unique-${kind}-${createHash('sha256').update(value.trim().toLowerCase()).digest('hex')}`;

/**
 * Keeps emails and usernames unique on the write side: a reservation stream per value, claimed
 * with "no stream" expected (or at the exact revision of its last release). Two racing claims
 * can never both win.
 */
export function createUniqueValues({ store, clock }: { store: EventStore; clock: Clock }) {
  const metadata = (ctx: CommandContext) => ({
    actor: ctx.actor,
    at: clock.now().toISOString(),
    correlationId: ctx.correlationId ?? randomUUID(),
    causationId: ctx.causationId ?? null,
    schemaVersion: 1,
  });

  async function current(streamId: string) {
    try {
      const events = await store.readStream(streamId);
      const last = events[events.length - 1]!;
      return { revision: last.revision, owner: last.type === 'ValueReserved' ? (last.data as { ownerId: string }).ownerId : null };
    } catch (error) {
      if (error instanceof StreamNotFound) return { revision: -1, owner: null };
      throw error;
    }
  }

  return {
    /** Claims `value` for `ownerId`; throws a conflict with `message` when someone else holds it. */
    async reserve(kind: UniqueKind, value: string, ownerId: string, ctx: CommandContext, message: string): Promise<void> {
      const streamId = uniqueStreamId(kind, value);
      const state = await current(streamId);
      if (state.owner === ownerId) return;
      if (state.owner !== null) throw new DomainError('conflict', message);
      try {
        await store.append(
          streamId,
          [{ id: randomUUID(), type: 'ValueReserved', data: { kind, ownerId }, metadata: metadata(ctx) }],
          state.revision < 0 ? 'no_stream' : state.revision,
        );
      } catch (error) {
        if (error instanceof WrongExpectedVersion) throw new DomainError('conflict', message);
        throw error;
      }
    },
    /** Gives the value up (after a profile change); a no-op unless `ownerId` holds it. */
    async release(kind: UniqueKind, value: string, ownerId: string, ctx: CommandContext): Promise<void> {
      const streamId = uniqueStreamId(kind, value);
      const state = await current(streamId);
      if (state.owner !== ownerId) return;
      await store.append(
        streamId,
        [{ id: randomUUID(), type: 'ValueReleased', data: { kind, ownerId }, metadata: metadata(ctx) }],
        state.revision,
      );
    },
    async ownerOf(kind: UniqueKind, value: string): Promise<string | null> {
      return (await current(uniqueStreamId(kind, value))).owner;
    },
  };
}

export type UniqueValues = ReturnType<typeof createUniqueValues>;
