import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  registerUser,
  type TestApp,
} from '@tests/support/test-app';

/** Revision rounds over HTTP: change requests and redeliveries, their refusals as codes, and the history both parties and the admins read. */
let t: TestApp;
let brand: Awaited<ReturnType<typeof registerUser>>;

beforeAll(async () => {
  t = await createTestApp();
  brand = await registerUser(t.app, { companyName: 'Acme BV' });
});
afterAll(() => t.close());

type Deal = {
  status: string;
  state: { step: number; can: string[]; creatorText: string };
  revisionRounds: number;
  revisionsUsed: number;
  revisions: {
    kind: string;
    note: string | null;
    links: string[];
    at: string;
  }[];
  reviewPeriodEndsAt: string | null;
};

async function deliveredDeal(rounds: number) {
  const { id } = await createDeal(t.app, brand.token, {
    revisionRounds: rounds,
  });
  await payDeal(t.app, t.ctx, brand.token, id);
  const link = await acceptAndConnect(t.app, t.ctx, brand.token, id);
  const res = await deliver(link, {
    note: 'The reel is live',
    links: ['https://instagram.com/p/1'],
  });
  expect(res.statusCode, res.body).toBe(200);
  return { id, link };
}

const deliver = (link: string, payload?: object) =>
  t.app.inject({
    method: 'POST',
    url: `/api/deals/deliver/${link}`,
    headers: claimHeader(link),
    ...(payload ? { payload } : {}),
  });
const requestChanges = (
  id: number,
  payload: unknown,
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method: 'POST',
    url: `/api/deals/${id}/request-changes`,
    headers: { ...bearer(brand.token), ...headers },
    payload: payload as object,
  });

describe('revision rounds', () => {
  it('request, redeliver, the rounds used: only approve or dispute remain', async () => {
    const { id, link } = await deliveredDeal(1);
    const requested = await requestChanges(id, {
      note: 'Please reshoot the intro',
    });
    expect(requested.statusCode, requested.body).toBe(200);
    const deal = (requested.json() as { deal: Deal }).deal;
    expect(deal).toMatchObject({
      status: 'changes_requested',
      state: { step: 4 },
      revisionRounds: 1,
      revisionsUsed: 1,
      reviewPeriodEndsAt: null,
    });
    expect(deal.revisions.map((r) => [r.kind, r.note, r.links])).toEqual([
      ['delivered', 'The reel is live', ['https://instagram.com/p/1']],
      ['changes_requested', 'Please reshoot the intro', []],
    ]);
    // The creator sees it too, with its text.
    const creatorView = (
      await t.app.inject({ url: `/api/deals/token/${link}` })
    ).json() as Deal;
    expect(creatorView.status).toBe('changes_requested');
    expect(creatorView.state.creatorText).toBe(
      'deal.creator.changes_requested',
    );
    expect(creatorView.revisions[1]!.note).toBe('Please reshoot the intro');

    t.clock.advance(3_600_000);
    const redelivered = await deliver(link, {
      note: 'New intro',
      links: ['https://instagram.com/p/2'],
    });
    expect(redelivered.statusCode, redelivered.body).toBe(200);
    const after = (redelivered.json() as { deal: Deal }).deal;
    expect(after.status).toBe('delivered');
    // The review clock starts again at the redelivery: 48 h from now.
    expect(after.reviewPeriodEndsAt).toBe(
      new Date(t.clock.now().getTime() + 48 * 3_600_000).toISOString(),
    );
    expect(after.revisions.at(-1)).toMatchObject({
      kind: 'redelivered',
      note: 'New intro',
    });

    const again = await requestChanges(id, { note: 'One more thing' });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'revision_rounds_used',
      message:
        'All 1 included revision rounds have been used; you can approve or open a dispute',
    });
    const againNl = await requestChanges(
      id,
      { note: 'Nog iets' },
      { 'accept-language': 'nl' },
    );
    expect(againNl.json()).toMatchObject({
      message:
        'Alle 1 inbegrepen revisierondes zijn gebruikt; je kunt goedkeuren of een geschil openen.',
    });
    const own = (
      await t.app.inject({
        url: `/api/deals/${id}`,
        headers: bearer(brand.token),
      })
    ).json() as Deal;
    expect(own.state.can).toEqual(
      expect.arrayContaining(['release', 'dispute']),
    );
    expect(own.state.can).not.toContain('requestChanges');

    // The admins' history and the dispute timeline tell every round, with actor and note.
    const admin = await createRootAdmin(t);
    const events = (
      await t.app.inject({
        url: `/api/admin/deals/${id}/events`,
        headers: bearer(admin),
      })
    ).json() as {
      type: string;
      actor: { kind: string };
      summary: { code: string; params: Record<string, unknown> };
    }[];
    const request = events.find((e) => e.type === 'ChangesRequested')!;
    expect(request.actor.kind).toBe('brand');
    expect(request.summary).toEqual({
      code: 'ChangesRequested',
      params: { note: 'Please reshoot the intro', round: 1, rounds: 1 },
    });
    const redelivery = events.find((e) => e.type === 'ContentRedelivered')!;
    expect(redelivery.actor.kind).toBe('creator-link');
    expect(redelivery.summary.params).toMatchObject({
      round: 1,
      details: 'New intro · https://instagram.com/p/2',
    });
    const timeline = (
      await t.app.inject({
        url: `/api/admin/disputes/${id}/timeline`,
        headers: bearer(admin),
      })
    ).json() as { type: string }[];
    expect(timeline.map((e) => e.type)).toEqual(
      expect.arrayContaining([
        'ContentDelivered',
        'ChangesRequested',
        'ContentRedelivered',
      ]),
    );
  });

  it.each([
    [{}, 'change_note_required'],
    [{ note: '   ' }, 'change_note_required'],
    [{ note: 'x'.repeat(2_001) }, 'revision_note_too_long'],
    [{ note: 42 }, 'invalid_input'],
  ])('a change request with %j is refused with 400 %s', async (body, code) => {
    const { id } = await deliveredDeal(2);
    const res = await requestChanges(id, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code });
  });

  it('a note of exactly 2,000 characters is taken', async () => {
    const { id } = await deliveredDeal(2);
    const res = await requestChanges(id, { note: 'x'.repeat(2_000) });
    expect(res.statusCode, res.body).toBe(200);
  });

  it.each([
    [{ links: ['javascript:alert(1)'] }, 'delivery_link_invalid'],
    [{ links: ['ftp://files.example/x'] }, 'delivery_link_invalid'],
    [
      { links: Array.from({ length: 6 }, (_, i) => `https://x.example/${i}`) },
      'too_many_delivery_links',
    ],
    [{ note: 'y'.repeat(2_001) }, 'revision_note_too_long'],
  ])('a delivery with %j is refused with 400 %s', async (body, code) => {
    const { id } = await createDeal(t.app, brand.token);
    await payDeal(t.app, t.ctx, brand.token, id);
    const link = await acceptAndConnect(t.app, t.ctx, brand.token, id);
    const res = await deliver(link, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code });
  });

  it('a change request on a deal not delivered, or of another brand, is refused', async () => {
    const { id } = await createDeal(t.app, brand.token);
    const notDelivered = await requestChanges(id, { note: 'Too early' });
    expect(notDelivered.statusCode).toBe(409);
    expect(notDelivered.json()).toMatchObject({ code: 'deal_not_in_state' });
    const other = await registerUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/deals/${id}/request-changes`,
      headers: bearer(other.token),
      payload: { note: 'Not mine' },
    });
    expect(res.statusCode).toBe(404);
  });

  it('a deal with 0 rounds has no change requests: approve or dispute as before', async () => {
    const { id } = await deliveredDeal(0);
    const res = await requestChanges(id, { note: 'Change please' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'revision_rounds_used' });
  });
});
