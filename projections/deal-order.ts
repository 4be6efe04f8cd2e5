import type { DealStatus } from '../machines/deal/deal.machine';

/** Spec §4 list order by status; unknown statuses sort last. Within a status, newest first. */
const order: Partial<Record<DealStatus, number>> = {
  delivered: 0,
  dispute: 1,
  pending_delivery: 2,
  pending_payment: 3,
  completed: 4,
  approved_after_dispute: 4,
  cancelled: 5,
};

export const dealStatusRank = (status: string): number => order[status as DealStatus] ?? 6;

/** Spec §4 list filters. */
export const dealFilters = {
  all: null,
  active: ['pending_payment', 'pending_delivery'],
  completed: ['completed', 'approved_after_dispute'],
} as const satisfies Record<string, readonly DealStatus[] | null>;
export type DealFilter = keyof typeof dealFilters;

/** The admin dashboard's filter chips and the statuses each one covers. */
export const adminChips = {
  all: null,
  pending_payment: ['pending_payment'],
  in_progress: ['pending_delivery'],
  awaiting_approval: ['delivered'],
  disputed: ['dispute'],
  completed: ['completed', 'approved_after_dispute'],
} as const satisfies Record<string, readonly DealStatus[] | null>;
export type AdminChip = keyof typeof adminChips;
