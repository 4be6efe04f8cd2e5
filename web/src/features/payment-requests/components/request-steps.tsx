import { ProgressTracker } from '@/components/ui/progress-tracker';
import { t, type MessageKey } from '@/i18n';

/**
 * An acceptance record maps pending 1, accepted 2, paid 3, completed 7 on the deal's 7 steps. The
 * labels are read on each render: the request texts load with the screen (and again on a language
 * switch), after this module was evaluated.
 */
const stepLabels = () =>
  [1, 2, 3, 4, 5, 6, 7].map((n) =>
    n <= 3 || n === 7
      ? t(`request.steps.${n}` as MessageKey)
      : t(`steps.${n}` as MessageKey),
  );

export function RequestSteps({ step }: { step: number | null }) {
  return (
    <ProgressTracker
      step={step}
      labels={stepLabels()}
      caption={step ? t('request.stepsLabel', { step }) : ''}
      ariaLabel={t('request.stepsAria')}
      currentLabel={t('steps.current')}
    />
  );
}
