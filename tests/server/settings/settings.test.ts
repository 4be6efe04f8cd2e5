import { afterAll, describe, expect, it } from 'vitest';
import { publicSettingsSchema } from '@machines/contract/public-settings';
import { DEAL_FEE_BPS, MAX_DEAL_CENTS, REQUEST_FEE_BPS } from '@machines/money';
import { createTestApp, type TestApp } from '@tests/support/test-app';

const apps: TestApp[] = [];
afterAll(async () => {
  for (const a of apps) await a.close();
});

describe('GET /api/settings', () => {
  it('given the default configuration, when anyone asks without logging in, then the durations, fees, limits and test mode are answered', async () => {
    const t = await createTestApp();
    apps.push(t);
    const res = await t.app.inject({ url: '/api/settings' });
    expect(res.statusCode).toBe(200);
    const body = publicSettingsSchema.parse(res.json());
    expect(body).toEqual({
      reviewPeriodHours: 48,
      disputePeriodHours: 72,
      requestExpiryDays: 30,
      dealFeeBps: DEAL_FEE_BPS,
      requestFeeBps: REQUEST_FEE_BPS,
      maxDealCents: MAX_DEAL_CENTS,
      maxRequestCents: expect.any(Number),
      simulatedPayments: true,
      testMode: true,
      mailKept: true,
    });
  });

  it('given configured periods, when asked, then the answer carries the configured values (the same the timers use)', async () => {
    const t = await createTestApp({
      REVIEW_PERIOD_HOURS: '0.5',
      DISPUTE_PERIOD_HOURS: '6',
      REQUEST_EXPIRY_DAYS: '14',
    });
    apps.push(t);
    const body = (
      await t.app.inject({ url: '/api/settings' })
    ).json() as Record<string, unknown>;
    expect(body).toMatchObject({
      reviewPeriodHours: 0.5,
      disputePeriodHours: 6,
      requestExpiryDays: 14,
    });
  });
});
