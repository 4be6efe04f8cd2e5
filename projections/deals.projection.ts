import type { Database } from 'better-sqlite3';
import {
  emptyDealContext,
  evolveDealContext,
  type DealContext,
} from '@machines/deal/deal.context';
import type { DealEvent } from '@machines/deal/deal.events';
import { dealMachine } from '@machines/deal/deal.machine';
import { stateKey, statusOfState, step } from '@machines/statechart';
import { dealStatusRank } from '@machines/deal/deal-order';
import type { ProjectedEvent, Projection } from './projection';
import { createRowStore } from './row-cache';
import {
  escrowMoneyColumns,
  escrowMoneyValues,
  moneyFlows,
  moneyTablesOf,
  resetMoneyTables,
  setupMoneyTables,
} from './escrow-money';
import { stateValueFromKey } from './state-meta';

interface DealRow {
  ownerId: string;
  state: string;
  status: string;
  createdAt: string;
  context: DealContext;
  /** Position of the row's last event (0 until one is folded). */
  position: number;
}

const money = moneyTablesOf('rm_deal');

/**
 * Deals read model: one row per live deal with its folded context (JSON, written once per batch),
 * the machine state reached (`metadata.state`), what its escrow holds (escrow-money.ts), and the
 * columns the list, admin and token queries filter and sort on. Per-owner and global counts per
 * status are kept incrementally; the deals' money per day and movements beside them.
 */
export const dealsProjection: Projection = {
  name: 'deals',
  // 2: the row carries its escrow's money, and the deals' money tables are kept here (the money
  // read model that folded and stored every context a second time is gone).
  version: 2,
  refoldTables: ['rm_deals'],
  deferredIndexes: [
    'rm_deals_owner_order',
    'rm_deals_owner_created',
    'rm_deals_status_created',
    'rm_deals_created',
    'rm_deals_release',
    `${money.movements}_year`,
    `${money.movements}_stream`,
  ],
  setup(db) {
    db.exec(`
      CREATE TABLE IF NOT EXISTS rm_deals (
        id INTEGER PRIMARY KEY, owner_id TEXT NOT NULL, status TEXT NOT NULL, state TEXT NOT NULL,
        status_rank INTEGER NOT NULL, created_at TEXT NOT NULL, context TEXT NOT NULL, position INTEGER NOT NULL,
        ${escrowMoneyColumns});
      CREATE INDEX IF NOT EXISTS rm_deals_release ON rm_deals (release_at);
      CREATE INDEX IF NOT EXISTS rm_deals_owner_order ON rm_deals (owner_id, status_rank, created_at DESC, id DESC);
      CREATE INDEX IF NOT EXISTS rm_deals_owner_created ON rm_deals (owner_id, created_at DESC, id DESC);
      CREATE INDEX IF NOT EXISTS rm_deals_status_created ON rm_deals (status, created_at DESC, id DESC);
      CREATE INDEX IF NOT EXISTS rm_deals_created ON rm_deals (created_at DESC, id DESC);
      CREATE TABLE IF NOT EXISTS rm_deal_counts (
        owner_id TEXT NOT NULL, status TEXT NOT NULL, n INTEGER NOT NULL, PRIMARY KEY (owner_id, status)) WITHOUT ROWID;`);
    setupMoneyTables(db, money);
  },
  reset(db) {
    db.exec(
      'DROP TABLE IF EXISTS rm_deals; DROP TABLE IF EXISTS rm_deal_counts;',
    );
    resetMoneyTables(db, money);
  },
  prepare(db: Database) {
    const count = db.prepare(`
      INSERT INTO rm_deal_counts (owner_id, status, n) VALUES (?, ?, ?)
      ON CONFLICT(owner_id, status) DO UPDATE SET n = n + excluded.n`);

    const rows = dealRowStore(db);
    const flows = moneyFlows(db, money);
    // Count changes of the batch, summed per (owner, status) and written once in `flush`. Keys
    // touched with a net zero are written too: the per-event upserts created such rows with n = 0.
    const countDeltas = new Map<
      string,
      { ownerId: string; status: string; n: number }
    >();
    const adjust1 = (ownerId: string, status: string, delta: number): void => {
      const key = `${ownerId}\u0000${status}`;
      const entry = countDeltas.get(key);
      if (entry) entry.n += delta;
      else countDeltas.set(key, { ownerId, status, n: delta });
    };
    const adjust = (ownerId: string, status: string, delta: number): void => {
      adjust1(ownerId, status, delta);
      adjust1('*', status, delta);
    };

    const apply = (event: ProjectedEvent): void => {
      if (!event.streamId.startsWith('deal-')) return;
      const id = Number(event.streamId.slice(5));
      const domainEvent = event as unknown as DealEvent;
      const previous = rows.get(id);
      if (!previous && domainEvent.type !== 'DealCreated') return;
      const before = previous ?? {
        ownerId: '',
        state: 'new',
        status: 'new',
        createdAt: event.metadata.at,
        context: emptyDealContext,
        position: 0,
      };
      const context = evolveDealContext(before.context, domainEvent);
      flows.record(event, before.context.money, { kind: 'deal', context });
      const state = event.metadata.state ?? replayState(before, domainEvent);
      const status = statusOfState(dealMachine, state);
      const row: DealRow = {
        ownerId: context.ownerId,
        state,
        status,
        createdAt: context.createdAt ?? before.createdAt,
        context,
        position: event.position,
      };
      if (status !== before.status) {
        if (previous) adjust(row.ownerId, before.status, -1);
        if (status !== 'deleted') adjust(row.ownerId, status, 1);
      }
      if (status === 'deleted') rows.delete(id);
      else rows.set(id, row);
    };
    return {
      apply,
      flush(): void {
        rows.flush();
        flows.flush();
        for (const { ownerId, status, n } of countDeltas.values())
          count.run(ownerId, status, n);
        countDeltas.clear();
      },
      discard(): void {
        rows.discard();
        flows.discard();
        countDeltas.clear();
      },
    };
  },
};

/** The deal rows, read and written through the write-behind row store (ADR 0007). */
function dealRowStore(db: Database) {
  const select = db.prepare<
    [number],
    {
      owner_id: string;
      state: string;
      status: string;
      created_at: string;
      context: string;
    }
  >(
    'SELECT owner_id, state, status, created_at, context FROM rm_deals WHERE id = ?',
  );
  const upsert = db.prepare(`
    INSERT INTO rm_deals (id, owner_id, status, state, status_rank, created_at, context, position,
      held_cents, disputed_cents, release_at, release_cents)
    VALUES (@id, @ownerId, @status, @state, @rank, @createdAt, @context, @position,
      @held, @disputed, @releaseAt, @releaseCents)
    ON CONFLICT(id) DO UPDATE SET status = excluded.status, state = excluded.state,
      status_rank = excluded.status_rank, context = excluded.context, position = excluded.position,
      held_cents = excluded.held_cents, disputed_cents = excluded.disputed_cents,
      release_at = excluded.release_at, release_cents = excluded.release_cents`);
  const remove = db.prepare('DELETE FROM rm_deals WHERE id = ?');
  return createRowStore<number, DealRow>({
    capacity: 4_096,
    load(id) {
      const row = select.get(id);
      if (!row) return undefined;
      return {
        ownerId: row.owner_id,
        state: row.state,
        status: row.status,
        createdAt: row.created_at,
        context: JSON.parse(row.context) as DealContext,
        position: 0,
      };
    },
    write(id, row) {
      upsert.run({
        id,
        ownerId: row.ownerId,
        status: row.status,
        state: row.state,
        rank: dealStatusRank(row.status),
        createdAt: row.createdAt,
        context: JSON.stringify(row.context),
        position: row.position,
        ...escrowMoneyValues({ kind: 'deal', context: row.context }),
      });
    },
    remove: (id) => void remove.run(id),
  });
}

/** Events written without `metadata.state` (older writers) get it from the machine itself. */
function replayState(row: DealRow, event: DealEvent): string {
  const snapshot = dealMachine.resolveState({
    value: stateValueFromKey(row.state),
    context: row.context,
  });
  return stateKey(step(dealMachine, snapshot, event).value);
}
