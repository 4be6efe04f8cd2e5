import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  claimHeader,
  connectPayouts,
  createPaidRequest,
} from '@tests/support/flow-helpers';
import {
  bearer,
  createRootAdmin,
  createTestApp,
  registerUser,
  simulatedGatewayOf,
  type TestApp,
} from '@tests/support/test-app';

/**
 * The refusals a payment request shares with deals (a refund or split under way, a split that is
 * not allowed or has nothing to retry) read about the payment, in English and Dutch: an admin or a
 * brand acting on a request is never told about "this deal".
 */
let t: TestApp;
let admin = '';
let creator: Awaited<ReturnType<typeof registerUser>>;
beforeAll(async () => {
  t = await createTestApp({ PAYMENTS_FIRST_TRY_MS: '100' });
  admin = await createRootAdmin(t);
  creator = await registerUser(t.app, { companyName: null });
});
afterAll(() => t.close());

const post = (url: string, headers: Record<string, string>, payload?: object) =>
  t.app.inject({
    method: 'POST',
    url,
    headers,
    ...(payload ? { payload } : {}),
  });

/** The refusal's code and its text in English and Dutch (the same request, asked twice). */
async function refusal(
  url: string,
  headers: Record<string, string>,
  payload?: object,
) {
  const en = await post(url, { ...headers, 'accept-language': 'en' }, payload);
  const nl = await post(url, { ...headers, 'accept-language': 'nl' }, payload);
  expect(en.statusCode, en.body).toBe(409);
  return {
    code: en.json().code as string,
    en: en.json().message as string,
    nl: nl.json().message as string,
  };
}

describe('refusals on a payment request', () => {
  it('name the payment, not a deal, in English and Dutch', async () => {
    const gateway = simulatedGatewayOf(t);
    const A = bearer(admin);
    const paid = await createPaidRequest(t.app, t.ctx, creator.token);
    const base = `/api/admin/payment-requests/${paid.id}`;

    const notAllowed = await refusal(`${base}/split`, A, {
      creatorCents: 1_000,
    });
    const nothingToRetry = await refusal(`${base}/split/retry`, A);
    const done = await post(
      `/api/payment-requests/${paid.id}/complete`,
      bearer(creator.token),
      { note: 'Posted', links: [] },
    );
    expect(done.statusCode, done.body).toBe(200);

    // A refund the gateway has not answered yet stays under way.
    gateway.failRefundsWith('gateway_unavailable');
    try {
      const refund = await post(`${base}/refund`, A);
      expect(refund.statusCode, refund.body).toBe(202);
      const refundUnderWay = await refusal(
        `/api/payment-requests/approve/${paid.token}`,
        claimHeader(paid.token),
      );
      const found = [notAllowed, nothingToRetry, refundUnderWay];
      expect(found.map((r) => r.code)).toEqual([
        'split_not_allowed',
        'split_nothing_to_retry',
        'refund_under_way',
      ]);
      for (const r of found) {
        expect(r.en).not.toMatch(/\bdeal\b/i);
        expect(r.nl).not.toMatch(/\bdeal\b/i);
        expect(r.nl).not.toBe(r.en);
      }
    } finally {
      gateway.failRefundsWith(null);
    }
  });

  it('a split already asked for on a disputed request says so about the payment', async () => {
    const gateway = simulatedGatewayOf(t);
    await connectPayouts(t.app, t.ctx, creator.token);
    const paid = await createPaidRequest(t.app, t.ctx, creator.token);
    const done = await post(
      `/api/payment-requests/${paid.id}/complete`,
      bearer(creator.token),
      { note: 'Posted', links: [] },
    );
    expect(done.statusCode, done.body).toBe(200);
    const disputed = await post(
      `/api/payment-requests/dispute/${paid.token}`,
      claimHeader(paid.token),
      { reason: 'Not what we asked for' },
    );
    expect(disputed.statusCode, disputed.body).toBe(200);
    gateway.failTransfersWith('gateway_unavailable');
    try {
      const A = bearer(admin);
      const base = `/api/admin/payment-requests/${paid.id}`;
      const first = await post(`${base}/split`, A, { creatorCents: 1_000 });
      expect(first.statusCode, first.body).toBe(202);
      const again = await refusal(`${base}/split`, A, { creatorCents: 2_000 });
      expect(again.code).toBe('split_under_way');
      expect(again.en).not.toMatch(/\bdeal\b/i);
      expect(again.nl).not.toMatch(/\bdeal\b/i);
    } finally {
      gateway.failTransfersWith(null);
    }
  });
});
