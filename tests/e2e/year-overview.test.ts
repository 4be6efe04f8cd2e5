import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfPages } from '@tests/support/pdf-text';
import { creatorCsvColumns } from '@server/documents/year-figures';
import { launchBrowser, phoneContext, screens } from './support/browser';
import { inDays } from './support/deal-form-flows';
import { acceptThroughApi } from './support/link-codes';
import { registerAndOnboard, see, unique } from './support/flows';
import { seriousViolations } from './support/axe';
import {
  apiClient,
  startServer,
  submitSimulatedPage,
  type RunningServer,
} from './support/server';

/** Waits up to 20 s for `done` (setup runs outside a test, where expect.poll is not available). */
async function until(done: () => Promise<boolean>): Promise<void> {
  for (
    const stop = Date.now() + 20_000;
    !(await done());
    await new Promise((r) => setTimeout(r, 200))
  )
    if (Date.now() > stop) throw new Error('not reached within 20 s');
}

/** The creator's year overview at 390 px: reached from the requests page, printed on A4 in English and Dutch, PDF and CSV. */
describe('the year overview: a printable page, a PDF and a CSV in English and Dutch', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const snap = screens('year-overview');
  const year = new Date().getFullYear();
  let requestId = 0;

  /** A €400 request the brand pays, the creator completes and the brand approves: a payout. */
  async function paidOutRequest(token: string): Promise<void> {
    const call = apiClient(server);
    const { id, shareableToken } = await call<{
      id: number;
      shareableToken: string;
    }>(
      'POST',
      '/api/payment-requests',
      {
        title: 'Spring reel',
        description: 'One reel',
        amount: '400',
        brandName: 'Acme',
        brandEmail: 'marketing@acme.example',
        deadline: inDays(10),
      },
      token,
    );
    const claimSecret = await acceptThroughApi(server, {
      kind: 'payment-request',
      token: shareableToken,
    });
    // The payer's invoice details and the creator's self-billing agreement: the payout is self-billed.
    await call(
      'PUT',
      `/api/payment-requests/link/${shareableToken}/billing-details`,
      {
        company: 'Acme BV',
        addressLines: ['Keizersgracht 1'],
        postcode: '1015 CJ',
        city: 'Amsterdam',
        country: 'NL',
        vatId: null,
      },
      undefined,
      { 'x-claim-secret': claimSecret },
    );
    await call(
      'PUT',
      '/api/user/self-billing',
      {
        company: 'Sanne Creates',
        addressLines: ['Damrak 1'],
        postcode: '1012 LG',
        city: 'Amsterdam',
        country: 'NL',
        vatScheme: 'small_business',
        vatId: null,
      },
      token,
    );
    const checkout = await call<{ url: string }>(
      'POST',
      `/api/payment-requests/${shareableToken}/checkout`,
      undefined,
      undefined,
      { 'x-claim-secret': claimSecret },
    );
    expect(
      await submitSimulatedPage(
        server,
        checkout.url,
        'outcome=pay&method=card',
      ),
    ).toBe(303);
    const status = async () =>
      (
        await call<{ id: number; status: string }[]>(
          'GET',
          '/api/payment-requests',
          undefined,
          token,
        )
      ).find((r) => r.id === id)?.status;
    await until(async () => (await status()) === 'paid');
    await call('POST', `/api/payment-requests/${id}/complete`, {}, token);
    await call(
      'POST',
      `/api/payment-requests/approve/${shareableToken}`,
      undefined,
      undefined,
      {
        'x-claim-secret': claimSecret,
      },
    );
    await until(async () => (await status()) === 'completed');
    requestId = id;
  }

  const printed = async () =>
    pdfPages(
      new Uint8Array(await page.pdf({ format: 'A4', printBackground: true })),
    );

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    page = await (await phoneContext(browser, server.url)).newPage();
    await registerAndOnboard(page, snap, unique('creator'));
    // Bank setup asks for the identity the yearly report needs, then the simulated onboarding.
    await page.goto('/profile');
    await page.getByLabel('Legal name').fill('Sanne de Vries');
    await page
      .getByLabel('Address (street and number, postcode, city, country)')
      .fill('Damrak 1, 1012 LG Amsterdam, NL');
    await page.getByLabel('Date of birth').fill('1996-04-12');
    await page.getByLabel('Tax id').fill('123456782');
    await snap(page, 'bank-identity');
    await page.getByRole('button', { name: 'Connect Bank Account' }).click();
    await page.waitForURL('**/sim/onboarding/**');
    await page.getByRole('button', { name: 'Complete setup' }).click();
    await page.waitForURL('**/profile**');
    await page.getByRole('button', { name: 'Manage Bank Details' }).waitFor();
    const token = await page.evaluate(() => localStorage.getItem('authToken'));
    await paidOutRequest(token!);
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('from the requests page, in English: the payout, totals, one printed A4 page', async () => {
    await page.goto('/payment-requests');
    await page.getByRole('link', { name: /Year overview/ }).click();
    await page.waitForURL(`**/year-overview/${year}`);
    await page
      .getByRole('heading', { name: `Year overview ${year}` })
      .waitFor();
    await see(page, 'Paid out to you');
    await snap(page, 'en');
    const [en] = await printed();
    for (const words of [
      'Year overview',
      'Payout',
      'Spring reel',
      'Acme',
      '€400.00',
      'fee €20.00',
    ])
      expect(en).toContain(words);
    expect(en).not.toMatch(/Download PDF|Download CSV|Print/);

    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(csv.suggestedFilename()).toBe(`year-overview-${year}.csv`);
    const lines = readFileSync((await csv.path())!, 'utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(creatorCsvColumns.join(','));
    expect(
      lines
        .slice(1)
        .some(
          (l) => l.includes(',payout,payment_request,') && l.includes('400.00'),
        ),
    ).toBe(true);
  }, 120_000);

  it('in Dutch: the same page and the server PDF', async () => {
    await page.getByRole('button', { name: 'Nederlands' }).click();
    await page
      .getByRole('heading', { name: `Jaaroverzicht ${year}` })
      .waitFor();
    await see(page, 'Aan jou uitbetaald');
    await snap(page, 'nl');
    const [nl] = await printed();
    for (const words of [
      'Jaaroverzicht',
      'Uitbetaling',
      '€ 400,00',
      'Behouden platformkosten',
    ])
      expect(nl).toContain(words);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'PDF downloaden' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`year-overview-${year}.pdf`);
    const [pdf] = await pdfPages(
      new Uint8Array(readFileSync((await download.path())!)),
    );
    for (const words of ['Jaaroverzicht', 'Uitbetaling', '€ 400,00'])
      expect(pdf).toContain(words);
    await page.getByRole('button', { name: 'English' }).click();
    await page
      .getByRole('heading', { name: `Year overview ${year}` })
      .waitFor();
  }, 120_000);

  it("the request's card links the payout's statement and self-billed invoice by reference, in English and Dutch; another account gets no document", async () => {
    await page.goto('/payment-requests');
    const card = page
      .getByTestId('request-card')
      .filter({ hasText: 'Spring reel' });
    const statement = card.getByRole('link', { name: 'Statement' });
    await statement.waitFor({ timeout: 20_000 });
    const selfBilled = card.getByRole('link', { name: 'Self-billed invoice' });
    await selfBilled.waitFor({ timeout: 20_000 });
    // Both by their unguessable references: no request id in the address.
    const statementHref = (await statement.getAttribute('href'))!;
    const selfBilledHref = (await selfBilled.getAttribute('href'))!;
    for (const href of [statementHref, selfBilledHref])
      expect(href).toMatch(/^\/documents\/[0-9a-f]{32}$/);
    expect(statementHref).not.toBe(selfBilledHref);
    await selfBilled.click();
    await page.getByRole('heading', { name: 'Self-billed invoice' }).waitFor();
    await see(page, 'Sanne Creates');
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth),
    ).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);
    await snap(page, 'self-billed-en');
    await page.getByRole('button', { name: 'Nederlands' }).click();
    await page
      .getByRole('heading', { name: 'Factuur uitgereikt door afnemer' })
      .waitFor();
    await snap(page, 'self-billed-nl');
    await page.goto(statementHref);
    await page
      .getByRole('heading', { name: 'Uitbetalingsoverzicht' })
      .waitFor();
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('heading', { name: 'Payout statement' }).waitFor();
    // Back goes to the requests, where the card is.
    await page.getByRole('link', { name: 'Back', exact: true }).click();
    await page.waitForURL('**/payment-requests');

    // Another account opening the same references is told the document is not there; the old
    // addresses by the request's id are no page at all.
    const other = await (await phoneContext(browser, server.url)).newPage();
    await registerAndOnboard(other, snap, unique('stranger'));
    for (const href of [statementHref, selfBilledHref]) {
      await other.goto(href);
      await other
        .getByRole('alert')
        .filter({ hasText: 'Document not found' })
        .waitFor();
      expect(
        await other
          .getByRole('heading', { name: /Self-billed invoice|statement/ })
          .count(),
      ).toBe(0);
    }
    for (const kind of ['statement', 'self-billed-invoice']) {
      await page.goto(`/payment-requests/${requestId}/${kind}`);
      await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    }
    await other.close();
  }, 180_000);
});
