import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createDeal,
  createTestApp,
  registerUser,
  type TestApp,
} from '@tests/support/test-app';

let t: TestApp;
let user: Awaited<ReturnType<typeof registerUser>>;
beforeAll(async () => {
  t = await createTestApp({ BODY_LIMIT_BYTES: '4096' });
  user = await registerUser(t.app);
});
afterAll(() => t.close());

describe('errors', () => {
  it('given bad input of every kind, then JSON 4xx errors and never a 500 or a stack', async () => {
    const cases = [
      {
        method: 'POST' as const,
        url: '/api/deals',
        headers: { ...bearer(user.token), 'content-type': 'application/json' },
        payload: '{"influencer":',
        status: 400,
      },
      {
        method: 'POST' as const,
        url: '/api/deals',
        headers: { ...bearer(user.token), 'content-type': 'application/json' },
        payload: JSON.stringify({ influencer: 5, description: [], amount: {} }),
        status: 400,
      },
      {
        method: 'GET' as const,
        url: '/api/deals/99999999999999999999999',
        headers: bearer(user.token),
        status: 400,
      },
      {
        method: 'GET' as const,
        url: '/api/deals/abc',
        headers: bearer(user.token),
        status: 400,
      },
      {
        method: 'GET' as const,
        url: '/api/deals/-1',
        headers: bearer(user.token),
        status: 400,
      },
      { method: 'GET' as const, url: '/api/nope', headers: {}, status: 404 },
      {
        method: 'POST' as const,
        url: '/api/deals',
        headers: { ...bearer(user.token), 'content-type': 'application/json' },
        payload: JSON.stringify({ description: 'x'.repeat(5000) }),
        status: 413,
      },
      {
        method: 'POST' as const,
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: '[]',
        status: 400,
      },
    ];
    for (const c of cases) {
      const res = await t.app.inject(c);
      expect(res.statusCode, `${c.url}: ${res.body}`).toBe(c.status);
      const body = res.json();
      expect(Object.keys(body).sort()).toEqual([
        'code',
        'error',
        'message',
        'params',
      ]);
      expect(res.body).not.toMatch(/at .*\.ts:\d+/);
    }
  });

  it('given a body of the wrong shape, then 400 "Request body must be a JSON object"', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '"text"',
    });
    expect(res.json()).toEqual({
      error: 'validation_failed',
      code: 'body_not_object',
      params: {},
      message: 'Request body must be a JSON object',
    });
  });

  it('given security headers and closed CORS, then helmet headers and no allow-origin', async () => {
    const res = await t.app.inject({
      url: '/api/push/public-key',
      headers: { origin: 'https://evil.example' },
    });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('openapi, ai, push', () => {
  it('given the app, then the OpenAPI document lists the spec paths', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    for (const path of [
      '/api/deals',
      '/api/deals/{id}/release',
      '/api/payment-requests/token/{token}',
      '/api/admin/deals',
      '/api/auth/login',
    ]) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
    expect((await t.app.inject({ url: '/api/docs' })).statusCode).toBeLessThan(
      400,
    );
  });

  it('given a description, when improved, then improved_description; an empty one gives the spec message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ai-assist/improve-description',
      headers: bearer(user.token),
      payload: {
        description: 'show the new shoes\n- tag us',
        platforms: ['Instagram'],
        deliverables: ['1 Instagram Post'],
      },
    });
    expect(res.json().improved_description).toContain('Show the new shoes.');
    expect(res.json().improved_description).toContain('- 1 Instagram Post');
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/ai-assist/improve-description',
      headers: bearer(user.token),
      payload: { description: '  ' },
    });
    expect(empty.json().message).toBe(
      'Please enter a description first to improve it.',
    );
  });

  it('given a push subscription, when testing and simulating, then the sender gets the messages; unsubscribe removes it', async () => {
    const key = (await t.app.inject({ url: '/api/push/public-key' })).json()
      .publicKey;
    expect(key).toMatch(/^[A-Za-z0-9_-]{80,}$/);
    const sub = {
      endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
      keys: { p256dh: 'BNc', auth: 'xyz' },
    };
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/push/subscribe',
          headers: bearer(user.token),
          payload: { subscription: sub },
        })
      ).statusCode,
    ).toBe(200);
    const test = await t.app.inject({
      method: 'POST',
      url: '/api/push/test',
      headers: bearer(user.token),
      payload: { title: 'Hi', body: 'There' },
    });
    expect(test.json()).toMatchObject({ success: true, sent: 1 });
    const sim = await t.app.inject({
      method: 'POST',
      url: '/api/push/simulate/deal-accepted',
      headers: bearer(user.token),
      payload: { dealId: 7, influencer: '@sanne', amount: '250' },
    });
    expect(sim.json().sent).toBe(1);
    expect(JSON.parse(t.pushed.at(-1)!.payload)).toMatchObject({
      title: 'Deal accepted!',
      url: '/deals/7',
    });
    const un = await t.app.inject({
      method: 'POST',
      url: '/api/push/unsubscribe',
      headers: bearer(user.token),
    });
    expect(un.json()).toEqual({ success: true, removed: 1 });
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/push/test',
          headers: bearer(user.token),
        })
      ).json().sent,
    ).toBe(0);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/push/subscribe',
          headers: bearer(user.token),
          payload: { subscription: { endpoint: 'x' } },
        })
      ).statusCode,
    ).toBe(400);
  });
});

describe('live updates', () => {
  it('given an open event stream, when the user creates a deal, then a change notice arrives', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const received = new Promise<string>((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          path: `/api/events/stream?access_token=${user.token}`,
        },
        (res) => {
          expect(res.headers['content-type']).toContain('text/event-stream');
          let text = '';
          res.on('data', (chunk: Buffer) => {
            text += chunk.toString();
            if (text.includes('event: change')) {
              req.destroy();
              resolve(text);
            }
          });
        },
      );
      req.on('error', (e) =>
        e.message.includes('aborted') || e.message.includes('socket hang up')
          ? undefined
          : reject(e),
      );
      req.end();
    });
    await new Promise((r) => setTimeout(r, 100));
    expect(t.ctx.live.size).toBe(1);
    const deal = await createDeal(t.app, user.token);
    const text = await received;
    const data = JSON.parse(
      /data: (.*)\n/.exec(text.slice(text.indexOf('event: change')))![1]!,
    );
    expect(data).toMatchObject({
      kind: 'deal',
      id: deal.id,
      type: 'DealCreated',
    });
    const anon = await t.app.inject({ url: '/api/events/stream' });
    expect(anon.statusCode).toBe(401);
  });
});
