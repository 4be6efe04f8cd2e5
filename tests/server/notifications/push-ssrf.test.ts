import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushEndpointAllowed } from '@server/notifications/push.service';
import {
  bearer,
  createTestApp,
  registerUser,
  type TestApp,
} from '@tests/support/test-app';

/** Push endpoints only on known push services over https, a few per user. */
let t: TestApp;
let token = '';
beforeAll(async () => {
  t = await createTestApp({ PUSH_MAX_SUBSCRIPTIONS: '3' });
  token = (await registerUser(t.app)).token;
});
afterAll(() => t.close());

const keys = { p256dh: 'BNc', auth: 'xyz' };
const subscribe = (endpoint: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/push/subscribe',
    headers: bearer(token),
    payload: { subscription: { endpoint, keys } },
  });

describe('push subscriptions', () => {
  it.each([
    'http://127.0.0.1:39999/x',
    'https://127.0.0.1:39999/x',
    'https://localhost/x',
    'http://fcm.googleapis.com/fcm/send/a',
    'https://fcm.googleapis.com.evil.example/a',
    'https://user:pw@fcm.googleapis.com/a',
  ])(
    'given %s, when subscribing, then 400 and the server never contacts it',
    async (endpoint) => {
      const res = await subscribe(endpoint);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain('known push service');
      const sent = await t.app.inject({
        method: 'POST',
        url: '/api/push/test',
        headers: bearer(token),
      });
      expect(sent.json().sent).toBe(0);
      expect(t.pushed).toHaveLength(0);
    },
  );

  it("accepts the browsers' push services", () => {
    const hosts = t.ctx.config.push.allowedHosts;
    for (const url of [
      'https://fcm.googleapis.com/fcm/send/a',
      'https://updates.push.services.mozilla.com/wpush/v2/a',
      'https://web.push.apple.com/a',
      'https://db5p.notify.windows.com/w/?token=a',
    ]) {
      expect(pushEndpointAllowed(url, hosts)).toBe(true);
    }
  });

  it('given the cap of 3, when a 4th device subscribes, then 409; re-subscribing a known endpoint still works', async () => {
    for (let i = 0; i < 3; i++)
      expect(
        (await subscribe(`https://fcm.googleapis.com/fcm/send/d${i}`))
          .statusCode,
      ).toBe(200);
    const fourth = await subscribe('https://fcm.googleapis.com/fcm/send/d3');
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json().message).toContain('At most 3 devices');
    expect(
      (await subscribe('https://fcm.googleapis.com/fcm/send/d1')).statusCode,
    ).toBe(200);
  });
});
