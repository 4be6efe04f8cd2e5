import type { Database } from 'better-sqlite3';
import type { DealContext } from '@machines/deal/deal.context';
import { balanceOf } from '@machines/escrow/escrow-accounts';
import {
  escrowKindOf,
  foldEscrowEvent,
  type FoldedEscrow,
} from '@machines/escrow/escrow-stream-fold';
import {
  heldCents,
  noMoney,
  type EscrowMoney,
} from '@machines/escrow/escrow-ledger';
import {
  dealEscrowEvents,
  paymentRequestEscrowEvents,
} from '@machines/escrow/escrow-events';
import { calendarOf, yearLineKindOf } from '@machines/documents/year-figures';
import type { ProjectedEvent, Projection } from './projection';
import { createRowStore } from './row-cache';
import { contextJson, foldOnce } from './shared-fold';

type Folded = FoldedEscrow;
interface DayDelta {
  charged: number;
  released: number;
  refunded: number;
  fees: number;
}

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

/** Each deal's and request's folded context, with what it holds, what is under a chargeback and when it releases (rm_money_streams). */
function streamRows(db: Database) {
  const select = db.prepare<
    [string],
    { kind: Folded['kind']; context: string }
  >('SELECT kind, context FROM rm_money_streams WHERE stream_id = ?');
  const upsert = db.prepare(`
    INSERT INTO rm_money_streams (stream_id, kind, context, held_cents, disputed_cents, release_at, release_cents)
    VALUES (@streamId, @kind, @context, @held, @disputed, @releaseAt, @releaseCents)
    ON CONFLICT(stream_id) DO UPDATE SET context = excluded.context, held_cents = excluded.held_cents,
      disputed_cents = excluded.disputed_cents, release_at = excluded.release_at, release_cents = excluded.release_cents`);
  return createRowStore<string, Folded>({
    capacity: 4_096,
    load(streamId) {
      const row = select.get(streamId);
      return row
        ? ({ kind: row.kind, context: JSON.parse(row.context) } as Folded)
        : undefined;
    },
    write(streamId, folded) {
      const release =
        folded.kind === 'deal' ? automaticRelease(folded.context) : null;
      upsert.run({
        streamId,
        kind: folded.kind,
        context: contextJson(folded.context),
        held: heldCents(folded.context),
        disputed: balanceOf(folded.context.accounts, 'disputed'),
        releaseAt: release?.at ?? null,
        releaseCents: release?.cents ?? 0,
      });
    },
    remove: () => undefined,
  });
}

/** Per UTC day what was charged, released, refunded and kept as fee, added up in memory until the batch flushes (rm_money_days). */
function dayTotals(db: Database) {
  const addDay = db.prepare(`
    INSERT INTO rm_money_days (day, charged_cents, released_cents, refunded_cents, fees_cents) VALUES (@day, @charged, @released, @refunded, @fees)
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

/** One payout, split part or refund as a row of rm_money_movements. */
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
 * has no account), kept until the batch flushes (rm_money_movements): the year figures.
 */
function movements(db: Database) {
  const insert = db.prepare(`
    INSERT OR REPLACE INTO rm_money_movements (position, stream_id, kind, at, year, quarter, creator_user_id, paid_out_cents, refunded_cents, fees_cents)
    VALUES (@position, @streamId, @kind, @at, @year, @quarter, @creatorUserId, @paidOut, @refunded, @fees)`);
  const pending: MovementRow[] = [];
  const record = (
    event: ProjectedEvent,
    before: EscrowMoney,
    after: Folded,
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

/**
 * The admins' money overview: per deal and request what the platform holds now and when a running
 * period releases it (rm_money_streams), and per UTC day what was charged, released to creators,
 * refunded and kept as fee (rm_money_days), and each payout, split part and refund by calendar year,
 * quarter and creator (rm_money_movements, the year figures). Each event's change is the difference of the escrow
 * money before and after it, folded by the machines' own context functions, so the overview and
 * the deals' and requests' ledgers cannot disagree.
 */
export const moneyProjection: Projection = {
  name: 'money',
  // 2: what each escrow has under a chargeback (disputed_cents), read off its accounts.
  // 3: each payout, split part and refund by year and creator (rm_money_movements).
  version: 3,
  refoldTables: ['rm_money_streams'],
  deferredIndexes: ['rm_money_streams_release', 'rm_money_movements_year'],
  setup(db) {
    db.exec(`
      CREATE TABLE IF NOT EXISTS rm_money_streams (
        stream_id TEXT PRIMARY KEY, kind TEXT NOT NULL, context TEXT NOT NULL,
        held_cents INTEGER NOT NULL, disputed_cents INTEGER NOT NULL, release_at TEXT,
        release_cents INTEGER NOT NULL);
      CREATE INDEX IF NOT EXISTS rm_money_streams_release ON rm_money_streams (release_at);
      CREATE TABLE IF NOT EXISTS rm_money_days (
        day TEXT PRIMARY KEY, charged_cents INTEGER NOT NULL, released_cents INTEGER NOT NULL,
        refunded_cents INTEGER NOT NULL, fees_cents INTEGER NOT NULL) WITHOUT ROWID;
      CREATE TABLE IF NOT EXISTS rm_money_movements (
        position INTEGER PRIMARY KEY, stream_id TEXT NOT NULL, kind TEXT NOT NULL, at TEXT NOT NULL,
        year INTEGER NOT NULL, quarter INTEGER NOT NULL, creator_user_id TEXT,
        paid_out_cents INTEGER NOT NULL, refunded_cents INTEGER NOT NULL, fees_cents INTEGER NOT NULL);
      CREATE INDEX IF NOT EXISTS rm_money_movements_year ON rm_money_movements (year, creator_user_id);
      CREATE INDEX IF NOT EXISTS rm_money_movements_stream ON rm_money_movements (stream_id, at);`);
  },
  reset(db) {
    db.exec(
      'DROP TABLE IF EXISTS rm_money_streams; DROP TABLE IF EXISTS rm_money_days; DROP TABLE IF EXISTS rm_money_movements;',
    );
  },
  prepare(db: Database) {
    const rows = streamRows(db);
    const days = dayTotals(db);
    const moves = movements(db);
    const apply = (event: ProjectedEvent): void => {
      const kind = escrowKindOf(event.streamId);
      if (!kind) return;
      const before = rows.get(event.streamId);
      const after = foldEscrowEvent(kind, before, event, foldOnce);
      const money = before?.context.money ?? noMoney;
      days.record(event.metadata.at, money, after.context.money);
      moves.record(event, money, after);
      rows.set(event.streamId, after);
    };
    return {
      apply,
      flush(): void {
        rows.flush();
        days.flush();
        moves.flush();
      },
      discard(): void {
        rows.discard();
        days.discard();
        moves.discard();
      },
    };
  },
};
