import { Tooltip } from './tooltip';

export const TOTAL_STEPS = 7;

/**
 * The 7-step tracker. `step` comes from the machine's state meta (never a status table here);
 * `labels` are the step names, `caption` the "Step n of 7" text.
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
  return (
    <div className="space-y-1" data-testid="progress" data-step={step}>
      <ol aria-label={ariaLabel} className="flex items-center gap-1">
        {labels.map((label, index) => {
          const n = index + 1;
          const done = n <= step;
          return (
            <li key={label} className="flex flex-1 items-center">
              <Tooltip content={`${n}. ${label}`}>
                <button
                  type="button"
                  aria-label={`${n}. ${label}${n === step ? ` ${currentLabel}` : ''}`}
                  aria-current={n === step ? 'step' : undefined}
                  className={`h-2.5 w-2.5 shrink-0 rounded-full focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-600 ${
                    done ? 'bg-brand-600' : 'bg-slate-200'
                  } ${n === step ? 'ring-4 ring-brand-100' : ''}`}
                />
              </Tooltip>
              {n < labels.length && (
                <span
                  className={`mx-0.5 h-0.5 flex-1 rounded ${n < step ? 'bg-brand-600' : 'bg-slate-200'}`}
                  aria-hidden="true"
                />
              )}
            </li>
          );
        })}
      </ol>
      <p className="text-xs text-slate-500">
        {caption} · <span className="font-medium text-slate-700">{labels[step - 1]}</span>
      </p>
    </div>
  );
}
