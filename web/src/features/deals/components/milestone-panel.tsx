import { lazy, Suspense, type ComponentProps } from 'react';
import { loadTexts } from '@/i18n';

// The milestones' code and texts load only where a deal with a plan shows: the link page of a
// deal without one (the lightest screen) and every other deal's screens never fetch them.
const Plan = lazy(() =>
  Promise.all([import('./milestone-plan'), loadTexts(['milestones'])]).then(
    ([m]) => ({
      default: m.MilestonePlan,
    }),
  ),
);

/** A deal's milestones (milestone-plan.tsx); nothing for a deal without a plan. */
export function MilestonePanel(props: ComponentProps<typeof Plan>) {
  if (!props.deal.milestones?.length) return null;
  return (
    <Suspense fallback={null}>
      <Plan {...props} />
    </Suspense>
  );
}
