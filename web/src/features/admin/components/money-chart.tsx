import { useId } from 'react';

/**
 * One series as a bar per day in plain SVG (no chart library: see docs/adr/0017): full width on a
 * phone, the total in words for screen readers (role="img" with a title and description), and the
 * exact numbers in the table next to it.
 */
export function DayBars({
  title,
  description,
  values,
  color,
}: {
  title: string;
  description: string;
  values: number[];
  color: string;
}) {
  const id = useId();
  const max = Math.max(1, ...values);
  const height = 40;
  return (
    <svg
      role="img"
      aria-labelledby={`${id}-t ${id}-d`}
      viewBox={`0 0 ${values.length} ${height}`}
      preserveAspectRatio="none"
      className="h-16 w-full rounded bg-slate-50"
    >
      <title id={`${id}-t`}>{title}</title>
      <desc id={`${id}-d`}>{description}</desc>
      {values.map((v, i) => {
        const h = v === 0 ? 0 : Math.max(1, (v / max) * height);
        return <rect key={i} x={i + 0.1} y={height - h} width={0.8} height={h} fill={color} />;
      })}
    </svg>
  );
}
