import { formatEuro } from '../../../../machines/money';

/** The simulated gateway's pages: self-contained, mobile width, unmistakably test mode. */

const escape = (value: string): string =>
  value.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)} · Test mode</title>
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
<div class="banner" role="status">Test mode — no real money</div>
${body}
</main></body></html>`;
}

export function checkoutPage(input: { action: string; description: string; totalCents: number; status: string; error?: string }): string {
  const closed = input.status !== 'open';
  return page(
    'Checkout',
    `<div class="card">
  <h1>Checkout</h1>
  <p>You are paying for: <strong>${escape(input.description)}</strong></p>
  <div class="amount">${escape(formatEuro(input.totalCents, 'nl-NL'))}</div>
  ${input.error ? `<p class="error">${escape(input.error)}</p>` : ''}
  ${closed ? '<p>This checkout session is closed.</p>' : `<form method="post" action="${escape(input.action)}">
    <fieldset><legend>Payment method</legend>
      <label><input type="radio" name="method" value="ideal" checked> iDEAL</label>
      <label><input type="radio" name="method" value="card"> Card</label>
    </fieldset>
    <button class="primary" type="submit" name="outcome" value="pay">Pay</button>
    <button class="danger" type="submit" name="outcome" value="fail">Fail payment</button>
    <button class="plain" type="submit" name="outcome" value="cancel">Cancel</button>
  </form>`}
</div>`,
  );
}

export function onboardingPage(input: { action: string; accountId: string; error?: string }): string {
  return page(
    'Bank setup',
    `<div class="card">
  <h1>Bank account setup</h1>
  <p>Simulated payout onboarding for account <code>${escape(input.accountId)}</code>. No bank details are asked or stored.</p>
  ${input.error ? `<p class="error">${escape(input.error)}</p>` : ''}
  <form method="post" action="${escape(input.action)}">
    <button class="primary" type="submit" name="outcome" value="complete">Complete setup</button>
    <button class="plain" type="submit" name="outcome" value="incomplete">Leave incomplete</button>
  </form>
</div>`,
  );
}

/** Test tools for a paid session: send the chargeback Stripe would (charge.dispute.created). */
export function paymentPage(input: { action: string; description: string; totalCents: number; chargeId: string | null; notice?: string; error?: string }): string {
  return page(
    'Payment',
    `<div class="card">
  <h1>Simulated payment</h1>
  <p>Test-mode tools for: <strong>${escape(input.description)}</strong></p>
  <div class="amount">${escape(formatEuro(input.totalCents, 'nl-NL'))}</div>
  ${input.notice ? `<p role="status">${escape(input.notice)}</p>` : ''}
  ${input.error ? `<p class="error">${escape(input.error)}</p>` : ''}
  ${input.chargeId === null ? '<p>This session has not been paid; there is no charge to dispute.</p>' : `<p>Charge <code>${escape(input.chargeId)}</code></p>
  <form method="post" action="${escape(input.action)}">
    <button class="danger" type="submit" name="outcome" value="chargeback">Simulate chargeback</button>
  </form>`}
</div>`,
  );
}
