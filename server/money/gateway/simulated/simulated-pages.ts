import { formatEuro } from '@machines/money';
import type { Language } from '../../../i18n/request-language';
import { simulatedPageTexts } from '../../../i18n/simulated-pages.texts';

/** The simulated gateway's pages: self-contained, mobile width, unmistakably test mode. */

const escape = (value: string): string =>
  value.replace(
    /[&<>"']/g,
    (ch) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[
        ch
      ]!,
  );

const money = (cents: number, lang: Language) =>
  escape(formatEuro(cents, lang === 'nl' ? 'nl-NL' : 'en-US'));

function page(title: string, body: string, lang: Language): string {
  const x = simulatedPageTexts[lang];
  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)} · ${x.testMode}</title>
<style>
  body{font-family:system-ui,-apple-system,sans-serif;margin:0;background:#f4f4f7;color:#1c1c28}
  main{max-width:420px;margin:0 auto;padding:16px}
  .banner{background:#ffb020;color:#1c1c28;font-weight:700;text-align:center;padding:10px;border-radius:8px}
  .card{background:#fff;border-radius:12px;padding:16px;margin-top:16px;box-shadow:0 1px 3px rgba(0,0,0,.08)}
  .amount{font-size:32px;font-weight:700;margin:8px 0}
  fieldset{border:1px solid #ddd;border-radius:8px;margin:16px 0;padding:8px 12px}
  label{display:block;padding:8px 0}
  button{display:block;width:100%;padding:14px;margin-top:10px;border:0;border-radius:8px;font-size:16px;cursor:pointer}
  .primary{background:#5b3df5;color:#fff}.danger{background:#fde8e8;color:#b42318}.plain{background:#e9e9ef;color:#1c1c28}
  .error{color:#b42318}
</style></head>
<body><main>
<div class="banner" role="status">${x.banner}</div>
${body}
</main></body></html>`;
}

export function checkoutPage(input: {
  action: string;
  description: string;
  totalCents: number;
  status: string;
  error?: string;
  lang?: Language;
}): string {
  const closed = input.status !== 'open';
  const lang = input.lang ?? 'en';
  const x = simulatedPageTexts[lang];
  return page(
    x.checkout,
    `<div class="card">
  <h1>${x.checkout}</h1>
  <p>${x.payingFor} <strong>${escape(input.description)}</strong></p>
  <div class="amount">${money(input.totalCents, lang)}</div>
  ${input.error ? `<p class="error">${escape(input.error)}</p>` : ''}
  ${
    closed
      ? `<p>${x.closed}</p>`
      : `<form method="post" action="${escape(input.action)}">
    <fieldset><legend>${x.method}</legend>
      <label><input type="radio" name="method" value="ideal" checked> iDEAL</label>
      <label><input type="radio" name="method" value="card"> ${x.card}</label>
    </fieldset>
    <button class="primary" type="submit" name="outcome" value="pay">${x.pay}</button>
    <button class="danger" type="submit" name="outcome" value="fail">${x.fail}</button>
    <button class="plain" type="submit" name="outcome" value="cancel">${x.cancel}</button>
  </form>`
  }
</div>`,
    lang,
  );
}

export function onboardingPage(input: {
  action: string;
  accountId: string;
  error?: string;
  lang?: Language;
}): string {
  const lang = input.lang ?? 'en';
  const x = simulatedPageTexts[lang];
  return page(
    x.bankTitle,
    `<div class="card">
  <h1>${x.bankHeading}</h1>
  <p>${x.bankText.replace('{account}', `<code>${escape(input.accountId)}</code>`)}</p>
  ${input.error ? `<p class="error">${escape(input.error)}</p>` : ''}
  <form method="post" action="${escape(input.action)}">
    <button class="primary" type="submit" name="outcome" value="complete">${x.complete}</button>
    <button class="plain" type="submit" name="outcome" value="incomplete">${x.incomplete}</button>
  </form>
</div>`,
    lang,
  );
}

/** What the payment page reports after an action, in the page's language. */
export type PaymentPageNotice =
  | 'chargebackSent'
  | 'chargebackPending'
  | 'chargebackClosed'
  | 'chargebackOutcomePending'
  | 'chargebackRefused'
  | 'chargebackOpen'
  | 'noOpenChargeback';

/** The code a refusal on the payment page carries (shown with its text, and as `data-code`). */
const refusalCodes: Partial<Record<PaymentPageNotice, string>> = {
  chargebackRefused: 'chargeback_beyond_charge',
  chargebackOpen: 'chargeback_already_open',
  noOpenChargeback: 'no_open_chargeback',
};

/** A notice as the page shows it: a refusal with its code, anything else as a status line. */
function noticeLine(notice: PaymentPageNotice, text: string): string {
  const code = refusalCodes[notice];
  return code
    ? `<p class="error" role="alert" data-code="${code}">${escape(text)} <code>${code}</code></p>`
    : `<p role="status">${escape(text)}</p>`;
}

/**
 * Test tools for a paid session: send the chargeback Stripe would (charge.dispute.created), never
 * beyond the charge, and its outcome (charge.dispute.closed, won or lost).
 */
export function paymentPage(input: {
  action: string;
  description: string;
  totalCents: number;
  chargeId: string | null;
  notice?: PaymentPageNotice;
  error?: string;
  lang?: Language;
}): string {
  const lang = input.lang ?? 'en';
  const x = simulatedPageTexts[lang];

  return page(
    x.paymentTitle,
    `<div class="card">
  <h1>${x.paymentHeading}</h1>
  <p>${x.toolsFor} <strong>${escape(input.description)}</strong></p>
  <div class="amount">${money(input.totalCents, lang)}</div>
  ${input.notice ? noticeLine(input.notice, x[input.notice]) : ''}
  ${input.error ? `<p class="error">${escape(input.error)}</p>` : ''}
  ${
    input.chargeId === null
      ? `<p>${x.notPaid}</p>`
      : `<p>${x.charge.replace('{charge}', `<code>${escape(input.chargeId)}</code>`)}</p>
  <form method="post" action="${escape(input.action)}">
    <button class="danger" type="submit" name="outcome" value="chargeback">${x.chargeback}</button>
    <button class="plain" type="submit" name="outcome" value="won">${x.chargebackWon}</button>
    <button class="plain" type="submit" name="outcome" value="lost">${x.chargebackLost}</button>
  </form>`
  }
</div>`,
    lang,
  );
}
