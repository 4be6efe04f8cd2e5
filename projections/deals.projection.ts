import type { Database } from 'better-sqlite3';
import { transition } from 'xstate';
import { emptyDealContext, evolveDealContext, type DealContext } from '../machines/deal/deal.context';
import type { DealEvent } from '../machines/deal/deal.events';
import { dealMachine, type DealStateMeta } from '../machines/deal/deal.machine';
import { stateKey } from '../machines/statechart';
import { dealStatusRank } from '../machines/deal/deal-order';
import type { ProjectedEvent, Projection } from './projection';
import { createRowCache } from './row-cache';
import { metaByStateKey, stateValueFromKey } from './state-meta';

const metaOf = metaByStateKey<DealStateMeta>(dealMachine);
export const dealStatusOfState = (state: string): string => metaOf.get(state)?.status ?? state;

interface DealRow {
  ownerId: string;
  state: string;
  status: string;
  createdAt: string;
  context: DealContext;
}

/**
 * Deals read model: one row per live deal with its folded context (JSON, written once per event),
 * the machine state reached (`metadata.state`), and the columns the list, admin and token
 * queries filter and sort on. Per-owner and global counts per status are kept incrementally.
 */
export const dealsProjection: Projection = {
  name: 'deals',
  version: 1,
  setup(db) {
    db.exec(`
      CREATE TABLE IF NOT EXISTS rm_deals (
        id INTEGER PRIMARY KEY, owner_id TEXT NOT NULL, status TEXT NOT NULL, state TEXT NOT NULL,
        status_rank INTEGER NOT NULL, created_at TEXT NOT NULL, context TEXT NOT NULL, position INTEGER NOT NULL);
      CREATE INDEX IF NOT EXISTS rm_deals_owner_order ON rm_deals (owner_id, status_rank, created_at DESC, id DESC);
      CREATE INDEX IF NOT EXISTS rm_deals_owner_created ON rm_deals (owner_id, created_at DESC, id DESC);
      CREATE INDEX IF NOT EXISTS rm_deals_status_created ON rm_deals (status, created_at DESC, id DESC);
      CREATE INDEX IF NOT EXISTS rm_deals_created ON rm_deals (created_at DESC, id DESC);
      CREATE TABLE IF NOT EXISTS rm_deal_counts (
        owner_id TEXT NOT NULL, status TEXT NOT NULL, n INTEGER NOT NULL, PRIMARY KEY (owner_id, status)) WITHOUT ROWID;`);
  },
  reset(db) {
    db.exec('DROP TABLE IF EXISTS rm_deals; DROP TABLE IF EXISTS rm_deal_counts;');
  },
  prepare(db: Database) {
    const cache = createRowCache<number, DealRow>();
    const select = db.prepare<[number], { owner_id: string; state: string; status: string; created_at: string; context: string }>(
      'SELECT owner_id, state, status, created_at, context FROM rm_deals WHERE id = ?',
    );
    const upsert = db.prepare(`
      INSERT INTO rm_deals (id, owner_id, status, state, status_rank, created_at, context, position)
      VALUES (@id, @ownerId, @status, @state, @rank, @createdAt, @context, @position)
      ON CONFLICT(id) DO UPDATE SET status = excluded.status, state = excluded.state,
        status_rank = excluded.status_rank, context = excluded.context, position = excluded.position`);
    const remove = db.prepare('DELETE FROM rm_deals WHERE id = ?');
    const count = db.prepare(`
      INSERT INTO rm_deal_counts (owner_id, status, n) VALUES (?, ?, ?)
      ON CONFLICT(owner_id, status) DO UPDATE SET n = n + excluded.n`);

    const load = (id: number): DealRow | undefined => {
      const cached = cache.get(id);
      if (cached) return cached;
      const row = select.get(id);
      if (!row) return undefined;
      return { ownerId: row.owner_id, state: row.state, status: row.status, createdAt: row.created_at, context: JSON.parse(row.context) as DealContext };
    };
    const adjust = (ownerId: string, status: string, delta: number): void => {
      count.run(ownerId, status, delta);
      count.run('*', status, delta);
    };

    return (event: ProjectedEvent) => {
      if (!event.streamId.startsWith('deal-')) return;
      const id = Number(event.streamId.slice(5));
      const domainEvent = event as unknown as DealEvent;
      const previous = load(id);
      if (!previous && domainEvent.type !== 'DealCreated') return;
      const before = previous ?? { ownerId: '', state: 'new', status: 'new', createdAt: event.metadata.at, context: emptyDealContext };
      const context = evolveDealContext(before.context, domainEvent);
      const state = event.metadata.state ?? replayState(before, domainEvent);
      const status = dealStatusOfState(state);
      const row: DealRow = { ownerId: context.ownerId, state, status, createdAt: context.createdAt ?? before.createdAt, context };
      if (status !== before.status) {
        if (previous) adjust(row.ownerId, before.status, -1);
        if (status !== 'deleted') adjust(row.ownerId, status, 1);
      }
      if (status === 'deleted') {
        remove.run(id);
        cache.delete(id);
        return;
      }
      upsert.run({
        id, ownerId: row.ownerId, status, state, rank: dealStatusRank(status), createdAt: row.createdAt,
        context: JSON.stringify(context), position: event.position,
      });
      cache.set(id, row);
    };
  },
};

/** Events written without `metadata.state` (older writers) get it from the machine itself. */
function replayState(row: DealRow, event: DealEvent): string {
  const snapshot = dealMachine.resolveState({ value: stateValueFromKey(row.state), context: row.context });
  return stateKey(transition(dealMachine, snapshot, event)[0].value);
}
