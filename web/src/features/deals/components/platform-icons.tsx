import { t, type MessageKey } from '@/i18n';

const marks: Record<string, { mark: string; tone: string }> = {
  Instagram: {
    mark: 'IG',
    tone: 'bg-gradient-to-br from-fuchsia-500 to-amber-400 text-white',
  },
  TikTok: { mark: 'TT', tone: 'bg-slate-900 text-white' },
  YouTube: { mark: 'YT', tone: 'bg-red-600 text-white' },
  X: { mark: 'X', tone: 'bg-black text-white' },
};

export function PlatformIcons({ platforms }: { platforms: string[] }) {
  if (platforms.length === 0) return null;
  return (
    <span className="inline-flex gap-1">
      {platforms.map((p) => {
        const m = marks[p] ?? {
          mark: p.slice(0, 2),
          tone: 'bg-slate-200 text-slate-700',
        };
        const label = t(`platform.${p}` as MessageKey);
        return (
          <span
            key={p}
            role="img"
            aria-label={label}
            title={label}
            className={`inline-flex h-5 min-w-5 items-center justify-center rounded px-1 text-[10px] font-bold ${m.tone}`}
          >
            {m.mark}
          </span>
        );
      })}
    </span>
  );
}
