import {
  afterAll,
  afterEach,
  beforeAll,
  describe,
  expect,
  it,
  vi,
} from 'vitest';
import {
  connectPayouts,
  createPaidRequest,
  deliverPaidDeal,
} from '@tests/support/flow-helpers';
import {
  bearer,
  createDeal,
  createRootAdmin,
  createTestApp,
  paymentPageTool,
  registerUser,
  signInAdmin,
  type TestApp,
} from '@tests/support/test-app';

/**
 * An admin may lift a chargeback's hold before the card issuer decides, but nothing can be paid
 * out while the chargeback is open: the review period waits for the outcome instead of firing a
 * release the escrow refuses (once a minute, each a failure in the log, for the weeks a card
 * dispute takes). Once the chargeback is won, the period that ran out releases the money.
 */
let t: TestApp;
const DAY = 24 * 3_600_000;
let failures: string[] = [];
beforeAll(async () => {
  t = await createTestApp();
  await createRootAdmin(t);
});
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

/** Lets `days` pass a day at a time, the timers firing what is due; the timers' failures are kept. */
async function daysPass(days: number): Promise<void> {
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    failures.push(args.map(String).join(' '));
  });
  for (let i = 0; i < days; i++) {
    t.clock.advance(DAY);
    await t.ctx.payments.reactor.tick();
    await t.ctx.quiesce();
  }
  await t.ctx.settle(await t.ctx.store.headPosition());
  vi.restoreAllMocks();
}

describe('a chargeback hold an admin lifted while the chargeback is open', () => {
  it("a deal's review period waits for the card issuer, and releases once the chargeback is won", async () => {
    failures = [];
    const admin = await signInAdmin(t.app);
    const brand = await registerUser(t.app);
    const { id } = await createDeal(t.app, brand.token);
    await deliverPaidDeal(t.app, t.ctx, brand.token, id);
    const session = t.ctx.queries.deals.byId(id)!.context.checkoutSessionId!;
    await paymentPageTool(t, session, 'chargeback');
    const resumed = await t.app.inject({
      method: 'POST',
      url: `/api/admin/deals/${id}/resume`,
      headers: bearer(admin),
    });
    expect(resumed.statusCode, resumed.body).toBe(200);

    await daysPass(5);
    expect(failures).toEqual([]);
    expect(t.ctx.queries.deals.byId(id)!.status).toBe('delivered');

    await paymentPageTool(t, session, 'won');
    await daysPass(1);
    expect(failures).toEqual([]);
    expect(t.ctx.queries.deals.byId(id)!.status).toBe('completed');
  });

  it("a payment request's review period waits for the card issuer, and releases once the chargeback is won", async () => {
    failures = [];
    const admin = await signInAdmin(t.app);
    const creator = await registerUser(t.app);
    await connectPayouts(t.app, t.ctx, creator.token);
    const { id } = await createPaidRequest(t.app, t.ctx, creator.token);
    const done = await t.app.inject({
      method: 'POST',
      url: `/api/payment-requests/${id}/complete`,
      headers: bearer(creator.token),
      payload: { note: 'Posted', links: [] },
    });
    expect(done.statusCode, done.body).toBe(200);
    const session = t.ctx.queries.requests.byId(id)!.context.checkoutSessionId!;
    await paymentPageTool(t, session, 'chargeback');
    const released = await t.app.inject({
      method: 'POST',
      url: `/api/admin/payment-requests/${id}/release-hold`,
      headers: bearer(admin),
    });
    expect(released.statusCode, released.body).toBe(200);

    await daysPass(5);
    expect(failures).toEqual([]);
    expect(t.ctx.queries.requests.byId(id)!.status).toBe('delivered');

    await paymentPageTool(t, session, 'won');
    await daysPass(1);
    expect(failures).toEqual([]);
    expect(t.ctx.queries.requests.byId(id)!.status).toBe('completed');
  });
});
