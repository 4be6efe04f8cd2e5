import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { t } from '@/i18n';
import type { AdminTab } from '@/features/admin/hooks/use-admin-page';

/** Which ends of a sideways-scrolling row have more tabs beyond them. */
function useScrollEnds(count: number) {
  const row = useRef<HTMLDivElement>(null);
  const [ends, setEnds] = useState({ before: false, after: false });
  useEffect(() => {
    const el = row.current;
    if (!el) return;
    const measure = () =>
      setEnds({
        before: el.scrollLeft > 1,
        after: el.scrollLeft + el.clientWidth < el.scrollWidth - 1,
      });
    measure();
    el.addEventListener('scroll', measure, { passive: true });
    window.addEventListener('resize', measure);
    return () => {
      el.removeEventListener('scroll', measure);
      window.removeEventListener('resize', measure);
    };
  }, [count]);
  return { row, ends };
}

/**
 * The admin tabs. On a phone they do not all fit: the row scrolls sideways, a fade and an arrow
 * at the edge say there is more, and the chosen tab scrolls into view. Arrow keys move between tabs.
 */
export function AdminTabBar({
  tabs,
  tab,
  onChange,
}: {
  tabs: AdminTab[];
  tab: AdminTab;
  onChange: (tab: AdminTab) => void;
}) {
  const { row, ends } = useScrollEnds(tabs.length);
  useEffect(() => {
    row.current
      ?.querySelector<HTMLElement>('[aria-selected="true"]')
      ?.scrollIntoView({ block: 'nearest', inline: 'center' });
  }, [tab, row]);
  const onKey = (e: KeyboardEvent) => {
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    const next = tabs[(tabs.indexOf(tab) + step + tabs.length) % tabs.length]!;
    onChange(next);
    row.current?.querySelector<HTMLElement>(`#admin-tab-${next}`)?.focus();
  };
  const edge =
    'pointer-events-none absolute inset-y-0 flex w-12 items-center text-xl font-bold text-brand-700';
  return (
    <div
      className="relative mb-4 border-b border-slate-200"
      data-testid="admin-tabs"
    >
      <div
        ref={row}
        role="tablist"
        aria-label={t('admin.tabs')}
        onKeyDown={onKey}
        className="flex gap-1 overflow-x-auto [scrollbar-width:none]"
      >
        {tabs.map((name) => (
          <button
            key={name}
            id={`admin-tab-${name}`}
            type="button"
            role="tab"
            aria-selected={tab === name}
            aria-controls="admin-tab-panel"
            tabIndex={tab === name ? 0 : -1}
            onClick={() => onChange(name)}
            className={`-mb-px min-h-11 shrink-0 whitespace-nowrap border-b-2 px-3 text-sm font-semibold ${tab === name ? 'border-brand-600 text-brand-700' : 'border-transparent text-slate-600'}`}
          >
            {t(`admin.tab.${name}`)}
          </button>
        ))}
      </div>
      {ends.before && (
        <span
          aria-hidden="true"
          data-testid="tabs-more-before"
          className={`${edge} left-0 justify-start bg-gradient-to-r from-white via-white/90 to-transparent`}
        >
          ‹
        </span>
      )}
      {ends.after && (
        <span
          aria-hidden="true"
          data-testid="tabs-more-after"
          className={`${edge} right-0 justify-end bg-gradient-to-l from-white via-white/90 to-transparent`}
        >
          ›
        </span>
      )}
    </div>
  );
}
