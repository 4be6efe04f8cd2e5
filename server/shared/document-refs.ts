import type { KeyedHash } from './keyed-hash';

/** The documents of a deal a reference can name, all four its brand's. */
export const dealDocumentKinds = [
  'receipt',
  'invoice',
  'credit-note',
  'self-billed-invoice',
] as const;

/** The documents of a payment request a reference can name, both its creator's. */
export const requestDocumentKinds = [
  'statement',
  'self-billed-invoice',
] as const;

/** What a reference names: a document's kind, its subject and the subject's id. */
export type RefTarget =
  | { kind: (typeof dealDocumentKinds)[number]; subject: 'deal'; id: number }
  | {
      kind: (typeof requestDocumentKinds)[number];
      subject: 'payment_request';
      id: number;
    };

/**
 * A document's reference: 128 bits of an HMAC of what it is (kind, subject, id) under the app's
 * secret, so a URL holds no sequential id and none can be guessed; the same document always has the
 * same reference, so nothing is stored.
 */
export const documentRefOf = (keyedHash: KeyedHash, t: RefTarget): string =>
  keyedHash('document-ref', `${t.kind}:${t.subject}:${t.id}`).slice(0, 32);

/** The web page that shows a document by its reference (pages, mails and exports link it). */
export const documentPageOf = (keyedHash: KeyedHash, t: RefTarget): string =>
  `/documents/${documentRefOf(keyedHash, t)}`;

/** Every reference of a deal's or a request's documents, by kind. */
export function documentRefsOf(
  keyedHash: KeyedHash,
  subject: RefTarget['subject'],
  id: number,
): Record<string, string> {
  const targets: RefTarget[] =
    subject === 'deal'
      ? dealDocumentKinds.map((kind) => ({ kind, subject, id }))
      : requestDocumentKinds.map((kind) => ({ kind, subject, id }));
  return Object.fromEntries(
    targets.map((t) => [t.kind, documentRefOf(keyedHash, t)]),
  );
}
