import type { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { DealDto } from '@machines/contract/api';
import { buttonClass } from '@/components/ui/button';
import { Page } from '@/components/ui/page';
import { Spinner } from '@/components/ui/spinner';
import { dealsQueryOptions, useDeals } from '@/features/deals/api/get-deals.query';
import type { DealFilter } from '@machines/deal/deal-order';
import { DealCard } from '@/features/deals/components/deal-card';
import { SharePanel } from '@/features/deals/components/share-panel';
import { useDealCommands } from '@/features/deals/components/use-deal-commands';
import { filterAndSort } from '@/features/deals/model/deal-sort';
import { errorText } from '@/lib/http';
import { t } from '@/i18n';

const FILTERS: DealFilter[] = ['all', 'active', 'completed'];

/** The list under the default filter, asked for while the app starts (app-routes.tsx). */
export const prefetch = (_params: unknown, client: QueryClient) =>
  void client.prefetchQuery(dealsQueryOptions('all'));

export default function DealsRoute() {
  const [filter, setFilter] = useState<DealFilter>('all');
  const deals = useDeals(filter);
  const commands = useDealCommands();
  const [sharing, setSharing] = useState<DealDto | null>(null);
  const list = filterAndSort(deals.data ?? [], filter);

  return (
    <Page
      title={
        <span className="flex items-center gap-2">
          <img src="/icon.svg" alt={t('app.name')} width="32" height="32" className="h-8 w-8" />
          {t('dashboard.title')}
        </span>
      }
      subtitle={t('dashboard.subtitle')}
      actions={
        <Link to="/create" className={buttonClass('primary')}>
          + {t('dashboard.newDeal')}
        </Link>
      }
    >
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
            onClick={() => setFilter(f)}
            className={`rounded-lg py-2 text-sm font-semibold ${filter === f ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-700'}`}
          >
            {t(`filter.${f}`)}
          </button>
        ))}
      </div>

      {deals.isPending && <Spinner />}
      {deals.isError && (
        <p className="rounded-lg bg-red-50 p-3 text-sm text-red-700">{errorText(deals.error)}</p>
      )}
      {deals.isSuccess && list.length === 0 && (
        <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center">
          <p className="font-semibold">{t('dashboard.emptyTitle')}</p>
          <p className="mb-4 text-sm text-slate-500">{t('dashboard.emptyText')}</p>
          <Link to="/create" className={buttonClass('primary')}>
            {t('dashboard.createFirst')}
          </Link>
        </div>
      )}
      <ul className="space-y-3" aria-label={t('dashboard.recent')}>
        {list.map((deal) => (
          <li key={deal.id}>
            <DealCard
              deal={deal}
              busy={commands.busy}
              onShare={setSharing}
              onRelease={commands.release}
              onDispute={commands.dispute}
              onDelete={commands.remove}
            />
          </li>
        ))}
      </ul>
      <p className="mt-6 text-center text-sm">
        <Link to="/payment-requests" className="text-brand-600 underline">
          {t('dashboard.requests')}
        </Link>
      </p>
      {sharing && <SharePanel deal={sharing} open onClose={() => setSharing(null)} />}
      {commands.dialog}
    </Page>
  );
}
