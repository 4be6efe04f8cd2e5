import type { InvoiceDocumentDto } from '@machines/contract/invoice-api';
import type { MoneyDocumentDto } from '@machines/contract/money-api';
import type { Language } from '@machines/account/account.events';
import { layoutMoneyDocument, type DocumentLayout } from '@machines/documents/document-layout';
import { layoutInvoice } from '@machines/documents/invoice-layout';
import type { MailAttachment } from './mail-sender';

/**
 * A document a notification e-mail carries as a PDF: an issued invoice (fee invoice, credit note,
 * self-billed invoice, as its `InvoiceIssued` holds it) or a creator's statement. The plan names
 * it; the PDF is drawn at send time with the same layout and renderer as the download routes, in
 * the recipient's language.
 */
export type MailDocument =
  | { kind: 'invoice'; doc: InvoiceDocumentDto }
  | { kind: 'money'; doc: MoneyDocumentDto };

/** Draws a laid-out document as a PDF: server/documents/document-pdf.ts, given by the composition root. */
export type RenderPdf = (layout: DocumentLayout) => Promise<Buffer>;

/** The document as a PDF attachment, in `language`. */
export async function mailAttachmentOf(
  document: MailDocument,
  language: Language,
  renderPdf: RenderPdf,
): Promise<MailAttachment> {
  const layout =
    document.kind === 'invoice'
      ? layoutInvoice(document.doc, language)
      : layoutMoneyDocument(document.doc, language);
  return {
    filename: layout.fileName,
    content: await renderPdf(layout),
    contentType: 'application/pdf',
  };
}
