/**
 * The mailbox an e-mail address delivers to, as one key: every per-recipient limit, unsubscribe
 * and block is looked up by it, so other spellings of one inbox (`Victim+1@`, `vic.tim@gmail.com`,
 * `@googlemail.com`) count as that inbox.
 *
 * - trimmed and lower-cased (the domain is case-insensitive; no provider we know of treats the
 *   local part's case as significant);
 * - a `+tag` is removed from the local part, for every domain (sub-addressing is near universal;
 *   merging two real inboxes of a domain that does not support it only makes a limit stricter);
 * - dots in the local part are removed where the provider ignores them (`dotlessProviders`), and a
 *   provider's alias domains become its main domain.
 *
 * Something that is not an address (no `@`) is only trimmed and lower-cased.
 */

/** Alias domains of one provider's mailboxes. */
const domainAliases: Readonly<Record<string, string>> = {
  'googlemail.com': 'gmail.com',
};

/** Providers whose mailboxes ignore dots in the local part. */
const dotlessProviders: ReadonlySet<string> = new Set(['gmail.com']);

export function mailboxKey(address: string): string {
  const text = address.trim().toLowerCase();
  const at = text.lastIndexOf('@');
  if (at <= 0 || at === text.length - 1) return text;
  const rawDomain = text.slice(at + 1).replace(/\.$/, '');
  const domain = domainAliases[rawDomain] ?? rawDomain;
  let local = text.slice(0, at);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (dotlessProviders.has(domain)) local = local.replace(/\./g, '') || local;
  return `${local}@${domain}`;
}
