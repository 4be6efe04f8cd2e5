import type { DealDto } from '@machines/contract/api';

/** The deal's end states in which the creator was paid (its whole amount, or a split's part). */
const PAID_OUT = new Set([
  'completed',
  'approved_after_dispute',
  'split_resolved',
]);

/**
 * Whether money reached the deal's creator, so its statement (and a self-billed invoice) stands:
 * the deal ended paid out, or, in a deal with a plan, a milestone was released or split (the
 * statement then covers what was paid out so far).
 */
export function creatorPaidOut(
  deal: Pick<DealDto, 'status' | 'milestones'>,
): boolean {
  if (PAID_OUT.has(deal.status)) return true;
  return (deal.milestones ?? []).some(
    (m) => m.releasedAt !== null || m.status === 'split',
  );
}
