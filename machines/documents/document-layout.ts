import { REDACTED, type MoneyDocumentDto } from '../contract/money-api';
import {
  documentText,
  documentTextsOf,
  type DocumentLanguage,
  type DocumentTextKey,
} from './document-texts';

/**
 * One labelled line of a document; `strong` marks the line a reader looks for (the total);
 * `block` a text too long for the value column (a description, terms, a hash): the label above,
 * the value under it across the whole width.
 */
export interface DocumentLine {
  label: string;
  value: string;
  strong?: boolean;
  block?: boolean;
}

export interface DocumentSection {
  heading: string;
  lines: DocumentLine[];
}

/**
 * A document as a reader sees it, in one language: every word and figure already written out.
 * The web app's print page and the server's PDF both draw this and nothing else, so the two can
 * not say different things.
 */
export interface DocumentLayout {
  lang: DocumentLanguage;
  title: string;
  intro: string;
  /** Number, date, subject: the lines printed under the title. */
  head: DocumentLine[];
  sections: DocumentSection[];
  note: string;
  footer: string;
  /** A file name for the PDF download, e.g. `receipt-R-D12.pdf`. */
  fileName: string;
}

const LOCALES: Record<DocumentLanguage, string> = { en: 'en-GB', nl: 'nl-NL' };

/** Euros from cents, as the language writes them ("€250.00", "€ 250,00"). */
export function documentMoney(lang: DocumentLanguage, cents: number): string {
  return new Intl.NumberFormat(LOCALES[lang], {
    style: 'currency',
    currency: 'EUR',
  }).format(cents / 100);
}

/** A date and time in the platform's time zone ("2 March 2026 at 10:00", "2 maart 2026 om 10:00"). */
export function documentDateTime(lang: DocumentLanguage, iso: string): string {
  return new Intl.DateTimeFormat(LOCALES[lang], {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'Europe/Amsterdam',
  }).format(new Date(iso));
}

/** A calendar date in the platform's time zone ("2 March 2026", "2 maart 2026"). */
export function documentDate(lang: DocumentLanguage, iso: string): string {
  return new Intl.DateTimeFormat(LOCALES[lang], {
    dateStyle: 'long',
    timeZone: 'Europe/Amsterdam',
  }).format(new Date(iso));
}

function methodText(
  lang: DocumentLanguage,
  doc: MoneyDocumentDto,
): string | null {
  if (doc.kind === 'statement') return documentText(lang, 'method.transfer');
  if (doc.method === 'card' || doc.method === 'ideal')
    return documentText(lang, `method.${doc.method}`);
  return doc.method;
}

function amountLines(
  lang: DocumentLanguage,
  doc: MoneyDocumentDto,
): DocumentLine[] {
  const line = (
    key: DocumentTextKey,
    cents: number,
    strong = false,
  ): DocumentLine => ({
    label: documentText(lang, key),
    value: documentMoney(lang, cents),
    ...(strong ? { strong } : {}),
  });
  const lines = [
    line('amount', doc.amountCents),
    line('fee', doc.feeCents),
    line('total', doc.totalCents, doc.kind === 'receipt'),
  ];
  // What a lost chargeback took comes before what was paid out of the rest.
  if (doc.chargedBackCents !== undefined)
    lines.push(line('chargedBack', doc.chargedBackCents));
  if (doc.kind === 'statement')
    lines.push(line('statement.paid', doc.paidCents, true));
  else if (doc.paidCents !== doc.totalCents)
    lines.push(line('receipt.paid', doc.paidCents));
  if (doc.split)
    lines.push(
      line('splitCreator', doc.split.creatorCents),
      line('splitRefund', doc.split.refundCents),
      line('splitFee', doc.split.feeKeptCents),
    );
  if (doc.refundedCents > 0) lines.push(line('refunded', doc.refundedCents));
  return lines;
}

/** A deal with milestones: one line per milestone, its amount and where it stands. */
function milestoneLines(
  lang: DocumentLanguage,
  milestones: NonNullable<MoneyDocumentDto['milestones']>,
): DocumentLine[] {
  return milestones.map((m) => {
    const amount = documentMoney(lang, m.amountCents);
    const standing = m.chargedBack
      ? documentText(lang, 'milestone.charged_back', { amount })
      : m.status === 'released' && m.releasedAt !== null
        ? documentText(
            lang,
            m.paidOutCents === undefined
              ? 'milestone.released'
              : 'milestone.releasedPart',
            {
              amount,
              paid: documentMoney(lang, m.paidOutCents ?? m.amountCents),
              date: documentDate(lang, m.releasedAt),
            },
          )
        : m.status === 'refunded' || m.status === 'split'
          ? documentText(lang, `milestone.${m.status}`, { amount })
          : documentText(lang, 'milestone.open', { amount });
    return {
      label: documentText(lang, 'milestoneLine', {
        index: m.index,
        title: m.title,
      }),
      value: standing,
    };
  });
}

/** Lays a receipt or statement out in the reader's language. */
export function layoutMoneyDocument(
  doc: MoneyDocumentDto,
  lang: DocumentLanguage,
): DocumentLayout {
  const text = documentTextsOf(lang);
  const method = methodText(lang, doc);
  const payment: DocumentLine[] = [
    ...(method ? [{ label: text('method'), value: method }] : []),
    // A reference the reader may not see is not printed at all.
    ...(doc.reference && doc.reference !== REDACTED
      ? [{ label: text('reference'), value: doc.reference }]
      : []),
  ];
  return {
    lang,
    title: text(`${doc.kind}.title`),
    intro: text(`${doc.kind}.intro`),
    head: [
      { label: text('number'), value: doc.number },
      {
        label: text(`${doc.kind}.date`),
        value: documentDate(lang, doc.issuedAt),
      },
      {
        label: text(`subject.${doc.subject}`),
        value: text('subjectValue', { id: doc.id }),
      },
      ...(doc.title ? [{ label: text('title'), value: doc.title }] : []),
    ],
    sections: [
      {
        heading: text('parties'),
        lines: [
          { label: text('brand'), value: doc.brand },
          { label: text('creator'), value: doc.creator },
        ],
      },
      { heading: text('amounts'), lines: amountLines(lang, doc) },
      ...(doc.milestones
        ? [
            {
              heading: text('milestones'),
              lines: milestoneLines(lang, doc.milestones),
            },
          ]
        : []),
      ...(payment.length > 0
        ? [{ heading: text('payment'), lines: payment }]
        : []),
    ],
    note: text(`${doc.kind}.note`),
    footer: text('footer', { number: doc.number }),
    fileName: `${doc.kind}-${doc.number}.pdf`,
  };
}
