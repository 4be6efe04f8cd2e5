import type { Database } from 'better-sqlite3';
import type { DealContext } from '@machines/deal/deal.context';
import {
  adminChips,
  dealFilters,
  type AdminChip,
  type DealFilter,
} from '@machines/deal/deal-order';

export interface DealRecord {
  id: number;
  ownerId: string;
  status: string;
  state: string;
  createdAt: string;
  context: DealContext;
  /** The read model's position of the row's last event (cache keys, ETags). */
  position: number;
}

interface Row {
  id: number;
  owner_id: string;
  status: string;
  state: string;
  created_at: string;
  context: string;
  position: number;
}

const columns = 'id, owner_id, status, state, created_at, context, position';
const toRecord = (r: Row): DealRecord => ({
  id: r.id,
  ownerId: r.owner_id,
  status: r.status,
  state: r.state,
  createdAt: r.created_at,
  context: JSON.parse(r.context) as DealContext,
  position: r.position,
});
const inList = (statuses: readonly string[]) =>
  statuses.map((s) => `'${s}'`).join(', ');

/** The prepared list reads: an owner's per filter, an owner's most recent, the admins' per chip. */
function listStatements(db: Database) {
  const ownerList = Object.fromEntries(
    (Object.keys(dealFilters) as DealFilter[]).map((f) => {
      const statuses = dealFilters[f];
      const where = statuses ? ` AND status IN (${inList(statuses)})` : '';
      return [
        f,
        db.prepare<[string], Row>(
          `SELECT ${columns} FROM rm_deals WHERE owner_id = ?${where} ORDER BY status_rank, created_at DESC, id DESC`,
        ),
      ];
    }),
  ) as Record<DealFilter, ReturnType<typeof db.prepare<[string], Row>>>;
  const recent = db.prepare<[string, number], Row>(
    `SELECT ${columns} FROM rm_deals WHERE owner_id = ? ORDER BY created_at DESC, id DESC LIMIT ?`,
  );
  const adminList = Object.fromEntries(
    (Object.keys(adminChips) as AdminChip[]).map((chip) => {
      const statuses = adminChips[chip];
      const where = statuses ? `WHERE status IN (${inList(statuses)})` : '';
      return [
        chip,
        db.prepare<[number, number], Row>(
          `SELECT ${columns} FROM rm_deals ${where} ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`,
        ),
      ];
    }),
  ) as Record<AdminChip, ReturnType<typeof db.prepare<[number, number], Row>>>;
  return { ownerList, recent, adminList };
}

/** Reads over the deals read model. Sorting follows docs/product.md §4 (status order, then newest first). */
export function createDealQueries(db: Database) {
  const byId = db.prepare<[number], Row>(
    `SELECT ${columns} FROM rm_deals WHERE id = ?`,
  );
  const byToken = db.prepare<[string], Row>(
    `SELECT ${columns} FROM rm_deals WHERE id = (SELECT ref_id FROM rm_tokens WHERE token = ? AND kind = 'deal')`,
  );
  const { ownerList, recent, adminList } = listStatements(db);
  const counts = db.prepare<[string], { status: string; n: number }>(
    'SELECT status, n FROM rm_deal_counts WHERE owner_id = ?',
  );
  const ownerOf = db.prepare<[number], { owner_id: string }>(
    'SELECT owner_id FROM rm_deals WHERE id = ?',
  );
  // Admin and auditor reads, not hot paths: a scan of the deals table is fine at these sizes.
  // A deal with a plan disputes per milestone: its latest milestone dispute dates it.
  const everDisputed = db.prepare<[string, string], Row>(
    `SELECT ${columns} FROM (
       SELECT *, COALESCE(json_extract(context, '$.disputeCreatedAt'),
         (SELECT MAX(json_extract(m.value, '$.disputeCreatedAt'))
            FROM json_each(rm_deals.context, '$.milestones') AS m)) AS opened_at
       FROM rm_deals)
     WHERE opened_at IS NOT NULL AND opened_at >= ? AND opened_at < ?
     ORDER BY opened_at DESC, id DESC`,
  );
  // Money is in escrow exactly in these statuses (paid, neither released nor refunded).
  const heldSince = db.prepare<[string], Row>(
    `SELECT ${columns} FROM rm_deals WHERE status IN ('pending_delivery', 'delivered', 'changes_requested', 'dispute')
       AND json_extract(context, '$.paidAt') <= ? ORDER BY json_extract(context, '$.paidAt'), id`,
  );
  // A person's data export (rate-limited, rare): a scan is fine.
  const claimedBy = db.prepare<[string], Row>(
    `SELECT ${columns} FROM rm_deals WHERE json_extract(context, '$.claimedByUserId') = ?
     ORDER BY created_at DESC, id DESC`,
  );

  const one = (row: Row | undefined) => (row ? toRecord(row) : null);
  const countsFor = (ownerId: string): Record<string, number> => {
    const out: Record<string, number> = {};
    for (const { status, n } of counts.all(ownerId)) out[status] = n;
    return out;
  };

  return {
    byId: (id: number) => one(byId.get(id)),
    byToken: (token: string) => one(byToken.get(token)),
    listForOwner: (ownerId: string, filter: DealFilter = 'all') =>
      ownerList[filter].all(ownerId).map(toRecord),
    recentForOwner: (ownerId: string, limit = 10) =>
      recent.all(ownerId, limit).map(toRecord),
    listForAdmin: (chip: AdminChip = 'all', limit = 500, offset = 0) =>
      adminList[chip].all(limit, offset).map(toRecord),
    /** Deal counts per status, for one owner or ('*') for everyone. */
    countsFor,
    /** Every deal that was ever in dispute, the dispute opened in [from, to) (ISO instants), newest first. */
    everDisputed: (from = '', to = '\uffff') =>
      everDisputed.all(from, to).map(toRecord),
    /** Deals whose funds have been held in escrow since `cutoff` or earlier, oldest first. */
    heldSince: (cutoff: string) => heldSince.all(cutoff).map(toRecord),
    /** The owner of a live deal (cache invalidation, live notices); null once deleted or never created. */
    ownerOf: (id: number): string | null => ownerOf.get(id)?.owner_id ?? null,
    /** Deals a signed-in creator accepted with their account, newest first (the data export). */
    listClaimedBy: (userId: string) => claimedBy.all(userId).map(toRecord),
  };
}

export type DealQueries = ReturnType<typeof createDealQueries>;
