import { expect } from 'vitest';
import { inDays } from './deal-form-flows';
import { acceptThroughApi } from './link-codes';
import { apiClient, submitSimulatedPage, type RunningServer } from './server';
import { testPayoutIdentity } from '@tests/support/payout-identity';

/**
 * A brand account made through the API (`<name>@example.com`, its company `<name> BV`, any other
 * field such as a country as given); `language`, when given, is the browser's, which the account
 * keeps as its language (without it, it has none until the person picks one).
 */
export async function registerBrandThroughApi(
  server: RunningServer,
  name: string,
  fields: Record<string, string> = {},
  language?: string,
): Promise<{ token: string; email: string }> {
  const email = `${name}@example.com`;
  const { token } = await apiClient(server)<{ token: string }>(
    'POST',
    '/api/auth/register',
    {
      username: name,
      email,
      password: 'secret-password',
      companyName: `${name} BV`,
      ...fields,
    },
    undefined,
    language ? { 'accept-language': language } : {},
  );
  return { token, email };
}

/**
 * A €250 deal taken to `dispute` through the API alone (no clicking): the brand pays on the
 * simulated checkout, the creator accepts, connects a bank account and delivers, the brand disputes.
 */
export async function disputedDealThroughApi(
  server: RunningServer,
  brandToken: string,
  influencer: string,
): Promise<number> {
  return (await disputedDealWithClaim(server, brandToken, influencer)).id;
}

/**
 * The same, answering also the creator's link and the claim secret its accepting "browser" got,
 * so a test can open the link page as that creator (the secret kept in localStorage as the app does).
 */
export async function disputedDealWithClaim(
  server: RunningServer,
  brandToken: string,
  influencer: string,
  reason = 'Half done',
): Promise<{ id: number; link: string; claimSecret: string; checkout: URL }> {
  const delivered = await deliveredDealWithClaim(
    server,
    brandToken,
    influencer,
  );
  const { id } = delivered;
  await apiClient(server)(
    'POST',
    `/api/deals/${id}/dispute`,
    { reason },
    brandToken,
  );
  await untilStatus(server, brandToken, id, 'dispute');
  return delivered;
}

/**
 * A €250 deal taken to `delivered` through the API alone: the brand pays on the simulated
 * checkout, the creator accepts, connects a bank account and delivers. Answers also the creator's
 * link, its claim secret and the paid checkout (with the payer's key, which opens its test tools).
 */
export async function deliveredDealWithClaim(
  server: RunningServer,
  brandToken: string,
  influencer: string,
): Promise<{ id: number; link: string; claimSecret: string; checkout: URL }> {
  const id = await newDealThroughApi(server, brandToken, influencer);
  const { link, checkout } = await fundWithCheckout(server, brandToken, id);
  const claimSecret = await acceptThroughApi(server, {
    kind: 'deal',
    token: link,
  });
  await connectAndDeliver(server, link, claimSecret);
  await untilStatus(server, brandToken, id, 'delivered');
  return { id, link, claimSecret, checkout };
}

/** A €250 deal "Reel" for `influencer`, made by the brand through the API and not yet paid: its id. */
export async function newDealThroughApi(
  server: RunningServer,
  brandToken: string,
  influencer: string,
): Promise<number> {
  const { id } = await apiClient(server)<{ id: number }>(
    'POST',
    '/api/deals',
    {
      influencer,
      title: 'Reel',
      description: 'One reel',
      amount: '250',
      deadline: inDays(10),
      deliverables: ['1 Instagram Post'],
    },
    brandToken,
  );
  return id;
}

/**
 * The creator who holds an accepted deal's link (its claim secret) sets up the bank account on the
 * simulated onboarding, with the identity it asks for, and delivers.
 */
export async function connectAndDeliver(
  server: RunningServer,
  link: string,
  claimSecret: string,
): Promise<void> {
  const call = apiClient(server);
  const claim = { 'x-claim-secret': claimSecret };
  await connectBankThroughApi(server, link, claimSecret);
  await call('POST', `/api/deals/deliver/${link}`, undefined, undefined, claim);
}

/** Waits (up to 20 s) until the brand's deal has `status`. */
async function untilStatus(
  server: RunningServer,
  brandToken: string,
  id: number,
  status: string,
): Promise<void> {
  const call = apiClient(server);
  for (
    const stop = Date.now() + 20_000;
    Date.now() < stop;
    await new Promise((r) => setTimeout(r, 200))
  ) {
    if (
      (
        await call<{ status: string }>(
          'GET',
          `/api/deals/${id}`,
          undefined,
          brandToken,
        )
      ).status === status
    )
      return;
  }
  throw new Error(`deal ${id} did not reach ${status} within 20 s`);
}

/**
 * The creator who accepted `link` (its claim secret) sets up the payout on the simulated
 * onboarding and comes back to the link page, which checks the account: the bank is connected.
 */
export async function connectBankThroughApi(
  server: RunningServer,
  link: string,
  claimSecret: string,
): Promise<void> {
  const call = apiClient(server);
  const onboarding = await call<{ url: string }>(
    'POST',
    `/api/deals/start-onboarding/${link}`,
    { identity: testPayoutIdentity },
    undefined,
    { 'x-claim-secret': claimSecret },
  );
  expect(
    await submitSimulatedPage(server, onboarding.url, 'outcome=complete'),
  ).toBe(303);
  await call('GET', `/api/deals/token/${link}`);
}

/**
 * The brand pays its deal on the simulated checkout and makes its link: answers the link's token
 * once the payment has reached the deal (the webhook is asynchronous).
 */
export async function fundThroughApi(
  server: RunningServer,
  brandToken: string,
  id: number,
): Promise<string> {
  return (await fundWithCheckout(server, brandToken, id)).link;
}

/**
 * A plan's deal paid, accepted through its link, bank connected, and its milestone 1 delivered,
 * through the API: answers the link, its claim secret and the paid checkout's URL.
 */
export async function firstMilestoneDeliveredThroughApi(
  server: RunningServer,
  brandToken: string,
  id: number,
): Promise<{ link: string; claimSecret: string; checkout: URL }> {
  const { link, checkout } = await fundWithCheckout(server, brandToken, id);
  const claimSecret = await acceptThroughApi(server, {
    kind: 'deal',
    token: link,
  });
  await connectBankThroughApi(server, link, claimSecret);
  await apiClient(server)(
    'POST',
    `/api/deals/deliver/${link}/milestones/1`,
    undefined,
    undefined,
    { 'x-claim-secret': claimSecret },
  );
  return { link, claimSecret, checkout };
}

/** The same, answering also the paid checkout's URL (with the payer's key, which opens its test tools). */
async function fundWithCheckout(
  server: RunningServer,
  brandToken: string,
  id: number,
): Promise<{ link: string; checkout: URL }> {
  const checkout = await payThroughApi(server, brandToken, id);
  const answer = await apiClient(server)<{ token: string }>(
    'POST',
    `/api/deals/${id}/generate-token`,
    {},
    brandToken,
  );
  return { link: answer.token, checkout };
}

/** The brand pays its deal on the simulated checkout; answers the checkout's URL (with the payer's key) once paid. */
async function payThroughApi(
  server: RunningServer,
  brandToken: string,
  id: number,
): Promise<URL> {
  const checkout = await apiClient(server)<{ url: string }>(
    'POST',
    '/api/create-checkout-session',
    { dealId: id },
    brandToken,
  );
  expect(
    await submitSimulatedPage(server, checkout.url, 'outcome=pay&method=card'),
  ).toBe(303);
  await untilStatus(server, brandToken, id, 'pending_delivery');
  return new URL(checkout.url, server.url);
}

/**
 * The brand pays its deal, then on the test-mode payment page the card issuer charges all of it
 * back and the chargeback is lost: answers once the deal has ended (cancelled, charged back).
 */
export async function chargedBackThroughApi(
  server: RunningServer,
  brandToken: string,
  id: number,
): Promise<void> {
  const checkout = await payThroughApi(server, brandToken, id);
  await loseChargebackThroughApi(server, brandToken, id, checkout);
}

/**
 * On a paid deal's test-mode payment page (`checkout`, as paid) the card issuer charges the whole
 * payment back and the chargeback is lost: answers once the deal has ended (cancelled, charged
 * back; `completed` for a plan whose first milestones were paid out before).
 */
export async function loseChargebackThroughApi(
  server: RunningServer,
  brandToken: string,
  id: number,
  checkout: URL,
  endStatus = 'cancelled',
): Promise<void> {
  // The payer's key of the checkout opens the paid session's test tools.
  const tools = `/sim/payments/${checkout.pathname.split('/').pop()}${checkout.search}`;
  for (const outcome of ['chargeback', 'lost'])
    expect(await submitSimulatedPage(server, tools, `outcome=${outcome}`)).toBe(
      200,
    );
  await untilStatus(server, brandToken, id, endStatus);
}

/**
 * A creator's €400 payment request taken to `dispute` through the API alone: the brand accepts it
 * through its link (answering the claim secret its browser keeps), pays on the simulated checkout,
 * the creator marks it completed and the brand disputes it with `reason`.
 */
export async function disputedRequestWithClaim(
  server: RunningServer,
  creatorToken: string,
  title: string,
  reason: string,
): Promise<{ id: number; token: string; claimSecret: string }> {
  const call = apiClient(server);
  const { id, shareableToken: token } = await call<{
    id: number;
    shareableToken: string;
  }>(
    'POST',
    '/api/payment-requests',
    {
      title,
      description: 'One reel',
      amount: '400',
      brandName: 'Acme',
      brandEmail: 'marketing@acme.example',
      deadline: inDays(10),
    },
    creatorToken,
  );
  const claimSecret = await acceptThroughApi(server, {
    kind: 'payment-request',
    token,
  });
  const claim = { 'x-claim-secret': claimSecret };
  const checkout = await call<{ url: string }>(
    'POST',
    `/api/payment-requests/${token}/checkout`,
    undefined,
    undefined,
    claim,
  );
  expect(
    await submitSimulatedPage(server, checkout.url, 'outcome=pay&method=card'),
  ).toBe(303);
  for (
    const stop = Date.now() + 20_000;
    ;
    await new Promise((r) => setTimeout(r, 200))
  ) {
    const mine = await call<{ id: number; status: string }[]>(
      'GET',
      '/api/payment-requests',
      undefined,
      creatorToken,
    );
    if (mine.find((r) => r.id === id)?.status === 'paid') break;
    if (Date.now() > stop)
      throw new Error(`request ${id} was not paid within 20 s`);
  }
  await call('POST', `/api/payment-requests/${id}/complete`, {}, creatorToken);
  await call(
    'POST',
    `/api/payment-requests/dispute/${token}`,
    { reason },
    undefined,
    claim,
  );
  return { id, token, claimSecret };
}
