import type { DealFilter } from '@machines/deal/deal-order';
import { t } from '@/i18n';

const FILTERS: DealFilter[] = ['all', 'active', 'completed'];

/** All, Active and Completed above the brand's deal list. */
export function DealFilterTabs({
  filter,
  onChange,
}: {
  filter: DealFilter;
  onChange: (filter: DealFilter) => void;
}) {
  return (
    <div
      role="tablist"
      aria-label={t('filter.label')}
      className="mb-4 grid grid-cols-3 gap-1 rounded-xl bg-slate-100 p-1"
    >
      {FILTERS.map((f) => (
        <button
          key={f}
          type="button"
          role="tab"
          aria-selected={filter === f}
          onClick={() => onChange(f)}
          className={`min-h-11 rounded-lg text-sm font-semibold ${filter === f ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-700'}`}
        >
          {t(`filter.${f}`)}
        </button>
      ))}
    </div>
  );
}
