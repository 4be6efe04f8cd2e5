import type { MailMessage } from './mail-sender';
import type { PlannedNotification } from './notification-plan';
import { catalogs } from './texts';

const escape = (value: string): string =>
  value.replace(
    /[&<>"']/g,
    (ch) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[
        ch
      ]!,
  );

/** One notification as an email: plain text and HTML, the screen's link and a working unsubscribe link. */
export function renderEmail(
  n: PlannedNotification & { email: string },
  links: { open: string; unsubscribe: string; block?: string },
): MailMessage {
  const t = catalogs[n.language].mail;
  // A receipt rides on the payment's own message (its text does not say so); the mail names it.
  const attached = n.document?.kind === 'receipt' ? t.receiptAttached : null;
  const body = attached ? `${n.body}\n\n${attached}` : n.body;
  const bodyHtml = attached
    ? `${escape(n.body)}</p>\n<p style="font-size:15px;line-height:1.5">${escape(attached)}`
    : escape(n.body);
  const blockText = links.block ? `${t.block}: ${links.block}\n` : '';
  const text = `${n.title}\n\n${body}\n\n${t.open}: ${links.open}\n\n--\n${t.footer}\n${blockText}${t.unsubscribe}: ${links.unsubscribe}\n`;
  const blockHtml = links.block
    ? `<a href="${escape(links.block)}" style="color:#666">${escape(t.block)}</a><br>`
    : '';
  const html = `<!doctype html>
<html lang="${n.language}"><head><meta charset="utf-8"><title>${escape(n.title)}</title></head>
<body style="font-family:system-ui,-apple-system,sans-serif;background:#f4f4f7;margin:0;padding:16px;color:#1c1c28">
<div style="max-width:480px;margin:0 auto;background:#fff;border-radius:12px;padding:20px">
<h1 style="font-size:20px;margin:0 0 12px">${escape(n.title)}</h1>
<p style="font-size:15px;line-height:1.5">${bodyHtml}</p>
<p><a href="${escape(links.open)}" style="display:inline-block;background:#5b3df5;color:#fff;padding:12px 18px;border-radius:8px;text-decoration:none">${escape(t.open)}</a></p>
<hr style="border:0;border-top:1px solid #eee;margin:20px 0">
<p style="font-size:12px;color:#666">${escape(t.footer)}<br>${blockHtml}<a href="${escape(links.unsubscribe)}" style="color:#666">${escape(t.unsubscribe)}</a></p>
</div></body></html>`;
  return {
    to: n.email,
    subject: n.title,
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${links.unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
