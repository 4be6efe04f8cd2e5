import { X509Certificate } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import webPush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@server/app';
import { createAppContext, type AppContext } from '@server/app-context';
import {
  webPushSender,
  type PushSubscriptionJson,
} from '@server/notifications/push.service';
import { createTestClock } from '@server/shared/clock';
import {
  browser,
  decryptPushMessage,
  localTls,
  pushTestConfig,
  startPushEndpoint,
  verifyVapid,
} from '@tests/support/push-endpoint';
import { bearer, registerUser } from '@tests/support/test-app';

/*
 * The production sender (real `web-push`) against a local HTTPS push endpoint: the message must
 * carry a valid VAPID JWT and decrypt per RFC 8291 / RFC 8188 with the browser's keys.
 */

const VAPID_SUBJECT = 'mailto:ops@escrow.test';

// ---------------------------------------------------------------- app with the production sender

let tempDir: string;
let endpoint: Awaited<ReturnType<typeof startPushEndpoint>>;
let agent: Agent;
let vapid: { publicKey: string; privateKey: string };
let app: FastifyInstance;
let ctx: AppContext;

beforeAll(async () => {
  tempDir = mkdtempSync(join(tmpdir(), 'escrow-push-'));
  const tls = localTls(tempDir);
  expect(new X509Certificate(tls.cert).subject).toContain('CN=127.0.0.1');
  endpoint = await startPushEndpoint(tls);
  agent = new Agent({ rejectUnauthorized: false, keepAlive: false });
  vapid = webPush.generateVAPIDKeys();
  const config = pushTestConfig(join(tempDir, 'data'), vapid, {
    VAPID_SUBJECT,
  });
  ctx = await createAppContext(config, {
    clock: createTestClock('2026-03-02T09:00:00.000Z'),
    startReactors: false,
    // The production sender; only the TLS agent differs, to accept the self-signed endpoint.
    pushSender: webPushSender(vapid, VAPID_SUBJECT, { agent }),
  });
  app = await buildApp(ctx);
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await ctx?.close();
  agent?.destroy();
  if (endpoint) {
    endpoint.server.closeAllConnections();
    await new Promise<void>((resolve) =>
      endpoint.server.close(() => resolve()),
    );
  }
  if (tempDir) rmSync(tempDir, { recursive: true, force: true });
});

const subscribe = async (token: string, subscription: PushSubscriptionJson) => {
  const res = await app.inject({
    method: 'POST',
    url: '/api/push/subscribe',
    headers: bearer(token),
    payload: { subscription },
  });
  expect(res.statusCode, res.body).toBe(200);
};

describe('web-push delivery', () => {
  it('given a browser subscription on a push endpoint, when a test notification is sent, then a VAPID-signed aes128gcm message arrives that decrypts to the payload', async () => {
    const user = await registerUser(app);
    const b = browser();
    const url = `${endpoint.origin}/push/v1/browser-one`;
    await subscribe(user.token, b.subscription(url));
    const before = endpoint.received.length;

    const res = await app.inject({
      method: 'POST',
      url: '/api/push/test',
      headers: bearer(user.token),
      payload: { title: 'Hi', body: 'There' },
    });

    expect(res.json()).toEqual({ success: true, sent: 1, failed: 0 });
    const got = endpoint.received.slice(before);
    expect(got).toHaveLength(1);
    const msg = got[0]!;
    expect(msg.method).toBe('POST');
    expect(msg.path).toBe('/push/v1/browser-one');
    expect(msg.headers['content-encoding']).toBe('aes128gcm');
    expect(msg.headers['content-type']).toBe('application/octet-stream');
    expect(msg.headers.ttl).toBe('3600');
    const claims = verifyVapid(msg.headers.authorization, vapid.publicKey);
    expect(claims.aud).toBe(endpoint.origin);
    expect(claims.sub).toBe(VAPID_SUBJECT);
    const nowSec = Math.floor(Date.now() / 1000);
    expect(claims.exp).toBeGreaterThan(nowSec);
    expect(claims.exp).toBeLessThanOrEqual(nowSec + 24 * 3600);
    const expected = JSON.stringify({
      title: 'Hi',
      body: 'There',
      tag: 'test',
    });
    expect(msg.body.includes(Buffer.from('There'))).toBe(false);
    expect(decryptPushMessage(msg.body, b)).toBe(expected);
  });

  it('given a message for another browser, when decrypted with the wrong keys, then authentication fails', async () => {
    const user = await registerUser(app);
    const right = browser();
    await subscribe(
      user.token,
      right.subscription(`${endpoint.origin}/push/v1/browser-two`),
    );
    const before = endpoint.received.length;

    await app.inject({
      method: 'POST',
      url: '/api/push/simulate/deal-accepted',
      headers: bearer(user.token),
      payload: { dealId: 7, influencer: '@sanne', amount: '250' },
    });

    const msg = endpoint.received.slice(before)[0]!;
    expect(JSON.parse(decryptPushMessage(msg.body, right))).toEqual({
      title: 'Deal accepted!',
      body: '@sanne accepted your deal of €250.',
      url: '/deals/7',
      tag: 'deal-accepted',
    });
    expect(() => decryptPushMessage(msg.body, browser())).toThrow();
  });

  it('given subscriptions the push service answers 410, 404, 500 and 201, when notifying, then only the 410 and 404 ones are removed', async () => {
    const user = await registerUser(app);
    const paths = [
      '/push/v1/gone',
      '/push/v1/missing',
      '/push/v1/broken',
      '/push/v1/fine',
    ];
    for (const p of paths)
      await subscribe(
        user.token,
        browser().subscription(`${endpoint.origin}${p}`),
      );
    const before = endpoint.received.length;

    const res = await app.inject({
      method: 'POST',
      url: '/api/push/test',
      headers: bearer(user.token),
    });

    expect(res.json()).toEqual({ success: true, sent: 1, failed: 3 });
    expect(
      endpoint.received
        .slice(before)
        .map((r) => r.path)
        .sort(),
    ).toEqual([...paths].sort());
    await ctx.settle(await ctx.store.headPosition());
    expect(
      ctx.queries.accounts
        .userById(user.userId)
        ?.pushSubscriptions.map((s) => s.endpoint)
        .sort(),
    ).toEqual([
      `${endpoint.origin}/push/v1/broken`,
      `${endpoint.origin}/push/v1/fine`,
    ]);
    const again = await app.inject({
      method: 'POST',
      url: '/api/push/test',
      headers: bearer(user.token),
    });
    expect(again.json()).toEqual({ success: true, sent: 1, failed: 1 });
  });
});
