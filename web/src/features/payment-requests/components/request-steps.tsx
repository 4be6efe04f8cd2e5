import { ProgressTracker } from '@/components/ui/progress-tracker';
import { t, type MessageKey } from '@/i18n';

// An acceptance record maps pending 1, accepted 2, paid 3, completed 7 on the deal's 7 steps.
const labels = [1, 2, 3, 4, 5, 6, 7].map((n) =>
  n <= 3 || n === 7
    ? t(`request.steps.${n}` as MessageKey)
    : t(`steps.${n}` as MessageKey),
);

export function RequestSteps({ step }: { step: number | null }) {
  return (
    <ProgressTracker
      step={step}
      labels={labels}
      caption={step ? t('request.stepsLabel', { step }) : ''}
      ariaLabel={t('request.stepsAria')}
      currentLabel={t('steps.current')}
    />
  );
}
