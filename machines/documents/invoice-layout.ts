import type { InvoiceDocumentDto } from '../contract/invoice-api';
import {
  documentDate,
  documentMoney,
  type DocumentLayout,
  type DocumentLine,
  type DocumentSection,
} from './document-layout';
import {
  documentText,
  documentTextsOf,
  type DocumentLanguage,
  type DocumentTextKey,
} from './document-texts';

type Party = InvoiceDocumentDto['buyer'] & { kvk?: string; iban?: string };

function partySection(
  text: (key: DocumentTextKey) => string,
  heading: DocumentTextKey,
  party: Party,
): DocumentSection {
  const line = (
    key: DocumentTextKey,
    value: string | null | undefined,
  ): DocumentLine[] => (value ? [{ label: text(key), value }] : []);
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

/** Why an invoice shows no VAT, per treatment. */
const NO_VAT = {
  reverse_charge: 'invoice.reverseCharged',
  outside_eu: 'invoice.outsideEu',
  small_business: 'invoice.smallBusiness',
} as const satisfies Record<
  Exclude<InvoiceDocumentDto['treatment'], 'domestic'>,
  DocumentTextKey
>;

/** The closing note: the VAT treatment's, and for an invoice when it was paid. */
function noteOf(lang: DocumentLanguage, doc: InvoiceDocumentDto): string {
  const date = documentDate(lang, doc.suppliedAt);
  const selfBilled = doc.kind === 'self_billed';
  return [
    documentText(
      lang,
      selfBilled && doc.treatment === 'domestic'
        ? 'self_billed.note.domestic'
        : `invoice.note.${doc.treatment}`,
    ),
    ...(doc.kind === 'credit_note'
      ? []
      : [
          documentText(lang, selfBilled ? 'self_billed.paid' : 'invoice.paid', {
            date,
          }),
        ]),
  ].join(' ');
}

const FILE_NAMES = {
  invoice: 'invoice',
  credit_note: 'credit-note',
  self_billed: 'self-billed-invoice',
} as const;

function amountLines(
  lang: DocumentLanguage,
  doc: InvoiceDocumentDto,
): DocumentLine[] {
  const text = documentTextsOf(lang);
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
      : { label: text('invoice.vatNone'), value: text(NO_VAT[doc.treatment]) };
  return [
    {
      label: text(
        doc.kind === 'self_billed' ? 'self_billed.net' : 'invoice.net',
      ),
      value: money(doc.netCents),
    },
    vat,
    {
      label: text('invoice.total'),
      value: money(doc.grossCents),
      strong: true,
    },
  ];
}

/**
 * A fee invoice, credit note or self-billed creator invoice laid out in the reader's language:
 * seller and buyer as issued, number, dates, service, net, VAT (or why there is none) and total. Drawn by the web app's print
 * page and the server's PDF alike (ADR 0024).
 */
export function layoutInvoice(
  doc: InvoiceDocumentDto,
  lang: DocumentLanguage,
): DocumentLayout {
  const text = documentTextsOf(lang);
  return {
    lang,
    title: text(`${doc.kind}.title`),
    intro: text(`${doc.kind}.intro`),
    head: [
      { label: text('invoice.number'), value: doc.number },
      ...(doc.corrects
        ? [{ label: text('invoice.corrects'), value: doc.corrects }]
        : []),
      { label: text('invoice.date'), value: documentDate(lang, doc.issuedAt) },
      {
        label: text('invoice.supplied'),
        value: documentDate(lang, doc.suppliedAt),
      },
      {
        label: text('invoice.service'),
        value: text(
          doc.kind === 'self_billed'
            ? 'self_billed.serviceValue'
            : 'invoice.serviceValue',
          { id: doc.subject.id },
        ),
      },
    ],
    sections: [
      partySection(text, 'invoice.seller', doc.seller),
      partySection(text, 'invoice.buyer', doc.buyer),
      { heading: text('invoice.amounts'), lines: amountLines(lang, doc) },
    ],
    note: noteOf(lang, doc),
    footer: text('footer', { number: doc.number }),
    fileName: `${FILE_NAMES[doc.kind]}-${doc.number}.pdf`,
  };
}
