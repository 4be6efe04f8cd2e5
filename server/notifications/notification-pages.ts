import type { StoredMail } from './mail-sender';

/** Small self-contained pages: the unsubscribe answer and the test-mode mail folder. */

const escape = (value: string): string =>
  value.replace(
    /[&<>"']/g,
    (ch) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[
        ch
      ]!,
  );

function page(
  lang: string,
  title: string,
  body: string,
  testMode: boolean,
): string {
  return `<!doctype html>
<html lang="${escape(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}${testMode ? ' · Test mode' : ''}</title>
<style>
  body{font-family:system-ui,-apple-system,sans-serif;margin:0;background:#f4f4f7;color:#1c1c28}
  main{max-width:720px;margin:0 auto;padding:16px}
  .banner{background:#ffb020;color:#1c1c28;font-weight:700;text-align:center;padding:10px;border-radius:8px}
  .card{background:#fff;border-radius:12px;padding:16px;margin-top:16px;box-shadow:0 1px 3px rgba(0,0,0,.08)}
  li{padding:8px 0;border-bottom:1px solid #eee;list-style:none} ul{padding:0}
  pre{white-space:pre-wrap;word-break:break-word;font-size:13px} iframe{width:100%;height:420px;border:1px solid #ddd;border-radius:8px}
  small{color:#666}
</style></head>
<body><main>
${testMode ? '<div class="banner" role="status">Test mode — email is not sent: it is kept on this server and only admins can read it</div>' : ''}
${body}
</main></body></html>`;
}

export function messagePage(lang: string, title: string, text: string): string {
  return page(
    lang,
    title,
    `<div class="card"><h1>${escape(title)}</h1><p>${escape(text)}</p></div>`,
    false,
  );
}

/** The unsubscribe link's page: a mail scanner that follows the link changes nothing; the button does. */
export function confirmPage(
  lang: string,
  title: string,
  text: string,
  button: string,
  action: string,
): string {
  return page(
    lang,
    title,
    `<div class="card"><h1>${escape(title)}</h1><p>${escape(text)}</p>
<form method="post" action="${escape(action)}"><button type="submit" style="padding:12px 18px;border:0;border-radius:8px;background:#5b3df5;color:#fff;font-size:16px">${escape(button)}</button></form></div>`,
    false,
  );
}

/**
 * A signed mail link's first page (unsubscribe, block a sender): the confirm button when the
 * link's token checks out, else 400 with the invalid-link text. Nothing changes until the button.
 */
export function signedLinkPage(
  valid: boolean,
  lang: string,
  texts: { title: string; invalid: string; body: string; button: string },
  action: string,
): { status: number; body: string } {
  if (!valid)
    return {
      status: 400,
      body: messagePage(lang, texts.title, texts.invalid),
    };
  return {
    status: 200,
    body: confirmPage(lang, texts.title, texts.body, texts.button, action),
  };
}

export function mailListPage(mails: (StoredMail & { url: string })[]): string {
  const items = mails.map(
    (m) =>
      `<li data-testid="mail"><a href="${escape(m.url)}">${escape(m.subject)}</a><br><small>to ${escape(m.to)} · ${escape(m.date)}</small></li>`,
  );
  return page(
    'en',
    'Mail',
    `<div class="card"><h1>Mail</h1>${items.length ? `<ul>${items.join('')}</ul>` : '<p>No mail yet.</p>'}</div>`,
    true,
  );
}

export function mailPage(
  name: string,
  mail: {
    to: string;
    subject: string;
    date: string;
    text: string;
    html: string;
    raw: string;
  },
): string {
  return page(
    'en',
    mail.subject,
    `<div class="card">
<h1>${escape(mail.subject)}</h1>
<p><small>to ${escape(mail.to)} · ${escape(mail.date)} · ${escape(name)}</small></p>
<h2>HTML</h2><iframe sandbox="allow-popups allow-top-navigation-by-user-activation" srcdoc="${escape(mail.html)}" title="HTML part"></iframe>
<h2>Plain text</h2><pre>${escape(mail.text)}</pre>
<details><summary>Raw message</summary><pre>${escape(mail.raw)}</pre></details>
</div>`,
    true,
  );
}
