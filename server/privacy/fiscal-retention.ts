import type { DealQueries } from '../../projections/deals.queries';
import type { MoneyQueries } from '../../projections/money.queries';
import type { PaymentRequestQueries } from '../../projections/payment-requests.queries';
import type { EventStore } from '../event-store/event-store';
import type { KeyStore } from '../event-store/key-store';
import { appendNotificationEvent } from '../notifications/notification-streams';
import { createDueTimeScheduler } from '../reactors/due-time-scheduler';
import type { Clock } from '../shared/clock';

export interface FiscalRetentionParts {
  store: EventStore;
  clock: Clock;
  keys: KeyStore;
  queries: { deals: DealQueries; requests: PaymentRequestQueries; money: MoneyQueries };
  /** Years after the end of the year of the last money movement (FISCAL_RETENTION_YEARS). */
  years: number;
  /** Resolves once the read models have applied `position` (a movement not applied yet must count). */
  settle(position: number): Promise<void>;
  onError?: (error: unknown) => void;
}

const DAY_MS = 86_400_000;
const system = { actor: { kind: 'system', id: 'fiscal-retention' } } as const;

/** The money records a subject's fiscal data belongs to: its deals and requests, by stream. */
function recordsOf(queries: FiscalRetentionParts['queries'], subject: string) {
  const link = /^(deal|payment-request)-link-(\d+)$/.exec(subject);
  if (link) {
    const id = Number(link[2]);
    const record =
      link[1] === 'deal' ? queries.deals.byId(id) : (queries.requests.byId(id) ?? undefined);
    return record ? [{ stream: `${link[1]}-${id}`, paidAt: record.context.paidAt }] : [];
  }
  const user = /^user-(.+)$/.exec(subject)?.[1];
  if (!user) return [];
  const deals = [...queries.deals.listForOwner(user), ...queries.deals.listClaimedBy(user)];
  return [
    ...deals.map((r) => ({ stream: `deal-${r.id}`, paidAt: r.context.paidAt })),
    ...queries.requests
      .listForCreator(user)
      .map((r) => ({ stream: `payment-request-${r.id}`, paidAt: r.context.paidAt })),
  ];
}

/** When a subject's fiscal key may go: 1 January of the year after the last movement, plus `years`. */
export function fiscalKeyDueAt(
  queries: FiscalRetentionParts['queries'],
  subject: string,
  years: number,
): Date | null {
  let last: string | null = null;
  for (const { stream, paidAt } of recordsOf(queries, subject)) {
    for (const at of [paidAt, queries.money.lastMovementAt(stream)])
      if (at && (last === null || at > last)) last = at;
  }
  if (last === null) return null;
  return new Date(Date.UTC(new Date(last).getUTCFullYear() + 1 + years, 0, 1));
}

/**
 * The daily job that erases fiscal keys whose retention ended (docs/privacy.md): on the timer
 * mechanism (due-time-scheduler.ts), waking at each UTC midnight. A subject without any money
 * movement keeps its fiscal key (nothing starts its retention). `tick()` runs it now (tests).
 */
export function createFiscalRetention(parts: FiscalRetentionParts) {
  async function fireDue(): Promise<number> {
    const now = parts.clock.now();
    await parts.settle(await parts.store.headPosition());
    let erased = 0;
    for (const subject of await parts.keys.subjects('fiscal')) {
      const due = fiscalKeyDueAt(parts.queries, subject, parts.years);
      if (!due || due > now) continue;
      await parts.keys.erase(subject, 'fiscal');
      const data = { subject, kind: 'fiscal', reason: 'retention' };
      const event = { type: 'PersonalDataKeyErased', data };
      await appendNotificationEvent(parts, `privacy-${subject}`, event, 'any', system);
      erased++;
    }
    return erased;
  }
  return createDueTimeScheduler({
    clock: parts.clock,
    fireDue,
    nextDueMs: (nowMs) => (Math.floor(nowMs / DAY_MS) + 1) * DAY_MS,
    maxSleepMs: DAY_MS,
    onError: parts.onError ?? (() => undefined),
  });
}
