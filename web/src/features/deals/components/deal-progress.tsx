import { ProgressTracker } from '@/components/ui/progress-tracker';
import { t, type MessageKey } from '@/i18n';

const labels = [1, 2, 3, 4, 5, 6, 7].map((n) => t(`steps.${n}` as MessageKey));

/** The deal's 7-step tracker; `step` is the machine meta's step. */
export function DealProgress({ step }: { step: number | null }) {
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
