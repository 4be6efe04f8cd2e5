import { describe, expect, it } from 'vitest';
import { createAdminAccounts } from '@server/admin/admin-accounts';
import {
  until,
  useLiveTestApp,
  type SseStream,
} from '@tests/support/sse-client';
import { bearer, createDeal, registerUser } from '@tests/support/test-app';

/**
 * An open event stream lives only as long as the right that opened it: logout, a password change
 * (session version), deactivation of an admin or auditor and a link rotation end the streams they
 * authorised within a second; streams of anyone else stay open.
 */
const live = useLiveTestApp();
const openStream = (path: string, headers?: Record<string, string>) =>
  live.openStream(path, headers);

const endsWithinASecond = (stream: SseStream, what: string) =>
  until(() => stream.ended, what, 1_000);

async function adminLogin(
  username: string,
  role: 'admin' | 'auditor',
): Promise<{ id: string; token: string }> {
  const admins = createAdminAccounts({
    run: live.t.ctx.run,
    unique: live.t.ctx.unique,
    accounts: live.t.ctx.queries.accounts,
  });
  await live.t.ctx.settle(
    (
      await admins.create(username, 'admin-pass-1', role, {
        actor: { kind: 'system', id: 'test' },
      })
    ).position,
  );
  const res = await live.t.app.inject({
    method: 'POST',
    url: '/api/auth/admin-login',
    payload: { username, password: 'admin-pass-1' },
  });
  const token = (res.json() as { token: string }).token;
  const me = await live.t.app.inject({
    url: '/api/admin/me',
    headers: bearer(token),
  });
  return { id: (me.json() as { id: string }).id, token };
}

describe('event streams end with the right that opened them', () => {
  it('given streams by bearer header and by ?access_token=, when the user logs out, then both end; another user keeps theirs', async () => {
    const user = await registerUser(live.t.app);
    const other = await registerUser(live.t.app);
    const byHeader = await openStream('/api/events/stream', bearer(user.token));
    const byQuery = await openStream(
      `/api/events/stream?access_token=${encodeURIComponent(user.token)}`,
    );
    const bystander = await openStream(
      '/api/events/stream',
      bearer(other.token),
    );

    expect(
      (
        await live.t.app.inject({
          method: 'POST',
          url: '/api/auth/logout',
          headers: bearer(user.token),
        })
      ).statusCode,
    ).toBe(200);
    await endsWithinASecond(byHeader, 'the bearer stream to end');
    await endsWithinASecond(byQuery, 'the ?access_token= stream to end');
    expect(bystander.ended).toBe(false);
    expect(live.t.ctx.live.size).toBe(1);
  });

  it('given a stream, when the password changes (a new session version), then the stream opened with the old token ends', async () => {
    const user = await registerUser(live.t.app);
    const stream = await openStream(
      `/api/events/stream?access_token=${encodeURIComponent(user.token)}`,
    );
    const changed = await live.t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: bearer(user.token),
      payload: {
        currentPassword: 'secret123',
        newPassword: 'another-secret-9',
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await endsWithinASecond(stream, 'the stream to end');
  });

  it('given an auditor streaming admin changes, when an admin deactivates the auditor, then the stream ends; the admin keeps theirs', async () => {
    const admin = await adminLogin('live-root', 'admin');
    const auditor = await adminLogin('live-auditor', 'auditor');
    const audited = await openStream(
      `/api/admin/events/stream?access_token=${encodeURIComponent(auditor.token)}`,
    );
    const own = await openStream(
      '/api/admin/events/stream',
      bearer(admin.token),
    );
    const res = await live.t.app.inject({
      method: 'POST',
      url: `/api/admin/accounts/${auditor.id}/deactivate`,
      headers: bearer(admin.token),
      payload: {},
    });
    expect(res.statusCode, res.body).toBe(200);
    await endsWithinASecond(audited, 'the auditor stream to end');
    expect(own.ended).toBe(false);
  });

  it('given a stream on a deal link, when the brand rotates the link, then that stream ends; a stream on another deal link stays', async () => {
    const brand = await registerUser(live.t.app);
    const link = async (id: number) =>
      (
        (
          await live.t.app.inject({
            method: 'POST',
            url: `/api/deals/${id}/generate-token`,
            headers: bearer(brand.token),
          })
        ).json() as { token: string }
      ).token;
    const rotated = await createDeal(live.t.app, brand.token);
    const kept = await createDeal(live.t.app, brand.token);
    const oldLink = await link(rotated.id);
    const stream = await openStream(`/api/events/stream/deal/${oldLink}`);
    const other = await openStream(
      `/api/events/stream/deal/${await link(kept.id)}`,
    );
    const res = await live.t.app.inject({
      method: 'POST',
      url: `/api/deals/${rotated.id}/rotate-token`,
      headers: bearer(brand.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    await endsWithinASecond(stream, 'the old link stream to end');
    expect(other.ended).toBe(false);
    expect(
      (await live.sse.open(`/api/events/stream/deal/${oldLink}`)).status,
    ).toBe(404);
  });

  it('given streams opened with a user token and an admin token, when each token expires, then its stream ends then; a stream whose token lives on stays', async () => {
    const { clock } = live.t;
    const user = await registerUser(live.t.app);
    const admin = await adminLogin('live-expiry', 'admin');
    const expiryOf = (token: string) =>
      (
        JSON.parse(
          Buffer.from(token.split('.')[1]!, 'base64url').toString(),
        ) as { exp: number }
      ).exp * 1000;
    const streams = [
      { token: user.token, path: '/api/events/stream', what: 'user' },
      { token: admin.token, path: '/api/admin/events/stream', what: 'admin' },
    ].sort((a, b) => expiryOf(a.token) - expiryOf(b.token));
    for (const { token, path, what } of streams) {
      // The clock moves to just before the token runs out; a token signed then lives on.
      clock.set(new Date(expiryOf(token) - 300));
      const fresh = await registerUser(live.t.app);
      const expiring = await openStream(path, bearer(token));
      const lasting = await openStream(
        '/api/events/stream',
        bearer(fresh.token),
      );
      expect(expiring.ended).toBe(false);
      await endsWithinASecond(
        expiring,
        `the stream of the expiring ${what} token to end`,
      );
      expect(lasting.ended).toBe(false);
      // An expired token opens nothing.
      clock.set(new Date(expiryOf(token) + 1_000));
      const refused = await live.t.app.inject({
        url: path,
        headers: bearer(token),
      });
      expect(refused.statusCode).toBe(401);
    }
  });
});
