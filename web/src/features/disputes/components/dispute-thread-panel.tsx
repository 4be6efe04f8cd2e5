import { lazy, Suspense, type ComponentProps } from 'react';
import { loadTexts } from '@/i18n';

// The conversation's code and texts load only where a dispute shows: no page pays for them before.
const DisputeThread = lazy(async () => {
  const [module] = await Promise.all([
    import('@/features/disputes/components/dispute-thread'),
    loadTexts(['dispute']),
  ]);
  return module;
});

/** A dispute's conversation (see dispute-thread.tsx), loaded when it is first shown. */
export function DisputeThreadPanel(
  props: ComponentProps<typeof DisputeThread>,
) {
  return (
    <Suspense fallback={null}>
      <DisputeThread {...props} />
    </Suspense>
  );
}
