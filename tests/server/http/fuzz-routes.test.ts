import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminAccounts } from '@server/admin/admin-accounts';
import {
  bearer,
  createDeal,
  createTestApp,
  registerUser,
  type TestApp,
} from '@tests/support/test-app';

/**
 * Malformed and hostile input to every route (wrong types, odd values, huge bodies, deep
 * nesting, prototype keys, bad tokens and ids). Any 5xx fails. The route list comes from the app's
 * own OpenAPI document (plus the routes it hides), so a new route is fuzzed without editing this file.
 */
let t: TestApp;
const who: Record<string, Record<string, string>> = { anonymous: {} };
let dealId = 0;
let linkToken = '';
let requestToken = '';

beforeAll(async () => {
  t = await createTestApp({ BODY_LIMIT_BYTES: '65536' });
  const brand = await registerUser(t.app);
  who['user'] = bearer(brand.token);
  dealId = (await createDeal(t.app, brand.token)).id;
  linkToken = (
    await t.app.inject({
      method: 'POST',
      url: `/api/deals/${dealId}/generate-token`,
      headers: bearer(brand.token),
    })
  ).json().token;
  const req = await t.app.inject({
    method: 'POST',
    url: '/api/payment-requests',
    headers: bearer(brand.token),
    payload: {
      title: 'Reel',
      description: 'One reel',
      amount: '100',
      brandName: 'Acme',
      brandEmail: 'acme@example.com',
      deadline: '2026-03-20',
    },
  });
  requestToken = req.json().shareableToken;
  const admins = createAdminAccounts({
    run: t.ctx.run,
    unique: t.ctx.unique,
    accounts: t.ctx.queries.accounts,
  });
  for (const [name, role] of [
    ['fuzzadmin', 'admin'],
    ['fuzzreader', 'auditor'],
  ] as const) {
    const { position } = await admins.create(name, 'admin-pass-1', role, {
      actor: { kind: 'system', id: 'test' },
    });
    await t.ctx.settle(position);
    who[role] = bearer(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/admin-login',
          payload: { username: name, password: 'admin-pass-1' },
        })
      ).json().token,
    );
  }
}, 60_000);
afterAll(() => t.close());

interface Route {
  method: string;
  path: string;
}
function routes(): Route[] {
  const doc = (
    t.app as unknown as {
      swagger(): { paths: Record<string, Record<string, unknown>> };
    }
  ).swagger();
  const list: Route[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const method of Object.keys(methods))
      list.push({
        method: method.toUpperCase(),
        path: path.replace(/\{(\w+)\}/g, ':$1'),
      });
  }
  for (const extra of [
    { method: 'POST', path: '/api/auth/register' },
    { method: 'GET', path: '/api/health' },
  ]) {
    if (!list.some((r) => r.method === extra.method && r.path === extra.path))
      list.push(extra);
  }
  return list;
}

const deep = (levels: number) =>
  JSON.parse(`${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`) as unknown;
const hostileIds = [
  '0',
  '-1',
  '1e99',
  '1.5',
  'abc',
  '%00',
  '..%2F..%2Fetc',
  "'%20OR%201=1",
  'x'.repeat(300),
  '__proto__',
  'constructor',
  '9007199254740993',
  '%E0%A4%A',
  '%F0%9F%92%A9',
  'null',
  '[]',
];
const fieldNames = [
  'email',
  'password',
  'username',
  'amount',
  'deadline',
  'publicationDeadline',
  'dealId',
  'influencer',
  'title',
  'description',
  'deliverables',
  'platforms',
  'subscription',
  'endpoint',
  'reason',
  'companyName',
  'country',
  'phoneNumber',
  'brandName',
  'brandEmail',
  'creatorEmail',
  'currentPassword',
  'newPassword',
  'filter',
  'profileLink',
  'briefingFiles',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
];
const oddValue = fc.oneof(
  fc.constantFrom<unknown>(
    null,
    true,
    false,
    0,
    -1,
    1e308,
    -0,
    '',
    ' ',
    '\u200B',
    '\u202E',
    '%00',
    '2030-02-31',
    [],
    {},
    { toString: 'x' },
    { valueOf: 1 },
    ['a'],
    'x'.repeat(5_000),
  ),
  fc.string({ maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.array(fc.anything({ maxDepth: 2 }), { maxLength: 4 }),
  fc.object({ maxDepth: 2 }),
);
const hostileBody = fc.oneof(
  fc.dictionary(fc.constantFrom(...fieldNames), oddValue, { maxKeys: 8 }),
  fc.anything({ maxDepth: 3 }),
  fc.constantFrom<unknown>(null, [], 'text', 42, deep(2_000), {
    subscription: {
      endpoint: 'http://127.0.0.1:1/x',
      keys: { p256dh: 'a', auth: 'b' },
    },
  }),
);

type Case = { label: string; options: InjectOptions };
const rawCases = (url: string, method: string): Case[] => {
  const m = method as InjectOptions['method'];
  return [
    {
      label: 'malformed JSON',
      options: {
        method: m,
        url,
        headers: { 'content-type': 'application/json' },
        payload: '{"a":',
      },
    },
    {
      label: 'prototype pollution',
      options: {
        method: m,
        url,
        headers: { 'content-type': 'application/json' },
        payload:
          '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}',
      },
    },
    {
      label: 'huge body',
      options: {
        method: m,
        url,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ description: 'x'.repeat(200_000) }),
      },
    },
    {
      label: 'text/plain',
      options: {
        method: m,
        url,
        headers: { 'content-type': 'text/plain' },
        payload: 'hello',
      },
    },
    {
      label: 'form body',
      options: {
        method: m,
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'a=1&a=2&__proto__[x]=1',
      },
    },
    {
      label: 'multipart',
      options: {
        method: m,
        url,
        headers: { 'content-type': 'multipart/form-data; boundary=x' },
        payload: '--x\r\n\r\n--x--',
      },
    },
    {
      label: 'array query',
      options: {
        method: m,
        url: `${url}?filter[]=a&access_token[]=b&key[]=c&filter=all`,
      },
    },
    {
      label: 'bad bearer',
      options: { method: m, url, headers: { authorization: 'Bearer a.b.c' } },
    },
    {
      label: 'no scheme',
      options: { method: m, url, headers: { authorization: 'abc' } },
    },
    {
      label: 'basic auth',
      options: {
        method: m,
        url,
        headers: { authorization: 'Basic Zm9vOmJhcg==' },
      },
    },
    {
      label: 'alg none',
      options: {
        method: m,
        url,
        headers: {
          authorization: `Bearer ${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from('{"sub":"u_1"}').toString('base64url')}.`,
        },
      },
    },
    {
      label: 'bad signature header',
      options: {
        method: m,
        url,
        headers: {
          'stripe-signature': 't=abc,v1=zz',
          'content-type': 'application/json',
        },
        payload: '{}',
      },
    },
  ];
};

/** The URLs to hit for a route: each path parameter filled with hostile values, and with real ones. */
function urls(path: string): string[] {
  const params = [...path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  if (params.length === 0) return [path];
  const real = (name: string) =>
    name === 'token'
      ? [linkToken, requestToken]
      : name === 'id'
        ? [String(dealId)]
        : ['cs_sim_0', 'acct_sim_0'];
  const fill = (value: (name: string) => string) =>
    path.replace(/:(\w+)/g, (_, name: string) => value(name));
  return [
    ...hostileIds.map((id) => fill(() => id)),
    ...params.flatMap((p) =>
      real(p).map((v) => fill((name) => (name === p ? v : real(name)[0]!))),
    ),
  ];
}

/** Server-sent event streams (user, admin, link): a valid credential keeps them open for good. */
const isStream = (path: string) => /\/events\/stream(\/|$)/.test(path);
/** A request that never answers fails the run with its name instead of timing the whole test out. */
const ANSWER_WITHIN_MS = 15_000;

describe('fuzz: no route answers 5xx to any input', () => {
  it('covers the whole API', () => {
    const list = routes();
    expect(list.filter((r) => isStream(r.path)).map((r) => r.path)).toContain(
      '/api/admin/events/stream',
    );
    expect(list.length).toBeGreaterThan(50);
    expect(list.some((r) => r.path === '/api/auth/register')).toBe(true);
    expect(list.some((r) => r.path.startsWith('/sim/'))).toBe(true);
  });

  // One test per route: the list is read once the app exists (describe bodies run before beforeAll).
  it(
    'every route × hostile ids, bodies, content types and tokens',
    { timeout: 180_000 },
    async () => {
      const failures: string[] = [];
      const send = async (label: string, options: InjectOptions) => {
        let timer: NodeJS.Timeout | undefined;
        const res = await Promise.race([
          t.app.inject(options),
          new Promise<null>(
            (resolve) =>
              (timer = setTimeout(() => resolve(null), ANSWER_WITHIN_MS)),
          ),
        ]).finally(() => clearTimeout(timer));
        if (!res) {
          failures.push(
            `no answer within ${ANSWER_WITHIN_MS} ms: ${options.method} ${String(options.url).slice(0, 120)} [${label}]`,
          );
          return;
        }
        if (res.statusCode >= 500)
          failures.push(
            `${res.statusCode} ${options.method} ${String(options.url).slice(0, 120)} [${label}] ${res.body.slice(0, 200)}`,
          );
        // No stack traces or internal paths in any answer.
        if (/\bat \S+ \(|node_modules|\/server\//.test(res.body))
          failures.push(
            `leak ${options.method} ${String(options.url)} [${label}]`,
          );
      };
      let sent = 0;
      for (const route of routes()) {
        // A valid credential on an event stream opens it for good: streams get only invalid ones.
        const stream = isStream(route.path);
        const targets = stream
          ? urls(route.path).filter(
              (u) => !u.includes(linkToken) && !u.includes(requestToken),
            )
          : urls(route.path);
        for (const url of targets) {
          for (const [name, headers] of Object.entries(who)) {
            if (stream && name !== 'anonymous') continue;
            await send(`as ${name}`, {
              method: route.method as InjectOptions['method'],
              url,
              headers,
            });
            sent++;
          }
        }
        const url = targets.at(-1)!;
        for (const c of rawCases(url, route.method)) {
          await send(c.label, c.options);
          sent++;
        }
        if (route.method === 'GET') continue;
        const bodies = fc.sample(hostileBody, { numRuns: 30, seed: 9 });
        for (const [i, body] of bodies.entries()) {
          const headers =
            i % 3 === 0 ? who['user']! : i % 3 === 1 ? who['admin']! : {};
          await send(`body #${i}`, {
            method: route.method as InjectOptions['method'],
            url,
            headers: { ...headers, 'content-type': 'application/json' },
            payload: JSON.stringify(body) ?? 'null',
          });
          sent++;
        }
      }
      expect(sent).toBeGreaterThan(3_000);
      expect(failures).toEqual([]);
    },
  );
});
