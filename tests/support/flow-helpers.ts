import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { AppContext } from '@server/app-context';
import { isSimulated } from '@server/money/gateway/create-gateway';
import { bearer } from './test-app';
import { testPayoutIdentity } from '@tests/support/payout-identity';

/** Pays a deal through the simulated gateway: checkout route, then the card "payment" webhook. */
export async function payDeal(
  app: FastifyInstance,
  ctx: AppContext,
  token: string,
  dealId: number,
): Promise<void> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/create-checkout-session',
    headers: bearer(token),
    payload: { dealId },
  });
  expect(res.statusCode, res.body).toBe(200);
  const gateway = ctx.payments.gateway;
  if (!isSimulated(gateway))
    throw new Error('tests run on the simulated gateway');
  const sessionId = ctx.queries.deals.byId(dealId)!.context.checkoutSessionId!;
  await gateway.payCheckout(sessionId, 'card');
  await ctx.quiesce();
}

/** Claim secrets by link token, as the accept page keeps them in localStorage. */
export const claimSecrets = new Map<string, string>();
export const claimHeader = (link: string): Record<string, string> => {
  const secret = claimSecrets.get(link);
  return secret ? { 'x-claim-secret': secret } : {};
};

let acceptances = 0;

/** An acceptance's body for refusals that come before its e-mail code is checked (docs/api.md). */
export const anyEmailCode = { emailCode: '000000' };

/** Where codes are read when mail leaves by SMTP (the test's own SMTP server), else null. */
let codeReader: ((to: string) => string | undefined) | null = null;
export const readCodesFrom = (reader: (to: string) => string | undefined) => {
  codeReader = reader;
};

/** The code in the newest code mail to `to` (a code mail's subject ends with its six digits). */
export function mailedCode(ctx: AppContext, to: string): string {
  if (codeReader) {
    const code = codeReader(to);
    if (!code) throw new Error(`no code mailed to ${to}`);
    return code;
  }
  // Newest first; mails of one clock instant have no order, so each acceptance has its own address.
  const mail = ctx.notifications.mail
    .list()
    .find((m) => m.to === to && /: \d{6}$/.test(m.subject ?? ''));
  const code = mail ? /(\d{6})$/.exec(mail.subject ?? '')?.[1] : undefined;
  if (!code) throw new Error(`no code mailed to ${to}`);
  return code;
}

/**
 * Accepts a deal's or a payment request's link as its page does: a code to the address being
 * confirmed (a fresh address unless one is named), then the acceptance with that code. Answers the
 * acceptance's response unchecked; an accepted link's claim secret is kept in `claimSecrets`.
 */
export async function acceptLink(
  app: FastifyInstance,
  ctx: AppContext,
  link: { kind: 'deal' | 'payment-request'; token: string },
  options: {
    email?: string;
    headers?: Record<string, string>;
    payload?: object;
  } = {},
) {
  const email = options.email ?? `accept-${(acceptances += 1)}@link.example`;
  const base = link.kind === 'deal' ? '/api/deals' : '/api/payment-requests';
  const headers = options.headers ?? {};
  const sent = await app.inject({
    method: 'POST',
    url: `${base}/link/${link.token}/email/code`,
    headers,
    payload: { email },
  });
  expect(sent.statusCode, sent.body).toBe(200);
  const accepted = await app.inject({
    method: 'POST',
    url: `${base}/accept/${link.token}`,
    headers,
    payload: { ...options.payload, emailCode: mailedCode(ctx, email) },
  });
  const secret =
    accepted.statusCode === 200 ? accepted.json().claimSecret : undefined;
  if (typeof secret === 'string') claimSecrets.set(link.token, secret);
  return accepted;
}

/**
 * Link token, acceptance and a connected bank account: the deal is ready for delivery. `accept`
 * names the accepting browser's address and headers (its language), as `acceptLink` takes them.
 */
export async function acceptAndConnect(
  app: FastifyInstance,
  ctx: AppContext,
  token: string,
  dealId: number,
  accept: { email?: string; headers?: Record<string, string> } = {},
): Promise<string> {
  const gen = await app.inject({
    method: 'POST',
    url: `/api/deals/${dealId}/generate-token`,
    headers: bearer(token),
  });
  const link = (gen.json() as { token: string }).token;
  // The accepting "browser" keeps its claim secret: only it may set up the payout.
  const accepted = await acceptLink(
    app,
    ctx,
    { kind: 'deal', token: link },
    accept,
  );
  expect(accepted.statusCode, accepted.body).toBe(200);
  const onboarding = await app.inject({
    method: 'POST',
    url: `/api/deals/start-onboarding/${link}`,
    headers: claimHeader(link),
    payload: { identity: testPayoutIdentity },
  });
  expect(onboarding.statusCode, onboarding.body).toBe(200);
  const gateway = ctx.payments.gateway;
  if (!isSimulated(gateway))
    throw new Error('tests run on the simulated gateway');
  await gateway.finishOnboarding(
    ctx.queries.deals.byId(dealId)!.context.onboardingAccountId!,
    true,
  );
  await ctx.quiesce();
  // The creator page's reload checks the account once more.
  await app.inject({ url: `/api/deals/token/${link}` });
  return link;
}

/** A creator's €120 request "Reel" to `brandEmail`, not accepted yet: its link token. */
export async function newRequestLink(
  app: FastifyInstance,
  creatorToken: string,
  brandEmail: string,
): Promise<string> {
  const created = await app.inject({
    method: 'POST',
    url: '/api/payment-requests',
    headers: bearer(creatorToken),
    payload: {
      title: 'Reel',
      description: 'One reel',
      amount: 120,
      brandName: 'Brand',
      brandEmail,
      deadline: '2026-03-20',
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().shareableToken as string;
}

/** A creator's request, accepted and paid by card through the simulated gateway; returns its id and link token. */
export async function createPaidRequest(
  app: FastifyInstance,
  ctx: AppContext,
  creatorToken: string,
  title = 'Instagram reel',
): Promise<{ id: number; token: string }> {
  const created = await app.inject({
    method: 'POST',
    url: '/api/payment-requests',
    headers: bearer(creatorToken),
    payload: {
      title,
      description: 'One reel',
      amount: '400',
      brandName: 'Acme',
      brandEmail: 'marketing@acme.example',
      deadline: '2026-03-20',
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  const { id, shareableToken: token } = created.json() as {
    id: number;
    shareableToken: string;
  };
  // The brand's browser keeps its claim secret: only it reviews the work.
  const accepted = await acceptLink(app, ctx, {
    kind: 'payment-request',
    token,
  });
  expect(accepted.statusCode, accepted.body).toBe(200);
  const checkout = await app.inject({
    method: 'POST',
    url: `/api/payment-requests/${token}/checkout`,
    headers: claimHeader(token),
  });
  expect(checkout.statusCode, checkout.body).toBe(200);
  const gateway = ctx.payments.gateway;
  if (!isSimulated(gateway))
    throw new Error('tests run on the simulated gateway');
  await gateway.payCheckout(
    ctx.queries.requests.byId(id)!.context.checkoutSessionId!,
    'card',
  );
  await ctx.quiesce();
  return { id, token };
}

/**
 * A paid request its creator completed and its brand approved before the creator has a payout
 * account: the payout is deferred. Returns the request and its paid session.
 */
export async function deferredPaidRequest(
  app: FastifyInstance,
  ctx: AppContext,
  creatorToken: string,
): Promise<{ id: number; token: string; sessionId: string }> {
  const { id, token } = await createPaidRequest(app, ctx, creatorToken);
  const done = await app.inject({
    method: 'POST',
    url: `/api/payment-requests/${id}/complete`,
    headers: bearer(creatorToken),
    payload: { note: 'Posted', links: [] },
  });
  expect(done.statusCode, done.body).toBe(200);
  const approved = await app.inject({
    method: 'POST',
    url: `/api/payment-requests/approve/${token}`,
    headers: claimHeader(token),
  });
  expect(approved.statusCode, approved.body).toBe(202);
  expect(approved.json().waitingFor).toBe('bank_account');
  const sessionId = ctx.queries.requests.byId(id)!.context.checkoutSessionId!;
  return { id, token, sessionId };
}

/** A deal paid, accepted with a bank account connected, and delivered by the creator; returns its link token. */
export async function deliverPaidDeal(
  app: FastifyInstance,
  ctx: AppContext,
  token: string,
  dealId: number,
): Promise<string> {
  await payDeal(app, ctx, token, dealId);
  const link = await acceptAndConnect(app, ctx, token, dealId);
  const delivered = await app.inject({
    method: 'POST',
    url: `/api/deals/deliver/${link}`,
    headers: claimHeader(link),
  });
  expect(delivered.statusCode, delivered.body).toBe(200);
  return link;
}

/** The creator connects a payout account in the simulated onboarding. */
export async function connectPayouts(
  app: FastifyInstance,
  ctx: AppContext,
  creatorToken: string,
): Promise<void> {
  const started = await app.inject({
    method: 'POST',
    url: '/api/stripe/create-onboarding-link',
    headers: bearer(creatorToken),
    payload: { identity: testPayoutIdentity },
  });
  expect(started.statusCode, started.body).toBe(200);
  const accountId = /\/sim\/onboarding\/([^?]+)/.exec(
    started.json().url as string,
  )![1]!;
  const gateway = ctx.payments.gateway;
  if (!isSimulated(gateway))
    throw new Error('tests run on the simulated gateway');
  await gateway.finishOnboarding(accountId, true);
  await ctx.quiesce();
}
