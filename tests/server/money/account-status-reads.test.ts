import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSimulated } from '@server/money/gateway/create-gateway';
import {
  bearer,
  createTestApp,
  registerUser,
  type TestApp,
} from '@tests/support/test-app';
import { testPayoutIdentity } from '@tests/support/payout-identity';

/*
 * GET /api/stripe/account-status answers from the ledger: the account.updated webhook keeps it
 * current, the gateway is asked at most once a minute per account, and each user has a budget (429).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_ACCOUNT_STATUS_PER_USER: '8' });
});
afterAll(() => t?.close());

/** How often the gateway was asked for an account's status (the gateway metrics count every call). */
async function gatewayStatusCalls(): Promise<number> {
  const text = (await t.ctx.metrics.scrape()).body;
  const line = text
    .split('\n')
    .find(
      (l) =>
        l.startsWith('escrow_gateway_call_seconds_count{') &&
        l.includes('method="getAccountStatus"'),
    );
  return line ? Number(line.split(' ').at(-1)) : 0;
}

async function creatorWithPayoutAccount(complete: boolean) {
  const creator = await registerUser(t.app);
  const link = await t.app.inject({
    method: 'POST',
    url: '/api/stripe/create-onboarding-link',
    headers: bearer(creator.token),
    payload: { identity: testPayoutIdentity },
  });
  expect(link.statusCode, link.body).toBe(200);
  const accountId = t.ctx.queries.accounts.userById(
    creator.userId,
  )!.payoutAccountId!;
  const gateway = t.ctx.payments.gateway;
  if (!isSimulated(gateway))
    throw new Error('tests run on the simulated gateway');
  if (complete) await gateway.finishOnboarding(accountId, true);
  await t.ctx.quiesce();
  return { ...creator, accountId, gateway };
}

const status = async (token: string) =>
  t.app.inject({ url: '/api/stripe/account-status', headers: bearer(token) });

describe('payout account status', () => {
  it('given a connected account, when asked five times in a row, then the gateway is asked at most once; after a minute once more', async () => {
    const creator = await creatorWithPayoutAccount(true);
    const before = await gatewayStatusCalls();
    for (let i = 0; i < 5; i++) {
      const res = await status(creator.token);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ status: 'Connected', code: 'connected' });
    }
    expect((await gatewayStatusCalls()) - before).toBeLessThanOrEqual(1);
    t.clock.advance(61_000);
    await status(creator.token);
    expect((await gatewayStatusCalls()) - before).toBeLessThanOrEqual(2);
  });

  it('given an unfinished account, when the account.updated webhook says it is ready, then the next answer says Connected without asking the gateway', async () => {
    const creator = await creatorWithPayoutAccount(false);
    expect((await status(creator.token)).json()).toEqual({
      status: 'Setup incomplete',
      code: 'setup_incomplete',
    });
    const before = await gatewayStatusCalls();
    await creator.gateway.finishOnboarding(creator.accountId, true);
    await t.ctx.quiesce();
    expect((await status(creator.token)).json()).toEqual({
      status: 'Connected',
      code: 'connected',
    });
    expect(await gatewayStatusCalls()).toBe(before);
  });

  it('given a user past their budget, when asking again, then 429 with Retry-After; another user is unaffected', async () => {
    const user = await registerUser(t.app);
    const answers: number[] = [];
    for (let i = 0; i < 10; i++)
      answers.push((await status(user.token)).statusCode);
    expect(answers.slice(0, 8).every((s) => s === 200)).toBe(true);
    const refused = await status(user.token);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toMatchObject({ error: 'too_many_requests' });
    expect((await status((await registerUser(t.app)).token)).statusCode).toBe(
      200,
    );
  });
});
