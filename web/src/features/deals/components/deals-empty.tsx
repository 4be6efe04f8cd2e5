import { Link } from '@/lib/router';
import type { DealFilter } from '@machines/deal/deal-order';
import { Button, buttonClass } from '@/components/ui/button';
import { t } from '@/i18n';

/** An empty list says which: no deals at all (start one), or none under this filter (show all). */
export function DealsEmpty({
  filter,
  onShowAll,
}: {
  filter: DealFilter;
  onShowAll: () => void;
}) {
  return (
    <div
      className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center"
      data-testid="deals-empty"
    >
      {filter === 'all' ? (
        <>
          <p className="font-semibold">{t('dashboard.emptyTitle')}</p>
          <p className="mb-4 text-sm text-slate-600">
            {t('dashboard.emptyText')}
          </p>
          <Link to="/create" className={buttonClass('primary')}>
            {t('dashboard.createFirst')}
          </Link>
        </>
      ) : (
        <>
          <p className="mb-4 font-semibold">
            {filter === 'active'
              ? t('dashboard.emptyActive')
              : t('dashboard.emptyCompleted')}
          </p>
          <Button variant="secondary" onClick={onShowAll}>
            {t('dashboard.showAll')}
          </Button>
        </>
      )}
    </div>
  );
}
