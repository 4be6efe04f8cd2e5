import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  claimHeader,
  connectPayouts as connectPayoutsOf,
  createPaidRequest,
  deliverPaidDeal,
} from '@tests/support/flow-helpers';
import {
  bearer,
  createAuditor,
  createDeal,
  createRootAdmin,
  createTestApp,
  registerUser,
  signInAdmin,
  type TestApp,
} from '@tests/support/test-app';

/**
 * The admin dispute list, pages and exports cover deals and payment requests with one mechanism:
 * each dispute has a kind; a request's page and export are under /api/admin/disputes/payment-request/:id
 * and carry its conversation (messages, evidence files with their SHA-256) in English and Dutch.
 */
let t: TestApp;
let brand: Awaited<ReturnType<typeof registerUser>>;
let creator: Awaited<ReturnType<typeof registerUser>>;
let auditor: string;
let dealId: number;
const requests: Record<'released' | 'refunded' | 'split' | 'open', number> = {
  released: 0,
  refunded: 0,
  split: 0,
  open: 0,
};

const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('half the work'),
]);
const sha = createHash('sha256').update(png).digest('hex');

const post = (
  url: string,
  payload: object | undefined,
  headers: Record<string, string>,
) =>
  t.app.inject({
    method: 'POST',
    url,
    headers,
    ...(payload ? { payload } : {}),
  });
const get = (url: string, headers: Record<string, string> = bearer(auditor)) =>
  t.app.inject({ url, headers });

const connectPayouts = () => connectPayoutsOf(t.app, t.ctx, creator.token);

/** A paid request the creator completed and its brand disputed through its link. */
async function disputedRequest(reason: string) {
  const { id, token } = await createPaidRequest(
    t.app,
    t.ctx,
    creator.token,
    `Reel ${reason}`,
  );
  const done = await post(
    `/api/payment-requests/${id}/complete`,
    {},
    bearer(creator.token),
  );
  expect(done.statusCode, done.body).toBe(200);
  const opened = await post(
    `/api/payment-requests/dispute/${token}`,
    { reason },
    claimHeader(token),
  );
  expect(opened.statusCode, opened.body).toBe(200);
  return { id, token };
}

async function adminAction(id: number, action: string, payload?: object) {
  const res = await post(
    `/api/admin/payment-requests/${id}/${action}`,
    payload,
    bearer(await signInAdmin(t.app)),
  );
  expect(res.statusCode, res.body).toBe(200);
  await t.ctx.quiesce();
}

beforeAll(async () => {
  t = await createTestApp({
    REVIEW_PERIOD_HOURS: '48',
    DISPUTE_PERIOD_HOURS: '72',
  });
  brand = await registerUser(t.app);
  creator = await registerUser(t.app, { companyName: null });
  auditor = await createAuditor(t, await createRootAdmin(t));
  await connectPayouts();

  const deal = await createDeal(t.app, brand.token);
  await deliverPaidDeal(t.app, t.ctx, brand.token, deal.id);
  const disputed = await post(
    `/api/deals/${deal.id}/dispute`,
    { reason: 'Never posted' },
    bearer(brand.token),
  );
  expect(disputed.statusCode, disputed.body).toBe(200);
  dealId = deal.id;

  requests.released = (await disputedRequest('Late')).id;
  await adminAction(requests.released, 'release');
  requests.refunded = (await disputedRequest('Not delivered')).id;
  await adminAction(requests.refunded, 'refund');
  requests.split = (await disputedRequest('Half done')).id;
  await adminAction(requests.split, 'split', { creatorCents: 20_000 });

  const open = await disputedRequest('Only half the work');
  requests.open = open.id;
  const base = `/api/payment-requests/link/${open.token}/dispute`;
  const file = await t.app.inject({
    method: 'POST',
    url: `${base}/files?name=shot.png`,
    headers: {
      'content-type': 'application/octet-stream',
      ...claimHeader(open.token),
    },
    payload: png,
  });
  expect(file.statusCode, file.body).toBe(200);
  const message = await post(
    `${base}/messages`,
    { text: 'Half is missing', files: [{ sha256: sha, name: 'shot.png' }] },
    claimHeader(open.token),
  );
  expect(message.statusCode, message.body).toBe(200);
  const answer = await post(
    `/api/payment-requests/${open.id}/dispute/messages`,
    { text: 'Both parts are live' },
    bearer(creator.token),
  );
  expect(answer.statusCode, answer.body).toBe(200);
});
afterAll(() => t.close());

type Summary = {
  kind: string;
  dealId?: number;
  requestId?: number;
  outcome: string;
  openedAt: string;
};
const list = async (query = '') => {
  const res = await get(`/api/admin/disputes${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Summary[];
};

describe('the admin dispute list', () => {
  it('lists deals and payment requests, each with its kind, and keeps the deal answer as it was', async () => {
    const all = await list();
    const deal = all.find((d) => d.dealId === dealId)!;
    expect(deal).toMatchObject({
      kind: 'deal',
      reason: 'Never posted',
      outcome: 'open',
    });
    expect(deal).not.toHaveProperty('requestId');
    const open = all.find((d) => d.requestId === requests.open)!;
    expect(open).toMatchObject({
      kind: 'payment_request',
      title: 'Reel Only half the work',
      brand: 'Acme',
      reason: 'Only half the work',
      amountCents: 40_000,
      outcome: 'open',
      resolvedAt: null,
    });
    expect(open).not.toHaveProperty('dealId');
    expect(all.map((d) => d.openedAt)).toEqual(
      [...all.map((d) => d.openedAt)].sort().reverse(),
    );
  });

  it('gives the outcome of a request dispute after release, refund and split', async () => {
    const outcome = (id: number, all: Summary[]) =>
      all.find((d) => d.requestId === id)?.outcome;
    const all = await list();
    expect(outcome(requests.released, all)).toBe('released_by_admin');
    expect(outcome(requests.refunded, all)).toBe('refunded');
    expect(outcome(requests.split, all)).toBe('split');
    expect(outcome(requests.open, all)).toBe('open');
  });

  it('filters by kind and outcome, and refuses an unknown kind in its own words', async () => {
    const onlyRequests = await list('?kind=payment_request');
    expect(onlyRequests.length).toBeGreaterThanOrEqual(4);
    expect(onlyRequests.every((d) => d.kind === 'payment_request')).toBe(true);
    const onlyDeals = await list('?kind=deal');
    expect(onlyDeals.map((d) => d.dealId)).toContain(dealId);
    expect(onlyDeals.every((d) => d.kind === 'deal')).toBe(true);
    const refunded = await list('?kind=payment_request&outcome=refunded');
    expect(refunded.map((d) => d.requestId)).toEqual([requests.refunded]);
    const bad = await get('/api/admin/disputes?kind=invoice');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain(
      'kind must be one of deal, payment_request',
    );
  });

  it('refuses strangers (401) and users who are not admins (401); auditors read', async () => {
    expect((await get('/api/admin/disputes', {})).statusCode).toBe(401);
    expect(
      (await get('/api/admin/disputes', bearer(creator.token))).statusCode,
    ).toBe(401);
    const page = `/api/admin/disputes/payment-request/${requests.open}`;
    expect((await get(page, {})).statusCode).toBe(401);
    expect(
      (await get(`${page}/export?format=csv`, bearer(brand.token))).statusCode,
    ).toBe(401);
    expect((await get(page)).statusCode).toBe(200);
  });
});

describe("a payment request's dispute page and exports", () => {
  it('shows the conversation with each file and its SHA-256, the brand by its link, no payment ids', async () => {
    const res = await get(
      `/api/admin/disputes/payment-request/${requests.open}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json();
    expect(page).toMatchObject({
      kind: 'payment_request',
      requestId: requests.open,
    });
    expect(page.evidence).toEqual([
      expect.objectContaining({
        by: 'brand (link)',
        text: 'Only half the work',
        files: [],
      }),
      expect.objectContaining({
        by: 'brand (link)',
        text: 'Half is missing',
        files: [expect.objectContaining({ name: 'shot.png', sha256: sha })],
      }),
      expect.objectContaining({
        by: creator.username,
        text: 'Both parts are live',
        files: [],
      }),
    ]);
    const opened = page.timeline.find(
      (e: { type: string }) => e.type === 'PaymentRequestDisputeOpened',
    );
    expect(opened.summary).toMatchObject({
      code: 'DisputeOpened',
      params: { reason: 'Only half the work' },
    });
    expect(page.money).toEqual([
      expect.objectContaining({ kind: 'payment', amountCents: 42_000 }),
    ]);
    const c = t.ctx.queries.requests.byId(requests.open)!.context;
    expect(res.body).not.toContain(c.paymentIntentId!);
    expect(res.body).not.toContain(c.chargeId!);
  });

  it('shows the split as an admin decision with its money', async () => {
    const page = (
      await get(`/api/admin/disputes/payment-request/${requests.split}`)
    ).json();
    expect(page.outcome).toBe('split');
    expect(page.decisions).toContainEqual(
      expect.objectContaining({
        type: 'PaymentRequestSplitRequested',
        summary: expect.objectContaining({
          code: 'PaymentRequestSplitRequested',
        }),
      }),
    );
    expect(page.money.map((m: { kind: string }) => m.kind)).toEqual(
      expect.arrayContaining(['payment', 'split_transfer', 'split_refund']),
    );
  });

  it('answers 404 with its code for a request never in dispute or unknown, and a deal id stays a deal', async () => {
    const { id } = await createPaidRequest(t.app, t.ctx, creator.token, 'Calm');
    const never = await get(`/api/admin/disputes/payment-request/${id}`);
    expect(never.statusCode).toBe(404);
    expect(never.json().code).toBe('request_never_in_dispute');
    const nl = await get(`/api/admin/disputes/payment-request/${id}`, {
      ...bearer(auditor),
      'accept-language': 'nl',
    });
    expect(nl.json().message).toBe(
      'Dit betaalverzoek is nooit in geschil geweest.',
    );
    expect(
      (await get('/api/admin/disputes/payment-request/999999')).statusCode,
    ).toBe(404);
    const deal = await get(`/api/admin/disputes/${dealId}`);
    expect(deal.statusCode, deal.body).toBe(200);
    expect(deal.json()).toMatchObject({ kind: 'deal', dealId });
  });

  it('exports request disputes as CSV rows in English and Dutch, the conversation with SHA-256', async () => {
    const en = await get(
      `/api/admin/disputes/export?format=csv&kind=payment_request`,
    );
    expect(en.statusCode, en.body).toBe(200);
    const header = en.body.replace(/^\uFEFF/, '').split('\r\n')[0];
    expect(header).toBe(
      'deal_id,deal_title,brand,creator,outcome,at,event,actor,amount_eur,reference,summary,kind,request_id,request_title,outcome_text',
    );
    const rows = en.body
      .split('\r\n')
      .filter((r) =>
        r.endsWith(
          `,payment_request,${requests.open},Reel Only half the work,Open`,
        ),
      );
    expect(rows.length).toBeGreaterThan(2);
    expect(en.body).toContain(
      'The brand opened a dispute: “Only half the work”.',
    );
    expect(en.body).toContain(
      `Message from the brand (brand (link)): Half is missing Evidence: shot.png (SHA-256 ${sha}).`,
    );
    const one = await get(
      `/api/admin/disputes/payment-request/${requests.open}/export?format=csv`,
      {
        ...bearer(auditor),
        'accept-language': 'nl',
      },
    );
    expect(one.statusCode, one.body).toBe(200);
    expect(one.headers['content-disposition']).toBe(
      `attachment; filename="dispute-payment-request-${requests.open}.csv"`,
    );
    expect(one.body).toContain(
      'Het merk opende een geschil: „Only half the work”.',
    );
    expect(one.body).toContain(
      `Bericht van het merk (merk (via link)): Half is missing Bewijs: shot.png (SHA-256 ${sha}).`,
    );
    const refunded = await get(
      `/api/admin/disputes/payment-request/${requests.refunded}/export?format=csv`,
    );
    expect(refunded.body).toMatch(
      /PaymentRequestRefunded,payment provider,420\.00,re_/,
    );
    const json = await get(
      `/api/admin/disputes/payment-request/${requests.open}/export`,
    );
    expect(json.json().disputes[0]).toMatchObject({
      kind: 'payment_request',
      requestId: requests.open,
    });
  });
});
