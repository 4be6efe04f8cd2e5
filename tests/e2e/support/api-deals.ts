import { expect } from 'vitest';
import { inDays } from './deal-form-flows';
import { apiClient, submitSimulatedPage, type RunningServer } from './server';

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
): Promise<{ id: number; link: string; claimSecret: string }> {
  const call = apiClient(server);
  const { id } = await call<{ id: number }>(
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
  const until = async (status: string) => {
    for (
      const stop = Date.now() + 20_000;
      Date.now() < stop;
      await new Promise((r) => setTimeout(r, 200))
    ) {
      if (
        (await call<{ status: string }>('GET', `/api/deals/${id}`, undefined, brandToken))
          .status === status
      )
        return;
    }
    throw new Error(`deal ${id} did not reach ${status} within 20 s`);
  };
  const checkout = await call<{ url: string }>(
    'POST',
    '/api/create-checkout-session',
    { dealId: id },
    brandToken,
  );
  expect(await submitSimulatedPage(server, checkout.url, 'outcome=pay&method=card')).toBe(303);
  await until('pending_delivery');
  const link = (
    await call<{ token: string }>('POST', `/api/deals/${id}/generate-token`, {}, brandToken)
  ).token;
  const { claimSecret } = await call<{ claimSecret: string }>('POST', `/api/deals/accept/${link}`);
  const claim = { 'x-claim-secret': claimSecret };
  const onboarding = await call<{ url: string }>(
    'POST',
    `/api/deals/start-onboarding/${link}`,
    undefined,
    undefined,
    claim,
  );
  expect(await submitSimulatedPage(server, onboarding.url, 'outcome=complete')).toBe(303);
  await call('GET', `/api/deals/token/${link}`);
  await call('POST', `/api/deals/deliver/${link}`, undefined, undefined, claim);
  await call('POST', `/api/deals/${id}/dispute`, { reason }, brandToken);
  await until('dispute');
  return { id, link, claimSecret };
}
