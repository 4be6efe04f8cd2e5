import autocannon from 'autocannon';
import Fastify from 'fastify';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { gunzipSync } from 'node:zlib';
import { buildApp } from '@server/app';
import { createAppContext } from '@server/app-context';
import { hashPassword } from '@server/auth/password';
import { loadConfig } from '@server/config';
import type { BenchLine, BenchSuite } from './bench.types';

/**
 * The API under load: GET /api/deals for a brand with 50 deals in a store of 10,000 brands, and
 * POST /api/deals, with autocannon (100 connections), beside a bare Fastify route answering
 * {ok:true} measured in the same run. Target: the list at >= 50 % of the bare route, p99 < 20 ms.
 * The list requests send `accept-encoding: gzip` as every browser does (the figures say so); they
 * send no If-None-Match, so each one gets the full answer, never a 304.
 */
const BRANDS = Number(process.env.BENCH_API_BRANDS ?? 10_000);
const DEALS = 50;
const CONNECTIONS = 100;
const DURATION_S = Number(process.env.BENCH_API_SECONDS ?? 4);

/** `busyUs`: the server's event-loop busy time per answer, a figure that CPU contention from other processes distorts far less than req/s and p99. */
interface Load {
  rps: number;
  p99: number;
  errors: number;
  busyUs: number;
}

async function load(
  url: string,
  options: {
    method?: 'GET' | 'POST';
    headers?: Record<string, string>;
    body?: string;
  } = {},
): Promise<Load> {
  const before = performance.eventLoopUtilization();
  // The load generator runs in a worker thread so it does not share the server's event loop.
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION_S,
    workers: 1,
    method: options.method ?? 'GET',
    headers: options.headers ?? {},
    ...(options.body ? { body: options.body } : {}),
  });
  const elu = performance.eventLoopUtilization(before);
  const answers = result.requests.average * DURATION_S;
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    busyUs: answers > 0 ? (elu.active * 1000) / answers : 0,
  };
}
const busy = (l: Load) => `server busy ${l.busyUs.toFixed(0)} µs/answer`;

async function seedBrands(
  append: (stream: string, event: object) => Promise<unknown>,
  passwordHash: string,
): Promise<void> {
  const at = '2026-01-01T09:00:00.000Z';
  for (let from = 0; from < BRANDS; from += 500) {
    const batch = [];
    for (let i = from; i < Math.min(BRANDS, from + 500); i++) {
      const userId = `u_bench${i}`;
      batch.push(
        append(`user-${userId}`, {
          id: randomUUID(),
          type: 'UserRegistered',
          data: {
            userId,
            username: `brand${i}`,
            email: `brand${i}@bench.example`,
            passwordHash,
            companyName: `Brand ${i}`,
            country: 'NL',
            phoneNumber: null,
          },
          metadata: {
            actor: { kind: 'system', id: 'bench' },
            at,
            correlationId: randomUUID(),
            causationId: null,
            schemaVersion: 1,
            state: 'registered',
          },
        }),
      );
    }
    await Promise.all(batch);
  }
}

export const run: BenchSuite = async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'escrow-api-bench-'));
  const ctx = await createAppContext(
    loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret',
      LOG_LEVEL: 'silent',
      RATE_LIMIT_WRITES_PER_USER: '100000000',
    }),
    { startReactors: false },
  );
  const app = await buildApp(ctx);
  const bare = Fastify();
  bare.get('/ok', async () => ({ ok: true }));
  try {
    await seedBrands(
      (stream, event) =>
        ctx.store.append(stream, [event as never], 'no_stream'),
      await hashPassword('bench-password'),
    );
    await ctx.settle(await ctx.store.headPosition());
    const register = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        username: 'benchbrand',
        email: 'bench@bench.example',
        password: 'secret123',
      },
    });
    const token = (register.json() as { token: string }).token;
    const headers = {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
    };
    // Deadlines must not have passed: next year's dates.
    const year = new Date().getUTCFullYear() + 1;
    const dealBody = JSON.stringify({
      influencer: '@bench',
      description: 'A reel',
      amount: '250',
      deadline: `${year}-12-01`,
      deliverables: ['1 Instagram Post'],
      platforms: ['Instagram'],
    });
    // Distinct deals (creators, texts, amounts, dates) written as people write them, so compression
    // meets realistic data rather than 50 copies of one deal.
    const seasons = ['spring', 'summer', 'autumn', 'winter'];
    const products = [
      'running shoes',
      'linen shirts',
      'rain jackets',
      'wool scarves',
      'sunglasses',
      'backpacks',
      'skincare set',
    ];
    for (let i = 0; i < DEALS; i++) {
      const product = products[i % products.length]!;
      const payload = {
        influencer: `@${['anna', 'bram', 'chloe', 'daan', 'eva', 'finn', 'gwen'][i % 7]}.${product.split(' ')[0]}${i}`,
        title: `${seasons[i % 4]} ${product} #${i + 1}`,
        description: `Show our ${seasons[i % 4]} ${product} in ${1 + (i % 3)} looks; mention the ${10 + i}% code and tag @shop in the first line.`,
        amount: String(100 + i * 29.5),
        deadline: `${year}-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`,
        deliverables: ['1 Instagram Post', '3 Stories'].slice(0, 1 + (i % 2)),
        platforms: [['Instagram'], ['TikTok'], ['Instagram', 'YouTube']][i % 3],
      };
      const res = await app.inject({
        method: 'POST',
        url: '/api/deals',
        headers,
        payload,
      });
      if (res.statusCode !== 201)
        throw new Error(`seed deal: ${res.statusCode} ${res.body}`);
    }

    await app.listen({ port: 0, host: '127.0.0.1' });
    await bare.listen({ port: 0, host: '127.0.0.1' });
    const apiUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const bareUrl = `http://127.0.0.1:${(bare.server.address() as AddressInfo).port}/ok`;

    // One checked request first: the load below must measure the real, complete answer.
    const listHeaders = {
      authorization: `Bearer ${token}`,
      'accept-encoding': 'gzip',
    };
    const probe = await app.inject({ url: '/api/deals', headers: listHeaders });
    const items = JSON.parse(
      (probe.headers['content-encoding'] === 'gzip'
        ? gunzipSync(probe.rawPayload)
        : probe.rawPayload
      ).toString(),
    ) as unknown[];
    if (probe.statusCode !== 200 || items.length !== DEALS)
      throw new Error(`list probe: ${probe.statusCode}, ${items.length} items`);
    const wire = `${(probe.rawPayload.length / 1024).toFixed(1)} KB ${probe.headers['content-encoding'] ?? 'identity'}`;

    const baseline = await load(bareUrl);
    const list = await load(`${apiUrl}/api/deals`, { headers: listHeaders });
    const create = await load(`${apiUrl}/api/deals`, {
      method: 'POST',
      headers,
      body: dealBody,
    });
    const ratio = list.rps / baseline.rps;
    const lines: BenchLine[] = [
      {
        id: 'api-bare',
        label: 'bare Fastify {ok:true}',
        value: Math.round(baseline.rps),
        unit: 'req/s',
        extra: `p99 ${baseline.p99} ms, ${busy(baseline)}`,
      },
      {
        id: 'api-list',
        label: `GET /api/deals (${DEALS} deals, ${BRANDS} brands)`,
        value: Math.round(list.rps),
        unit: 'req/s',
        baseline: { label: 'bare route', value: Math.round(baseline.rps) },
        target: '>= 50 % of bare req/s, p99 < 20 ms',
        met: ratio >= 0.5 && list.p99 < 20 && list.errors === 0,
        extra: `p99 ${list.p99} ms, ${(ratio * 100).toFixed(0)} % of bare, errors ${list.errors}, ${busy(list)}, accept-encoding: gzip, ${wire} per answer`,
      },
      {
        id: 'api-create',
        label: 'POST /api/deals',
        value: Math.round(create.rps),
        unit: 'req/s',
        baseline: { label: 'bare route', value: Math.round(baseline.rps) },
        extra: `p99 ${create.p99} ms, ${((create.rps / baseline.rps) * 100).toFixed(0)} % of bare, errors ${create.errors}, ${busy(create)}`,
      },
    ];
    return lines;
  } finally {
    await bare.close();
    await app.close();
    await ctx.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
};
