import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { mailTo } from './mail-folder';
import { apiClient, type RunningServer } from './server';

/**
 * The code in the newest code mail to `to` not read before (a code mail's subject ends with its
 * code; other mails to the address are not codes), waiting until it arrives.
 */
export async function codeMailedTo(
  server: Pick<RunningServer, 'dataDir'>,
  to: string,
  seen: Set<string> = new Set(),
): Promise<string> {
  const mail = await mailTo(server, to, /: \d{6}$/, seen);
  return /: (\d{6})$/.exec(mail.subject)![1]!;
}

let acceptances = 0;

/**
 * Accepts a deal's or a payment request's link through the API as its page does: a code to a fresh
 * address (or `email`), read from the mail folder, then the acceptance with it. Answers the claim
 * secret the accepting "browser" keeps.
 */
export async function acceptThroughApi(
  server: RunningServer,
  link: { kind: 'deal' | 'payment-request'; token: string },
  email = `accept-${process.pid}-${(acceptances += 1)}@link.example`,
): Promise<string> {
  const call = apiClient(server);
  const base = link.kind === 'deal' ? '/api/deals' : '/api/payment-requests';
  await call('POST', `${base}/link/${link.token}/email/code`, { email });
  const emailCode = await codeMailedTo(server, email);
  const answer = await call<{ claimSecret: string }>(
    'POST',
    `${base}/accept/${link.token}`,
    {
      emailCode,
    },
  );
  return answer.claimSecret;
}

/** The acceptance's e-mail step as the link page words it, per language. */
const acceptTexts = {
  en: {
    email: 'Your e-mail address',
    send: 'Send code',
    code: 'Code from the e-mail',
    deal: 'Accept Deal',
    request: 'Accept',
  },
  nl: {
    email: 'Je e-mailadres',
    send: 'Code sturen',
    code: 'Code uit de e-mail',
    deal: 'Deal accepteren',
    request: 'Accepteren',
  },
} as const;

/**
 * Accepts on an open link page as a person does: the address, the code read from the mail it was
 * sent to, and the acceptance with that code; for a deal the acceptance waits for the contract's
 * box. Answers the address confirmed (a fresh one unless given).
 */
export async function acceptInBrowser(
  page: Page,
  server: Pick<RunningServer, 'dataDir'>,
  options: {
    kind?: 'deal' | 'request';
    lang?: 'en' | 'nl';
    email?: string;
  } = {},
): Promise<string> {
  const { kind = 'deal', lang = 'en' } = options;
  const email =
    options.email ?? `accept-${process.pid}-${(acceptances += 1)}@link.example`;
  const texts = acceptTexts[lang];
  const step = page.getByTestId('acceptance-code');
  await step.getByLabel(texts.email).fill(email);
  await step.getByRole('button', { name: texts.send }).click();
  await step.getByLabel(texts.code).fill(await codeMailedTo(server, email));
  const accept = step.getByRole('button', { name: texts[kind], exact: true });
  if (kind === 'deal') {
    // The contract is accepted explicitly: without its box ticked nothing is accepted.
    expect(await accept.isDisabled()).toBe(true);
    await page.getByTestId('accept-contract').check();
  }
  await accept.click();
  return email;
}
