import { describe, expect, it } from 'vitest';
import { loadConfig } from '@server/config';
import {
  until,
  useLiveTestApp,
  type SseStream,
} from '@tests/support/sse-client';
import { bearer, createDeal, registerUser } from '@tests/support/test-app';

/*
 * Caps on open event streams: per account, per link and per address a clear 429 with Retry-After,
 * and a global ceiling with a metric. Low caps here; each "browser" gets its own address through
 * the trusted local proxy.
 */
const live = useLiveTestApp({
  LIVE_MAX_PER_USER: '2',
  LIVE_MAX_PER_LINK: '2',
  LIVE_MAX_PER_ADDRESS: '3',
  LIVE_MAX_TOTAL: '5',
  TRUST_PROXY: '127.0.0.1',
  METRICS_TOKEN: 'metrics-token-0123456789',
});
let address = 0;
const from = (ip = `198.51.100.${++address}`) => ({ 'x-forwarded-for': ip });

async function refused(
  path: string,
  headers: Record<string, string>,
  reason: RegExp,
): Promise<void> {
  const before = live.t.ctx.live.size;
  const res: SseStream = await live.sse.open(path, headers);
  await until(() => res.ended, 'the refusal to complete');
  expect(res.status, res.body).toBe(429);
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  expect(JSON.parse(res.body)).toMatchObject({
    error: 'too_many_requests',
    message: expect.stringMatching(reason),
  });
  expect(live.t.ctx.live.size).toBe(before);
}

describe('caps on open event streams', () => {
  it('given two open streams of one account (two tabs), when a third opens, then 429; once one closes, a new one opens', async () => {
    const user = await registerUser(live.t.app);
    await live.openStream('/api/events/stream', {
      ...bearer(user.token),
      ...from(),
    });
    const second = await live.openStream(
      `/api/events/stream?access_token=${encodeURIComponent(user.token)}`,
      from(),
    );
    await refused(
      '/api/events/stream',
      { ...bearer(user.token), ...from() },
      /for this account/,
    );
    // Another account is not affected.
    await live.openStream('/api/events/stream', {
      ...bearer((await registerUser(live.t.app)).token),
      ...from(),
    });
    void second;
    live.sse.closeAll();
    await until(() => live.t.ctx.live.size === 0, 'the streams to close');
    await live.openStream('/api/events/stream', {
      ...bearer(user.token),
      ...from(),
    });
  });

  it('given two open streams on one deal link, when a third opens from yet another address, then 429', async () => {
    const brand = await registerUser(live.t.app);
    const { id } = await createDeal(live.t.app, brand.token);
    const link = (
      await live.t.app.inject({
        method: 'POST',
        url: `/api/deals/${id}/generate-token`,
        headers: bearer(brand.token),
      })
    ).json().token as string;
    await live.openStream(`/api/events/stream/deal/${link}`, from());
    await live.openStream(`/api/events/stream/deal/${link}`, from());
    await refused(`/api/events/stream/deal/${link}`, from(), /for this link/);
  });

  it('given three open streams from one address, when a fourth opens there, then 429; another address still opens', async () => {
    const one = from('203.0.113.7');
    for (let i = 0; i < 3; i++)
      await live.openStream('/api/events/stream', {
        ...bearer((await registerUser(live.t.app)).token),
        ...one,
      });
    await refused(
      '/api/events/stream',
      { ...bearer((await registerUser(live.t.app)).token), ...one },
      /from this address/,
    );
    await live.openStream('/api/events/stream', {
      ...bearer((await registerUser(live.t.app)).token),
      ...from(),
    });
  });

  it('given the global ceiling reached, when anyone opens a stream, then 429, counted in the metrics next to the ceiling', async () => {
    for (let i = 0; i < 5; i++)
      await live.openStream('/api/events/stream', {
        ...bearer((await registerUser(live.t.app)).token),
        ...from(),
      });
    await refused(
      '/api/events/stream',
      { ...bearer((await registerUser(live.t.app)).token), ...from() },
      /open on this server/,
    );
    const metrics = await live.t.app.inject({
      url: '/metrics',
      headers: bearer('metrics-token-0123456789'),
    });
    expect(metrics.body).toMatch(/^escrow_sse_connections 5$/m);
    expect(metrics.body).toMatch(/^escrow_sse_connections_limit 5$/m);
    expect(metrics.body).toMatch(
      /^escrow_sse_refused_total\{reason="total"\} 1$/m,
    );
    expect(metrics.body).toMatch(
      /^escrow_sse_refused_total\{reason="per_account"\} 1$/m,
    );
  });

  it('the defaults leave room for several tabs of one account and a few links behind one office address', () => {
    const { live: caps } = loadConfig({});
    expect(caps.maxPerUser).toBeGreaterThanOrEqual(8);
    expect(caps.maxPerLink).toBeGreaterThanOrEqual(8);
    expect(caps.maxPerAddress).toBeGreaterThanOrEqual(3 * caps.maxPerUser);
    expect(caps.maxTotal).toBeGreaterThan(caps.maxPerAddress);
  });
});
