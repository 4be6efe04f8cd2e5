import { lazy, Suspense } from 'react';
import type { DealListItemDto } from '@machines/contract/api';
import { loadTexts } from '@/i18n';

// Its texts load with it, only for a deal with a plan.
const Summary = lazy(() =>
  Promise.all([import('./milestone-plan'), loadTexts(['milestones'])]).then(
    ([m]) => ({
      default: m.MilestoneSummary,
    }),
  ),
);

/** "2 of 3 milestones released" and the next due date, on a deal with a plan. */
export function MilestoneSummaryLine({ deal }: { deal: DealListItemDto }) {
  if (!deal.milestoneSummary) return null;
  return (
    <Suspense fallback={null}>
      <Summary deal={deal} />
    </Suspense>
  );
}
