import { Tooltip } from './tooltip';

export const TOTAL_STEPS = 7;

/**
 * The 7-step tracker. `step` comes from the machine's state meta (never a status table here);
 * `labels` are the step names, `caption` the "Step n of 7" text. Each dot is drawn 10 px wide
 * inside a 44 × 44 px button (WCAG 2.5.5 target size); the line joining them runs behind the
 * buttons, so seven targets fit a card on a 390 px phone.
 */
export function ProgressTracker({
  step,
  labels,
  caption,
  ariaLabel,
  currentLabel,
}: {
  step: number | null;
  labels: string[];
  caption: string;
  ariaLabel: string;
  currentLabel: string;
}) {
  if (step === null) return null;
  const filled =
    labels.length > 1 ? ((step - 1) / (labels.length - 1)) * 100 : 0;
  return (
    <div className="space-y-1" data-testid="progress" data-step={step}>
      <div className="relative">
        <span
          aria-hidden="true"
          className="absolute inset-x-[22px] top-1/2 h-0.5 -translate-y-1/2 rounded bg-slate-200"
        >
          <span
            className="block h-full rounded bg-brand-600"
            style={{ width: `${filled}%` }}
          />
        </span>
        <ol
          aria-label={ariaLabel}
          className="relative flex items-center justify-between"
        >
          {labels.map((label, index) => {
            const n = index + 1;
            return (
              <li key={label} className="flex">
                <Tooltip content={`${n}. ${label}`}>
                  <button
                    type="button"
                    aria-label={`${n}. ${label}${n === step ? ` ${currentLabel}` : ''}`}
                    aria-current={n === step ? 'step' : undefined}
                    className="flex h-11 w-11 items-center justify-center rounded-full focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-600"
                  >
                    <span
                      aria-hidden="true"
                      className={`h-2.5 w-2.5 rounded-full ${n <= step ? 'bg-brand-600' : 'bg-slate-300'} ${n === step ? 'ring-4 ring-brand-100' : ''}`}
                    />
                  </button>
                </Tooltip>
              </li>
            );
          })}
        </ol>
      </div>
      <p className="text-xs text-slate-600">
        {caption} ·{' '}
        <span className="font-medium text-slate-700">{labels[step - 1]}</span>
      </p>
    </div>
  );
}
