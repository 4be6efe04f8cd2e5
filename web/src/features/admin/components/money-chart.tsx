import { useId } from 'react';
import { formatDate } from '@/lib/dates';
import { formatMoney, t } from '@/i18n';

const HEIGHT = 40;

/** Round euro steps for the value axis: the smallest 1, 2 or 5 × 10ⁿ euros at or above the top day. */
function axisTop(maxCents: number): number {
  const euros = Math.max(1, Math.ceil(maxCents / 100));
  const power = 10 ** Math.floor(Math.log10(euros));
  const step = [1, 2, 5, 10].find((m) => m * power >= euros)! * power;
  return step * 100;
}

/** The dates under the bars: first, middle and last day of the period. */
function DateAxis({ days }: { days: string[] }) {
  const marks = [days[0], days[Math.floor((days.length - 1) / 2)], days.at(-1)];
  return (
    <div
      className="flex justify-between text-xs text-slate-600"
      data-testid="chart-dates"
    >
      {marks.map((day, i) => (
        <span key={i}>{formatDate(day)}</span>
      ))}
    </div>
  );
}

/** The value axis beside the bars: top, half and zero in whole euros (the SVG names the figures). */
function ValueAxis({ top }: { top: number }) {
  return (
    <div
      className="flex w-16 shrink-0 flex-col justify-between text-right text-xs text-slate-600"
      aria-hidden="true"
      data-testid="chart-axis"
    >
      <span>{formatMoney(top, { whole: true })}</span>
      <span>{formatMoney(top / 2, { whole: true })}</span>
      <span>{formatMoney(0, { whole: true })}</span>
    </div>
  );
}

/** The bars themselves with the half and top gridlines; a day with any value shows at least a sliver. */
function Bars({
  id,
  title,
  description,
  values,
  top,
  color,
}: {
  id: string;
  title: string;
  description: string;
  values: number[];
  top: number;
  color: string;
}) {
  return (
    <svg
      role="img"
      aria-labelledby={`${id}-t ${id}-d`}
      viewBox={`0 0 ${values.length} ${HEIGHT}`}
      preserveAspectRatio="none"
      className="h-28 w-full border-b border-l border-slate-400"
    >
      <title id={`${id}-t`}>{title}</title>
      <desc id={`${id}-d`}>{description}</desc>
      {[0.5, 0].map((f) => (
        <line
          key={f}
          x1={0}
          x2={values.length}
          y1={HEIGHT * f}
          y2={HEIGHT * f}
          stroke="#cbd5e1"
          strokeWidth={0.2}
          vectorEffect="non-scaling-stroke"
        />
      ))}
      {values.map((v, i) => {
        const h = v === 0 ? 0 : Math.max(0.8, (v / top) * HEIGHT);
        return (
          <rect
            key={i}
            x={i + 0.1}
            y={HEIGHT - h}
            width={0.8}
            height={h}
            fill={color}
          />
        );
      })}
    </svg>
  );
}

/**
 * One series as a bar per day in plain SVG (no chart library: see docs/adr/0017): a value axis in
 * euros with gridlines, the dates below, the highest day named, and a sentence instead of an empty
 * chart. The figures are in words for screen readers (role="img" with a title and description),
 * and the table below holds every day's numbers.
 */
export function DayBars({
  title,
  description,
  days,
  values,
  color,
  emptyText,
}: {
  title: string;
  description: string;
  days: string[];
  values: number[];
  color: string;
  emptyText: string;
}) {
  const id = useId();
  const max = Math.max(0, ...values);
  if (max === 0)
    return (
      <p
        className="rounded-lg bg-slate-50 p-3 text-sm text-slate-600"
        data-testid="chart-empty"
      >
        {emptyText}
      </p>
    );
  const top = axisTop(max);
  const peak = values.indexOf(max);
  return (
    <figure className="space-y-1" data-testid="money-chart">
      <div className="flex gap-2">
        <ValueAxis top={top} />
        <div className="min-w-0 flex-1">
          <Bars
            id={id}
            title={title}
            description={description}
            values={values}
            top={top}
            color={color}
          />
          <DateAxis days={days} />
        </div>
      </div>
      <figcaption className="text-xs text-slate-600" data-testid="chart-peak">
        {t('admin.money.peak', {
          amount: formatMoney(max),
          day: formatDate(days[peak]),
        })}
      </figcaption>
    </figure>
  );
}
