import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '@server/config';
import { deliverPaidDeal, payDeal } from '@tests/support/flow-helpers';
import {
  bearer,
  createDeal,
  createRootAdmin,
  createTestApp,
  registerUser,
  simulatedGatewayOf,
  type TestApp,
} from '@tests/support/test-app';

/** `PAYMENTS_FIRST_TRY_MS`: the payments runner's first-try limit, from the one loader server and CLI share. */
const base = { NODE_ENV: 'test', JWT_SECRET: 't'.repeat(40) };

describe('PAYMENTS_FIRST_TRY_MS', () => {
  it('defaults to 3 s, takes whole milliseconds from 100 to 60000, and refuses anything else by name', () => {
    expect(loadConfig(base).paymentsFirstTryMs).toBe(3_000);
    expect(
      loadConfig({ ...base, PAYMENTS_FIRST_TRY_MS: '750' }).paymentsFirstTryMs,
    ).toBe(750);
    for (const bad of ['abc', '99', '60001', '1.5', '-3000']) {
      const load = () => loadConfig({ ...base, PAYMENTS_FIRST_TRY_MS: bad });
      expect(load).toThrow(ConfigError);
      expect(load).toThrow(
        'PAYMENTS_FIRST_TRY_MS: must be a whole number of milliseconds from 100 to 60000 (default 3000)',
      );
    }
  });

  let t: TestApp | null = null;
  // A hanging call let go before the app closes, whatever the test found.
  let answer = (): void => undefined;
  afterAll(async () => {
    answer();
    await t?.close();
  });

  it('given 300 ms, when one deal’s provider call hangs, then another deal’s refund is made after about 300 ms, not 3 s', async () => {
    t = await createTestApp({ PAYMENTS_FIRST_TRY_MS: '300' });
    const app = t;
    const admin = await createRootAdmin(app);
    const brand = await registerUser(app.app);
    const stuck = await createDeal(app.app, brand.token, { amount: '100' });
    await deliverPaidDeal(app.app, app.ctx, brand.token, stuck.id);
    const other = await createDeal(app.app, brand.token, { amount: '100' });
    await payDeal(app.app, app.ctx, brand.token, other.id);

    // The stuck deal's transfer hangs until the test lets it go. Set before anything reads the
    // method: the metrics wrapper keeps the first function it sees.
    const gateway = simulatedGatewayOf(app);
    const answered = new Promise<void>((resolve) => (answer = resolve));
    gateway.transfer = async (input) => {
      await answered;
      return { transferId: gateway.ledger.transfer(input).id };
    };
    const release = app.app.inject({
      method: 'POST',
      url: `/api/admin/deals/${stuck.id}/release`,
      headers: bearer(admin),
    });
    // The release is in the runner's hands (its call hanging) before the other deal's refund.
    await expect
      .poll(() =>
        app.ctx.payments.reactors.unanswered('payments').map((u) => u.streamId),
      )
      .toEqual([`deal-${stuck.id}`]);

    const started = Date.now();
    const refund = await app.app.inject({
      method: 'POST',
      url: `/api/admin/deals/${other.id}/refund`,
      headers: bearer(admin),
    });
    const took = Date.now() - started;
    expect(refund.statusCode, refund.body).toBe(200);
    expect(took).toBeLessThan(2_000);

    answer();
    expect((await release).statusCode).toBeLessThan(300);
  });
});
