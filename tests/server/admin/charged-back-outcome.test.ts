import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  claimHeader,
  createPaidRequest,
  deliverPaidDeal,
} from '@tests/support/flow-helpers';
import {
  bearer,
  createDeal,
  createRootAdmin,
  createTestApp,
  registerUser,
  paymentPageTool,
  type TestApp,
} from '@tests/support/test-app';

/*
 * A disputed deal or payment request that a lost chargeback ended (ADR 0040: the refund outcome
 * with the reason charged_back) has its own dispute outcome, `charged_back`, in the admin's list,
 * its filter and both exports, so an auditor tells it from a refund an admin made.
 */
let t: TestApp;
let admin: string;
let brand: Awaited<ReturnType<typeof registerUser>>;
let creator: Awaited<ReturnType<typeof registerUser>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createRootAdmin(t);
  brand = await registerUser(t.app);
  creator = await registerUser(t.app);
});
afterAll(() => t.close());

const page = (sessionId: string, outcome: string) =>
  paymentPageTool(t, sessionId, outcome);

const get = (url: string, lang = 'en') =>
  t.app.inject({
    url,
    headers: { ...bearer(admin), 'accept-language': lang },
  });

async function disputedDeal(): Promise<number> {
  const deal = await createDeal(t.app, brand.token, { amount: '100' });
  await deliverPaidDeal(t.app, t.ctx, brand.token, deal.id);
  const disputed = await t.app.inject({
    method: 'POST',
    url: `/api/deals/${deal.id}/dispute`,
    headers: bearer(brand.token),
    payload: { reason: 'Not delivered' },
  });
  expect(disputed.statusCode, disputed.body).toBe(200);
  return deal.id;
}

let chargedBackDeal = 0;
let refundedDeal = 0;
let chargedBackRequest = 0;

describe('the dispute outcome of a lost chargeback', () => {
  it('given disputes ended by a lost chargeback and by an admin refund, the list says charged_back for the first and refunded for the second', async () => {
    chargedBackDeal = await disputedDeal();
    const session =
      t.ctx.queries.deals.byId(chargedBackDeal)!.context.checkoutSessionId!;
    await page(session, 'chargeback');
    await page(session, 'lost');
    expect(t.ctx.queries.deals.byId(chargedBackDeal)!.context.endReason).toBe(
      'charged_back',
    );

    refundedDeal = await disputedDeal();
    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/admin/deals/${refundedDeal}/refund`,
      headers: bearer(admin),
    });
    expect(refund.statusCode, refund.body).toBe(200);
    await t.ctx.quiesce();

    const { id, token, sessionId } = await (async () => {
      const paid = await createPaidRequest(t.app, t.ctx, creator.token);
      const done = await t.app.inject({
        method: 'POST',
        url: `/api/payment-requests/${paid.id}/complete`,
        headers: bearer(creator.token),
        payload: { note: 'Posted', links: [] },
      });
      expect(done.statusCode, done.body).toBe(200);
      return {
        ...paid,
        sessionId: t.ctx.queries.requests.byId(paid.id)!.context
          .checkoutSessionId!,
      };
    })();
    const opened = await t.app.inject({
      method: 'POST',
      url: `/api/payment-requests/dispute/${token}`,
      headers: claimHeader(token),
      payload: { reason: 'Late' },
    });
    expect(opened.statusCode, opened.body).toBe(200);
    await page(sessionId, 'chargeback');
    await page(sessionId, 'lost');
    chargedBackRequest = id;

    const all = (await get('/api/admin/disputes')).json() as {
      dealId?: number;
      requestId?: number;
      outcome: string;
      resolvedAt: string | null;
    }[];
    expect(all.find((d) => d.dealId === chargedBackDeal)).toMatchObject({
      outcome: 'charged_back',
      resolvedAt: expect.any(String),
    });
    expect(all.find((d) => d.dealId === refundedDeal)?.outcome).toBe(
      'refunded',
    );
    expect(all.find((d) => d.requestId === chargedBackRequest)?.outcome).toBe(
      'charged_back',
    );
  });

  it('filters by charged_back apart from refunded', async () => {
    const ids = async (outcome: string) => {
      const res = await get(`/api/admin/disputes?outcome=${outcome}`);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { dealId?: number; requestId?: number }[]).map(
        (d) => d.dealId ?? `r${d.requestId}`,
      );
    };
    const charged = await ids('charged_back');
    expect(charged).toEqual(
      expect.arrayContaining([chargedBackDeal, `r${chargedBackRequest}`]),
    );
    expect(charged).not.toContain(refundedDeal);
    const refunded = await ids('refunded');
    expect(refunded).toContain(refundedDeal);
    expect(refunded).not.toContain(chargedBackDeal);
  });

  it("the JSON export says charged_back; the CSV has the code and its words in the caller's language", async () => {
    const json = (
      await get(`/api/admin/disputes/${chargedBackDeal}/export?format=json`)
    ).json();
    expect(json.disputes[0].outcome).toBe('charged_back');
    const request = (
      await get(
        `/api/admin/disputes/payment-request/${chargedBackRequest}/export?format=json`,
      )
    ).json();
    expect(request.disputes[0].outcome).toBe('charged_back');
    for (const [lang, word] of [
      ['en', 'Charged back'],
      ['nl', 'Teruggeboekt'],
    ] as const) {
      const csv = (
        await get(
          `/api/admin/disputes/${chargedBackDeal}/export?format=csv`,
          lang,
        )
      ).body;
      const rows = parse(csv, { bom: true, columns: true }) as Record<
        string,
        string
      >[];
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows)
        expect(row).toMatchObject({
          outcome: 'charged_back',
          outcome_text: word,
        });
    }
  });
});
