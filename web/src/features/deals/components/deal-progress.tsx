import { ProgressTracker } from '@/components/ui/progress-tracker';
import { t, type MessageKey } from '@/i18n';

/** The deal's 7-step tracker; `step` is the machine meta's step. */
export function DealProgress({ step }: { step: number | null }) {
  // Read at render: the texts of an area arrive after this module loads.
  const labels = [1, 2, 3, 4, 5, 6, 7].map((n) =>
    t(`steps.${n}` as MessageKey),
  );
  return (
    <ProgressTracker
      step={step}
      labels={labels}
      caption={step ? t('steps.label', { step }) : ''}
      ariaLabel={t('steps.aria')}
      currentLabel={t('steps.current')}
    />
  );
}
