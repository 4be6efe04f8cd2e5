import type { ContractDocumentDto } from '../contract/contract-api';
import type { Exclusivity, UsageRights } from '../deal/deal-contract';
import { deliverableOptions } from '../deal/deal-options';
import {
  documentDate,
  documentDateTime,
  documentMoney,
  type DocumentLayout,
  type DocumentLine,
} from './document-layout';
import {
  documentTextsOf,
  type DocumentLanguage,
  type DocumentTextKey,
} from './document-texts';

/**
 * A deal's contract laid out in the reader's language: the web app's printable A4 page and the
 * server's PDF both draw this (ADR 0024), so both parties read the same terms, with the same
 * SHA-256 whatever their language.
 */

type Text = (
  key: DocumentTextKey,
  params?: Record<string, string | number>,
) => string;

/** A deadline as the brand gave it: a calendar date written out, anything else as given. */
const dateOrText = (lang: DocumentLanguage, value: string): string =>
  Number.isNaN(Date.parse(value)) ? value : documentDate(lang, value);

/** The deliverables as the reader's language names them: a known option translated, anything else as written. */
function deliverablesText(text: Text, deliverables: readonly string[]): string {
  return deliverables
    .map((value) => {
      const place = (deliverableOptions as readonly string[]).indexOf(value);
      return place < 0
        ? value
        : text(`contract.deliverable.${place + 1}` as DocumentTextKey);
    })
    .join(', ');
}

function usageText(text: Text, usage: UsageRights | null): string {
  if (usage === null) return text('contract.usage.unset');
  return usage.kind === 'paid_ads'
    ? text('contract.usage.paid_ads', { days: usage.days })
    : text(`contract.usage.${usage.kind}`);
}

const exclusivityText = (text: Text, exclusivity: Exclusivity): string =>
  exclusivity.kind === 'none'
    ? text('contract.exclusivity.none')
    : text('contract.exclusivity.category', {
        days: exclusivity.days,
        category: exclusivity.category,
      });

function acceptanceLines(
  text: Text,
  lang: DocumentLanguage,
  doc: ContractDocumentDto,
) {
  const lines: DocumentLine[] = [
    {
      label: text('contract.acceptedAt'),
      value: doc.acceptedAt
        ? documentDateTime(lang, doc.acceptedAt)
        : text('contract.notAccepted'),
    },
  ];
  if (doc.acceptedAt && doc.acceptedHash === null)
    lines.push({
      label: text('contract.acceptedHash'),
      value: text('contract.acceptedBeforeSeal'),
    });
  else if (doc.acceptedHash !== null && doc.acceptedHash !== doc.hash)
    lines.push({
      label: text('contract.acceptedHash'),
      value: doc.acceptedHash,
      block: true,
    });
  return lines;
}

function workLines(
  text: Text,
  lang: DocumentLanguage,
  c: ContractDocumentDto['contract'],
) {
  const none = text('contract.none');
  const description = Array.isArray(c.description)
    ? c.description.join('\n')
    : c.description;
  return [
    { label: text('contract.description'), value: description, block: true },
    {
      label: text('contract.deliverables'),
      value: deliverablesText(text, c.deliverables) || none,
      block: true,
    },
    {
      label: text('contract.platforms'),
      value: c.platforms.join(', ') || none,
    },
    { label: text('contract.deadline'), value: dateOrText(lang, c.deadline) },
    {
      label: text('contract.publicationDeadline'),
      value: c.publicationDeadline
        ? dateOrText(lang, c.publicationDeadline)
        : none,
    },
    ...(c.briefingFiles
      ? [
          {
            label: text('contract.briefing'),
            value: c.briefingFiles,
            block: true,
          },
        ]
      : []),
  ];
}

function termLines(
  text: Text,
  c: ContractDocumentDto['contract'],
): DocumentLine[] {
  return [
    {
      label: text('contract.revisionRounds'),
      value: text('contract.revisionRoundsValue', { rounds: c.revisionRounds }),
    },
    {
      label: text('contract.usageRights'),
      value: usageText(text, c.usageRights),
    },
    {
      label: text('contract.exclusivity'),
      value: exclusivityText(text, c.exclusivity),
    },
    ...(c.brandTerms
      ? [
          {
            label: text('contract.brandTerms'),
            value: c.brandTerms,
            block: true,
          },
        ]
      : []),
  ];
}

/** A deal's milestone plan, one line per milestone: its amount and due date, then its deliverables. */
function milestoneLines(
  text: Text,
  lang: DocumentLanguage,
  c: ContractDocumentDto['contract'],
) {
  return (c.milestones ?? []).map((m, i) => ({
    label: text('contract.milestone', { index: i + 1, title: m.title }),
    value: text('contract.milestoneValue', {
      amount: documentMoney(lang, m.amountCents),
      due: dateOrText(lang, m.dueDate),
      deliverables:
        deliverablesText(text, m.deliverables) || text('contract.none'),
    }),
    block: true,
  }));
}

/** Lays a deal's contract out in `lang`. */
export function layoutContract(
  doc: ContractDocumentDto,
  lang: DocumentLanguage,
): DocumentLayout {
  const text: Text = documentTextsOf(lang);
  const c = doc.contract;
  const money = (
    key: DocumentTextKey,
    cents: number,
    strong = false,
  ): DocumentLine => ({
    label: text(key),
    value: documentMoney(lang, cents),
    ...(strong ? { strong } : {}),
  });
  return {
    lang,
    title: text('contract.title'),
    intro: text('contract.intro'),
    head: [
      {
        label: text('contract.deal'),
        value: text('subjectValue', { id: c.dealId }),
      },
      ...(c.title ? [{ label: text('title'), value: c.title }] : []),
      { label: text('contract.hash'), value: doc.hash, block: true },
      ...acceptanceLines(text, lang, doc),
    ],
    sections: [
      {
        heading: text('parties'),
        lines: [
          { label: text('contract.brand'), value: doc.brand },
          { label: text('contract.creator'), value: c.influencer },
          ...(c.profileLink
            ? [{ label: text('contract.profile'), value: c.profileLink }]
            : []),
        ],
      },
      { heading: text('contract.work'), lines: workLines(text, lang, c) },
      ...(c.milestones?.length
        ? [
            {
              heading: text('contract.milestones'),
              lines: milestoneLines(text, lang, c),
            },
          ]
        : []),
      {
        heading: text('amounts'),
        lines: [
          money('amount', c.amountCents),
          money('fee', c.feeCents),
          money('total', c.totalCents, true),
        ],
      },
      { heading: text('contract.terms'), lines: termLines(text, c) },
    ],
    note: text('contract.note'),
    footer: text('contract.footer', {
      id: c.dealId,
      hash: doc.hash.slice(0, 12),
    }),
    fileName: `contract-deal-${c.dealId}.pdf`,
  };
}
