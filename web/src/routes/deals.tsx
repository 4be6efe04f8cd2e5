import type { QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Link } from '@/lib/router';
import type { DealListItemDto } from '@machines/contract/api';
import type { DealFilter } from '@machines/deal/deal-order';
import { buttonClass } from '@/components/ui/button';
import { Page } from '@/components/ui/page';
import { Spinner } from '@/components/ui/spinner';
import {
  dealsQueryOptions,
  useDeals,
} from '@/features/deals/api/get-deals.query';
import { DealCard } from '@/features/deals/components/deal-card';
import { DealFilterTabs } from '@/features/deals/components/deal-filter-tabs';
import { DealsEmpty } from '@/features/deals/components/deals-empty';
import { useDealCommands } from '@/features/deals/components/use-deal-commands';
import { filterAndSort } from '@/features/deals/model/deal-sort';
import { errorText } from '@/lib/http';
import { t } from '@/i18n';

// The share panel (a headlessui dialog) loads when a deal is first shared, not with the list.
const SharePanel = lazy(() =>
  import('@/features/deals/components/share-panel').then((m) => ({
    default: m.SharePanel,
  })),
);

/** The list under the default filter, asked for while the app starts (app-routes.tsx). */
export const prefetch = (_params: unknown, client: QueryClient) =>
  void client.prefetchQuery(dealsQueryOptions('all'));

export default function DealsRoute() {
  const [filter, setFilter] = useState<DealFilter>('all');
  const deals = useDeals(filter);
  const commands = useDealCommands();
  const [sharing, setSharing] = useState<DealListItemDto | null>(null);
  const list = filterAndSort(deals.data ?? [], filter);
  const title = (
    <span className="flex items-center gap-2">
      <img
        src="/icon.svg"
        alt={t('app.name')}
        width="32"
        height="32"
        className="h-8 w-8"
      />
      {t('dashboard.title')}
    </span>
  );
  const newDeal = (
    <Link to="/create" className={buttonClass('primary')}>
      + {t('dashboard.newDeal')}
    </Link>
  );

  return (
    <Page title={title} subtitle={t('dashboard.subtitle')} actions={newDeal}>
      <DealFilterTabs filter={filter} onChange={setFilter} />
      {deals.isPending && <Spinner />}
      {deals.isError && (
        <p className="rounded-lg bg-red-50 p-3 text-sm text-red-700">
          {errorText(deals.error)}
        </p>
      )}
      {deals.isSuccess && list.length === 0 && (
        <DealsEmpty filter={filter} onShowAll={() => setFilter('all')} />
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
        <Link
          to="/payment-requests"
          className="inline-flex min-h-11 items-center text-brand-700 underline"
        >
          {t('dashboard.requests')}
        </Link>
      </p>
      {sharing && (
        <Suspense fallback={null}>
          <SharePanel deal={sharing} open onClose={() => setSharing(null)} />
        </Suspense>
      )}
      {commands.dialog}
    </Page>
  );
}
