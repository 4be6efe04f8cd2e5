import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptAndConnect, payDeal } from '@tests/support/flow-helpers';
import {
  bearer,
  createDeal,
  createRootAdmin,
  createTestApp,
  losePartOfCharge,
  paymentPageTool,
  registerUser,
  type TestApp,
} from '@tests/support/test-app';
import { reactorMails } from '@tests/server/notifications/reactor-mails';

/*
 * The creator of a deal a chargeback ended hears of it by e-mail, in its own language: the account
 * that accepted the deal signed in, or the address a link creator confirmed when accepting (not only
 * the link's push devices, which a creator may never have turned on). Provoked on the simulated
 * gateway's test-mode page.
 */
let t: TestApp;
let admin = '';
const { react, mailsTo } = reactorMails(() => t);
beforeAll(async () => {
  t = await createTestApp();
  admin = await createRootAdmin(t);
});
afterAll(() => t.close());

/** A paid €100 deal accepted, bank connected, by `accept`'s browser; its id and paid session. */
async function acceptedDeal(accept: {
  email: string;
  headers: Record<string, string>;
}) {
  const brand = await registerUser(t.app);
  const { id } = await createDeal(t.app, brand.token, {
    amount: '100',
    title: 'Winter reel',
  });
  await payDeal(t.app, t.ctx, brand.token, id);
  await acceptAndConnect(t.app, t.ctx, brand.token, id, accept);
  const c = t.ctx.queries.deals.byId(id)!.context;
  return { id, sessionId: c.checkoutSessionId!, chargeId: c.chargeId! };
}

const subjectsTo = async (email: string) =>
  (await mailsTo(email)).map((m) => m.subject);

describe('the creator of a deal a chargeback ended', () => {
  it('who accepted signed in (Dutch) is mailed that it closed after the chargeback', async () => {
    const creator = await registerUser(t.app);
    const prefs = await t.app.inject({
      method: 'PUT',
      url: '/api/user/notification-preferences',
      headers: bearer(creator.token),
      payload: { push: false, email: true, language: 'nl' },
    });
    expect(prefs.statusCode, prefs.body).toBe(200);
    const { sessionId } = await acceptedDeal({
      email: creator.email,
      headers: bearer(creator.token),
    });
    await paymentPageTool(t, sessionId, 'chargeback');
    await paymentPageTool(t, sessionId, 'lost');
    await react();
    const [mail] = (await mailsTo(creator.email)).filter(
      (m) => m.subject === 'Gesloten na chargeback',
    );
    expect(mail?.text).toContain('“Winter reel” is gesloten');
  });

  it('with only the link (a Dutch browser) is mailed at the address it confirmed', async () => {
    const email = 'noor.link@creator.example';
    const { sessionId } = await acceptedDeal({
      email,
      headers: { 'accept-language': 'nl-NL' },
    });
    await paymentPageTool(t, sessionId, 'chargeback');
    await paymentPageTool(t, sessionId, 'lost');
    await react();
    expect(await subjectsTo(email)).toContain('Gesloten na chargeback');
  });

  it('with only the link, after a partial chargeback was lost and an admin refunded the rest, is mailed that the deal was cancelled', async () => {
    const email = 'sam.link@creator.example';
    const { id, sessionId, chargeId } = await acceptedDeal({
      email,
      headers: { 'accept-language': 'en-GB' },
    });
    await losePartOfCharge(t, { chargeId, checkoutSessionId: sessionId }, 4000);
    for (const action of ['resume', 'refund'])
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: `/api/admin/deals/${id}/${action}`,
            headers: { ...bearer(admin), 'idempotency-key': `${action}-${id}` },
          })
        ).statusCode,
      ).toBe(200);
    await react();
    expect(await subjectsTo(email)).toContain('Deal cancelled');
  });
});
