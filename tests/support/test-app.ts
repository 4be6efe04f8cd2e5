import type { AdminDealDto } from '@machines/contract/api';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createAdminAccounts } from '@server/admin/admin-accounts';
import { buildApp, type BuildOptions } from '@server/app';
import {
  createAppContext,
  type AppContext,
  type ContextOptions,
} from '@server/app-context';
import { loadConfig } from '@server/config';
import type { PushSubscriptionJson } from '@server/notifications/push.service';
import { createTestClock, type TestClock } from '@server/shared/clock';
import { isSimulated } from '@server/money/gateway/create-gateway';
import type { SimulatedGateway } from '@server/money/gateway/simulated/simulated-gateway';

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  clock: TestClock;
  pushed: { subscription: PushSubscriptionJson; payload: string }[];
  dataDir: string;
  close(): Promise<void>;
}

/**
 * Rate limits far above what a test file sends from its one address and few users; the limits
 * themselves are tested with low values (tests/server/http/rate-limits.test.ts).
 */
export const RELAXED_LIMITS: Record<string, string> = {
  RATE_LIMIT_AUTH_PER_IP: '100000',
  RATE_LIMIT_REGISTER_PER_IP: '100000',
  RATE_LIMIT_WRITES_PER_USER: '100000',
  RATE_LIMIT_COSTLY_PER_USER: '100000',
  RATE_LIMIT_ACCOUNT_STATUS_PER_USER: '100000',
  LIVE_MAX_PER_ADDRESS: '100000',
  RATE_LIMIT_REQUESTS_PER_CREATOR: '100000',
  RATE_LIMIT_REQUESTS_PER_RECIPIENT: '100000',
};

/** One app per test file: a temp data dir, a test clock, a fake push sender. */
export async function createTestApp(
  env: Record<string, string> = {},
  options: Pick<ContextOptions, 'mailSender'> &
    Pick<BuildOptions, 'logger'> = {},
): Promise<TestApp> {
  const { logger, ...contextOptions } = options;
  const dataDir = mkdtempSync(join(tmpdir(), 'escrow-api-'));
  const clock = createTestClock('2026-03-02T09:00:00.000Z');
  const pushed: TestApp['pushed'] = [];
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://app.test',
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
    LOG_LEVEL: 'silent',
    ...RELAXED_LIMITS,
    ...env,
  });
  const ctx = await createAppContext(config, {
    ...contextOptions,
    clock,
    startReactors: false,
    pushSender: async (subscription, payload) => {
      if (subscription.endpoint.includes('gone'))
        throw Object.assign(new Error('gone'), { statusCode: 410 });
      pushed.push({ subscription, payload });
      return { statusCode: 201 };
    },
  });
  const app = await buildApp(ctx, logger ? { logger } : {});
  await app.ready();
  return {
    app,
    ctx,
    clock,
    pushed,
    dataDir,
    async close() {
      await app.close();
      await ctx.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

let counter = 0;
/** Registers a fresh user and returns its token and id. */
export async function registerUser(
  app: FastifyInstance,
  overrides: Record<string, unknown> = {},
) {
  counter++;
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: {
      username: `user${counter}_${Date.now() % 100000}`,
      email: `user${counter}_${Date.now()}@example.com`,
      password: 'secret123',
      companyName: `Brand ${counter}`,
      ...overrides,
    },
  });
  if (res.statusCode !== 201)
    throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  const body = res.json() as {
    token: string;
    user: { id: string; email: string; username: string };
  };
  return {
    token: body.token,
    userId: body.user.id,
    email: body.user.email,
    username: body.user.username,
  };
}

export const dealPayload = (overrides: Record<string, unknown> = {}) => ({
  influencer: '@sanne.creates',
  profileLink: 'https://instagram.com/sanne.creates',
  title: 'Spring launch',
  description: 'One reel about the spring collection',
  amount: '250',
  deadline: '2026-04-01',
  publicationDeadline: null,
  deliverables: ['1 Instagram Post'],
  platforms: ['Instagram'],
  briefingFiles: null,
  ...overrides,
});

export async function createDeal(
  app: FastifyInstance,
  token: string,
  overrides: Record<string, unknown> = {},
) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/deals',
    headers: bearer(token),
    payload: dealPayload(overrides),
  });
  if (res.statusCode !== 201)
    throw new Error(`create deal failed: ${res.statusCode} ${res.body}`);
  return res.json() as {
    id: number;
    status: string;
    shareableToken: string | null;
  };
}

/** Signs an admin in (admin sessions are short: a test that moves the clock by days signs in again). */
export async function signInAdmin(
  app: FastifyInstance,
  username = 'root',
  password = 'root-pass-1',
): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/admin-login',
    payload: { username, password },
  });
  return res.json().token as string;
}

/** Creates the first admin account as a fresh install does, and signs it in. */
export async function createRootAdmin(
  t: TestApp,
  username = 'root',
  password = 'root-pass-1',
): Promise<string> {
  await createAdminAccounts({
    run: t.ctx.run,
    unique: t.ctx.unique,
    accounts: t.ctx.queries.accounts,
  }).bootstrap(username, password);
  await t.ctx.settle(await t.ctx.store.headPosition());
  return signInAdmin(t.app, username, password);
}

/** Creates an auditor account (read only) with the admin's token, and signs it in. */
export async function createAuditor(
  t: TestApp,
  adminToken: string,
  username = 'audit',
  password = 'audit-pass-1',
): Promise<string> {
  const made = await t.app.inject({
    method: 'POST',
    url: '/api/admin/accounts',
    headers: bearer(adminToken),
    payload: { username, password, role: 'auditor' },
  });
  if (made.statusCode >= 300)
    throw new Error(
      `creating the auditor failed: ${made.statusCode} ${made.body}`,
    );
  await t.ctx.settle(await t.ctx.store.headPosition());
  return signInAdmin(t.app, username, password);
}

/** The test app's gateway, which is the simulated one (the tests that drive it need its controls). */
export function simulatedGatewayOf(t: TestApp): SimulatedGateway {
  const gateway = t.ctx.payments.gateway;
  if (!isSimulated(gateway))
    throw new Error('tests run on the simulated gateway');
  return gateway;
}

/**
 * Posts a test tool of a paid session's test-mode payment page (`chargeback`, `lost`, `won`…) with
 * the payer's key, and lets its webhook and what follows settle.
 */
export async function paymentPageTool(
  t: TestApp,
  sessionId: string,
  outcome: string,
): Promise<void> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/sim/payments/${sessionId}?key=${simulatedGatewayOf(t).accessKey('payer', sessionId)}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `outcome=${outcome}`,
  });
  if (res.statusCode !== 200)
    throw new Error(`the payment page answered ${res.statusCode}: ${res.body}`);
  await t.ctx.quiesce();
  await t.ctx.settle(await t.ctx.store.headPosition());
}

/** A deal as the admin's panel reads it (`GET /api/admin/deals/:id`). */
export async function adminDealOf(
  t: TestApp,
  adminToken: string,
  id: number,
): Promise<AdminDealDto> {
  const res = await t.app.inject({
    url: `/api/admin/deals/${id}`,
    headers: bearer(adminToken),
  });
  return res.json() as AdminDealDto;
}

/**
 * The card issuer charges back `cents` of a paid deal's or request's charge (a partial chargeback,
 * which the test-mode page cannot ask for) and the chargeback is lost on the test-mode page.
 */
export async function losePartOfCharge(
  t: TestApp,
  paid: { chargeId: string | null; checkoutSessionId: string | null },
  cents: number,
): Promise<void> {
  await simulatedGatewayOf(t).openChargeback(
    paid.chargeId!,
    'fraudulent',
    cents,
  );
  await t.ctx.quiesce();
  await paymentPageTool(t, paid.checkoutSessionId!, 'lost');
}

/** A plan of €100, €80 and €70 (€250, €270.50 paid) as the deal form sends it, due in March 2026. */
export const threeMilestonePlan = [
  ['Story', '100', '2026-03-10'],
  ['TikTok', '80', '2026-03-17'],
  ['Post', '70', '2026-03-24'],
].map(([title, amount, dueDate]) => ({
  title,
  amount,
  dueDate,
  deliverables: ['1 Instagram Story'],
}));
