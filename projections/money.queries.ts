import type { Database } from 'better-sqlite3';
import { moneyTablesOf } from './escrow-money';

const DAY_MS = 86_400_000;

export interface MoneyDay {
  day: string;
  chargedCents: number;
  releasedCents: number;
  refundedCents: number;
  feesCents: number;
}

export interface MoneyOverview {
  at: string;
  heldCents: number;
  /** Money out of the escrows under an open chargeback (the `disputed` accounts). */
  disputedCents: number;
  dueIn24hCents: number;
  dueIn7dCents: number;
  /** Sums over the listed days. */
  totals: Omit<MoneyDay, 'day'>;
  /** Oldest first, one per UTC day (days without movements are zero). */
  days: MoneyDay[];
}

/** One payout, split part or refund of a year (rm_money_movements). */
export interface MoneyMovement {
  position: number;
  streamId: string;
  kind: 'payout' | 'split' | 'refund';
  at: string;
  year: number;
  quarter: 1 | 2 | 3 | 4;
  creatorUserId: string | null;
  paidOutCents: number;
  refundedCents: number;
  /** The fee kept at this movement (a payout keeps the escrow's rest). */
  feeCents: number;
}

const movementColumns = `position, stream_id AS streamId, kind, at, year, quarter,
  creator_user_id AS creatorUserId, paid_out_cents AS paidOutCents, refunded_cents AS refundedCents,
  fees_cents AS feeCents`;

interface MoneyDayRow {
  day: string;
  charged_cents: number;
  released_cents: number;
  refunded_cents: number;
  fees_cents: number;
}

/** The last `dayCount` UTC days up to `now`, oldest first; a day without a stored row is zero. */
function everyDay(
  now: Date,
  dayCount: number,
  stored: Map<string, MoneyDayRow>,
): MoneyDay[] {
  const days: MoneyDay[] = [];
  for (let i = dayCount - 1; i >= 0; i--) {
    const day = new Date(now.getTime() - i * DAY_MS).toISOString().slice(0, 10);
    const r = stored.get(day);
    days.push({
      day,
      chargedCents: r?.charged_cents ?? 0,
      releasedCents: r?.released_cents ?? 0,
      refundedCents: r?.refunded_cents ?? 0,
      feesCents: r?.fees_cents ?? 0,
    });
  }
  return days;
}

function sumDays(days: MoneyDay[]): Omit<MoneyDay, 'day'> {
  const sum = (field: keyof Omit<MoneyDay, 'day'>) =>
    days.reduce((total, d) => total + d[field], 0);
  return {
    chargedCents: sum('chargedCents'),
    releasedCents: sum('releasedCents'),
    refundedCents: sum('refundedCents'),
    feesCents: sum('feesCents'),
  };
}

/** Both aggregates' rows or money tables as one (`SELECT … FROM (${both(…)})`). */
const both = (deals: string, requests: string, columns = '*'): string =>
  `SELECT ${columns} FROM ${deals} UNION ALL SELECT ${columns} FROM ${requests}`;
const escrows = both(
  'rm_deals',
  'rm_payment_requests',
  'held_cents, disputed_cents, release_at, release_cents',
);
const deals = moneyTablesOf('rm_deal');
const requests = moneyTablesOf('rm_request');
const movementsOf = (where: string): string =>
  `SELECT ${movementColumns} FROM ${deals.movements} WHERE ${where}
   UNION ALL SELECT ${movementColumns} FROM ${requests.movements} WHERE ${where}
   ORDER BY at, position`;

/**
 * The admins' money overview from the deals' and requests' read models: each escrow's row carries
 * what it holds, and each aggregate keeps its money per day and movements (escrow-money.ts).
 */
export function createMoneyQueries(db: Database) {
  const held = db.prepare<[], { n: number | null }>(
    `SELECT SUM(held_cents) AS n FROM (${escrows})`,
  );
  const disputed = db.prepare<[], { n: number | null }>(
    `SELECT SUM(disputed_cents) AS n FROM (${escrows})`,
  );
  const due = db.prepare<
    [string, string, string, string],
    { n: number | null }
  >(
    `SELECT SUM(n) AS n FROM (
      SELECT SUM(release_cents) AS n FROM rm_deals WHERE release_at >= ? AND release_at <= ?
      UNION ALL SELECT SUM(release_cents) FROM rm_payment_requests WHERE release_at >= ? AND release_at <= ?)`,
  );
  const range = db.prepare<[string, string], MoneyDayRow>(
    `SELECT day, SUM(charged_cents) AS charged_cents, SUM(released_cents) AS released_cents,
       SUM(refunded_cents) AS refunded_cents, SUM(fees_cents) AS fees_cents
     FROM (${both(deals.days, requests.days)}) WHERE day >= ? AND day <= ? GROUP BY day ORDER BY day`,
  );

  const yearAll = db.prepare<[number, number], MoneyMovement>(
    movementsOf('year = ?'),
  );
  const yearOfCreator = db.prepare<
    [number, string, number, string],
    MoneyMovement
  >(movementsOf('year = ? AND creator_user_id = ?'));

  const lastMovement = db.prepare<[string, string], { at: string | null }>(
    `SELECT MAX(at) AS at FROM (
      SELECT MAX(at) AS at FROM ${deals.movements} WHERE stream_id = ?
      UNION ALL SELECT MAX(at) FROM ${requests.movements} WHERE stream_id = ?)`,
  );
  const dueWithin = (from: string, to: string): number =>
    due.get(from, to, from, to)?.n ?? 0;

  return {
    /** When a deal's or request's last payout, split part or refund was (fiscal retention), or null. */
    lastMovementAt: (streamId: string): string | null =>
      lastMovement.get(streamId, streamId)?.at ?? null,
    /** Every payout, split part and refund of a calendar year (Amsterdam), oldest first. */
    yearMovements: (year: number): MoneyMovement[] => yearAll.all(year, year),
    /** Those of one creator account. */
    creatorYearMovements: (userId: string, year: number): MoneyMovement[] =>
      yearOfCreator.all(year, userId, year, userId),
    /** Held now, due for automatic release within 24 hours and 7 days of `now`, and the last `dayCount` days. */
    overview(now: Date, dayCount = 90): MoneyOverview {
      const at = now.toISOString();
      const first = new Date(now.getTime() - (dayCount - 1) * DAY_MS)
        .toISOString()
        .slice(0, 10);
      const days = everyDay(
        now,
        dayCount,
        new Map(range.all(first, at.slice(0, 10)).map((r) => [r.day, r])),
      );
      return {
        at,
        heldCents: held.get()?.n ?? 0,
        disputedCents: disputed.get()?.n ?? 0,
        dueIn24hCents: dueWithin(
          at,
          new Date(now.getTime() + DAY_MS).toISOString(),
        ),
        dueIn7dCents: dueWithin(
          at,
          new Date(now.getTime() + 7 * DAY_MS).toISOString(),
        ),
        totals: sumDays(days),
        days,
      };
    },
  };
}

export type MoneyQueries = ReturnType<typeof createMoneyQueries>;
