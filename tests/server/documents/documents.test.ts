import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDACTED, type MoneyDocumentDto } from '@machines/contract/money-api';
import {
  acceptAndConnect,
  claimHeader,
  createPaidRequest,
  payDeal,
} from '@tests/support/flow-helpers';
import {
  bearer,
  createDeal,
  createRootAdmin,
  createTestApp,
  registerUser,
  type TestApp,
} from '@tests/support/test-app';

/** Receipts and statements: what they say, and that only the parties (and admins) may read them. */
let t: TestApp;
let brand: Awaited<ReturnType<typeof registerUser>>;
let other: Awaited<ReturnType<typeof registerUser>>;
let adminToken = '';

beforeAll(async () => {
  t = await createTestApp();
  brand = await registerUser(t.app, { companyName: 'Acme BV' });
  other = await registerUser(t.app, { companyName: 'Other BV' });
  adminToken = await createRootAdmin(t);
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ url, headers });

describe('receipts and statements', () => {
  it("a deal: the brand's receipt once paid, the creator's statement once paid out; others are refused", async () => {
    const { id } = await createDeal(t.app, brand.token);
    expect(
      (await get(`/api/deals/${id}/receipt`, bearer(brand.token))).statusCode,
    ).toBe(409);
    await payDeal(t.app, t.ctx, brand.token, id);

    const receipt = await get(`/api/deals/${id}/receipt`, bearer(brand.token));
    expect(receipt.statusCode, receipt.body).toBe(200);
    expect(receipt.json()).toMatchObject({
      kind: 'receipt',
      subject: 'deal',
      number: `R-D${id}`,
      brand: 'Acme BV',
      creator: '@sanne.creates',
      amountCents: 25_000,
      feeCents: 2_050,
      totalCents: 27_050,
      paidCents: 27_050,
      method: 'card',
      issuedAt: '2026-03-02T09:00:00.000Z',
    } satisfies Partial<MoneyDocumentDto>);
    expect((receipt.json() as MoneyDocumentDto).reference).toMatch(/^pi_sim_/);
    expect(
      (await get(`/api/deals/${id}/receipt`, bearer(other.token))).statusCode,
    ).toBe(404);
    expect((await get(`/api/deals/${id}/receipt`)).statusCode).toBe(401);

    const link = await acceptAndConnect(t.app, t.ctx, brand.token, id);
    expect(
      (await get(`/api/deals/link/${link}/statement`, claimHeader(link)))
        .statusCode,
    ).toBe(409);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/deals/deliver/${link}`,
          headers: claimHeader(link),
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/deals/${id}/release`,
          headers: bearer(brand.token),
        })
      ).statusCode,
    ).toBe(200);
    const statement = await get(
      `/api/deals/link/${link}/statement`,
      claimHeader(link),
    );
    expect(statement.statusCode, statement.body).toBe(200);
    expect(statement.json()).toMatchObject({
      kind: 'statement',
      number: `S-D${id}`,
      paidCents: 25_000,
      feeCents: 2_050,
    });
    // A link reader sees no gateway ids; the admin's copy has the transfer.
    expect((statement.json() as MoneyDocumentDto).reference).toBe(REDACTED);
    // The link alone (forwarded, leaked) is not the creator who claimed the deal.
    expect((await get(`/api/deals/link/${link}/statement`)).statusCode).toBe(
      403,
    );

    const admin = await get(
      `/api/admin/documents/deal/${id}/statement`,
      bearer(adminToken),
    );
    expect(admin.statusCode).toBe(200);
    expect((admin.json() as MoneyDocumentDto).reference).toMatch(/^tr_sim_/);
    expect(
      (
        await get(
          `/api/admin/documents/deal/${id}/receipt`,
          bearer(brand.token),
        )
      ).statusCode,
    ).toBe(401);
    expect(
      (
        await get(
          `/api/admin/documents/invoice/${id}/receipt`,
          bearer(adminToken),
        )
      ).statusCode,
    ).toBe(400);
  }, 60_000);

  it("a payment request: the brand's receipt through its link; the creator's statement only for its creator, once paid out", async () => {
    const creator = await registerUser(t.app, { companyName: 'Sanne Creates' });
    const { id, token } = await createPaidRequest(t.app, t.ctx, creator.token);
    // Only the browser that accepted the request (its claim secret) reads the receipt by the link.
    const stranger = await get(`/api/payment-requests/link/${token}/receipt`);
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json()).toMatchObject({
      code: 'request_claimed_elsewhere',
    });
    expect(
      (await get(`/api/payment-requests/link/${token}/receipt/pdf`)).statusCode,
    ).toBe(403);
    const receipt = await get(
      `/api/payment-requests/link/${token}/receipt`,
      claimHeader(token),
    );
    expect(receipt.statusCode, receipt.body).toBe(200);
    expect(receipt.json()).toMatchObject({
      kind: 'receipt',
      subject: 'payment_request',
      number: `R-P${id}`,
      brand: 'Acme',
      amountCents: 40_000,
      feeCents: 2_000,
      totalCents: 42_000,
      // A link reader sees neither the payment's id nor how it was paid (docs/adr/0009).
      method: null,
      reference: REDACTED,
    });
    expect(
      (await get('/api/payment-requests/link/not-a-real-token-000000/receipt'))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await get(
          `/api/payment-requests/${id}/statement`,
          bearer(creator.token),
        )
      ).statusCode,
    ).toBe(409);
    expect(
      (await get(`/api/payment-requests/${id}/statement`, bearer(brand.token)))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await get(
          `/api/admin/documents/payment_request/${id}/receipt`,
          bearer(adminToken),
        )
      ).statusCode,
    ).toBe(200);
  }, 60_000);
});
