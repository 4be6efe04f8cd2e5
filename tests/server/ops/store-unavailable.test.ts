import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StoreUnavailable } from '@server/event-store/event-store';
import { createSqliteEventStore } from '@server/event-store/sqlite-event-store';
import { metadata } from '@tests/support/event-factory';
import {
  bearer,
  createTestApp,
  dealPayload,
  registerUser,
  type TestApp,
} from '@tests/support/test-app';

/**
 * When the store cannot answer (its server restarted and every retry found a dead connection, a
 * KurrentDB deadline passed, another process held SQLite's write lock), a caller gets 503 with Retry-After and the `store_unavailable` code
 * in their language, never a 500.
 */
describe('the event store cannot answer a request', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    vi.restoreAllMocks();
    await t?.close();
    t = undefined;
  });

  it('given a store that answers StoreUnavailable, when a brand creates a deal, then 503 store_unavailable with Retry-After, in English and in Dutch; once it answers again the same call succeeds', async () => {
    t = await createTestApp();
    const brand = await registerUser(t.app);
    const deal = dealPayload({ influencerHandle: '@store' });
    const unavailable = new StoreUnavailable(
      'PostgreSQL did not answer on 5 connections',
    );
    const append = vi
      .spyOn(t.ctx.store, 'append')
      .mockRejectedValue(unavailable);

    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/deals',
      headers: bearer(brand.token),
      payload: deal,
    });
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.json()).toMatchObject({
      error: 'service_unavailable',
      code: 'store_unavailable',
      message:
        'The ledger is briefly unavailable. Please try again in a moment',
    });
    expect(refused.body).not.toContain('PostgreSQL');

    const dutch = await t.app.inject({
      method: 'POST',
      url: '/api/deals',
      headers: { ...bearer(brand.token), 'accept-language': 'nl' },
      payload: deal,
    });
    expect(dutch.statusCode).toBe(503);
    expect(dutch.json()).toMatchObject({
      code: 'store_unavailable',
      message: 'Het grootboek is even niet bereikbaar. Probeer het zo opnieuw.',
    });

    append.mockRestore();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/deals',
      headers: bearer(brand.token),
      payload: deal,
    });
    expect(created.statusCode, created.body).toBe(201);
  });

  it('given SQLite locked by another process past its busy timeout, when a brand creates a deal, then 503 store_unavailable, not 500', async () => {
    t = await createTestApp();
    const brand = await registerUser(t.app);
    // Another process (a backup, `npm run verify`) holds the write lock for longer than the app's
    // busy timeout (5 s) waits.
    const locker = new Database(join(t.dataDir, 'events.db'));
    locker.exec('BEGIN IMMEDIATE');
    try {
      const refused = await t.app.inject({
        method: 'POST',
        url: '/api/deals',
        headers: bearer(brand.token),
        payload: dealPayload({ influencerHandle: '@locked' }),
      });
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toMatchObject({ code: 'store_unavailable' });
      expect(refused.body).not.toContain('locked');
    } finally {
      locker.exec('ROLLBACK');
      locker.close();
    }
  });

  it('given another process holding the write lock past the busy timeout, then a SQLite append raises StoreUnavailable, and succeeds once the lock is gone', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'escrow-locked-'));
    const store = createSqliteEventStore({
      path: join(dir, 'events.db'),
      busyTimeoutMs: 50,
    });
    const locker = new Database(join(dir, 'events.db'));
    const event = () => [
      { id: randomUUID(), type: 'Locked', data: {}, metadata: metadata() },
    ];
    try {
      locker.exec('BEGIN IMMEDIATE');
      await expect(
        store.append('locked-1', event(), 'no_stream'),
      ).rejects.toBeInstanceOf(StoreUnavailable);
      locker.exec('ROLLBACK');
      expect(
        await store.append('locked-1', event(), 'no_stream'),
      ).toMatchObject({
        nextExpectedRevision: 0,
      });
    } finally {
      locker.close();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
