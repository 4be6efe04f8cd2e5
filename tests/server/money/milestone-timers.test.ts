import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  acceptAndConnect,
  claimHeader,
  payDeal,
} from '@tests/support/flow-helpers';
import {
  bearer,
  createTestApp,
  dealPayload,
  registerUser,
  simulatedGatewayOf,
  type TestApp,
} from '@tests/support/test-app';

/**
 * A creator who delivers several milestones at once has their review periods end together. A deal
 * pays out one release at a time, so the second milestone's period is recorded as over and its
 * release asked for once the first is paid, instead of the timer failing (a failure in the log,
 * the milestone left under review for a minute more, or for as long as the first transfer is
 * refused and retried).
 */
let t: TestApp;
const HOUR = 3_600_000;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Three milestones of €100, €80 and €70, due a week apart. */
const plan = [100, 80, 70].map((euros, i) => ({
  title: `Part ${i + 1}`,
  deliverables: ['1 Instagram Post'],
  amount: String(euros),
  dueDate: `2026-03-${10 + 7 * i}`,
}));

/** A plan deal, paid and accepted, whose milestones 2 and 3 the creator delivered one after the other. */
async function twoDelivered(): Promise<number> {
  const brand = await registerUser(t.app);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/deals',
    headers: bearer(brand.token),
    payload: dealPayload({ milestones: plan, amount: '250' }),
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = (res.json() as { id: number }).id;
  await payDeal(t.app, t.ctx, brand.token, id);
  const link = await acceptAndConnect(t.app, t.ctx, brand.token, id);
  for (const n of [3, 2]) {
    const delivered = await t.app.inject({
      method: 'POST',
      url: `/api/deals/deliver/${link}/milestones/${n}`,
      headers: claimHeader(link),
    });
    expect(delivered.statusCode, delivered.body).toBe(200);
  }
  return id;
}

/** The timers fire what is due `times` times at the same instant; their failures are returned. */
async function timersFire(times: number): Promise<string[]> {
  const failures: string[] = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    failures.push(args.map(String).join(' '));
  });
  try {
    for (let i = 0; i < times; i++) {
      await t.ctx.payments.reactor.tick();
      await t.ctx.quiesce();
    }
  } finally {
    vi.restoreAllMocks();
  }
  await t.ctx.settle(await t.ctx.store.headPosition());
  return failures;
}

const statuses = (id: number) =>
  t.ctx.queries.deals
    .byId(id)!
    .context.milestones!.map((m: { status: string }) => m.status);

describe('milestones whose review periods end together', () => {
  it('are released one after the other, with no timer failure', async () => {
    const id = await twoDelivered();
    t.clock.advance(49 * HOUR);
    expect(await timersFire(2)).toEqual([]);
    expect(statuses(id)).toEqual(['in_progress', 'released', 'released']);
    expect(
      simulatedGatewayOf(t)
        .ledger.moneyOfGroup(`deal-${id}`)
        .transfers.map((x) => x.amountCents)
        .sort(),
    ).toEqual([7_000, 8_000]);
  });

  it('while the first transfer is refused, the second waits for it without failing, and follows once it is paid', async () => {
    const id = await twoDelivered();
    const gateway = simulatedGatewayOf(t);
    gateway.failTransfersWith('invalid_request');
    t.clock.advance(49 * HOUR);
    try {
      expect(await timersFire(2)).toEqual([]);
    } finally {
      gateway.failTransfersWith(null);
    }
    expect(statuses(id)).toEqual(['in_progress', 'delivered', 'delivered']);
    // A refused transfer is asked again after 15 minutes; the other milestone follows it.
    t.clock.advance(16 * 60_000);
    expect(await timersFire(2)).toEqual([]);
    expect(statuses(id)).toEqual(['in_progress', 'released', 'released']);
  });
});
