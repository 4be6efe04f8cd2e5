import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaidRequest } from '../api/flow-helpers';
import { createTestApp, registerUser, type TestApp } from '../api/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('simulated gateway: the test-mode chargeback page', () => {
  it('given a paid request, when "Simulate chargeback" is posted on /sim/payments/:sessionId, then the request is held', async () => {
    const creator = await registerUser(t.app);
    const { id } = await createPaidRequest(t.app, t.ctx, creator.token);
    const sessionId = t.ctx.queries.requests.byId(id)!.context.checkoutSessionId!;
    const page = await t.app.inject({ url: `/sim/payments/${sessionId}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Test mode — no real money');
    expect(page.body).toContain('Simulate chargeback');

    const sent = await t.app.inject({ method: 'POST', url: `/sim/payments/${sessionId}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'outcome=chargeback' });
    expect(sent.statusCode).toBe(200);
    expect(sent.body).toContain('Chargeback sent');
    await t.ctx.settle(await t.ctx.store.headPosition());
    expect(t.ctx.queries.requests.byId(id)!.context.hold).toMatchObject({ reason: 'Chargeback: fraudulent' });
    expect((await t.app.inject({ url: '/sim/payments/cs_unknown' })).statusCode).toBe(404);
  });
});
