import {
  apiClient,
  startServer,
  type RunningServer,
} from '@tests/e2e/support/server';
import { createTestDatabase, pgTestUrl } from '@tests/support/postgres';
import { dealPayload } from '@tests/support/test-app';
import type { BenchLine, BenchSuite } from './bench.types';

/**
 * Live updates across instances on PostgreSQL: two app processes on one database; a brand's live
 * stream (server-sent events) is open on both; the brand creates deals through instance A. For each
 * deal: from just before the request is sent until its change notice arrives on A's stream (same
 * instance) and on B's (the commit's NOTIFY wakes B's subscription, B's read models apply the event,
 * B's live hub sends the notice). Target: p95 on B < 200 ms. Baseline: the median round trip of
 * the request itself. Skipped without PG_TEST_URL.
 */
const ROUNDS = Number(process.env.BENCH_LIVE_ROUNDS ?? 100);
const TARGET_MS = 200;
const inDays = (days: number): string =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const percentile = (xs: number[], p: number): number => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[
    Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)
  ]!;
};

/** The deal ids a live stream announced, each with the moment its first notice arrived. */
async function openStream(
  server: RunningServer,
  token: string,
  signal: AbortSignal,
): Promise<{
  seen: Map<number, number>;
  arrival(id: number): Promise<number>;
}> {
  const response = await fetch(
    `${server.url}/api/events/stream?access_token=${token}`,
    { signal },
  );
  if (!response.ok || !response.body)
    throw new Error(`live stream: ${response.status}`);
  const seen = new Map<number, number>();
  const waiting = new Map<number, (at: number) => void>();
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    let text = '';
    for (;;) {
      const { done, value } = await reader
        .read()
        .catch(() => ({ done: true, value: undefined }));
      if (done) return;
      const at = performance.now();
      text += value;
      const messages = text.split('\n\n');
      text = messages.pop()!;
      for (const message of messages) {
        const data = message
          .split('\n')
          .find((line) => line.startsWith('data: '));
        if (!message.includes('event: change') || !data) continue;
        const notice = JSON.parse(data.slice('data: '.length)) as {
          kind: string;
          id: number;
        };
        if (notice.kind !== 'deal' || seen.has(notice.id)) continue;
        seen.set(notice.id, at);
        waiting.get(notice.id)?.(at);
      }
    }
  })();
  return {
    seen,
    arrival(id) {
      const at = seen.get(id);
      if (at !== undefined) return Promise.resolve(at);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () =>
            reject(new Error(`no change notice for deal ${id} within 10 s`)),
          10_000,
        );
        waiting.set(id, (when) => {
          clearTimeout(timer);
          resolve(when);
        });
      });
    },
  };
}

export const run: BenchSuite = async () => {
  if (!pgTestUrl) {
    console.log(
      'skipped: set PG_TEST_URL (e.g. postgres://root@127.0.0.1:5432/test) to measure live updates across instances',
    );
    return [];
  }
  const database = await createTestDatabase('escrow_bench_live');
  const servers: RunningServer[] = [];
  const controller = new AbortController();
  try {
    const env = {
      DATABASE_URL: database.url,
      LOG_LEVEL: 'error',
      ADMIN_USERNAME: '',
      ADMIN_PASSWORD: '',
    };
    // One after the other: the first creates the schema and the shared secrets.
    for (let i = 0; i < 2; i++) servers.push(await startServer(env));
    const [a, b] = servers as [RunningServer, RunningServer];
    const call = apiClient(a);
    const name = `livepg${Date.now().toString(36)}`;
    const { token } = await call<{ token: string }>(
      'POST',
      '/api/auth/register',
      {
        username: name,
        email: `${name}@example.com`,
        password: 'secret-password',
      },
    );
    const onA = await openStream(a, token, controller.signal);
    const onB = await openStream(b, token, controller.signal);
    const deal = (i: number) =>
      dealPayload({ influencer: `@${name}${i}`, deadline: inDays(10) });
    // Warm-up: both instances have loaded their code paths and opened their connections.
    for (let i = 0; i < 5; i++) {
      const { id } = await call<{ id: number }>(
        'POST',
        '/api/deals',
        deal(-i - 1),
        token,
      );
      await Promise.all([onA.arrival(id), onB.arrival(id)]);
    }

    const same: number[] = [];
    const across: number[] = [];
    const requests: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const t0 = performance.now();
      const { id } = await call<{ id: number }>(
        'POST',
        '/api/deals',
        deal(i),
        token,
      );
      requests.push(performance.now() - t0);
      const [seenA, seenB] = await Promise.all([
        onA.arrival(id),
        onB.arrival(id),
      ]);
      same.push(seenA - t0);
      across.push(seenB - t0);
      // A user's changes come apart in time: the next one after a short, varying pause.
      await new Promise((r) => setTimeout(r, 20 + (i % 5) * 10));
    }

    const baseline = {
      label: 'median request round trip',
      value: Math.round(percentile(requests, 50)),
    };
    const summary = (xs: number[]) =>
      `p95 ${Math.round(percentile(xs, 95))} ms, p99 ${Math.round(percentile(xs, 99))} ms, worst ${Math.round(Math.max(...xs))} ms`;
    return [
      {
        id: 'live-pg-same',
        label: `change notice on the instance that took the request (PostgreSQL, ${ROUNDS} deals): p50`,
        value: Math.round(percentile(same, 50)),
        unit: 'ms',
        baseline,
        extra: summary(same),
      },
      {
        id: 'live-pg-across',
        label: `change notice on another instance (NOTIFY, subscription, read models, live hub): p50`,
        value: Math.round(percentile(across, 50)),
        unit: 'ms',
        baseline,
        extra: summary(across),
        target: `p95 < ${TARGET_MS} ms`,
        met: percentile(across, 95) < TARGET_MS,
      },
    ] satisfies BenchLine[];
  } finally {
    controller.abort();
    await Promise.all(servers.map((s) => s.stop()));
    await database.drop();
  }
};
