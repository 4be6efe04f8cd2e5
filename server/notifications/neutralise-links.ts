import LinkifyIt from 'linkify-it';
import tlds from 'tlds' with { type: 'json' };

/**
 * Finds what a mail client would turn into a link: addresses with a scheme, `www.`, bare domains
 * under any IANA top-level domain, e-mail addresses (linkify-it, with the full list from `tlds`).
 */
const linkify = new LinkifyIt().tlds(tlds, true);

/**
 * User-written text put into an e-mail to someone else (a payment request's title, the creator's
 * name) with every link made unclickable, in the usual "defanged" notation: `https://evil.example/pay`
 * becomes `https[:]//evil[.]example/pay`, `bob@evil.example` becomes `bob[at]evil[.]example`. The
 * reader still sees what was written; no mail client makes it a link.
 */
export function neutraliseLinks(text: string): string {
  const matches = linkify.match(text);
  if (!matches) return text;
  let out = '';
  let from = 0;
  for (const m of matches) {
    out +=
      text.slice(from, m.index) +
      m.raw
        .replace(/:\/\//g, '[:]//')
        .replace(/\./g, '[.]')
        .replace(/@/g, '[at]');
    from = m.lastIndex;
  }
  return out + text.slice(from);
}
