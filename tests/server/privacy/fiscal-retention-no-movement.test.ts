import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveBillingDetails } from '@tests/support/billing-details';
import {
  bearer,
  createTestApp,
  registerUser,
  type TestApp,
} from '@tests/support/test-app';

/**
 * Fiscal keys of people without any money movement: no bookkeeping record needs them. An erased
 * account's goes on the job's next run; another's 7 years (FISCAL_RETENTION_YEARS) after the end of
 * the year of its last activity (registration or last sign-in).
 */
let t: TestApp;
let idle: Awaited<ReturnType<typeof registerUser>>;
let closing: Awaited<ReturnType<typeof registerUser>>;

const saveBilling = async (token: string, company: string) => {
  const saved = await saveBillingDetails(t.app, token, company);
  expect(saved.statusCode, saved.body).toBe(200);
};
const companyOf = async (userId: string) =>
  (
    (await t.ctx.store.readStream(`billing-${userId}`)).at(-1)!.data as {
      company: string;
    }
  ).company;
const erasedKinds = async (userId: string) =>
  (await t.ctx.store.readStream(`privacy-user-${userId}`))
    .filter((e) => e.type === 'PersonalDataKeyErased')
    .map((e) => e.data);

beforeAll(async () => {
  t = await createTestApp();
  idle = await registerUser(t.app);
  closing = await registerUser(t.app);
  await saveBilling(idle.token, 'Idle Heron BV');
  await saveBilling(closing.token, 'Closing Heron BV');
  const erased = await t.app.inject({
    method: 'POST',
    url: '/api/profile/erase',
    headers: bearer(closing.token),
    payload: { password: 'secret123' },
  });
  expect(erased.statusCode, erased.body).toBe(200);
  await t.ctx.quiesce();
});
afterAll(() => t.close());

describe('the fiscal retention job, for people without money movement', () => {
  it('erases a closed account’s fiscal key on its next run and keeps the active one’s', async () => {
    expect(await t.ctx.fiscalRetention.tick()).toBe(1);
    expect(await companyOf(closing.userId)).toBe('[erased]');
    expect(await erasedKinds(closing.userId)).toContainEqual({
      subject: `user-${closing.userId}`,
      kind: 'fiscal',
      reason: 'retention',
    });
    expect(await companyOf(idle.userId)).toBe('Idle Heron BV');
  });

  it('erases an inactive account’s fiscal key on 1 January of the eighth year after its last activity', async () => {
    const year = t.clock.now().getUTCFullYear();
    t.clock.set(`${year + 7}-12-31T23:59:59.000Z`);
    expect(await t.ctx.fiscalRetention.tick()).toBe(0);
    expect(await companyOf(idle.userId)).toBe('Idle Heron BV');
    t.clock.set(`${year + 8}-01-01T00:00:00.000Z`);
    expect(await t.ctx.fiscalRetention.tick()).toBe(1);
    expect(await companyOf(idle.userId)).toBe('[erased]');
    // The profile stays: only the fiscal key went.
    expect(t.ctx.queries.accounts.userById(idle.userId)!.email).toBe(
      idle.email,
    );
  });
});
