import { csvText } from '../shared/csv';
import { z } from 'zod';
import type { DealContext } from '@machines/deal/deal.context';
import type { Milestone } from '@machines/deal/milestone.machine';
import { latestDisputedMilestone } from '@machines/deal/deal-milestone-context';
import { centsToDecimal } from '@machines/money';
import { referenceIn } from '@machines/contract/money-api';
import { holdReasonIn } from '@machines/deal/hold-reason';
import type { Language as Lang } from '../i18n/request-language';
import type { DealRecord } from '../../projections/deals.queries';
import type { PaymentRequestRecord } from '../../projections/payment-requests.queries';
import type { PaymentRequestContext } from '@machines/payment-request/payment-request.context';
import {
  renderEventText,
  type EventTextCode,
  type EventTextFormat,
} from '@machines/events/event-texts';
import type { DisputeHistoryEntry as HistoryEntry } from './deal-history';
import {
  disputeOutcomes,
  disputeOutcomeWords,
  evidenceFileDtoSchema,
  type DisputeOutcome,
  type EvidenceFileDto,
} from '@machines/contract/dispute-api';

export { disputeOutcomes, type DisputeOutcome };
import { disputeTimeline } from './deal-history';

/** Ended by the refund outcome: `charged_back` when a lost chargeback gave the money back, else an admin's refund. */
const refundOutcome = (endReason: 'charged_back' | undefined) =>
  endReason === 'charged_back' ? 'charged_back' : 'refunded';

/** What a dispute is about: a deal, or a payment request (its brand disputed the delivered work). */
export const disputeKinds = ['deal', 'payment_request'] as const;
export type DisputeKind = (typeof disputeKinds)[number];

export function disputeOutcome(c: DealContext): DisputeOutcome {
  if (c.cancelledAt !== null) return refundOutcome(c.endReason);
  // Resolved with a split once both parts are done; until then it is still open.
  if (c.split !== null) return c.completedAt !== null ? 'split' : 'open';
  return releaseOutcome(c.releaseTrigger);
}

/** A payment request's dispute: refunded, split once both parts are done, or released once settled. */
export function requestDisputeOutcome(
  c: PaymentRequestContext,
): DisputeOutcome {
  if (c.refundedAt !== null) return refundOutcome(c.endReason);
  if (c.split !== null) return c.dispute?.status === 'open' ? 'open' : 'split';
  if (c.dispute === null || c.dispute.status === 'open') return 'open';
  return releaseOutcome(c.releaseTrigger);
}

function releaseOutcome(
  trigger: DealContext['releaseTrigger'],
): DisputeOutcome {
  switch (trigger) {
    case 'brand':
      return 'approved_by_brand';
    case 'admin':
      return 'released_by_admin';
    case 'dispute_period_elapsed':
      return 'auto_released';
    case 'manual':
      return 'completed_manually';
    default:
      return 'open';
  }
}

/** An event's text as a code and its params (machines/events/event-texts.ts); the reader renders it. */
export const eventTextSchema = z.object({
  code: z.custom<EventTextCode>((v) => typeof v === 'string'),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
});
const actorSchema = z.object({ kind: z.string(), name: z.string() });
const timelineEntrySchema = z.object({
  at: z.string(),
  type: z.string(),
  actor: actorSchema,
  status: z.string(),
  summary: eventTextSchema,
});

export const disputeSummarySchema = z.object({
  /** What is disputed; a deal's dispute has `dealId`, a payment request's `requestId`. */
  kind: z.enum(disputeKinds),
  dealId: z.number().int().optional(),
  requestId: z.number().int().optional(),
  title: z.string().nullable(),
  brand: z.string(),
  creator: z.string(),
  amountCents: z.number().int(),
  totalCents: z.number().int(),
  openedAt: z.string(),
  reason: z.string(),
  outcome: z.enum(disputeOutcomes),
  resolvedAt: z.string().nullable(),
  /** A deal with a plan: the milestone disputed (its amount is the milestone's, with its fee share). */
  milestone: z.number().int().optional(),
});
export type DisputeSummary = z.infer<typeof disputeSummarySchema>;

/** One dispute page, and one element of the JSON export. */
export const disputeDetailSchema = disputeSummarySchema.extend({
  description: z.string().nullable(),
  /**
   * The dispute's reason and description, the admins' notes and the conversation's messages: what
   * was put forward, each message's evidence files with their SHA-256.
   */
  evidence: z.array(
    z.object({
      at: z.string(),
      by: z.string(),
      text: z.string(),
      files: z.array(evidenceFileDtoSchema),
    }),
  ),
  holds: z.array(
    z.object({
      since: z.string(),
      until: z.string().nullable(),
      source: z.string(),
      reason: z.string(),
      by: z.string(),
    }),
  ),
  decisions: z.array(
    z.object({
      at: z.string(),
      by: z.string(),
      type: z.string(),
      summary: eventTextSchema,
    }),
  ),
  automatic: z.array(
    z.object({ at: z.string(), type: z.string(), summary: eventTextSchema }),
  ),
  money: z.array(
    z.object({
      at: z.string(),
      kind: z.string(),
      amountCents: z.number().int(),
      /**
       * The provider's reference, under the admin redaction rule: the page answers `REDACTED` for
       * a payment id (the admin app words it), the exports say it is hidden (`exportedDisputes`).
       */
      reference: z.string().nullable(),
    }),
  ),
  timeline: z.array(timelineEntrySchema),
});
export type DisputeDetail = z.infer<typeof disputeDetailSchema>;

export const disputeExportSchema = z.object({
  exportedAt: z.string(),
  disputes: z.array(disputeDetailSchema),
});

/** How a milestone's dispute ended, from the milestone's state: its outcome, or still open. */
function milestoneDisputeOutcome(
  m: Milestone,
  endReason: DealContext['endReason'],
): DisputeOutcome {
  // The lost chargeback's end refunds every open milestone with no refund at the gateway.
  if (m.status === 'refunded')
    return refundOutcome(m.refundId === null ? endReason : undefined);
  if (m.status === 'split') return 'split';
  return m.status === 'released' ? releaseOutcome(m.releaseTrigger) : 'open';
}

/**
 * A deal with a plan disputes per milestone: its dispute is the latest milestone dispute (the one
 * the deal's `dispute` reason is of), with its amount and outcome; null when none was disputed.
 */
function milestoneDispute(c: DealContext) {
  const m = latestDisputedMilestone(c);
  if (m === null) return null;
  const outcome = milestoneDisputeOutcome(m, c.endReason);
  return {
    milestone: m.index,
    amountCents: m.amountCents,
    totalCents: m.amountCents + m.feeCents,
    openedAt: m.disputeCreatedAt!,
    outcome,
    resolvedAt: outcome === 'open' ? null : (c.cancelledAt ?? c.completedAt),
  };
}

export function disputeSummary(
  record: DealRecord,
  brand: string,
): DisputeSummary | null {
  const c = record.context;
  if (!c.dispute || !c.terms) return null;
  const base = {
    kind: 'deal' as const,
    dealId: record.id,
    title: c.terms.title,
    brand,
    creator: c.terms.influencer,
    reason: c.dispute.reason,
  };
  if (c.milestones !== undefined) {
    const dispute = milestoneDispute(c);
    return dispute && { ...base, ...dispute };
  }
  if (c.disputeCreatedAt === null) return null;
  const outcome = disputeOutcome(c);
  return {
    ...base,
    amountCents: c.terms.amountCents,
    totalCents: c.terms.totalCents,
    openedAt: c.disputeCreatedAt,
    outcome,
    resolvedAt: outcome === 'open' ? null : (c.cancelledAt ?? c.completedAt),
  };
}

/** A payment request's dispute: the brand named in the request, the creator who asked. */
export function requestDisputeSummary(
  record: PaymentRequestRecord,
): DisputeSummary | null {
  const c = record.context;
  if (c.dispute === null || c.request === null) return null;
  const outcome = requestDisputeOutcome(c);
  return {
    kind: 'payment_request',
    requestId: record.id,
    title: c.request.title,
    brand: c.request.brandName,
    creator: c.request.creatorName,
    amountCents: c.request.amountCents,
    totalCents: c.request.totalCents,
    openedAt: c.dispute.openedAt,
    reason: c.dispute.reason,
    outcome,
    resolvedAt: outcome === 'open' ? null : (c.refundedAt ?? c.completedAt),
  };
}

/** The subject's id, whichever kind it is. */
export const subjectId = (d: DisputeSummary): number =>
  (d.dealId ?? d.requestId)!;

const moneyKinds: Record<string, string> = {
  PaymentSucceeded: 'payment',
  FundsReleased: 'release',
  DealRefunded: 'refund',
  DuplicatePaymentRefunded: 'duplicate_refund',
  ChargebackOpened: 'chargeback',
  SplitTransferSucceeded: 'split_transfer',
  SplitRefundSucceeded: 'split_refund',
  PaymentRequestPaid: 'payment',
  PaymentRequestCompleted: 'release',
  PaymentRequestRefunded: 'refund',
  PaymentRequestDuplicatePaymentRefunded: 'duplicate_refund',
  PaymentRequestChargebackOpened: 'chargeback',
  PaymentRequestSplitTransferSucceeded: 'split_transfer',
  PaymentRequestSplitRefundSucceeded: 'split_refund',
};
const openedTypes = ['DisputeOpened', 'PaymentRequestDisputeOpened'];
const messageTypes = [
  'DealNoteAdded',
  'DisputeMessagePosted',
  'PaymentRequestDisputeMessagePosted',
];
const referenceOf = (d: Record<string, unknown>): string | null => {
  for (const key of ['transferId', 'refundId', 'disputeId', 'paymentIntentId'])
    if (typeof d[key] === 'string') return d[key] as string;
  return null;
};

const data = (e: HistoryEntry) => (e.data ?? {}) as Record<string, unknown>;

/** Holds from the replayed view: on hold after an event that was not on hold before it, and back. */
function holdsOf(history: HistoryEntry[], lang: Lang): DisputeDetail['holds'] {
  const holds: DisputeDetail['holds'] = [];
  let held = false;
  for (const e of history) {
    if (!held && e.view.onHold) {
      const d = data(e);
      // The reason as given (the card issuer's for a chargeback), an admin's review in the reader's words; the source says which.
      const reason = holdReasonIn(String(d['reason'] ?? ''), lang);
      holds.push({
        since: e.at,
        until: null,
        source: e.type === 'DealPutOnHold' ? String(d['source']) : 'chargeback',
        reason,
        by: e.actor.name,
      });
    } else if (held && !e.view.onHold) {
      holds[holds.length - 1]!.until = e.at;
    }
    held = e.view.onHold;
  }
  return holds;
}

/** The dispute page of one deal: its history (already redacted) sorted into what an auditor asks for. */
export function disputeDetail(
  summary: DisputeSummary,
  history: HistoryEntry[],
  lang: Lang,
): DisputeDetail {
  const opened = history.find((e) => openedTypes.includes(e.type));
  const evidence = [
    ...(opened
      ? [
          {
            at: opened.at,
            by: opened.actor.name,
            text: [data(opened)['reason'], data(opened)['description']]
              .filter(Boolean)
              .join(' — '),
            files: [],
          },
        ]
      : []),
    ...history
      .filter((e) => messageTypes.includes(e.type))
      .map((e) => ({
        at: e.at,
        by: e.actor.name,
        text: String(data(e)['note'] ?? data(e)['text']),
        files: (data(e)['files'] ?? []) as EvidenceFileDto[],
      })),
  ];
  const holds = holdsOf(history, lang);
  return {
    ...summary,
    description: opened
      ? ((data(opened)['description'] as string | null) ?? null)
      : null,
    evidence,
    holds,
    // What admins decided (their notes are evidence, above) and what resolved itself, from the dispute on.
    decisions: history
      .filter((e) => e.actor.kind === 'admin' && !messageTypes.includes(e.type))
      .map((e) => ({
        at: e.at,
        by: e.actor.name,
        type: e.type,
        summary: e.summary,
      })),
    automatic: history
      .slice(
        Math.max(
          0,
          history.findIndex((e) => openedTypes.includes(e.type)),
        ),
      )
      .filter(
        (e) =>
          e.actor.kind === 'system' ||
          e.actor.kind === 'stripe' ||
          ['review_period_elapsed', 'dispute_period_elapsed'].includes(
            String(data(e)['trigger']),
          ),
      )
      .map((e) => ({ at: e.at, type: e.type, summary: e.summary })),
    money: history
      .filter((e) => e.type in moneyKinds)
      .map((e) => ({
        at: e.at,
        kind: moneyKinds[e.type]!,
        amountCents: Number(data(e)['amountCents'] ?? 0),
        reference: referenceOf(data(e)),
      })),
    timeline: disputeTimeline(history),
  };
}

export const csvColumns = [
  'deal_id',
  'deal_title',
  'brand',
  'creator',
  'outcome',
  'at',
  'event',
  'actor',
  'amount_eur',
  'reference',
  'summary',
  // Added with payment request disputes, after the deal columns so existing readers keep theirs.
  'kind',
  'request_id',
  'request_title',
  // The outcome in the caller's words, last so existing readers keep their columns.
  'outcome_text',
] as const;

/**
 * The summary column is the event's text in the reader's language (the caller's, as error messages
 * are): amounts as that language writes euros, instants in UTC, since a file has no time zone of its own.
 */
function exportFormat(lang: Lang): EventTextFormat {
  const locale = lang === 'nl' ? 'nl-NL' : 'en-GB';
  const money = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: 'EUR',
  });
  const instant = new Intl.DateTimeFormat(locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'UTC',
  });
  return {
    money: (cents) => money.format(cents / 100),
    instant: (iso) => `${instant.format(new Date(iso))} UTC`,
  };
}

/** One CSV row per timeline entry of each dispute, amounts in euros with cents, instants in ISO-8601. */
export function disputeCsvRows(
  disputes: DisputeDetail[],
  lang: Lang = 'en',
): Record<(typeof csvColumns)[number], string>[] {
  const format = exportFormat(lang);
  return disputes.flatMap((d) =>
    d.timeline.map((e) => {
      const money = d.money.find(
        (m) => m.at === e.at && moneyKinds[e.type] === m.kind,
      );
      return {
        deal_id: d.dealId === undefined ? '' : String(d.dealId),
        deal_title: d.kind === 'deal' ? (d.title ?? '') : '',
        brand: d.brand,
        creator: d.creator,
        outcome: d.outcome,
        at: e.at,
        event: e.type,
        actor: e.actor.name,
        amount_eur: money ? centsToDecimal(money.amountCents) : '',
        reference: money?.reference ? referenceIn(money.reference, lang) : '',
        summary: renderEventText(e.summary, lang, format),
        kind: d.kind,
        request_id: d.requestId === undefined ? '' : String(d.requestId),
        request_title: d.kind === 'payment_request' ? (d.title ?? '') : '',
        outcome_text: disputeOutcomeWords[lang][d.outcome],
      };
    }),
  );
}

/**
 * The disputes as a file says them: a withheld gateway id as "Gateway reference hidden" in the
 * reader's language (CSV and JSON alike), since an auditor reads the file, not the admin app.
 */
export const exportedDisputes = (
  disputes: DisputeDetail[],
  lang: Lang,
): DisputeDetail[] =>
  disputes.map((d) => ({
    ...d,
    money: d.money.map((m) => ({
      ...m,
      reference: m.reference === null ? null : referenceIn(m.reference, lang),
    })),
  }));

/** The disputes as CSV (server/shared/csv.ts: RFC 4180, BOM, formula guard). */
export function toCsv(disputes: DisputeDetail[], lang: Lang): string {
  return csvText(disputeCsvRows(disputes, lang), csvColumns);
}
