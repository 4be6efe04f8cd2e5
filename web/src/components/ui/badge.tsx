import type { ReactNode } from 'react';

export type BadgeTone = 'yellow' | 'blue' | 'purple' | 'red' | 'green' | 'grey';

const tones: Record<BadgeTone, string> = {
  yellow: 'bg-amber-100 text-amber-800',
  blue: 'bg-sky-100 text-sky-800',
  purple: 'bg-violet-100 text-violet-800',
  red: 'bg-red-100 text-red-800',
  green: 'bg-emerald-100 text-emerald-800',
  grey: 'bg-slate-200 text-slate-700',
};

export const dotTones: Record<BadgeTone, string> = {
  yellow: 'bg-amber-500',
  blue: 'bg-sky-500',
  purple: 'bg-violet-500',
  red: 'bg-red-500',
  green: 'bg-emerald-500',
  grey: 'bg-slate-400',
};

export function Badge({
  tone,
  children,
}: {
  tone: BadgeTone;
  children: ReactNode;
}) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${tones[tone]}`}
    >
      {children}
    </span>
  );
}
