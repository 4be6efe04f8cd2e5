import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createUniqueValues,
  uniqueStreamId,
} from '@server/commands/unique-values';
import { createIdAllocator } from '@server/commands/id-allocator';
import { createSqliteEventStore } from '@server/event-store/sqlite-event-store';
import { actors } from '@tests/support/event-factory';
import {
  openPipeline,
  rejectionOf,
  type Pipeline,
} from '@tests/support/pipeline';

let p: Pipeline;
beforeEach(() => {
  p = openPipeline('unique');
});
afterEach(async () => {
  await p.close();
});
const ctx = { actor: actors.brand };

describe('unique values (reservation streams)', () => {
  it('two concurrent registrations of one email: exactly one wins', async () => {
    const unique = createUniqueValues({ store: p.store, clock: p.clock });
    const results = await Promise.allSettled([
      unique.reserve('email', 'Sanne@Example.com', 'u_1', ctx, 'email_taken'),
      unique.reserve('email', ' sanne@example.com ', 'u_2', ctx, 'email_taken'),
    ]);
    const winners = results.filter((r) => r.status === 'fulfilled');
    const losers = results
      .filter((r) => r.status === 'rejected')
      .map((r) => (r as PromiseRejectedResult).reason as unknown);
    expect(winners).toHaveLength(1);
    expect(losers).toHaveLength(1);
    expect(losers[0]).toMatchObject({
      code: 'email_taken',
      kind: 'conflict',
      status: 409,
      message: 'Email is already registered, or one that looks the same',
    });
    const owner = await unique.ownerOf('email', 'sanne@example.com');
    expect(['u_1', 'u_2']).toContain(owner);
    expect(
      await p.store.readStream(uniqueStreamId('email', 'sanne@example.com')),
    ).toHaveLength(1);
  });

  it('many concurrent claims across two app instances: one owner, one event', async () => {
    const a = createUniqueValues({ store: p.store, clock: p.clock });
    const b = createUniqueValues({ store: p.store, clock: p.clock });
    const claims = Array.from({ length: 50 }, (_, i) =>
      (i % 2 ? a : b).reserve(
        'username',
        'acme',
        `u_${i}`,
        ctx,
        'username_taken',
      ),
    );
    const results = await Promise.allSettled(claims);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(
      await p.store.readStream(uniqueStreamId('username', 'acme')),
    ).toHaveLength(1);
  });

  it('the owner may claim again; after a release someone else may claim', async () => {
    const unique = createUniqueValues({ store: p.store, clock: p.clock });
    await unique.reserve('email', 'a@b.example', 'u_1', ctx, 'username_taken');
    await unique.reserve('email', 'a@b.example', 'u_1', ctx, 'username_taken');
    expect(
      await rejectionOf(
        unique.reserve('email', 'a@b.example', 'u_2', ctx, 'username_taken'),
      ),
    ).toMatchObject({ code: 'username_taken', kind: 'conflict' });
    await unique.release('email', 'a@b.example', 'u_2', ctx); // not the owner: a no-op
    expect(await unique.ownerOf('email', 'a@b.example')).toBe('u_1');
    await unique.release('email', 'a@b.example', 'u_1', ctx);
    expect(await unique.ownerOf('email', 'a@b.example')).toBeNull();
    await unique.reserve('email', 'a@b.example', 'u_2', ctx, 'username_taken');
    expect(await unique.ownerOf('email', 'a@b.example')).toBe('u_2');
    expect(
      (await p.store.readStream(uniqueStreamId('email', 'a@b.example'))).map(
        (e) => e.type,
      ),
    ).toEqual(['ValueReserved', 'ValueReleased', 'ValueReserved']);
  });

  it('stream names hash the value: no personal data in stream names', () => {
    expect(uniqueStreamId('email', 'a@b.example')).toMatch(
      /^unique-email-[0-9a-f]{64}$/,
    );
  });
});

describe('id allocator (hi/lo blocks)', () => {
  it('two allocators allocating concurrently hand out unique ids, increasing per allocator', async () => {
    const first = createIdAllocator({
      store: p.store,
      clock: p.clock,
      sequence: 'deal',
      blockSize: 10,
    });
    const second = createIdAllocator({
      store: p.store,
      clock: p.clock,
      sequence: 'deal',
      blockSize: 10,
    });
    const [a, b] = await Promise.all(
      [first, second].map((next) =>
        Promise.all(Array.from({ length: 150 }, () => next())),
      ),
    );
    const all = [...a!, ...b!];
    expect(new Set(all).size).toBe(300);
    expect(Math.min(...all)).toBeGreaterThanOrEqual(1);
    for (const ids of [a!, b!])
      expect(ids).toEqual([...ids].sort((x, y) => x - y));
    const blocks = (await p.store.readStream('sequence-deal')).map(
      (e) => e.data as { from: number; to: number },
    );
    blocks.forEach(
      (block, i) => i > 0 && expect(block.from).toBe(blocks[i - 1]!.to + 1),
    );
  });

  it('a restarted instance continues after the last reserved block (a gap, never a duplicate)', async () => {
    const before = createIdAllocator({
      store: p.store,
      clock: p.clock,
      sequence: 'payment-request',
      blockSize: 100,
    });
    expect([await before(), await before()]).toEqual([1, 2]);
    await p.store.close();
    const reopened = createSqliteEventStore({ path: p.path });
    try {
      const after = createIdAllocator({
        store: reopened,
        clock: p.clock,
        sequence: 'payment-request',
        blockSize: 100,
      });
      expect(await after()).toBe(101);
    } finally {
      await reopened.close();
      p.store = createSqliteEventStore({ path: p.path });
    }
  });
});
