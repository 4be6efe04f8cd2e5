import type { AccountQueries } from '../../projections/accounts.queries';
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
  queries: {
    accounts: Pick<AccountQueries, 'userById'>;
    deals: DealQueries;
    requests: PaymentRequestQueries;
    money: MoneyQueries;
  };
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
      link[1] === 'deal'
        ? queries.deals.byId(id)
        : (queries.requests.byId(id) ?? undefined);
    return record
      ? [{ stream: `${link[1]}-${id}`, paidAt: record.context.paidAt }]
      : [];
  }
  const user = /^user-(.+)$/.exec(subject)?.[1];
  if (!user) return [];
  const deals = [
    ...queries.deals.listForOwner(user),
    ...queries.deals.listClaimedBy(user),
  ];
  return [
    ...deals.map((r) => ({ stream: `deal-${r.id}`, paidAt: r.context.paidAt })),
    ...queries.requests.listForCreator(user).map((r) => ({
      stream: `payment-request-${r.id}`,
      paidAt: r.context.paidAt,
    })),
  ];
}

/** 1 January of the year after `at`'s, plus `years`. */
const yearsAfter = (at: string, years: number) =>
  new Date(Date.UTC(new Date(at).getUTCFullYear() + 1 + years, 0, 1));

/**
 * A subject without any money movement: no bookkeeping record needs its fiscal data. An erased
 * account's goes at once (the account was closed); else the period runs from its last activity:
 * an account's registration or last sign-in, a link party's deal or request created.
 */
function withoutMovementDueAt(
  queries: FiscalRetentionParts['queries'],
  subject: string,
  years: number,
): Date | null {
  const user = /^user-(.+)$/.exec(subject)?.[1];
  if (user) {
    const account = queries.accounts.userById(user);
    if (!account) return null;
    if (account.erased) return new Date(0);
    const last = [
      account.createdAt,
      ...(account.signIns ?? []).map((s) => s.at),
    ]
      .filter((at): at is string => !!at)
      .sort()
      .at(-1);
    return last ? yearsAfter(last, years) : null;
  }
  const link = /^(deal|payment-request)-link-(\d+)$/.exec(subject);
  if (!link) return null;
  const id = Number(link[2]);
  const record =
    link[1] === 'deal' ? queries.deals.byId(id) : queries.requests.byId(id);
  const created = record?.context.createdAt;
  return created ? yearsAfter(created, years) : null;
}

/**
 * When a subject's fiscal key may go: 1 January of the year after the last movement, plus `years`;
 * without any movement, as withoutMovementDueAt says.
 */
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
  if (last === null) return withoutMovementDueAt(queries, subject, years);
  return yearsAfter(last, years);
}

/**
 * The daily job that erases fiscal keys whose retention ended (docs/privacy.md): on the timer
 * mechanism (due-time-scheduler.ts), waking at each UTC midnight. A subject without any money
 * movement is counted from its last activity, or loses the key once its account is erased.
 * `tick()` runs it now (tests).
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
      await appendNotificationEvent(
        parts,
        `privacy-${subject}`,
        event,
        'any',
        system,
      );
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
