import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminDealDto } from '@machines/contract/api';
import type { SplitPreview } from '@machines/deal/deal-split';
import type { EventText } from '@machines/events/event-texts';
import type { ReconciliationReport } from '@server/money/reconciliation/reconcile';
import type { SimulatedGateway } from '@server/money/gateway/simulated/simulated-gateway';
import { englishText } from '@tests/support/event-text';
import {
  acceptAndConnect,
  claimHeader,
  payDeal,
} from '@tests/support/flow-helpers';
import {
  bearer,
  createRootAdmin,
  adminDealOf,
  createTestApp,
  dealPayload,
  registerUser,
  type TestApp,
  simulatedGatewayOf,
} from '@tests/support/test-app';

/**
 * An admin and a deal with a plan over HTTP: the admin answer carries each milestone with what
 * the admin may do with it (`adminCan`), a milestone's split preview and split, a milestone's
 * refund; the whole-deal release, refund and split move everything not yet released (and only
 * that), the split as one transfer and one refund, exactly once. The brand edits a plan deal while it waits
 * for payment, and not after.
 */
let t: TestApp;
let gateway: SimulatedGateway;
let brand: Awaited<ReturnType<typeof registerUser>>;
let admin = '';

beforeAll(async () => {
  t = await createTestApp();
  gateway = simulatedGatewayOf(t);
  brand = await registerUser(t.app, { companyName: 'Acme BV' });
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
    amount: '80',
    dueDate: '2026-03-17',
  },
  {
    title: 'Post',
    deliverables: ['1 Instagram Post'],
    amount: '70',
    dueDate: '2026-03-24',
  },
];

const inject = (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  token: string,
  payload?: object,
) =>
  t.app.inject({
    method,
    url,
    headers: bearer(token),
    ...(payload ? { payload } : {}),
  });
const adminDeal = (id: number) => adminDealOf(t, admin, id);
const deliver = (link: string, n: number) =>
  t.app.inject({
    method: 'POST',
    url: `/api/deals/deliver/${link}/milestones/${n}`,
    headers: claimHeader(link),
  });

async function planDeal(): Promise<{ id: number; link: string }> {
  const res = await inject(
    'POST',
    '/api/deals',
    brand.token,
    dealPayload({ milestones: plan }),
  );
  expect(res.statusCode, res.body).toBe(201);
  const id = (res.json() as { id: number }).id;
  await payDeal(t.app, t.ctx, brand.token, id);
  const link = await acceptAndConnect(t.app, t.ctx, brand.token, id);
  return { id, link };
}

const moved = (id: number) => ({
  transfers: gateway.ledger.transfers
    .filter((x) => x.transferGroup === `deal-${id}`)
    .map((x) => x.amountCents),
  refunds: gateway.ledger.refunds
    .filter((x) => x.transferGroup === `deal-${id}`)
    .map((x) => x.amountCents),
});

describe('an admin and the milestones of a deal', () => {
  it("answers each milestone with the admin's actions; a disputed one is split, another refunded", async () => {
    const { id, link } = await planDeal();
    const before = await adminDeal(id);
    expect(before.milestones!.map((m) => m.adminCan)).toEqual([
      ['release', 'refund'],
      ['release', 'refund'],
      ['release', 'refund'],
    ]);
    expect((await deliver(link, 2)).statusCode).toBe(200);
    const disputed = await inject(
      'POST',
      `/api/deals/${id}/milestones/2/dispute`,
      brand.token,
      {
        reason: 'Off brief',
      },
    );
    expect(disputed.statusCode, disputed.body).toBe(200);
    const inDispute = await adminDeal(id);
    expect(inDispute.milestones![1]!.adminCan).toEqual([
      'release',
      'refund',
      'split',
    ]);
    // The deal's own release and refund (everything not yet released) are offered too.
    expect(inDispute.state.can).toEqual(
      expect.arrayContaining(['adminRelease', 'refund']),
    );
    // The milestone's dispute has its conversation, as a deal's has.
    const thread = await inject('GET', `/api/admin/deals/${id}/dispute`, admin);
    expect(thread.statusCode, thread.body).toBe(200);
    expect(thread.body).toContain('Off brief');

    const base = `/api/admin/deals/${id}/milestones/2`;
    const preview = await inject(
      'GET',
      `${base}/split-preview?creatorCents=3000`,
      admin,
    );
    expect(preview.statusCode, preview.body).toBe(200);
    // The milestone's €80 and its fee share 656: the fee kept in proportion of €30 is 246.
    expect(preview.json()).toEqual({
      creatorCents: 3_000,
      feeKeptCents: 246,
      refundCents: 8_656 - 3_000 - 246,
      chargedCents: 8_656,
      amountCents: 8_000,
    });
    const tooMuch = await inject(
      'GET',
      `${base}/split-preview?creatorCents=8000`,
      admin,
    );
    expect(tooMuch.json()).toMatchObject({ code: 'split_whole_amount' });
    const notDisputed = await inject(
      'GET',
      `/api/admin/deals/${id}/milestones/1/split-preview?creatorCents=100`,
      admin,
    );
    expect(notDisputed.statusCode).toBe(409);
    expect(notDisputed.json()).toMatchObject({ code: 'split_not_allowed' });

    const split = await inject('POST', `${base}/split`, admin, {
      creatorCents: 3_000,
    });
    expect(split.statusCode, split.body).toBe(200);
    const refund = await inject(
      'POST',
      `/api/admin/deals/${id}/milestones/3/refund`,
      admin,
    );
    expect(refund.statusCode, refund.body).toBe(200);
    const after = (refund.json() as { deal: AdminDealDto }).deal;
    expect(after.milestones!.map((m) => m.status)).toEqual([
      'in_progress',
      'split',
      'refunded',
    ]);
    expect(after.milestones!.map((m) => m.adminCan)).toEqual([
      ['release', 'refund'],
      [],
      [],
    ]);
    expect(after.milestoneSummary).toMatchObject({ released: 1, total: 3 });
    expect(moved(id)).toEqual({
      transfers: [3_000],
      refunds: [8_656 - 3_000 - 246, 7_574],
    });

    // The history says which milestone each event is about; the deal's own events say nothing of one.
    const history = (
      await inject('GET', `/api/admin/deals/${id}/events`, admin)
    ).json() as {
      type: string;
      summary: EventText;
    }[];
    const texts = history.map((e) => englishText(e.summary));
    expect(texts).toContain(
      'Milestone 2: the creator marked the assignment as delivered.',
    );
    expect(texts.filter((x) => x.startsWith('Milestone 3: '))).toEqual([
      'Milestone 3: admin root asked to refund €75.74 to the brand.',
      'Milestone 3: refunded €75.74 to the brand.',
    ]);
    expect(texts).toContain(
      'Milestone 2: admin root split it: €30.00 to the creator, €54.10 back to the brand, €2.46 fee kept (of €86.56).',
    );
    expect(texts.find((x) => x.startsWith('Deal created'))).toBeDefined();
    const nl = await t.app.inject({
      url: `/api/admin/disputes/${id}/export?format=csv`,
      headers: { ...bearer(admin), 'accept-language': 'nl' },
    });
    expect(nl.body).toContain('Mijlpaal 2: het merk opende een geschil');
    // The Disputes list has the deal by its milestone's dispute, its amount and outcome.
    const disputes = (
      await inject('GET', '/api/admin/disputes', admin)
    ).json() as {
      dealId?: number;
    }[];
    expect(disputes.find((d) => d.dealId === id)).toMatchObject({
      milestone: 2,
      amountCents: 8_000,
      reason: 'Off brief',
      outcome: 'split',
    });
  });

  it('splits everything not yet released in one transfer and one refund, each milestone its part, exactly once', async () => {
    const { id, link } = await planDeal();
    expect(
      (
        await inject(
          'POST',
          `/api/admin/deals/${id}/milestones/1/release`,
          admin,
        )
      ).statusCode,
    ).toBe(200);
    expect((await deliver(link, 3)).statusCode).toBe(200);
    await inject('POST', `/api/deals/${id}/milestones/3/dispute`, brand.token, {
      reason: 'Late',
    });
    expect((await adminDeal(id)).status).toBe('dispute');
    // The preview divides the open €150 (€80 + €70 and their fee shares 656 + 574).
    const preview = await inject(
      'GET',
      `/api/admin/deals/${id}/split-preview?creatorCents=9000`,
      admin,
    );
    expect(preview.statusCode, preview.body).toBe(200);
    const shown = preview.json() as SplitPreview;
    expect(shown.milestoneParts).toEqual([
      {
        milestone: 2,
        creatorCents: 4_800,
        feeKeptCents: 394,
        refundCents: 3_462,
      },
      {
        milestone: 3,
        creatorCents: 4_200,
        feeKeptCents: 344,
        refundCents: 3_030,
      },
    ]);
    // The deal's figures are the parts' sums, within the open amounts (and with their fee shares).
    expect([shown.creatorCents, shown.feeKeptCents, shown.refundCents]).toEqual(
      [9_000, 738, 6_492],
    );
    expect([shown.amountCents, shown.chargedCents]).toEqual([15_000, 16_230]);
    const tooMuch = await t.app.inject({
      url: `/api/admin/deals/${id}/split-preview?creatorCents=15000`,
      headers: { ...bearer(admin), 'accept-language': 'nl' },
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json()).toMatchObject({ code: 'split_whole_amount' });
    const split = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/deals/${id}/split`,
        headers: { ...bearer(admin), 'idempotency-key': `whole-${id}` },
        payload: { creatorCents: 9_000 },
      });
    const first = await split();
    expect(first.statusCode, first.body).toBe(200);
    const deal = (first.json() as { deal: AdminDealDto }).deal;
    expect(deal.status).toBe('split_resolved');
    expect(deal.milestones!.map((m) => m.status)).toEqual([
      'released',
      'split',
      'split',
    ]);
    // The same Idempotency-Key again: the same answer, no second effect.
    const again = await split();
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(moved(id)).toEqual({ transfers: [10_000, 9_000], refunds: [6_492] });
    const history = (
      await inject('GET', `/api/admin/deals/${id}/events`, admin)
    ).json() as {
      type: string;
      actor: { kind: string };
      summary: EventText;
    }[];
    const requested = history.filter((e) => e.type === 'DealSplitRequested');
    expect(
      requested.map((e) => [e.actor.kind, englishText(e.summary)]),
    ).toEqual([
      [
        'admin',
        expect.stringContaining(
          '€90.00 to the creator, €64.92 back to the brand',
        ),
      ],
    ]);
    const report = await inject(
      'GET',
      '/api/admin/reconciliation?since=2026-03-01',
      admin,
    );
    expect(report.statusCode, report.body).toBe(200);
    expect((report.json() as ReconciliationReport).mismatches).toEqual([]);
    // Nothing left open: a second split is refused, its preview too.
    const nothing = await inject(
      'POST',
      `/api/admin/deals/${id}/split`,
      admin,
      {
        creatorCents: 100,
      },
    );
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json()).toMatchObject({ code: 'split_not_allowed' });
    const none = await inject(
      'GET',
      `/api/admin/deals/${id}/split-preview?creatorCents=100`,
      admin,
    );
    expect(none.json()).toMatchObject({ code: 'split_not_allowed' });
    expect(moved(id)).toEqual({ transfers: [10_000, 9_000], refunds: [6_492] });
  });

  it('the whole-deal release pays everything not yet released, and only that', async () => {
    const { id } = await planDeal();
    const one = await inject(
      'POST',
      `/api/admin/deals/${id}/milestones/1/release`,
      admin,
    );
    expect(one.statusCode, one.body).toBe(200);
    const rest = await inject('POST', `/api/admin/deals/${id}/release`, admin);
    expect(rest.statusCode, rest.body).toBe(200);
    const deal = (rest.json() as { deal: AdminDealDto }).deal;
    expect(deal.status).toBe('completed');
    expect(deal.milestones!.map((m) => m.status)).toEqual([
      'released',
      'released',
      'released',
    ]);
    expect(moved(id)).toEqual({ transfers: [10_000, 15_000], refunds: [] });
  });

  it('the whole-deal refund returns everything not yet released with its fee shares, and only that', async () => {
    const { id } = await planDeal();
    const one = await inject(
      'POST',
      `/api/admin/deals/${id}/milestones/1/release`,
      admin,
    );
    expect(one.statusCode, one.body).toBe(200);
    const rest = await inject('POST', `/api/admin/deals/${id}/refund`, admin);
    expect(rest.statusCode, rest.body).toBe(200);
    const deal = (rest.json() as { deal: AdminDealDto }).deal;
    expect(deal.milestones!.map((m) => m.status)).toEqual([
      'released',
      'refunded',
      'refunded',
    ]);
    // €80 + €70 and their fee shares (656 + 574).
    expect(moved(id)).toEqual({
      transfers: [10_000],
      refunds: [15_000 + 656 + 574],
    });
  });
});

describe('editing a deal with a plan', () => {
  it('works while it waits for payment and is refused once paid', async () => {
    const res = await inject(
      'POST',
      '/api/deals',
      brand.token,
      dealPayload({ milestones: plan }),
    );
    const id = (res.json() as { id: number }).id;
    const edited = [
      { ...plan[0]!, title: 'Story and Reel', amount: '150' },
      { ...plan[1]!, amount: '100' },
    ];
    const put = await inject(
      'PUT',
      `/api/deals/${id}`,
      brand.token,
      dealPayload({ milestones: edited }),
    );
    expect(put.statusCode, put.body).toBe(200);
    const deal = put.json() as {
      milestones: { title: string; amountCents: number }[];
    };
    expect(deal.milestones.map((m) => [m.title, m.amountCents])).toEqual([
      ['Story and Reel', 15_000],
      ['TikTok', 10_000],
    ]);
    await payDeal(t.app, t.ctx, brand.token, id);
    const late = await inject(
      'PUT',
      `/api/deals/${id}`,
      brand.token,
      dealPayload({ milestones: plan }),
    );
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'deal_not_in_state' });
    const kept = await inject('GET', `/api/deals/${id}`, brand.token);
    expect(
      (kept.json() as typeof deal).milestones.map((m) => m.amountCents),
    ).toEqual([15_000, 10_000]);
  });
});

describe("the creator's statement of a deal with a plan", () => {
  it("after a milestone's payout shows that milestone's amount, after the next one both", async () => {
    const { id, link } = await planDeal();
    const statement = () =>
      t.app.inject({
        url: `/api/deals/link/${link}/statement`,
        headers: claimHeader(link),
      });
    expect((await statement()).statusCode).toBe(409);
    await inject('POST', `/api/admin/deals/${id}/milestones/2/release`, admin);
    const first = await statement();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ kind: 'statement', paidCents: 8_000 });
    await inject('POST', `/api/admin/deals/${id}/milestones/1/release`, admin);
    expect((await statement()).json()).toMatchObject({ paidCents: 18_000 });
  });
});
