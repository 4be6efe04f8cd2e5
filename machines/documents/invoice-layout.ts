import type { InvoiceDocumentDto } from '../contract/invoice-api';
import {
  documentDate,
  documentMoney,
  type DocumentLayout,
  type DocumentLine,
  type DocumentSection,
} from './document-layout';
import { documentText, type DocumentLanguage, type DocumentTextKey } from './document-texts';

type Party = InvoiceDocumentDto['buyer'] & { kvk?: string; iban?: string };

function partySection(
  text: (key: DocumentTextKey) => string,
  heading: DocumentTextKey,
  party: Party,
): DocumentSection {
  const line = (key: DocumentTextKey, value: string | null | undefined): DocumentLine[] =>
    value ? [{ label: text(key), value }] : [];
  return {
    heading: text(heading),
    lines: [
      ...line('invoice.name', party.name),
      ...line('invoice.address', party.address),
      ...line('invoice.country', party.country),
      ...line('invoice.kvk', party.kvk),
      ...line('invoice.vatId', party.vatId),
      ...line('invoice.iban', party.iban),
    ],
  };
}

function amountLines(lang: DocumentLanguage, doc: InvoiceDocumentDto): DocumentLine[] {
  const text = (key: DocumentTextKey, params?: Record<string, string | number>) =>
    documentText(lang, key, params);
  // A credit note's amounts are negative on paper: it takes the invoice's back.
  const sign = doc.kind === 'credit_note' ? -1 : 1;
  const money = (cents: number) => documentMoney(lang, sign * cents);
  const rate = new Intl.NumberFormat(lang === 'nl' ? 'nl-NL' : 'en-GB', {
    style: 'percent',
    maximumFractionDigits: 2,
  }).format(doc.vatRateBps / 10_000);
  const vat: DocumentLine =
    doc.treatment === 'domestic'
      ? { label: text('invoice.vat', { rate }), value: money(doc.vatCents) }
      : {
          label: text('invoice.vatNone'),
          value: text(
            doc.treatment === 'reverse_charge' ? 'invoice.reverseCharged' : 'invoice.outsideEu',
          ),
        };
  return [
    { label: text('invoice.net'), value: money(doc.netCents) },
    vat,
    { label: text('invoice.total'), value: money(doc.grossCents), strong: true },
  ];
}

/**
 * A fee invoice or credit note laid out in the reader's language: seller and buyer as issued,
 * number, dates, service, net, VAT (or why there is none) and total. Drawn by the web app's print
 * page and the server's PDF alike (ADR 0024).
 */
export function layoutInvoice(doc: InvoiceDocumentDto, lang: DocumentLanguage): DocumentLayout {
  const text = (key: DocumentTextKey, params?: Record<string, string | number>) =>
    documentText(lang, key, params);
  return {
    lang,
    title: text(`${doc.kind}.title`),
    intro: text(`${doc.kind}.intro`),
    head: [
      { label: text('invoice.number'), value: doc.number },
      ...(doc.corrects ? [{ label: text('invoice.corrects'), value: doc.corrects }] : []),
      { label: text('invoice.date'), value: documentDate(lang, doc.issuedAt) },
      { label: text('invoice.supplied'), value: documentDate(lang, doc.suppliedAt) },
      {
        label: text('invoice.service'),
        value: text('invoice.serviceValue', { id: doc.subject.id }),
      },
    ],
    sections: [
      partySection(text, 'invoice.seller', doc.seller),
      partySection(text, 'invoice.buyer', doc.buyer),
      { heading: text('invoice.amounts'), lines: amountLines(lang, doc) },
    ],
    note: [
      text(`invoice.note.${doc.treatment}`),
      ...(doc.kind === 'invoice'
        ? [text('invoice.paid', { date: documentDate(lang, doc.suppliedAt) })]
        : []),
    ].join(' '),
    footer: text('footer', { number: doc.number }),
    fileName: `${doc.kind === 'invoice' ? 'invoice' : 'credit-note'}-${doc.number}.pdf`,
  };
}
