import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  claimHeader,
  claimSecrets,
  createPaidRequest,
  deliverPaidDeal,
} from '@tests/support/flow-helpers';
import {
  bearer,
  createDeal,
  createTestApp,
  registerUser,
  type TestApp,
} from '@tests/support/test-app';
import { loggableUrl } from '@server/shared/log-redaction';
import { isSimulated } from '@server/money/gateway/create-gateway';
import { testPayoutIdentity } from '@tests/support/payout-identity';

/**
 * The server's log carries no e-mail address, name or token of the parties (docs/privacy.md): a
 * whole deal and a whole payment request run through the app with its logger on at debug level
 * (a line for every request) and the notifications mailing, and no captured line, nor anything
 * the process wrote to the console, contains any of them.
 */
let t: TestApp;
const lines: string[] = [];
const consoleLines: string[] = [];
const secrets: string[] = [];

const brandFacts = {
  username: 'lotte_jansen',
  email: 'lotte.jansen@brand-mail.example',
  companyName: 'Jansen Fashion Studio',
  phoneNumber: '+31 6 9876 5432',
};
const creatorFacts = {
  username: 'sanne_devries',
  email: 'sanne.devries@creator-mail.example',
  companyName: 'Sanne de Vries Media',
};
const influencer = '@sanne.devries.creates';
const requestBrand = {
  name: 'Pieters Cosmetics',
  email: 'inkoop@pieters-cosmetics.example',
};

beforeAll(async () => {
  for (const level of ['log', 'info', 'warn', 'error'] as const)
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      consoleLines.push(args.map(String).join(' '));
    });
  t = await createTestApp(
    { LOG_LEVEL: 'debug' },
    { logger: { stream: { write: (line: string) => lines.push(line) } } },
  );
  await t.ctx.notifications.start();
});
afterAll(async () => {
  await t.close();
  vi.restoreAllMocks();
});

async function dealLifecycle(): Promise<void> {
  const brand = await registerUser(t.app, brandFacts);
  secrets.push(brand.token);
  const wrong = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: brandFacts.email, password: 'not-the-password' },
  });
  expect(wrong.statusCode).toBe(401);
  const deal = await createDeal(t.app, brand.token, { influencer });
  const link = await deliverPaidDeal(t.app, t.ctx, brand.token, deal.id);
  secrets.push(link, claimSecrets.get(link)!);
  const code = await t.app.inject({
    method: 'POST',
    url: `/api/deals/link/${link}/email/code`,
    headers: claimHeader(link),
    payload: { email: creatorFacts.email },
  });
  expect(code.statusCode, code.body).toBe(200);
  const released = await t.app.inject({
    method: 'POST',
    url: `/api/deals/${deal.id}/release`,
    headers: bearer(brand.token),
  });
  expect(released.statusCode, released.body).toBe(200);
  await t.ctx.quiesce();
  expect(t.ctx.queries.deals.byId(deal.id)!.status).toBe('completed');
}

async function requestLifecycle(): Promise<void> {
  const creator = await registerUser(t.app, creatorFacts);
  secrets.push(creator.token);
  const onboarding = await t.app.inject({
    method: 'POST',
    url: '/api/stripe/create-onboarding-link',
    headers: bearer(creator.token),
    payload: { identity: testPayoutIdentity },
  });
  const accountId = /\/sim\/onboarding\/([^?]+)/.exec(
    onboarding.json().url as string,
  )![1]!;
  const gateway = t.ctx.payments.gateway;
  if (!isSimulated(gateway)) throw new Error('simulated gateway expected');
  await gateway.finishOnboarding(accountId, true);
  const { id, token } = await createPaidRequest(
    t.app,
    t.ctx,
    creator.token,
    'Reel for Pieters',
  );
  secrets.push(token, claimSecrets.get(token)!);
  const post = (url: string, headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url, headers, payload: {} });
  expect(
    (await post(`/api/payment-requests/${id}/complete`, bearer(creator.token)))
      .statusCode,
  ).toBe(200);
  const approved = await post(
    `/api/payment-requests/approve/${token}`,
    claimHeader(token),
  );
  expect(approved.statusCode, approved.body).toBe(200);
  await t.ctx.quiesce();
  expect(t.ctx.queries.requests.byId(id)!.status).toBe('completed');
  // A look-up that puts an address in the URL is logged without it.
  await t.app.inject({
    url: `/api/admin/users?email=${encodeURIComponent(brandFacts.email)}`,
  });
}

/** Waits until the notifications reactor handed every planned mail to the mail folder. */
async function mailsDelivered(): Promise<void> {
  await expect
    .poll(async () => {
      const events = await t.ctx.store.readAll();
      const sent = events.filter((e) => e.type === 'NotificationSent').length;
      const done = events.filter(
        (e) => e.type === 'NotificationDelivered',
      ).length;
      return sent > 0 && sent === done;
    })
    .toBe(true);
}

describe('log privacy', () => {
  it('given a full deal and payment request lifecycle, then no log line carries an e-mail address, a name or a token of the parties', async () => {
    await dealLifecycle();
    await requestLifecycle();
    await mailsDelivered();
    expect(lines.length).toBeGreaterThan(20);
    expect(t.ctx.notifications.mail.list().length).toBeGreaterThan(0);
    // The lines are really there: the accept URL is logged, with its token masked.
    expect(lines.some((l) => l.includes('/api/deals/accept/:redacted'))).toBe(
      true,
    );
    const forbidden = [
      ...Object.values(brandFacts),
      ...Object.values(creatorFacts),
      influencer,
      requestBrand.name,
      'marketing@acme.example',
      ...secrets,
    ];
    for (const line of [...lines, ...consoleLines])
      for (const value of forbidden)
        expect(line, `a log line carries "${value}"`).not.toContain(value);
  }, 60_000);

  it('masks link tokens, addresses and query values in logged URLs, and keeps the route readable', () => {
    expect(loggableUrl('/api/deals/accept/q3Zb7kR0yJ1m9XcL2vT8wA')).toBe(
      '/api/deals/accept/:redacted',
    );
    expect(loggableUrl('/api/deals/42/release')).toBe('/api/deals/42/release');
    expect(loggableUrl('/api/stripe/create-onboarding-link')).toBe(
      '/api/stripe/create-onboarding-link',
    );
    expect(loggableUrl('/api/admin/users?email=a%40b.example&page=2')).toBe(
      '/api/admin/users?email=:redacted&page=:redacted',
    );
    expect(loggableUrl('/api/x/lotte@brand.example')).toBe('/api/x/:redacted');
  });
});
