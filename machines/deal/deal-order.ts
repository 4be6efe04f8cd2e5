import type { DealStatus } from './deal.machine';

/**
 * docs/product.md §4 list rules, shared by the read models (server-side sort and filters) and the web app.
 * Order by status; unknown statuses sort last. Within a status, newest first.
 */
const order: Partial<Record<DealStatus, number>> = {
  delivered: 0,
  dispute: 1,
  pending_delivery: 2,
  changes_requested: 2,
  pending_payment: 3,
  completed: 4,
  approved_after_dispute: 4,
  split_resolved: 4,
  cancelled: 5,
};

export const dealStatusRank = (status: string): number =>
  order[status as DealStatus] ?? 6;

/** docs/product.md §4 list filters. */
export const dealFilters = {
  all: null,
  active: [
    'pending_payment',
    'pending_delivery',
    'changes_requested',
    'delivered',
    'dispute',
  ],
  completed: ['completed', 'approved_after_dispute', 'split_resolved'],
} as const satisfies Record<string, readonly DealStatus[] | null>;
export type DealFilter = keyof typeof dealFilters;

/** The admin dashboard's filter chips and the statuses each one covers. */
export const adminChips = {
  all: null,
  pending_payment: ['pending_payment'],
  in_progress: ['pending_delivery', 'changes_requested'],
  awaiting_approval: ['delivered'],
  disputed: ['dispute'],
  completed: ['completed', 'approved_after_dispute', 'split_resolved'],
} as const satisfies Record<string, readonly DealStatus[] | null>;
export type AdminChip = keyof typeof adminChips;

/** Whether a deal with this status belongs under a list filter (deleted deals never do). */
export const inDealFilter = (filter: DealFilter, status: string): boolean => {
  const statuses: readonly string[] | null = dealFilters[filter];
  return (
    status !== 'deleted' && (statuses === null || statuses.includes(status))
  );
};

/** The list order: by status rank, then newest createdAt first. */
export const compareDeals = (
  a: { status: string; createdAt: string },
  b: { status: string; createdAt: string },
): number =>
  dealStatusRank(a.status) - dealStatusRank(b.status) ||
  Date.parse(b.createdAt) - Date.parse(a.createdAt);
