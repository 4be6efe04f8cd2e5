import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  claimHeader,
  connectPayouts,
  createPaidRequest,
  deliverPaidDeal,
} from '@tests/support/flow-helpers';
import {
  bearer,
  createDeal,
  createRootAdmin,
  createTestApp,
  registerUser,
  signInAdmin,
  type TestApp,
} from '@tests/support/test-app';

/**
 * Admins read a dispute conversation with each author named by whose side they are: a payment
 * request's link is its brand's (not a "creator (link)"), a deal's link is its creator's; in the
 * reader's language, English or Dutch, on the thread, the dispute page and the export.
 */
let t: TestApp;
let admin: string;
let requestId = 0;
let dealId = 0;

const post = (url: string, payload: object, headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url, headers, payload });
const read = (url: string, language: 'en' | 'nl') =>
  t.app.inject({
    url,
    headers: { ...bearer(admin), 'accept-language': language },
  });

beforeAll(async () => {
  t = await createTestApp();
  const brand = await registerUser(t.app);
  const creator = await registerUser(t.app, { companyName: null });
  await createRootAdmin(t);
  admin = await signInAdmin(t.app);
  await connectPayouts(t.app, t.ctx, creator.token);

  const { id, token } = await createPaidRequest(
    t.app,
    t.ctx,
    creator.token,
    'Reel',
  );
  requestId = id;
  const done = await post(
    `/api/payment-requests/${id}/complete`,
    {},
    bearer(creator.token),
  );
  expect(done.statusCode, done.body).toBe(200);
  const opened = await post(
    `/api/payment-requests/dispute/${token}`,
    { reason: 'Half is missing' },
    claimHeader(token),
  );
  expect(opened.statusCode, opened.body).toBe(200);
  const message = await post(
    `/api/payment-requests/link/${token}/dispute/messages`,
    { text: 'See the brief' },
    claimHeader(token),
  );
  expect(message.statusCode, message.body).toBe(200);

  const deal = await createDeal(t.app, brand.token);
  const link = await deliverPaidDeal(t.app, t.ctx, brand.token, deal.id);
  dealId = deal.id;
  const disputed = await post(
    `/api/deals/${deal.id}/dispute`,
    { reason: 'Never posted' },
    bearer(brand.token),
  );
  expect(disputed.statusCode, disputed.body).toBe(200);
  const reply = await post(
    `/api/deals/link/${link}/dispute/messages`,
    { text: 'It is live' },
    claimHeader(link),
  );
  expect(reply.statusCode, reply.body).toBe(200);
});
afterAll(() => t.close());

type Entry = { side: string; author: string | null; text: string };
const authors = async (url: string, language: 'en' | 'nl') => {
  const res = await read(url, language);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().entries as Entry[]).map((e) => [e.side, e.author, e.text]);
};

describe('who wrote each entry, as admins read it', () => {
  it("names a payment request's link as its brand, in English and Dutch", async () => {
    const url = `/api/admin/payment-requests/${requestId}/dispute`;
    expect(await authors(url, 'en')).toEqual([
      ['brand', 'brand (link)', 'Half is missing'],
      ['brand', 'brand (link)', 'See the brief'],
    ]);
    expect(await authors(url, 'nl')).toEqual([
      ['brand', 'merk (via link)', 'Half is missing'],
      ['brand', 'merk (via link)', 'See the brief'],
    ]);
  });

  it("names a deal's link as its creator, in English and Dutch", async () => {
    const url = `/api/admin/deals/${dealId}/dispute`;
    const en = await authors(url, 'en');
    expect(en[1]).toEqual(['creator', 'creator (link)', 'It is live']);
    const nl = await authors(url, 'nl');
    expect(nl[1]).toEqual(['creator', 'creator (via link)', 'It is live']);
  });

  it('names them the same way on the dispute page and in the Dutch export', async () => {
    const page = await read(
      `/api/admin/disputes/payment-request/${requestId}`,
      'nl',
    );
    expect(page.statusCode, page.body).toBe(200);
    const by = (page.json().evidence as { by: string }[]).map((e) => e.by);
    expect(by).toEqual(['merk (via link)', 'merk (via link)']);
    const csv = await read(
      `/api/admin/disputes/${dealId}/export?format=csv`,
      'nl',
    );
    expect(csv.body).toContain('creator (via link)');
    expect(csv.body).not.toContain('creator (link)');
  });
});
