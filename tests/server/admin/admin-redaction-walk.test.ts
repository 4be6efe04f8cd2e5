import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminAccounts } from '@server/admin/admin-accounts';
import { isSimulated } from '@server/money/gateway/create-gateway';
import {
  acceptAndConnect,
  claimHeader,
  createPaidRequest,
  payDeal,
} from '@tests/support/flow-helpers';
import {
  bearer,
  createDeal,
  createTestApp,
  registerUser,
  type TestApp,
} from '@tests/support/test-app';

/**
 * The admin area's one redaction rule, checked by walking every admin GET answer over a store with
 * deals and requests in many states (a failed checkout included) for every id-like value the payment
 * provider or the simulated gateway hands out. A session, payment intent, charge or connected
 * account id, or a link token, is never shown; transfer, refund and reversal ids appear only under
 * the keys that carry them as references (they reconcile a money movement and grant nothing).
 */
let t: TestApp;
let admin: Record<string, string>;
const dealIds: number[] = [];
const requestIds: number[] = [];
const linkTokens: string[] = [];

const idLike = /\b(cs|pi|ch|py|acct|tr|trr|re|seti|src)_[A-Za-z0-9_]{6,}/g;
const referenceKeys: Record<string, RegExp> = {
  transferId: /^tr_/,
  refundId: /^re_/,
  reversalId: /^trr_/,
  transferReversalId: /^trr_/,
  reference: /^(tr|trr|re|dp|du)_/,
};

beforeAll(async () => {
  t = await createTestApp();
  const brand = await registerUser(t.app, { companyName: 'Acme BV' });
  const creator = await registerUser(t.app);
  const admins = createAdminAccounts({
    run: t.ctx.run,
    unique: t.ctx.unique,
    accounts: t.ctx.queries.accounts,
  });
  await t.ctx.settle(
    (
      await admins.create('walker', 'walker-pass-1', 'admin', {
        actor: { kind: 'system', id: 'test' },
      })
    ).position,
  );
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/auth/admin-login',
    payload: { username: 'walker', password: 'walker-pass-1' },
  });
  admin = bearer((login.json() as { token: string }).token);
  const gateway = t.ctx.payments.gateway;
  if (!isSimulated(gateway))
    throw new Error('tests run on the simulated gateway');
  const deal = async () => {
    const { id } = await createDeal(t.app, brand.token);
    dealIds.push(id);
    return id;
  };
  const link = async (id: number) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/deals/${id}/generate-token`,
      headers: bearer(brand.token),
    });
    const token = (res.json() as { token: string }).token;
    linkTokens.push(token);
    return token;
  };
  // Unpaid; unpaid with a failed checkout; paid after a failed checkout.
  await deal();
  const failed = await deal();
  await t.app.inject({
    method: 'POST',
    url: '/api/create-checkout-session',
    headers: bearer(brand.token),
    payload: { dealId: failed },
  });
  await gateway.failCheckout(
    t.ctx.queries.deals.byId(failed)!.context.checkoutSessionId!,
  );
  await t.ctx.quiesce();
  expect(t.ctx.queries.deals.byId(failed)!.context.lastFailedSessionId).toMatch(
    /^cs_/,
  );
  await link(failed);
  const failedThenPaid = await deal();
  await t.app.inject({
    method: 'POST',
    url: '/api/create-checkout-session',
    headers: bearer(brand.token),
    payload: { dealId: failedThenPaid },
  });
  await gateway.failCheckout(
    t.ctx.queries.deals.byId(failedThenPaid)!.context.checkoutSessionId!,
  );
  await t.ctx.quiesce();
  await payDeal(t.app, t.ctx, brand.token, failedThenPaid);
  // Accepted and connected; delivered; disputed and held; released; refunded.
  for (const step of [
    'connected',
    'delivered',
    'dispute',
    'completed',
    'refunded',
  ] as const) {
    const id = await deal();
    await payDeal(t.app, t.ctx, brand.token, id);
    if (step === 'refunded') {
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: `/api/admin/deals/${id}/refund`,
            headers: admin,
          })
        ).statusCode,
      ).toBe(200);
      continue;
    }
    const token = await acceptAndConnect(t.app, t.ctx, brand.token, id);
    linkTokens.push(token);
    if (step === 'connected') continue;
    await t.app.inject({
      method: 'POST',
      url: `/api/deals/deliver/${token}`,
      headers: claimHeader(token),
    });
    if (step === 'dispute') {
      await t.app.inject({
        method: 'POST',
        url: `/api/deals/${id}/dispute`,
        headers: bearer(brand.token),
        payload: { reason: 'Late' },
      });
      await t.app.inject({
        method: 'POST',
        url: `/api/admin/deals/${id}/hold`,
        headers: admin,
      });
    }
    if (step === 'completed')
      await t.app.inject({
        method: 'POST',
        url: `/api/deals/${id}/release`,
        headers: bearer(brand.token),
      });
    await t.ctx.quiesce();
  }
  const paidRequest = await createPaidRequest(t.app, t.ctx, creator.token);
  requestIds.push(paidRequest.id);
  linkTokens.push(paidRequest.token);
}, 60_000);

afterAll(() => t.close());

/** Every admin GET route from the app's own OpenAPI document (a new route is walked without editing this file). */
function adminGetPaths(): string[] {
  const doc = (
    t.app as unknown as {
      swagger(): { paths: Record<string, Record<string, unknown>> };
    }
  ).swagger();
  return Object.entries(doc.paths)
    .filter(
      ([path, methods]) =>
        path.startsWith('/api/admin/') &&
        'get' in methods &&
        !path.includes('/stream'),
    )
    .map(([path]) => path.replace(/\{(\w+)\}/g, ':$1'));
}

function urlsFor(path: string): string[] {
  if (!path.includes(':id')) return [path];
  // Documents: every subject and kind (receipts name the payment, statements the transfer).
  if (path.includes(':subject'))
    return ['deal', 'payment_request'].flatMap((subject) =>
      ['receipt', 'statement'].flatMap((kind) =>
        urlsFor(path.replace(':kind', kind).replace(':subject', subject)),
      ),
    );
  const ids =
    path.startsWith('/api/admin/payment-requests') ||
    path.includes('/payment_request/')
      ? requestIds
      : dealIds;
  return ids.map((id) => path.replace(':id', String(id)));
}

/** Every string leaf with the key that holds it. */
function leaves(
  value: unknown,
  key = '',
  out: { key: string; value: string }[] = [],
) {
  if (typeof value === 'string') out.push({ key, value });
  else if (Array.isArray(value)) for (const v of value) leaves(v, key, out);
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) leaves(v, k, out);
  return out;
}

function leaks(body: string, contentType: string): string[] {
  const found: string[] = [];
  const items = contentType.includes('json')
    ? leaves(JSON.parse(body))
    : [{ key: '', value: body }];
  for (const { key, value } of items) {
    for (const token of linkTokens)
      if (value.includes(token)) found.push(`${key || '(text)'}: link token`);
    for (const [match] of value.matchAll(idLike)) {
      const allowed = referenceKeys[key];
      if (allowed && allowed.test(match) && value === match) continue;
      // A reconciliation reference inside a text answer (CSV) is allowed in the same way.
      if (!key && /^(tr|trr|re)_/.test(match)) continue;
      found.push(`${key || '(text)'}: ${match}`);
    }
  }
  return found;
}

describe('every admin answer, walked for id-like values', () => {
  it('given deals in many states (a failed checkout among them), when an admin reads every admin GET route, then no session, intent, charge, account id or link token is shown', async () => {
    const paths = adminGetPaths();
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/admin/deals',
        '/api/admin/deals/:id',
        '/api/admin/payment-requests/:id',
      ]),
    );
    const problems: string[] = [];
    let answers = 0;
    for (const path of paths) {
      for (const url of urlsFor(path)) {
        const res = await t.app.inject({ url, headers: admin });
        if (
          res.statusCode !== 200 ||
          res.headers['content-type'] === 'application/pdf'
        )
          continue;
        answers++;
        for (const leak of leaks(
          res.body,
          String(res.headers['content-type'] ?? ''),
        ))
          problems.push(`${url} ${leak}`);
      }
    }
    expect(answers).toBeGreaterThan(dealIds.length * 3);
    expect(problems).toEqual([]);
  });
});
