import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MoneyDocumentDto } from '@machines/contract/money-api';
import { layoutMoneyDocument } from '@machines/documents/document-layout';
import {
  acceptAndConnect,
  claimHeader,
  payDeal,
} from '@tests/support/flow-helpers';
import {
  bearer,
  createDeal,
  createRootAdmin,
  createTestApp,
  dealPayload,
  losePartOfCharge,
  registerUser,
  threeMilestonePlan,
  type TestApp,
} from '@tests/support/test-app';

/*
 * A plan (€100, €80, €70; €270.50 paid) of which the card issuer took €100 back in a lost
 * chargeback holds €170.50. Milestone 1 pays €100 and keeps its €8.20 fee; milestone 2 then pays
 * the €62.30 left (docs/payments.md: a release pays at most what remains), as a deal without a plan
 * does, instead of being refused for ever (escrow_insufficient) with no button for the brand.
 */
let t: TestApp;
let admin = '';
beforeAll(async () => {
  t = await createTestApp();
  admin = await createRootAdmin(t);
});
afterAll(() => t.close());

const post = (url: string, headers: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { ...headers, 'idempotency-key': `${url}-${Math.random()}` },
    payload: {},
  });

/**
 * The plan paid, accepted with a bank account, €100 of it charged back and lost, resumed by the
 * admin, and milestones 1 and 2 delivered and approved by the brand (each offered Approve).
 */
async function planWithTwoApproved() {
  const brand = await registerUser(t.app);
  const { id } = await createDeal(
    t.app,
    brand.token,
    dealPayload({ amount: '250', milestones: threeMilestonePlan }),
  );
  await payDeal(t.app, t.ctx, brand.token, id);
  const link = await acceptAndConnect(t.app, t.ctx, brand.token, id);
  await losePartOfCharge(t, t.ctx.queries.deals.byId(id)!.context, 10_000);
  expect(
    (await post(`/api/admin/deals/${id}/resume`, bearer(admin))).statusCode,
  ).toBe(200);

  const approve = async (n: number) => {
    await post(`/api/deals/deliver/${link}/milestones/${n}`, claimHeader(link));
    const deal = (
      await t.app.inject({
        url: `/api/deals/${id}`,
        headers: bearer(brand.token),
      })
    ).json() as { milestones: { can: string[] }[] };
    expect(deal.milestones[n - 1]!.can).toContain('release');
    const released = await post(
      `/api/deals/${id}/milestones/${n}/release`,
      bearer(brand.token),
    );
    expect(released.statusCode, released.body).toBe(200);
    await t.ctx.quiesce();
  };
  await approve(1);
  await approve(2);
  return { brand, id, link };
}

/** The brand's deal ended completed in part by the chargeback, its milestone 3 charged back. */
async function expectEndedInPart(id: number, brandToken: string) {
  const ended = (
    await t.app.inject({ url: `/api/deals/${id}`, headers: bearer(brandToken) })
  ).json() as {
    status: string;
    state: { brandText: string };
    milestones: { status: string; chargedBack?: true }[];
  };
  expect(ended.status).toBe('completed');
  expect(ended.state.brandText).toBe('deal.brand.charged_back_in_part');
  expect(ended.milestones[2]).toMatchObject({
    status: 'refunded',
    chargedBack: true,
  });
}

describe('a plan after a chargeback of part of its payment was lost', () => {
  it('pays each milestone approved what the escrow still holds, its statement says so, and the admin can end it once nothing is left', async () => {
    const { brand, id, link } = await planWithTwoApproved();

    const paid = (await t.ctx.store.readStream(`deal-${id}`))
      .filter((e) => e.type === 'FundsReleased')
      .map((e) => (e.data as { amountCents: number }).amountCents);
    expect(paid).toEqual([10_000, 6_230]);
    expect(t.ctx.queries.deals.byId(id)!.context.money).toMatchObject({
      transferredCents: 16_230,
      feeKeptCents: 820,
    });

    // The creator's statement says what milestone 2 paid out, not its €80.00.
    const statement = (
      await t.app.inject({
        url: `/api/deals/link/${link}/statement`,
        headers: claimHeader(link),
      })
    ).json() as MoneyDocumentDto;
    const lines = layoutMoneyDocument(statement, 'en')
      .sections.flatMap((section) => section.lines)
      .map((line) => `${line.label}: ${line.value}`);
    expect(lines).toContain('2. TikTok: €80.00 · €62.30 paid out 2 March 2026');
    expect(
      layoutMoneyDocument(statement, 'nl')
        .sections.flatMap((section) => section.lines)
        .map((line) => line.value.replace(/\s/g, ' ')),
    ).toContain('€ 80,00 · € 62,30 uitbetaald op 2 maart 2026');

    // Nothing is left for milestone 3: the admin's panel offers the refund that ends the deal as
    // the lost chargeback left it (ADR 0040), and it ends completed in part, milestone 3 charged back.
    const adminView = (
      await t.app.inject({
        url: `/api/admin/deals/${id}`,
        headers: bearer(admin),
      })
    ).json() as { state: { can: string[] } };
    expect(adminView.state.can).toContain('refund');
    expect(
      (await post(`/api/admin/deals/${id}/refund`, bearer(admin))).statusCode,
    ).toBe(200);
    await t.ctx.quiesce();
    await expectEndedInPart(id, brand.token);
  });

  it('ends, once nothing is left, when the last milestone’s review runs out', async () => {
    const { brand, id, link } = await planWithTwoApproved();
    await post(`/api/deals/deliver/${link}/milestones/3`, claimHeader(link));
    t.clock.advance(49 * 3_600_000);
    await t.ctx.quiesce();
    await t.ctx.payments.reactor.tick();
    await t.ctx.quiesce();
    await expectEndedInPart(id, brand.token);
  });
});
