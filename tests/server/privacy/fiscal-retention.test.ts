import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyStore } from '@server/event-store/hash-chain';
import {
  saveBillingDetails,
  smallBusinessSelfBilling,
} from '@tests/support/billing-details';
import { claimHeader, deliverPaidDeal } from '@tests/support/flow-helpers';
import {
  bearer,
  createDeal,
  createTestApp,
  registerUser,
  type TestApp,
} from '@tests/support/test-app';

/**
 * Fiscal keys go when the bookkeeping retention ends: 7 years after the end of the year of the
 * person's last money movement (FISCAL_RETENTION_YEARS), by the daily job, on a test clock.
 */
let t: TestApp;
let brand: Awaited<ReturnType<typeof registerUser>>;
const company = 'Heron Fiscal Holding BV';

const billingOf = async () =>
  (await t.ctx.store.readStream(`billing-${brand.userId}`)).at(-1)!.data as {
    company: string;
  };
const invoiceBuyer = async () => {
  const [invoice] = await t.ctx.store.readStream('invoices-2026');
  return (invoice!.data as { buyer: { name: string } }).buyer.name;
};
let dealId = 0;
/** The self-billed invoice issued in the link creator's name: its seller and buyer. */
const selfBilledParties = async () => {
  const [invoice] = await t.ctx.store.readStream(
    `self-billed-deal-${dealId}-2026`,
  );
  const { seller, buyer } = invoice!.data as Record<string, { name: string }>;
  return [seller!.name, buyer!.name];
};

beforeAll(async () => {
  t = await createTestApp();
  brand = await registerUser(t.app);
  const saved = await saveBillingDetails(t.app, brand.token, company);
  expect(saved.statusCode, saved.body).toBe(200);
  dealId = (await createDeal(t.app, brand.token)).id;
  const link = await deliverPaidDeal(t.app, t.ctx, brand.token, dealId);
  const agreed = await t.app.inject({
    method: 'PUT',
    url: `/api/deals/link/${link}/self-billing`,
    headers: claimHeader(link),
    payload: smallBusinessSelfBilling,
  });
  expect(agreed.statusCode, agreed.body).toBe(200);
  const released = await t.app.inject({
    method: 'POST',
    url: `/api/deals/${dealId}/release`,
    headers: bearer(brand.token),
  });
  expect(released.statusCode, released.body).toBe(200);
  await t.ctx.quiesce();
});
afterAll(() => t.close());

describe('the fiscal retention job', () => {
  it('keeps the fiscal data readable until the end of the seventh year after the last movement', async () => {
    t.clock.set('2033-12-31T23:59:59.000Z');
    expect(await t.ctx.fiscalRetention.tick()).toBe(0);
    expect((await billingOf()).company).toBe(company);
    expect(await invoiceBuyer()).toBe(company);
    expect(await selfBilledParties()).toEqual(['Sam Creates', company]);
  });

  it('erases the fiscal key on 1 January of the eighth year, as an event; verify stays clean', async () => {
    t.clock.set('2034-01-01T00:00:00.000Z');
    expect(await t.ctx.fiscalRetention.tick()).toBeGreaterThanOrEqual(1);
    expect((await billingOf()).company).toBe('[erased]');
    expect(await invoiceBuyer()).toBe('[erased]');
    // Issued in the creator's name, kept as long as the creator's records: gone with their fiscal key.
    expect(await selfBilledParties()).toEqual(['[erased]', '[erased]']);
    const [erased] = await t.ctx.store.readStream(
      `privacy-user-${brand.userId}`,
    );
    expect(erased!.data).toEqual({
      subject: `user-${brand.userId}`,
      kind: 'fiscal',
      reason: 'retention',
    });
    expect((await verifyStore(t.ctx.storedEvents)).breaks).toEqual([]);
    // The profile stays: only the fiscal key went.
    expect(t.ctx.queries.accounts.userById(brand.userId)!.email).toBe(
      brand.email,
    );
  });

  it('a second run erases nothing more', async () => {
    expect(await t.ctx.fiscalRetention.tick()).toBe(0);
  });
});
