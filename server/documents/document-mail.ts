import type { Language } from '@machines/account/account.events';
import { layoutMoneyDocument } from '@machines/documents/document-layout';
import { layoutInvoice } from '@machines/documents/invoice-layout';
import type { AccountQueries } from '../../projections/accounts.queries';
import type { DealQueries } from '../../projections/deals.queries';
import type { PaymentRequestQueries } from '../../projections/payment-requests.queries';
import { DomainError } from '../commands/domain-error';
import type {
  MailDocument,
  RenderMailDocument,
} from '../notifications/mail-document';
import { redactFor } from '../shared/redaction';
import { renderDocumentPdf } from './document-pdf';
import {
  dealReceipt,
  dealStatement,
  requestReceipt,
  requestStatement,
} from './money-documents';

export interface MailDocumentDeps {
  deals: Pick<DealQueries, 'byId'>;
  requests: Pick<PaymentRequestQueries, 'byId'>;
  accounts: Pick<AccountQueries, 'userById'>;
}

/**
 * The documents notification e-mails carry, as PDFs: the same layouts and renderer as the download
 * routes. A mailed receipt or statement is read as a link's reader reads it (server/shared/redaction.ts): an
 * e-mail holds no payment id, transfer reference or payment method.
 */
export function createMailDocuments(
  deps: MailDocumentDeps,
): RenderMailDocument {
  const moneyDocumentOf = (
    document: Exclude<MailDocument, { kind: 'invoice' }>,
  ) => {
    const receipt = document.kind === 'receipt';
    if (document.subject === 'payment_request') {
      const record = deps.requests.byId(document.id);
      if (!record) throw new DomainError('payment_request_not_found');
      return receipt ? requestReceipt(record) : requestStatement(record);
    }
    const record = deps.deals.byId(document.id);
    if (!record) throw new DomainError('deal_not_found');
    const owner = deps.accounts.userById(record.ownerId);
    const brand = owner?.companyName ?? owner?.username ?? 'Brand';
    return receipt ? dealReceipt(record, brand) : dealStatement(record, brand);
  };
  return async (document, language: Language) => {
    const layout =
      document.kind === 'invoice'
        ? layoutInvoice(document.doc, language)
        : layoutMoneyDocument(
            redactFor('link', moneyDocumentOf(document)),
            language,
          );
    return {
      filename: layout.fileName,
      content: await renderDocumentPdf(layout),
      contentType: 'application/pdf',
    };
  };
}
