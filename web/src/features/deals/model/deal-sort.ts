import type { DealDto } from '../../../../../machines/contract/api';
import type { DealFilter } from '../api/get-deals.query';

/** Spec §4: Active = pending_payment + pending_delivery; Completed = completed + approved_after_dispute. */
const filters: Record<DealFilter, (status: string) => boolean> = {
  all: () => true,
  active: (s) => s === 'pending_payment' || s === 'pending_delivery',
  completed: (s) => s === 'completed' || s === 'approved_after_dispute',
};

/** Spec §4 order: delivered, dispute, pending_delivery, pending_payment, completed/approved_after_dispute, cancelled, others. */
const rank: Record<string, number> = {
  delivered: 0,
  dispute: 1,
  pending_delivery: 2,
  pending_payment: 3,
  completed: 4,
  approved_after_dispute: 4,
  cancelled: 5,
};

export function filterAndSort(deals: DealDto[], filter: DealFilter): DealDto[] {
  return deals
    .filter((d) => d.status !== 'deleted' && filters[filter](d.status))
    .sort((a, b) => (rank[a.status] ?? 6) - (rank[b.status] ?? 6) || Date.parse(b.createdAt) - Date.parse(a.createdAt));
}
