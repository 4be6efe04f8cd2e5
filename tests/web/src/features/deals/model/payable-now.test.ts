import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DealDto, PaymentRequestDto } from '@machines/contract/api';
import { payableNow } from '@/features/deals/model/payable-now';
import {
  acceptAndConnect,
  claimHeader,
  connectPayouts,
  createPaidRequest,
  payDeal,
} from '@tests/support/flow-helpers';
import {
  bearer,
  createDeal,
  createRootAdmin,
  createTestApp,
  losePartOfCharge,
  registerUser,
  type TestApp,
} from '@tests/support/test-app';

/*
 * The amount the brand's approval prompt names ("Approve and release €… to …?") is what the
 * release then pays the creator: the deal's or request's amount, or what the escrow still holds
 * after a chargeback of part of the payment was lost.
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

const amountOf = async (stream: string, type: string) =>
  (
    (await t.ctx.store.readStream(stream)).find((e) => e.type === type)
      ?.data as { amountCents: number }
  ).amountCents;

describe('what the brand’s approval prompt says is paid out', () => {
  it('is the deal’s amount when nothing was charged back', async () => {
    const brand = await registerUser(t.app);
    const { id } = await createDeal(t.app, brand.token, { amount: '100' });
    await payDeal(t.app, t.ctx, brand.token, id);
    const deal = (
      await t.app.inject({
        url: `/api/deals/${id}`,
        headers: bearer(brand.token),
      })
    ).json() as DealDto;
    expect(payableNow(deal, deal.amountCents)).toBe(10_000);
  });

  it('after €40 of a €108.20 deal was charged back and lost, is the €68.20 its release pays', async () => {
    const brand = await registerUser(t.app);
    const { id } = await createDeal(t.app, brand.token, { amount: '100' });
    await payDeal(t.app, t.ctx, brand.token, id);
    const link = await acceptAndConnect(t.app, t.ctx, brand.token, id);
    await post(`/api/deals/deliver/${link}`, claimHeader(link));
    await losePartOfCharge(t, t.ctx.queries.deals.byId(id)!.context, 4000);
    expect(
      (await post(`/api/admin/deals/${id}/resume`, bearer(admin))).statusCode,
    ).toBe(200);
    const deal = (
      await t.app.inject({
        url: `/api/deals/${id}`,
        headers: bearer(brand.token),
      })
    ).json() as DealDto;
    const shown = payableNow(deal, deal.amountCents);
    expect(shown).toBe(6_820);
    expect(
      (await post(`/api/deals/${id}/release`, bearer(brand.token))).statusCode,
    ).toBe(200);
    expect(await amountOf(`deal-${id}`, 'FundsReleased')).toBe(shown);
  });

  it('after €100 of a €420 request was charged back and lost, is the €320 its approval pays', async () => {
    const creator = await registerUser(t.app);
    await connectPayouts(t.app, t.ctx, creator.token);
    const { id, token } = await createPaidRequest(t.app, t.ctx, creator.token);
    await losePartOfCharge(t, t.ctx.queries.requests.byId(id)!.context, 10_000);
    for (const [url, headers] of [
      [`/api/admin/payment-requests/${id}/release-hold`, bearer(admin)],
      [`/api/payment-requests/${id}/complete`, bearer(creator.token)],
    ] as const)
      expect((await post(url, headers)).statusCode).toBe(200);
    const request = (
      await t.app.inject({
        url: `/api/payment-requests/token/${token}`,
        headers: claimHeader(token),
      })
    ).json() as PaymentRequestDto;
    const shown = payableNow(request, request.amountCents);
    expect(shown).toBe(32_000);
    expect(
      (await post(`/api/payment-requests/approve/${token}`, claimHeader(token)))
        .statusCode,
    ).toBeLessThan(300);
    expect(
      await amountOf(`payment-request-${id}`, 'PaymentRequestPayoutRequested'),
    ).toBe(shown);
  });
});
