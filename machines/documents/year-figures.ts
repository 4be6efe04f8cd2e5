import { z } from 'zod';
import { escrowRole, type EscrowEventNames } from '../escrow/escrow-events';
import {
  documentDate,
  documentMoney,
  type DocumentLayout,
} from './document-layout';
import { documentTextsOf, type DocumentLanguage } from './document-texts';

/**
 * A creator's year in figures: every payout, split and refund of the escrows they were paid from,
 * by the calendar year and quarter of the platform's time zone. The projection records each such
 * movement (projections/escrow-money.ts); the creator's overview (page, PDF, CSV) and the
 * operator's yearly report are made from those rows.
 */

export const yearLineKinds = ['payout', 'split', 'refund'] as const;
export type YearLineKind = (typeof yearLineKinds)[number];

/**
 * One formatter for every call: building an `Intl.DateTimeFormat` costs far more than using one
 * (the projection asks for every payout and refund of a full replay).
 */
const amsterdamMonth = new Intl.DateTimeFormat('en-GB', {
  year: 'numeric',
  month: 'numeric',
  timeZone: 'Europe/Amsterdam',
});

/**
 * The calendar year and quarter of an instant in Amsterdam (31 Dec 23:30 UTC is January's).
 * Amsterdam is never behind UTC and at most two hours ahead, so its month differs from the UTC
 * month only in a month's last two UTC hours: only those instants ask the formatter (a full
 * replay asks for every payout and refund, and the formatter costs far more than a Date).
 */
export function calendarOf(at: Date | string): {
  year: number;
  quarter: 1 | 2 | 3 | 4;
} {
  const instant = typeof at === 'string' ? new Date(at) : at;
  const twoHoursLater = new Date(instant.getTime() + 2 * 3_600_000);
  if (twoHoursLater.getUTCMonth() === instant.getUTCMonth())
    return quarterOf(instant.getUTCFullYear(), instant.getUTCMonth() + 1);
  const parts = amsterdamMonth.formatToParts(instant);
  const year = Number(parts.find((p) => p.type === 'year')!.value);
  return quarterOf(year, Number(parts.find((p) => p.type === 'month')!.value));
}

const quarterOf = (
  year: number,
  month: number,
): { year: number; quarter: 1 | 2 | 3 | 4 } => ({
  year,
  quarter: (Math.floor((month - 1) / 3) + 1) as 1 | 2 | 3 | 4,
});

/** The movement an escrow event is in a year's figures: the creator paid (whole or split), the brand refunded; else null. */
export function yearLineKindOf(
  names: EscrowEventNames,
  type: string,
): YearLineKind | null {
  switch (escrowRole(names, type)) {
    case 'transferred':
      return 'payout';
    case 'splitTransferred':
      return 'split';
    case 'refunded':
    case 'splitRefunded':
      return 'refund';
    default:
      return null;
  }
}

const cents = z.number().int();
export const yearLineSchema = z.object({
  at: z.string(),
  kind: z.enum(yearLineKinds),
  subject: z.enum(['deal', 'payment_request']),
  id: z.number().int(),
  title: z.string().nullable(),
  brand: z.string(),
  paidOutCents: cents,
  refundedCents: cents,
  feeCents: cents,
});
export type YearLine = z.infer<typeof yearLineSchema>;

export const yearTotalsSchema = z.object({
  payouts: z.number().int(),
  paidOutCents: cents,
  refundedCents: cents,
  feeCents: cents,
});
export type YearTotals = z.infer<typeof yearTotalsSchema>;

export const yearOverviewSchema = z.object({
  year: z.number().int(),
  creator: z.string(),
  madeAt: z.string(),
  lines: z.array(yearLineSchema),
  totals: yearTotalsSchema,
});
export type YearOverviewDto = z.infer<typeof yearOverviewSchema>;

/** Sums of lines: a payout is a movement that paid the creator (a whole payout or a split's part). */
export function yearTotals(
  lines: readonly Pick<
    YearLine,
    'paidOutCents' | 'refundedCents' | 'feeCents'
  >[],
): YearTotals {
  return lines.reduce<YearTotals>(
    (t, l) => ({
      payouts: t.payouts + (l.paidOutCents > 0 ? 1 : 0),
      paidOutCents: t.paidOutCents + l.paidOutCents,
      refundedCents: t.refundedCents + l.refundedCents,
      feeCents: t.feeCents + l.feeCents,
    }),
    { payouts: 0, paidOutCents: 0, refundedCents: 0, feeCents: 0 },
  );
}

/** The overview laid out in the reader's language: the same layout the page prints and the PDF draws. */
export function layoutYearOverview(
  doc: YearOverviewDto,
  lang: DocumentLanguage,
): DocumentLayout {
  const text = documentTextsOf(lang);
  const money = (c: number) => documentMoney(lang, c);
  const lines = doc.lines.map((l) => ({
    label: [
      text('year.line', {
        date: documentDate(lang, l.at),
        kind: text(`year.kind.${l.kind}`),
        subject: text(`subject.${l.subject}`),
        id: `#${l.id}`,
      }),
      [
        l.title,
        l.brand,
        l.feeCents > 0 ? text('year.fee', { fee: money(l.feeCents) }) : null,
      ]
        .filter(Boolean)
        .join(' · '),
    ].join('\n'),
    value:
      l.kind === 'refund'
        ? `−${money(l.refundedCents)}`
        : money(l.paidOutCents),
  }));
  const t = doc.totals;
  return {
    lang,
    title: text('year.title', { year: doc.year }),
    intro: text('year.intro', { year: doc.year }),
    head: [
      { label: text('year.creator'), value: doc.creator },
      { label: text('year.year'), value: String(doc.year) },
      { label: text('year.made'), value: documentDate(lang, doc.madeAt) },
    ],
    sections: [
      {
        heading: text('year.lines'),
        lines:
          lines.length > 0 ? lines : [{ label: text('year.none'), value: '' }],
      },
      {
        heading: text('year.totals'),
        lines: [
          { label: text('year.count'), value: String(t.payouts) },
          {
            label: text('year.paidOut'),
            value: money(t.paidOutCents),
            strong: true,
          },
          { label: text('year.refunded'), value: money(t.refundedCents) },
          { label: text('year.fees'), value: money(t.feeCents) },
        ],
      },
    ],
    note: text('year.note'),
    footer: text('year.footer', { year: doc.year, creator: doc.creator }),
    fileName: `year-overview-${doc.year}.pdf`,
  };
}
