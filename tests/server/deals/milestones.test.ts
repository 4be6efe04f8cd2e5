import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimulatedGateway } from '@server/money/gateway/simulated/simulated-gateway';
import type { ReconciliationReport } from '@server/money/reconciliation/reconcile';
import { pdfPages } from '@tests/support/pdf-text';
import {
  acceptAndConnect,
  claimHeader,
  payDeal,
} from '@tests/support/flow-helpers';
import {
  bearer,
  createRootAdmin,
  createTestApp,
  dealPayload,
  registerUser,
  signInAdmin,
  type TestApp,
  simulatedGatewayOf,
} from '@tests/support/test-app';

/**
 * Milestones over HTTP: a plan at creation and its refusals as codes, each milestone delivered,
 * revised, approved, released by its timer, disputed and split by an admin, the money at the
 * simulated gateway (one transfer per released milestone, the split's transfer and refund) and a
 * clean reconciliation; the per-milestone refusals (another brand's deal, an unknown milestone, a
 * delivery on a released one, a change request after the rounds are used).
 */
let t: TestApp;
let gateway: SimulatedGateway;
let brand: Awaited<ReturnType<typeof registerUser>>;
let other: Awaited<ReturnType<typeof registerUser>>;
let admin = '';
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await createTestApp();
  gateway = simulatedGatewayOf(t);
  brand = await registerUser(t.app, { companyName: 'Acme BV' });
  other = await registerUser(t.app, { companyName: 'Other BV' });
  admin = await createRootAdmin(t);
});
afterAll(() => t.close());

const plan = [
  {
    title: 'Story',
    deliverables: ['1 Instagram Story'],
    amount: '100',
    dueDate: '2026-03-10',
  },
  {
    title: 'TikTok',
    deliverables: ['1 TikTok Video'],
    amount: '80,00',
    dueDate: '2026-03-17',
  },
  {
    title: 'Post',
    deliverables: ['1 Instagram Post'],
    amount: 70,
    dueDate: '2026-03-24',
  },
];

type Milestone = {
  index: number;
  status: string;
  step: number;
  can: string[];
  feeCents: number;
};
type Deal = {
  id: number;
  status: string;
  state: { step: number };
  milestones?: Milestone[];
  milestoneSummary?: {
    released: number;
    total: number;
    nextDueDate: string | null;
  };
};

const post = (
  url: string,
  token: string | null,
  payload?: object,
  headers = {},
) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { ...(token ? bearer(token) : {}), ...headers },
    ...(payload ? { payload } : {}),
  });
const create = (milestones: unknown, extra: object = {}) =>
  post('/api/deals', brand.token, dealPayload({ milestones, ...extra }));
const milestone = (
  id: number,
  n: number,
  action: string,
  payload?: object,
  token = brand.token,
) => post(`/api/deals/${id}/milestones/${n}/${action}`, token, payload);
const deliver = (link: string, n: number, payload?: object) =>
  post(
    `/api/deals/deliver/${link}/milestones/${n}`,
    null,
    payload,
    claimHeader(link),
  );
const dealOf = (res: { json: () => unknown }) =>
  (res.json() as { deal: Deal }).deal;

describe('creating a deal with milestones', () => {
  it.each([
    [[], 'milestones_count'],
    [
      Array.from({ length: 11 }, (_, i) => ({
        ...plan[0]!,
        title: `M${i}`,
        amount: '10',
      })),
      'milestones_count',
    ],
    [[plan[0], plan[1]], 'milestones_sum_mismatch'],
    [
      [plan[0], plan[1], { ...plan[2], amount: '0.99' }],
      'milestone_amount_too_small',
    ],
    [
      [plan[0], plan[1], { ...plan[2], dueDate: '2026-03-01' }],
      'milestone_due_in_past',
    ],
    [
      [plan[0], plan[1], { ...plan[2], title: ' ' }],
      'milestone_title_required',
    ],
    [
      [plan[0], plan[1], { ...plan[2], amount: 'seventy' }],
      'milestone_amount_invalid',
    ],
    [
      // The deal's deadline is 2026-04-01: a milestone due the day after is refused.
      [plan[0], plan[1], { ...plan[2], dueDate: '2026-04-02' }],
      'milestone_due_after_deadline',
    ],
  ])('refuses %#: %s', async (milestones, code) => {
    const res = await create(milestones);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code });
  });

  it("says in the brand's language that a milestone is due after the deal's deadline; due on it is taken", async () => {
    const late = [plan[0], plan[1], { ...plan[2], dueDate: '2026-04-02' }];
    const nl = await post(
      '/api/deals',
      brand.token,
      dealPayload({ milestones: late }),
      { 'accept-language': 'nl' },
    );
    expect(nl.statusCode, nl.body).toBe(400);
    expect(nl.json().message).toBe(
      'De einddatum van een mijlpaal moet op of vóór de deadline van de deal liggen.',
    );
    const onTheDay = await create([
      plan[0],
      plan[1],
      { ...plan[2], dueDate: '2026-04-01' },
    ]);
    expect(onTheDay.statusCode, onTheDay.body).toBe(201);
  });

  it('names the milestone field a wrong type is in: an amount that is no number, a due date that is no text', async () => {
    const amount = await create([
      plan[0],
      plan[1],
      { ...plan[2], amount: { cents: 7000 } },
    ]);
    expect(amount.statusCode).toBe(400);
    expect(amount.json()).toMatchObject({
      code: 'invalid_input',
      params: { input: 'amount_format' },
      message: 'Amount must be a positive number with at most 2 decimals',
    });
    const due = await create([
      plan[0],
      plan[1],
      { ...plan[2], dueDate: 20260324 },
    ]);
    expect(due.json()).toMatchObject({
      code: 'invalid_input',
      params: { input: 'not_text', field: 'dueDate' },
      message: 'Due date must be text',
    });
  });

  it("keeps the €1,750 limit with the spec's text", async () => {
    const big = [
      { ...plan[0]!, amount: '1000' },
      { ...plan[1]!, amount: '800' },
    ];
    const res = await create(big, { amount: '1800' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(
      'The product currently supports deals up to €1,750',
    );
  });

  it('a plan of one milestone is the deal itself: nothing of milestones in its answer', async () => {
    const res = await create([{ ...plan[0]!, amount: '250' }]);
    expect(res.statusCode, res.body).toBe(201);
    const deal = res.json() as Deal & { machine: { context: object } };
    expect(deal.milestones).toBeUndefined();
    expect('milestones' in deal.machine.context).toBe(false);
  });
});

describe('a three-milestone deal', () => {
  let id = 0;
  let link = '';

  it('is created with its plan and fee shares, paid and accepted', async () => {
    const res = await create(plan, {
      revisionRounds: 1,
      usageRights: { kind: 'paid_ads', days: 30 },
    });
    expect(res.statusCode, res.body).toBe(201);
    const deal = res.json() as Deal;
    id = deal.id;
    expect(deal.milestones!.map((m) => m.feeCents)).toEqual([820, 656, 574]);
    expect(deal.milestoneSummary).toEqual({
      released: 0,
      total: 3,
      nextDueDate: '2026-03-10',
    });
    await payDeal(t.app, t.ctx, brand.token, id);
    link = await acceptAndConnect(t.app, t.ctx, brand.token, id);
    const view = (
      await t.app.inject({ url: `/api/deals/token/${link}` })
    ).json() as Deal;
    expect(view.status).toBe('pending_delivery');
    expect(view.milestones!.map((m) => m.can)).toEqual([
      ['deliver'],
      ['deliver'],
      ['deliver'],
    ]);
  });

  it('another brand gets 404; an unknown milestone 404; a bad link or a long note 400', async () => {
    expect(
      (await milestone(id, 1, 'dispute', {}, other.token)).statusCode,
    ).toBe(404);
    const unknown = await deliver(link, 4);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'milestone_not_found' });
    expect((await deliver(link, 11)).statusCode).toBe(400);
    const bad = await deliver(link, 1, { links: ['javascript:alert(1)'] });
    expect(bad.json()).toMatchObject({ code: 'delivery_link_invalid' });
    const long = await deliver(link, 1, { note: 'x'.repeat(2_001) });
    expect(long.json()).toMatchObject({ code: 'revision_note_too_long' });
  });

  it('milestone 1: delivered, changes requested, redelivered, approved', async () => {
    const delivered = await deliver(link, 1, {
      note: 'Story is live',
      links: ['https://instagram.com/s/1'],
    });
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect(dealOf(delivered)).toMatchObject({
      status: 'delivered',
      state: { step: 5 },
    });
    const asked = await milestone(id, 1, 'request-changes', {
      note: 'Please reshoot the intro',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(dealOf(asked).milestones![0]).toMatchObject({
      status: 'changes_requested',
      step: 1,
    });
    t.clock.advance(HOUR);
    expect((await deliver(link, 1, { note: 'New intro' })).statusCode).toBe(
      200,
    );
    const again = await milestone(id, 1, 'request-changes', {
      note: 'Once more',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'revision_rounds_used' });
    const approved = await milestone(id, 1, 'release');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(dealOf(approved).milestones![0]).toMatchObject({
      status: 'released',
      step: 3,
    });
    expect(dealOf(approved).milestoneSummary).toMatchObject({
      released: 1,
      nextDueDate: '2026-03-17',
    });
    const late = await deliver(link, 1);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'milestone_not_in_state' });
  });

  it('milestone 2: released automatically 48 h after its delivery', async () => {
    expect((await deliver(link, 2)).statusCode).toBe(200);
    t.clock.advance(48 * HOUR + 60_000);
    await t.ctx.quiesce();
    await t.ctx.payments.reactor.tick();
    await t.ctx.quiesce();
    const deal = t.ctx.queries.deals.byId(id)!;
    expect(deal.context.milestones!.map((m) => m.status)).toEqual([
      'released',
      'released',
      'in_progress',
    ]);
    expect(deal.context.milestones![1]!.releaseTrigger).toBe(
      'review_period_elapsed',
    );
  });

  it('milestone 3: disputed and split by an admin; the deal is split_resolved', async () => {
    expect((await deliver(link, 3)).statusCode).toBe(200);
    const disputed = await milestone(id, 3, 'dispute', { reason: 'Off brief' });
    expect(disputed.statusCode, disputed.body).toBe(200);
    expect(dealOf(disputed).status).toBe('dispute');
    admin = await signInAdmin(t.app);
    const split = await post(
      `/api/admin/deals/${id}/milestones/3/split`,
      admin,
      {
        creatorCents: 3_500,
      },
    );
    expect(split.statusCode, split.body).toBe(200);
    expect(dealOf(split).status).toBe('split_resolved');
  });

  it('the gateway made exactly three transfers and one refund, and the reconciliation is clean', async () => {
    const group = `deal-${id}`;
    const transfers = gateway.ledger.transfers.filter(
      (x) => x.transferGroup === group,
    );
    const refunds = gateway.ledger.refunds.filter(
      (x) => x.transferGroup === group,
    );
    expect(transfers.map((x) => x.amountCents)).toEqual([10_000, 8_000, 3_500]);
    expect(refunds.map((x) => x.amountCents)).toEqual([3_787]);
    const res = await t.app.inject({
      url: '/api/admin/reconciliation?since=2026-03-01',
      headers: bearer(admin),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as ReconciliationReport).mismatches).toEqual([]);
  });

  it("the creator's statement and the brand's receipt list each milestone and where it stands, in English and Dutch, PDFs too", async () => {
    const statement = await t.app.inject({
      url: `/api/deals/link/${link}/statement`,
      headers: claimHeader(link),
    });
    expect(statement.statusCode, statement.body).toBe(200);
    expect(
      statement
        .json()
        .milestones.map((m: { title: string; status: string }) => [
          m.title,
          m.status,
        ]),
    ).toEqual([
      ['Story', 'released'],
      ['TikTok', 'released'],
      ['Post', 'split'],
    ]);
    expect(statement.json().paidCents).toBe(21_500);
    const pdfText = async (url: string, headers: Record<string, string>) => {
      const res = await t.app.inject({ url, headers });
      expect(res.statusCode, res.body).toBe(200);
      const [page, ...more] = await pdfPages(new Uint8Array(res.rawPayload));
      expect(more).toHaveLength(0);
      return page!.replace(/\u00a0/g, ' ');
    };
    const en = await pdfText(
      `/api/deals/link/${link}/statement/pdf?lang=en`,
      claimHeader(link),
    );
    for (const words of [
      'Milestones',
      '1. Story',
      '€100.00 · paid out',
      '2. TikTok',
      '3. Post',
      '€70.00 · split by an admin',
    ])
      expect(en).toContain(words);
    const nl = await pdfText(
      `/api/deals/${id}/receipt/pdf?lang=nl`,
      bearer(brand.token),
    );
    for (const words of [
      'Mijlpalen',
      '1. Story',
      '€ 100,00 · uitbetaald op',
      '€ 70,00 · verdeeld door een beheerder',
    ])
      expect(nl).toContain(words);
  });
});

describe('a deal without a plan', () => {
  it('has receipts without a milestones field, as before', async () => {
    const res = await post('/api/deals', brand.token, dealPayload());
    const { id } = res.json() as Deal;
    await payDeal(t.app, t.ctx, brand.token, id);
    const receipt = await t.app.inject({
      url: `/api/deals/${id}/receipt`,
      headers: bearer(brand.token),
    });
    expect(receipt.statusCode, receipt.body).toBe(200);
    expect(receipt.json()).not.toHaveProperty('milestones');
  });
});
