import Database from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StoreUnavailable } from '../../../server/event-store/event-store';
import { bearer, createTestApp, dealPayload, registerUser, type TestApp } from '../api/test-app';

/**
 * When the store cannot answer (its server restarted and every retry found a dead connection, a
 * KurrentDB deadline passed), a caller gets 503 with Retry-After and the `store_unavailable` code
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
    const unavailable = new StoreUnavailable('PostgreSQL did not answer on 5 connections');
    const append = vi.spyOn(t.ctx.store, 'append').mockRejectedValue(unavailable);

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
      message: 'The ledger is briefly unavailable. Please try again in a moment',
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
    vi.spyOn(t.ctx.store, 'append').mockRejectedValue(
      new Database.SqliteError('database is locked', 'SQLITE_BUSY'),
    );
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/deals',
      headers: bearer(brand.token),
      payload: dealPayload({ influencerHandle: '@locked' }),
    });
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toMatchObject({ code: 'store_unavailable' });
    expect(refused.body).not.toContain('locked');
  });
});
