import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MoneyDocumentDto } from '@machines/contract/money-api';
import { REDACTED, redactFor } from '@server/shared/redaction';
import { layoutMoneyDocument } from '@machines/documents/document-layout';
import {
  acceptAndConnect,
  acceptLink,
  claimHeader,
  createPaidRequest,
  payDeal,
} from '@tests/support/flow-helpers';
import {
  bearer,
  createAuditor,
  createDeal,
  createRootAdmin,
  createTestApp,
  registerUser,
  type TestApp,
} from '@tests/support/test-app';

/**
 * One redaction rule for payment ids: admins and auditors read `"present"` for a
 * payment intent, session, charge or account in every view, documents included, and see transfer
 * and refund references; whoever holds a link sees no gateway id and no payment method at all.
 */
let t: TestApp;
let admin: Record<string, string>;
let auditor: Record<string, string>;
let brand: Awaited<ReturnType<typeof registerUser>>;
let creator: Awaited<ReturnType<typeof registerUser>>;
let dealId = 0;
let dealLink = '';
let request: { id: number; token: string };
/** A request whose brand opened a checkout and has not paid: its context holds the open session. */
let openToken = '';
const linkTokens: string[] = [];

const idLike =
  /\b(cs|pi|ch|py|pm|acct|tr|trr|re|seti|src|du|dp|po|pyr|evt)_[A-Za-z0-9_]{6,}/g;
const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ url, headers });

beforeAll(async () => {
  t = await createTestApp();
  brand = await registerUser(t.app, { companyName: 'Acme BV' });
  creator = await registerUser(t.app);
  const adminToken = await createRootAdmin(t);
  admin = bearer(adminToken);
  auditor = bearer(await createAuditor(t, adminToken));
  ({ id: dealId } = await createDeal(t.app, brand.token));
  await payDeal(t.app, t.ctx, brand.token, dealId);
  dealLink = await acceptAndConnect(t.app, t.ctx, brand.token, dealId);
  linkTokens.push(dealLink);
  await t.app.inject({
    method: 'POST',
    url: `/api/deals/deliver/${dealLink}`,
    headers: claimHeader(dealLink),
  });
  await t.app.inject({
    method: 'POST',
    url: `/api/deals/${dealId}/release`,
    headers: bearer(brand.token),
  });
  await t.ctx.quiesce();
  request = await createPaidRequest(t.app, t.ctx, creator.token);
  linkTokens.push(request.token);
  const open = await t.app.inject({
    method: 'POST',
    url: '/api/payment-requests',
    headers: bearer(creator.token),
    payload: {
      title: 'Story',
      description: 'One story',
      amount: '150',
      brandName: 'Acme',
      brandEmail: 'open@acme.example',
      deadline: '2026-03-20',
    },
  });
  openToken = (open.json() as { shareableToken: string }).shareableToken;
  await acceptLink(t.app, t.ctx, { kind: 'payment-request', token: openToken });
  const checkout = await t.app.inject({
    method: 'POST',
    url: `/api/payment-requests/${openToken}/checkout`,
    headers: claimHeader(openToken),
  });
  expect(checkout.statusCode, checkout.body).toBe(200);
  await t.ctx.quiesce();
  expect(
    JSON.stringify(
      t.ctx.queries.requests.byToken(openToken)!.context.openSession,
    ),
  ).toMatch(/cs_sim_/);
}, 60_000);
afterAll(() => t.close());

describe("a party's own account reads the other side's acting ids as present", () => {
  const ids = (body: string, prefixes: string) =>
    body.match(new RegExp(`\\b(${prefixes})_[A-Za-z0-9_]{6,}`, 'g')) ?? [];

  it("given a released deal, when its brand reads it, its list or the dashboard, then no connected account id of the creator, and its own payment's ids", async () => {
    for (const url of [
      `/api/deals/${dealId}`,
      '/api/deals',
      '/api/dashboard/stats',
    ]) {
      const res = await get(url, bearer(brand.token));
      expect(res.statusCode, res.body).toBe(200);
      expect(ids(res.body, 'acct'), url).toEqual([]);
    }
    const deal = (
      await get(`/api/deals/${dealId}`, bearer(brand.token))
    ).json();
    expect(deal.stripeAccountId).toBe(REDACTED);
    expect(deal.machine.context.onboardingAccountId).toBe(REDACTED);
    expect(deal.machine.context.paymentIntentId).toMatch(/^pi_sim_/);
    expect(deal.machine.context.transferId).toMatch(/^tr_sim_/);
  });

  it('given a paid request, when its creator reads its requests, then none of the brand’s checkout, payment intent or charge ids', async () => {
    const res = await get('/api/payment-requests', bearer(creator.token));
    expect(res.statusCode, res.body).toBe(200);
    expect(ids(res.body, 'cs|pi|ch|py|pm|seti|src')).toEqual([]);
    const paid = (
      res.json() as {
        id: number;
        machine: { context: Record<string, unknown> };
      }[]
    ).find((r) => r.id === request.id)!;
    expect(paid.machine.context.paymentIntentId).toBe(REDACTED);
  });
});

describe('payment ids in documents, by reader', () => {
  it('given a paid deal, when an auditor or an admin reads its receipt, then the payment intent reads "present", as in the admin deal view; the method and the transfer of the statement stay', async () => {
    const dealView = await get(`/api/admin/deals/${dealId}`, admin);
    expect(dealView.statusCode).toBe(200);
    expect(dealView.json().machine.context.paymentIntentId).toBe(REDACTED);
    for (const reader of [auditor, admin]) {
      const receipt = await get(
        `/api/admin/documents/deal/${dealId}/receipt`,
        reader,
      );
      expect(receipt.statusCode, receipt.body).toBe(200);
      expect(receipt.json()).toMatchObject({
        reference: REDACTED,
        method: 'card',
      });
      expect(receipt.body).not.toMatch(/pi_sim_/);
      const statement = await get(
        `/api/admin/documents/deal/${dealId}/statement`,
        reader,
      );
      expect((statement.json() as MoneyDocumentDto).reference).toMatch(
        /^tr_sim_/,
      );
      const requestReceipt = await get(
        `/api/admin/documents/payment_request/${request.id}/receipt`,
        reader,
      );
      expect(requestReceipt.json()).toMatchObject({
        reference: REDACTED,
        method: 'card',
      });
      // The PDF is drawn from the same redacted model.
      const pdf = await get(
        `/api/admin/documents/deal/${dealId}/receipt/pdf`,
        reader,
      );
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
    }
    // The brand's own receipt (signed in) keeps its payment's reference.
    const own = await get(`/api/deals/${dealId}/receipt`, bearer(brand.token));
    expect((own.json() as MoneyDocumentDto).reference).toMatch(/^pi_sim_/);
  });

  it('given a request link (no sign-in), when its receipt is read, then neither the payment id nor the method is shown', async () => {
    const receipt = await get(
      `/api/payment-requests/link/${request.token}/receipt`,
      claimHeader(request.token),
    );
    expect(receipt.statusCode, receipt.body).toBe(200);
    expect(receipt.json()).toMatchObject({
      reference: REDACTED,
      method: null,
      totalCents: 42_000,
    });
    expect(receipt.body).not.toMatch(idLike);
    const statement = await get(
      `/api/deals/link/${dealLink}/statement`,
      claimHeader(dealLink),
    );
    expect(statement.statusCode).toBe(200);
    expect(statement.json()).toMatchObject({
      reference: REDACTED,
      method: null,
    });
  });
});

/** Every GET route a link opens, from the app's OpenAPI document (a new one is walked as well). */
function linkGetUrls(): string[] {
  const doc = (
    t.app as unknown as {
      swagger(): { paths: Record<string, Record<string, unknown>> };
    }
  ).swagger();
  const urls: string[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    if (
      !('get' in methods) ||
      !path.includes('{token}') ||
      path.includes('/stream')
    )
      continue;
    if (path.startsWith('/api/deals/'))
      urls.push(path.replace('{token}', dealLink));
    if (path.startsWith('/api/payment-requests/'))
      for (const token of [request.token, openToken])
        urls.push(path.replace('{token}', token));
  }
  return urls;
}

function leaves(
  value: unknown,
  key = '',
  out: { key: string; value: unknown }[] = [],
) {
  if (Array.isArray(value)) for (const v of value) leaves(v, key, out);
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) leaves(v, k, out);
  else out.push({ key, value });
  return out;
}

describe('every link answer, walked', () => {
  it('given a released deal and a paid request, when every link GET route is read as the link holder, then no gateway id and no payment method appear', async () => {
    const urls = linkGetUrls();
    expect(urls).toEqual(
      expect.arrayContaining([
        `/api/deals/token/${dealLink}`,
        `/api/payment-requests/token/${request.token}`,
        `/api/payment-requests/token/${openToken}`,
        `/api/payment-requests/link/${request.token}/receipt`,
        `/api/deals/link/${dealLink}/statement`,
      ]),
    );
    const problems: string[] = [];
    let read = 0;
    for (const url of urls) {
      const token = [dealLink, request.token, openToken].find((k) =>
        url.includes(k),
      )!;
      const res = await get(url, claimHeader(token));
      if (
        res.statusCode !== 200 ||
        !String(res.headers['content-type']).includes('json')
      )
        continue;
      read++;
      for (const { key, value } of leaves(res.json())) {
        if ((key === 'method' || key === 'paymentMethod') && value !== null)
          problems.push(`${url} ${key}: ${String(value)}`);
        if (typeof value === 'string')
          for (const [match] of value.matchAll(idLike))
            problems.push(`${url} ${key}: ${match}`);
      }
    }
    expect(read).toBeGreaterThanOrEqual(5);
    expect(problems).toEqual([]);
  });
});

describe('redactFor', () => {
  const answer = {
    token: 'link-token-abcdef',
    title: 're_release of the pi_day reel',
    machine: {
      context: {
        paymentIntentId: 'pi_3NqXyZ0aBcDeFgHiJkLmNoPq',
        lastFailedSessionId: 'cs_test_a1B2c3D4e5F6g7H8i9J0',
        transferId: 'tr_sim_0123456789abcdef0123',
        paymentMethod: 'ideal',
        chargebacks: [
          { disputeId: 'du_1OaBcDeFgHiJkLmN0pQr', amountCents: 500 },
        ],
        hold: { disputeId: '' },
      },
    },
    reference: 'pi_sim_0123456789abcdef0123',
  };

  it('admins: acting ids and link tokens read "present", references, methods and words stay', () => {
    expect(redactFor('admin', answer)).toEqual({
      token: REDACTED,
      title: answer.title,
      machine: {
        context: {
          ...answer.machine.context,
          paymentIntentId: REDACTED,
          lastFailedSessionId: REDACTED,
        },
      },
      reference: REDACTED,
    });
  });

  it('links: every gateway id reads "present" and the method is null; the link token and words stay, empty stays empty', () => {
    expect(redactFor('link', answer)).toEqual({
      token: answer.token,
      title: answer.title,
      machine: {
        context: {
          paymentIntentId: REDACTED,
          lastFailedSessionId: REDACTED,
          transferId: REDACTED,
          paymentMethod: null,
          chargebacks: [{ disputeId: REDACTED, amountCents: 500 }],
          hold: { disputeId: '' },
        },
      },
      reference: REDACTED,
    });
  });
});

describe('documents print no redacted reference', () => {
  it('lays a receipt out with its reference, and without one the reader may not see', () => {
    const doc = {
      kind: 'receipt',
      subject: 'deal',
      number: 'R-D1',
      id: 1,
      title: 'Reel',
      issuedAt: '2026-03-02T09:00:00.000Z',
      brand: 'Acme BV',
      creator: '@sanne',
      amountCents: 25_000,
      feeCents: 2_050,
      totalCents: 27_050,
      paidCents: 27_050,
      method: 'card',
      reference: 'pi_sim_0123456789abcdef0123',
      refundedCents: 0,
      split: null,
    } as MoneyDocumentDto;
    const values = (d: MoneyDocumentDto) =>
      JSON.stringify(layoutMoneyDocument(d, 'nl')).match(
        /pi_sim_\w+|present|Referentie/g,
      ) ?? [];
    expect(values(doc)).toEqual(['Referentie', 'pi_sim_0123456789abcdef0123']);
    expect(values(redactFor('admin', doc))).toEqual([]);
    expect(values(redactFor('link', doc))).toEqual([]);
  });
});

describe("a creator's data export through the deal link", () => {
  it('given a paid and released deal, when the link holder exports, then its events hold no gateway id: neither a payment nor the webhook event that told of it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/deals/link/${dealLink}/export`,
      headers: claimHeader(dealLink),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toContain('PaymentSucceeded');
    expect(res.body.match(idLike) ?? []).toEqual([]);
  });
});
