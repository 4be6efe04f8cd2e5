import type { Database } from 'better-sqlite3';
import type { DealContext } from '@machines/deal/deal.context';
import { balanceOf } from '@machines/escrow/escrow-accounts';
import type { FoldedEscrow } from '@machines/escrow/escrow-stream-fold';
import { heldCents, type EscrowMoney } from '@machines/escrow/escrow-ledger';
import {
  dealEscrowEvents,
  paymentRequestEscrowEvents,
} from '@machines/escrow/escrow-events';
import { calendarOf, yearLineKindOf } from '@machines/documents/year-figures';
import type { ProjectedEvent } from './projection';

/**
 * The money of the escrows, kept by the read model that folds each escrow (deals, payment
 * requests), so a context is folded and stored once (ADR 0035): the row itself carries what the
 * escrow holds, what is under a chargeback and when it releases on its own, read off its accounts;
 * beside it, per aggregate, the day totals and the year's movements. The admins' money overview
 * (money.queries.ts) adds up both aggregates' tables.
 */

/** When a deal's running period releases the creator amount by itself (null: nothing will release on its own). */
export function automaticRelease(
  c: DealContext,
): { at: string; cents: number } | null {
  if (
    c.hold !== null ||
    c.split !== null ||
    c.completedAt !== null ||
    c.cancelledAt !== null ||
    c.transferId !== null ||
    c.paidAt === null ||
    !c.amounts
  ) {
    return null;
  }
  if (
    c.dispute?.status === 'open' &&
    c.disputeElapsedAt === null &&
    c.disputePeriodEndsAt
  )
    return { at: c.disputePeriodEndsAt, cents: c.amounts.amountCents };
  if (
    c.disputeCreatedAt === null &&
    c.reviewElapsedAt === null &&
    c.reviewPeriodEndsAt
  )
    return { at: c.reviewPeriodEndsAt, cents: c.amounts.amountCents };
  return null;
}

/** The columns an escrow's row carries (`held_cents`, `disputed_cents`, `release_at`, `release_cents`). */
export const escrowMoneyColumns = `held_cents INTEGER NOT NULL,
  disputed_cents INTEGER NOT NULL, release_at TEXT, release_cents INTEGER NOT NULL`;

/** Their values for the row's upsert (named parameters `held`, `disputed`, `releaseAt`, `releaseCents`). */
export function escrowMoneyValues(folded: FoldedEscrow) {
  const release =
    folded.kind === 'deal' ? automaticRelease(folded.context) : null;
  return {
    held: heldCents(folded.context),
    disputed: balanceOf(folded.context.accounts, 'disputed'),
    releaseAt: release?.at ?? null,
    releaseCents: release?.cents ?? 0,
  };
}

/** An aggregate's money tables: `<prefix>_money_days` and `<prefix>_movements`. */
export interface MoneyTables {
  days: string;
  movements: string;
}

export const moneyTablesOf = (prefix: 'rm_deal' | 'rm_request') => ({
  days: `${prefix}_money_days`,
  movements: `${prefix}_movements`,
});

/** Tables of the money read model these replaced (dropped when the new ones start). */
const retired = ['rm_money_streams', 'rm_money_days', 'rm_money_movements'];

export function setupMoneyTables(db: Database, t: MoneyTables): void {
  db.exec(`
    CREATE TABLE IF NOT EXISTS ${t.days} (
      day TEXT PRIMARY KEY, charged_cents INTEGER NOT NULL, released_cents INTEGER NOT NULL,
      refunded_cents INTEGER NOT NULL, fees_cents INTEGER NOT NULL) WITHOUT ROWID;
    CREATE TABLE IF NOT EXISTS ${t.movements} (
      position INTEGER PRIMARY KEY, stream_id TEXT NOT NULL, kind TEXT NOT NULL, at TEXT NOT NULL,
      year INTEGER NOT NULL, quarter INTEGER NOT NULL, creator_user_id TEXT,
      paid_out_cents INTEGER NOT NULL, refunded_cents INTEGER NOT NULL, fees_cents INTEGER NOT NULL);
    CREATE INDEX IF NOT EXISTS ${t.movements}_year ON ${t.movements} (year, creator_user_id);
    CREATE INDEX IF NOT EXISTS ${t.movements}_stream ON ${t.movements} (stream_id, at);`);
}

export function resetMoneyTables(db: Database, t: MoneyTables): void {
  for (const table of [t.days, t.movements, ...retired])
    db.exec(`DROP TABLE IF EXISTS ${table}`);
}

interface DayDelta {
  charged: number;
  released: number;
  refunded: number;
  fees: number;
}

/** Per UTC day what was charged, released, refunded and kept as fee, added up in memory until the batch flushes. */
function dayTotals(db: Database, table: string) {
  const addDay = db.prepare(`
    INSERT INTO ${table} (day, charged_cents, released_cents, refunded_cents, fees_cents) VALUES (@day, @charged, @released, @refunded, @fees)
    ON CONFLICT(day) DO UPDATE SET charged_cents = charged_cents + excluded.charged_cents, released_cents = released_cents + excluded.released_cents,
      refunded_cents = refunded_cents + excluded.refunded_cents, fees_cents = fees_cents + excluded.fees_cents`);
  const days = new Map<string, DayDelta>();
  // Most events move no money: nothing is made for them (a full replay passes millions).
  const record = (at: string, before: EscrowMoney, after: EscrowMoney) => {
    if (before === after) return;
    const charged = after.chargedCents - before.chargedCents;
    const released = after.transferredCents - before.transferredCents;
    const refunded = after.refundedCents - before.refundedCents;
    const fees = after.feeKeptCents - before.feeKeptCents;
    if (charged === 0 && released === 0 && refunded === 0 && fees === 0) return;
    const day = at.slice(0, 10);
    const d = days.get(day);
    if (!d) return void days.set(day, { charged, released, refunded, fees });
    d.charged += charged;
    d.released += released;
    d.refunded += refunded;
    d.fees += fees;
  };
  return {
    record,
    flush(): void {
      for (const [day, d] of days) addDay.run({ day, ...d });
      days.clear();
    },
    discard: (): void => days.clear(),
  };
}

/** One payout, split part or refund as a row of the movements table. */
interface MovementRow {
  position: number;
  streamId: string;
  kind: string;
  at: string;
  year: number;
  quarter: number;
  creatorUserId: string | null;
  paidOut: number;
  refunded: number;
  fees: number;
}

/**
 * Each payout, split part and refund with its calendar year and quarter in Amsterdam and the creator
 * it was paid to (a request's creator, a deal's claiming account; null for a deal whose creator
 * has no account), kept until the batch flushes: the year figures.
 */
function movements(db: Database, table: string) {
  const insert = db.prepare(`
    INSERT OR REPLACE INTO ${table} (position, stream_id, kind, at, year, quarter, creator_user_id, paid_out_cents, refunded_cents, fees_cents)
    VALUES (@position, @streamId, @kind, @at, @year, @quarter, @creatorUserId, @paidOut, @refunded, @fees)`);
  const pending: MovementRow[] = [];
  const record = (
    event: ProjectedEvent,
    before: EscrowMoney,
    after: FoldedEscrow,
  ) => {
    const names =
      after.kind === 'deal' ? dealEscrowEvents : paymentRequestEscrowEvents;
    const kind = yearLineKindOf(names, event.type);
    if (kind === null) return;
    const money = after.context.money;
    const { year, quarter } = calendarOf(event.metadata.at);
    pending.push({
      position: event.position,
      streamId: event.streamId,
      kind,
      at: event.metadata.at,
      year,
      quarter,
      creatorUserId:
        after.kind === 'deal'
          ? after.context.claimedByUserId
          : (after.context.request?.creatorId ?? null),
      paidOut: money.transferredCents - before.transferredCents,
      refunded: money.refundedCents - before.refundedCents,
      fees: money.feeKeptCents - before.feeKeptCents,
    });
  };
  return {
    record,
    flush(): void {
      for (const row of pending) insert.run(row);
      pending.length = 0;
    },
    discard: (): void => void (pending.length = 0),
  };
}

/** What an escrow's events moved: recorded per event, written when the batch flushes. */
export function moneyFlows(db: Database, t: MoneyTables) {
  const days = dayTotals(db, t.days);
  const moves = movements(db, t.movements);
  return {
    record(event: ProjectedEvent, before: EscrowMoney, after: FoldedEscrow) {
      days.record(event.metadata.at, before, after.context.money);
      moves.record(event, before, after);
    },
    flush(): void {
      days.flush();
      moves.flush();
    },
    discard(): void {
      days.discard();
      moves.discard();
    },
  };
}
