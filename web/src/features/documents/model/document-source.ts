import { claimHeaders } from '@/lib/claim-secret';
import type { RequestOptions } from '@/lib/http';

/** Where a document page reads its document: the API path and how to call it. */
export interface DocumentSource {
  /** The JSON path; the PDF is the same path with `/pdf`. */
  path: string;
  options: RequestOptions;
  /** The screen the page goes back to. */
  back: string;
  /** `byReference`: a party's document by its unguessable reference; which one it is, the answer says. */
  kind: DocumentKind | 'byReference';
}

/** The documents a page shows: the money documents, the invoices (fee, credit note, self-billed) and the year overview. */
export type DocumentKind =
  | 'receipt'
  | 'statement'
  | 'invoice'
  | 'creditNote'
  | 'selfBilled'
  | 'yearOverview'
  | 'contract';

/** Whether a document is an invoice (laid out by the invoice layout), else a receipt or statement. */
export const isInvoiceKind = (kind: DocumentSource['kind']): boolean =>
  kind === 'invoice' || kind === 'creditNote' || kind === 'selfBilled';

const requestInvoiceKinds: Record<string, DocumentKind | undefined> = {
  invoice: 'invoice',
  'credit-note': 'creditNote',
  'self-billed-invoice': 'selfBilled',
};

/** The brand's contract of its own deal (a party's money papers are read by reference). */
function ownSource(
  area: string,
  id: string,
  kind: string,
): DocumentSource | null {
  if (area === 'deals' && kind === 'contract')
    return {
      kind,
      path: `/api/deals/${id}/contract`,
      options: {},
      back: `/deals/${id}`,
    };
  return null;
}

/** The papers read through a link: the paying brand's of a request, the creator's of a deal. */
function linkSource(
  area: string,
  key: string,
  id: string,
  kind: string,
): DocumentSource | null {
  if (area === 'accept' && kind === 'self-billed-invoice')
    return {
      kind: 'selfBilled',
      path: `/api/deals/link/${id}/self-billed-invoice`,
      options: { headers: claimHeaders(key) },
      back: `/accept/${id}`,
    };
  // The paying brand's receipt and invoices of a request, through its link (this browser's claim secret).
  // Own keys only: a path such as /pay-request/x/constructor names no document.
  const requestInvoice = Object.hasOwn(requestInvoiceKinds, kind)
    ? requestInvoiceKinds[kind]
    : undefined;
  if (area === 'pay-request' && requestInvoice)
    return {
      kind: requestInvoice,
      path: `/api/payment-requests/link/${id}/${kind}`,
      options: { auth: 'none', headers: claimHeaders(key, 'request') },
      back: `/pay-request/${id}`,
    };
  if (area === 'pay-request' && kind === 'receipt')
    return {
      kind,
      path: `/api/payment-requests/link/${id}/receipt`,
      options: { auth: 'none', headers: claimHeaders(key, 'request') },
      back: `/pay-request/${id}`,
    };
  // The contract the link shows the creator before accepting.
  if (area === 'accept' && kind === 'contract')
    return {
      kind,
      path: `/api/deals/link/${id}/contract`,
      options: { auth: 'none' },
      back: `/accept/${id}`,
    };
  if (area === 'accept' && kind === 'statement')
    return {
      kind,
      path: `/api/deals/link/${id}/statement`,
      options: { headers: claimHeaders(key) },
      back: `/accept/${id}`,
    };
  return null;
}

/**
 * The document pages and the API route each reads, by the page's own path: a signed-in party's
 * receipt, statement, fee invoice, credit note or self-billed invoice by its reference (which one,
 * the answer says), the brand's request papers and the creator's deal papers through their links
 * (with this browser's claim secret where the link asks for it), the deal's contract, and the
 * signed-in creator's year overview.
 */
export function documentSourceOf(pathname: string): DocumentSource | null {
  const parts = pathname.split('/').filter(Boolean);
  // The signed-in creator's year overview: /year-overview/2026.
  if (
    parts.length === 2 &&
    parts[0] === 'year-overview' &&
    /^\d{4}$/.test(parts[1]!)
  )
    return {
      kind: 'yearOverview',
      path: `/api/user/year-overview/${parts[1]}`,
      options: {},
      back: '/payment-requests',
    };
  if (
    parts.length === 2 &&
    parts[0] === 'documents' &&
    /^[0-9a-f]{32}$/.test(parts[1]!)
  )
    return {
      kind: 'byReference',
      path: `/api/documents/${parts[1]}`,
      options: {},
      back: '/deals',
    };
  if (parts.length !== 3) return null;
  const [area, key, kind] = parts as [string, string, string];
  const id = encodeURIComponent(key);
  // The areas of the two groups differ, so asking one group first changes no answer.
  return ownSource(area, id, kind) ?? linkSource(area, key, id, kind);
}
