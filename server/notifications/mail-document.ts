import type { InvoiceDocumentDto } from '@machines/contract/invoice-api';
import type { Language } from '@machines/account/account.events';
import type { DocumentMailKind } from '@machines/account/document-mail';
import type { MailAttachment } from './mail-sender';

/**
 * A document a notification e-mail carries as a PDF: an issued invoice (fee invoice, credit note,
 * self-billed invoice, as its `InvoiceIssued` holds it), a creator's statement of a deal's or a
 * payment request's payout, or the brand's receipt of its payment. The plan names it; the PDF is drawn at send time
 * (server/documents/document-mail.ts) with the same layout and renderer as the download routes,
 * in the recipient's language.
 */
export type MailDocument =
  | { kind: 'invoice'; doc: InvoiceDocumentDto }
  | {
      kind: 'statement' | 'receipt';
      subject: 'deal' | 'payment_request';
      id: number;
    };

/** The document preference (machines/account/document-mail.ts) a mailed document falls under. */
export function documentMailKindOf(document: MailDocument): DocumentMailKind {
  if (document.kind !== 'invoice') return document.kind;
  const kind = document.doc.kind;
  return kind === 'invoice'
    ? 'invoice'
    : kind === 'credit_note'
      ? 'creditNote'
      : 'selfBilled';
}

/** Draws a named document as a PDF attachment in `language`; given by the composition root. */
export type RenderMailDocument = (
  document: MailDocument,
  language: Language,
) => Promise<MailAttachment>;
