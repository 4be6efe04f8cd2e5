import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { codeMailedTo } from '@tests/e2e/support/link-codes';
import {
  apiClient,
  startServer,
  type RunningServer,
} from '@tests/e2e/support/server';
import {
  pgTestUrl,
  useTestDatabase,
  withDatabase,
} from '@tests/support/postgres';
import { dealPayload } from '@tests/support/test-app';
import { testPayoutIdentity } from '@tests/support/payout-identity';

/** A deal whose deadline is a month from the real today (the instances run on the real clock). */
const payload = () =>
  dealPayload({
    deadline: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
  });

/**
 * Three real app processes (`tsx server/main.ts`) on one fresh PostgreSQL database, each with its
 * own data folder (read models, mail folder) and one shared simulated gateway, requests spread
 * over them. Nothing but the store (and the gateway, as one Stripe account would be) is shared.
 */
const METRICS_TOKEN = 'multi-instance-metrics-token';

describe.runIf(pgTestUrl)('three instances on one PostgreSQL', () => {
  const database = useTestDatabase('escrow_multi');
  const shared = mkdtempSync(join(tmpdir(), 'multi-instance-'));
  let servers: RunningServer[] = [];
  const live = () => servers.filter((s) => !killed.has(s));
  const killed = new Set<RunningServer>();
  let turn = 0;
  /** The next live instance, round robin: requests are spread over them. */
  const next = () => live()[turn++ % live().length]!;
  const sql = <T>(text: string, params: unknown[] = []) =>
    withDatabase(
      database().url,
      async (c) => (await c.query(text, params)).rows as T[],
    );

  beforeAll(async () => {
    const env = {
      DATABASE_URL: database().url,
      SIMULATED_GATEWAY_FILE: join(shared, 'simulated-gateway.sqlite'),
      REVIEW_PERIOD_HOURS: '0.004', // 14.4 s: long enough to release by hand, short enough to see the timer fire
      // 7.2 s before the end: the reminder falls due while the surviving instances race for it.
      RELEASE_REMINDER_HOURS: '0.002',
      // A notification the killed instance claimed but did not send is sent by another after 3 s.
      NOTIFICATION_LEASE_SECONDS: '3',
      LOGIN_MAX_FAILURES: '5',
      METRICS_TOKEN, // health answers its read models' position to it
      ADMIN_USERNAME: '',
      ADMIN_PASSWORD: '',
    };
    // One after the other: the first creates the schema and the shared secrets, the others find them.
    for (let i = 0; i < 3; i++) servers.push(await startServer(env));
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    servers = [];
    rmSync(shared, { recursive: true, force: true });
  });

  /** Every live instance's read models have applied everything in the store. */
  async function converged(): Promise<void> {
    const head = (
      await sql<{ head: number }>(
        'SELECT coalesce(max(position), 0)::int AS head FROM es_events',
      )
    )[0]!.head;
    const deadline = Date.now() + 20_000;
    for (const server of live()) {
      for (;;) {
        const { position } = (await (
          await fetch(`${server.url}/api/health`, {
            headers: { authorization: `Bearer ${METRICS_TOKEN}` },
          })
        ).json()) as {
          position: number;
        };
        if (position >= head) break;
        if (Date.now() > deadline)
          throw new Error(`${server.url} stuck at ${position} < ${head}`);
        await new Promise((r) => setTimeout(r, 25));
      }
    }
  }

  const call = async <T>(
    server: RunningServer,
    method: string,
    path: string,
    body?: unknown,
    token?: string,
    headers: Record<string, string> = {},
  ) => {
    const result = await apiClient(server)<T>(
      method,
      path,
      body,
      token,
      headers,
    );
    await converged();
    return result;
  };
  const form = (url: string, fields: Record<string, string>) =>
    fetch(url, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields),
    });

  async function brand(): Promise<{ token: string; email: string }> {
    const id = `${Date.now()}${Math.floor(Math.random() * 1e6)}`;
    const answer = await call<{ token: string }>(
      next(),
      'POST',
      '/api/auth/register',
      {
        username: `brand${id}`,
        email: `brand${id}@example.com`,
        password: 'secret123',
        companyName: 'Brand',
      },
    );
    return { token: answer.token, email: `brand${id}@example.com` };
  }

  /** A deal taken to "delivered" with every step on the next instance in turn. */
  async function deliveredDeal(
    token: string,
  ): Promise<{ id: number; link: string; claim: Record<string, string> }> {
    const deal = await call<{ id: number }>(
      next(),
      'POST',
      '/api/deals',
      payload(),
      token,
    );
    const checkout = await call<{ url: string }>(
      next(),
      'POST',
      '/api/create-checkout-session',
      { dealId: deal.id },
      token,
    );
    expect(
      (await form(checkout.url, { outcome: 'pay', method: 'card' })).status,
    ).toBe(303);
    await converged();
    const { token: link } = await call<{ token: string }>(
      next(),
      'POST',
      `/api/deals/${deal.id}/generate-token`,
      undefined,
      token,
    );
    // The code is asked on one instance and given with the acceptance on another.
    const asked = next();
    const email = `creator-${deal.id}@link.example`;
    await call(asked, 'POST', `/api/deals/link/${link}/email/code`, { email });
    const emailCode = await codeMailedTo(asked, email);
    const { claimSecret } = await call<{ claimSecret: string }>(
      next(),
      'POST',
      `/api/deals/accept/${link}`,
      { emailCode },
    );
    const claim = { 'x-claim-secret': claimSecret };
    const onboarding = await call<{ url: string }>(
      next(),
      'POST',
      `/api/deals/start-onboarding/${link}`,
      { identity: testPayoutIdentity },
      undefined,
      claim,
    );
    expect((await form(onboarding.url, { outcome: 'complete' })).status).toBe(
      303,
    );
    await converged();
    await call(next(), 'GET', `/api/deals/token/${link}`);
    await call(
      next(),
      'POST',
      `/api/deals/deliver/${link}`,
      undefined,
      undefined,
      claim,
    );
    return { id: deal.id, link, claim };
  }

  const transfersOf = (dealId: number) => {
    const ledger = new Database(join(shared, 'simulated-gateway.sqlite'), {
      readonly: true,
    });
    try {
      return ledger
        .prepare('SELECT id FROM sim_transfers WHERE transfer_group = ?')
        .all(`deal-${dealId}`).length;
    } finally {
      ledger.close();
    }
  };
  const eventsOf = async (dealId: number, type: string) =>
    (
      await sql<{ n: number }>(
        'SELECT count(*)::int AS n FROM es_events WHERE stream_id = $1 AND type = $2',
        [`deal-${dealId}`, type],
      )
    )[0]!.n;
  async function until(
    check: () => Promise<boolean>,
    what: string,
    timeoutMs = 30_000,
  ): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > deadline)
        throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  it('runs a whole deal lifecycle over all three; 20 parallel releases spread over them make one transfer', async () => {
    const { token } = await brand();
    const deal = await deliveredDeal(token);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        fetch(`${live()[i % 3]!.url}/api/deals/${deal.id}/release`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}` },
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(
      answers.filter((a) => a.status !== 200).every((a) => a.status === 409),
    ).toBe(true);
    await until(
      async () => (await eventsOf(deal.id, 'FundsReleased')) === 1,
      'the transfer outcome',
    );
    expect(await eventsOf(deal.id, 'FundsReleaseRequested')).toBe(1);
    expect(transfersOf(deal.id)).toBe(1);
    await converged();
    for (const server of live()) {
      expect(
        (
          await apiClient(server)<{ status: string }>(
            'GET',
            `/api/deals/${deal.id}`,
            undefined,
            token,
          )
        ).status,
      ).toBe('completed');
    }
  });

  it('answers one Idempotency-Key sent to two instances with one intent and the same answer', async () => {
    const { token } = await brand();
    const deal = await deliveredDeal(token);
    const headers = {
      authorization: `Bearer ${token}`,
      'idempotency-key': `release-${deal.id}`,
    };
    const [a, b] = await Promise.all(
      [servers[0]!, servers[1]!].map((s) =>
        fetch(`${s.url}/api/deals/${deal.id}/release`, {
          method: 'POST',
          headers,
        }),
      ),
    );
    expect([a!.status, b!.status]).toEqual([200, 200]);
    expect(await a!.json()).toEqual(await b!.json());
    await until(
      async () => (await eventsOf(deal.id, 'FundsReleased')) === 1,
      'the transfer outcome',
    );
    expect(await eventsOf(deal.id, 'FundsReleaseRequested')).toBe(1);
    expect(transfersOf(deal.id)).toBe(1);
  });

  it('counts a login throttle across instances', async () => {
    const { email } = await brand();
    for (let i = 0; i < 5; i++) {
      const res = await fetch(`${live()[i % 3]!.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'wrong-password' }),
      });
      expect(res.status).toBe(401);
    }
    const refused = await fetch(`${live()[2]!.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'secret123' }),
    });
    expect(refused.status).toBe(429);
  });

  it("shows a change made through one instance on another instance's live stream", async () => {
    const { token } = await brand();
    const [a, b] = [servers[0]!, servers[1]!];
    const controller = new AbortController();
    const stream = await fetch(
      `${b.url}/api/events/stream?access_token=${token}`,
      {
        signal: controller.signal,
      },
    );
    const reader = stream.body!.getReader();
    const changed = (async () => {
      let text = '';
      while (!text.includes('event: change')) {
        const { done, value } = await reader.read();
        if (done) throw new Error('the live stream ended without a change');
        text += new TextDecoder().decode(value);
      }
      return Date.now();
    })();
    changed.catch(() => undefined);
    let answered = 0;
    let seen = 0;
    try {
      await new Promise((r) => setTimeout(r, 200));
      await apiClient(a)('POST', '/api/deals', payload(), token);
      answered = Date.now();
      seen = await changed;
    } finally {
      controller.abort();
    }
    // Only NOTIFY can bring it this soon (the subscriptions' safety-net poll is a minute); the
    // live-update budget itself is measured by the bench.
    expect(seen - answered).toBeLessThan(2_000);
  });

  it('finishes the work of an instance killed (kill -9) mid-lifecycle; the timer fires once; each notification is sent once', async () => {
    const { token } = await brand();
    const deal = await deliveredDeal(token);
    const victim = servers[2]!;
    // The release reaches the victim, which dies while handling it.
    void fetch(`${victim.url}/api/deals/${deal.id}/release`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    }).catch(() => undefined);
    await new Promise((r) => setTimeout(r, 15));
    victim.kill();
    killed.add(victim);
    // The brand retries on a live instance: either the intent was recorded (409, the others carry it out) or it is recorded now.
    const retry = await fetch(
      `${servers[0]!.url}/api/deals/${deal.id}/release`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
      },
    );
    expect([200, 409]).toContain(retry.status);
    await until(
      async () => (await eventsOf(deal.id, 'FundsReleased')) === 1,
      'the transfer outcome',
    );
    expect(transfersOf(deal.id)).toBe(1);

    // A deal left alone after delivery: its review period ends and the two remaining timer reactors race.
    const timed = await deliveredDeal(token);
    await until(
      async () => (await eventsOf(timed.id, 'FundsReleased')) === 1,
      'the timer to release the funds',
      40_000,
    );
    expect(await eventsOf(timed.id, 'ReviewPeriodElapsed')).toBe(1);
    expect(await eventsOf(timed.id, 'FundsReleaseRequested')).toBe(1);
    expect(transfersOf(timed.id)).toBe(1);
    const reminders = await sql<{ n: number }>(
      "SELECT count(*)::int AS n FROM es_events WHERE type = 'ReleaseReminderDue' AND (data->>'dealId')::int = $1",
      [timed.id],
    );
    expect(reminders[0]!.n).toBe(1);

    // Every email claimed was written by one instance (the killed one's folder included): one the
    // killed instance claimed but never sent is sent by another once its lease ends. A file's name
    // holds its claim's key (also its Message-ID); only a kill between a send and its recorded
    // outcome could leave a second copy, with the same Message-ID, so keys are counted.
    await converged();
    const claims = async () =>
      (
        await sql<{ n: number }>(
          "SELECT count(*)::int AS n FROM es_events WHERE type = 'NotificationSent' AND data->>'channel' = 'email'",
        )
      )[0]!.n;
    const mails = () =>
      servers.flatMap((s) =>
        existsSync(join(s.dataDir, 'mail'))
          ? readdirSync(join(s.dataDir, 'mail')).filter(
              // Notification mails only: an acceptance's e-mail code is sent by the instance asked.
              (f) => f.endsWith('.eml') && f.includes('notification-'),
            )
          : [],
      );
    const keys = () =>
      new Set(mails().map((f) => /notification-[0-9a-f]{32}/.exec(f)?.[0]));
    await until(
      async () => keys().size === (await claims()),
      'every claimed email',
      20_000,
    );
    expect(await claims()).toBeGreaterThan(0);
    expect(keys().has(undefined)).toBe(false);
    expect(mails().length).toBeLessThanOrEqual(keys().size + 1);
    const open = await sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM es_events s WHERE s.type = 'NotificationSent' AND NOT EXISTS
         (SELECT 1 FROM es_events o WHERE o.stream_id = s.stream_id AND o.type = 'NotificationDelivered')`,
    );
    expect(open[0]!.n).toBe(0);
    const perClaim = await sql<{ n: number }>(
      "SELECT count(*)::int AS n FROM es_events WHERE type = 'NotificationSent' GROUP BY stream_id HAVING count(*) > 1",
    );
    expect(perClaim).toEqual([]);
  });
});
