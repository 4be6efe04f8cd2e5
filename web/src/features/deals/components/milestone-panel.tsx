import { lazy, Suspense, type ComponentProps } from 'react';
import type { DealDto } from '@machines/contract/api';
import { loadTexts, type Area } from '@/i18n';

// The milestones' code and texts load only where a deal with a plan shows: the link page of a
// deal without one (the lightest screen) and every other deal's screens never fetch them.
const planModule = (areas: Area[]) =>
  Promise.all([import('./milestone-plan'), loadTexts(areas)]).then(([module]) => module);

// The brand's plan also asks for changes (the deal pages' texts); the creator's needs its own only.
const BrandPlan = lazy(() =>
  planModule(['milestones', 'requests']).then((m) => ({ default: m.MilestonePlan })),
);
const CreatorPlan = lazy(() =>
  planModule(['milestones']).then((m) => ({ default: m.MilestonePlan })),
);
const Summary = lazy(() =>
  planModule(['milestones']).then((m) => ({ default: m.MilestoneSummary })),
);

type PlanProps = ComponentProps<Awaited<ReturnType<typeof planModule>>['MilestonePlan']>;

/** A deal's milestones (milestone-plan.tsx); nothing for a deal without a plan. */
export function MilestonePanel(props: PlanProps) {
  if (!props.deal.milestones?.length) return null;
  const Plan = props.side === 'brand' ? BrandPlan : CreatorPlan;
  return (
    <Suspense fallback={null}>
      <Plan {...props} />
    </Suspense>
  );
}

/** "2 of 3 milestones released" and the next due date, on a deal with a plan. */
export function MilestoneSummaryLine({ deal }: { deal: DealDto }) {
  if (!deal.milestoneSummary) return null;
  return (
    <Suspense fallback={null}>
      <Summary deal={deal} />
    </Suspense>
  );
}
