import { useEffect, useState } from 'react';
import { Link } from '@/lib/router';
import { buttonClass } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { Page } from '@/components/ui/page';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast-store';
import { useRequests } from '@/features/payment-requests/api/get-requests.query';
import { RequestCard } from '@/features/payment-requests/components/request-card';
import { useCompleteRequestDialog } from '@/features/payment-requests/hooks/use-complete-request';
import { t, type MessageKey } from '@/i18n';

type Tab = 'all' | 'active' | 'done';
const TABS: { id: Tab; label: MessageKey; empty: MessageKey }[] = [
  { id: 'all', label: 'mreq.all', empty: 'mreq.emptyAll' },
  { id: 'active', label: 'mreq.active', empty: 'mreq.emptyActive' },
  { id: 'done', label: 'mreq.done', empty: 'mreq.emptyDone' },
];
const inTab: Record<Tab, (status: string) => boolean> = {
  all: () => true,
  active: (s) =>
    ['pending', 'accepted', 'paid', 'delivered', 'dispute'].includes(s),
  done: (s) =>
    ['completed', 'rejected', 'expired', 'refunded', 'split_resolved'].includes(
      s,
    ),
};

/** The creator's own payment requests (Dutch, docs/product.md §2), refreshed every 5 s. */
export default function PaymentRequestsRoute() {
  const [tab, setTab] = useState<Tab>('all');
  const requests = useRequests();
  const complete = useCompleteRequestDialog();
  const list = (requests.data ?? []).filter((r) => inTab[tab](r.status));
  const current = TABS.find((x) => x.id === tab) ?? TABS[0]!;

  useEffect(() => {
    if (requests.isError)
      toast({
        title: t('mreq.loadError'),
        description: t('mreq.loadErrorText'),
        variant: 'destructive',
      });
  }, [requests.isError]);

  return (
    <Page
      title={t('mreq.title')}
      actions={
        <Link to="/creator-request" className={buttonClass('primary')}>
          + {t('mreq.new')}
        </Link>
      }
    >
      <div>
        <div
          role="tablist"
          className="mb-4 grid grid-cols-3 gap-1 rounded-xl bg-slate-100 p-1"
        >
          {TABS.map((x) => (
            <button
              key={x.id}
              type="button"
              role="tab"
              aria-selected={tab === x.id}
              onClick={() => setTab(x.id)}
              className={`rounded-lg py-2 text-sm font-semibold ${tab === x.id ? 'bg-white shadow-sm' : 'text-slate-700'}`}
            >
              {t(x.label)}
            </button>
          ))}
        </div>
        {requests.isPending && <Spinner />}
        {requests.isSuccess && list.length === 0 && (
          <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center">
            <p className="mb-4 text-slate-600">{t(current.empty)}</p>
            {tab === 'all' && (
              <Link to="/creator-request" className={buttonClass('primary')}>
                {t('mreq.createFirst')}
              </Link>
            )}
          </div>
        )}
        <ul className="space-y-3">
          {list.map((r) => (
            <li key={r.id}>
              <RequestCard
                request={r}
                busy={complete.busy}
                onComplete={complete.ask}
              />
            </li>
          ))}
        </ul>
        <Link
          to={`/year-overview/${new Date().getFullYear()}`}
          className="mt-6 flex items-center gap-3 rounded-2xl border border-slate-200 bg-white p-4 text-sm"
        >
          <Icon name="file" className="h-5 w-5 shrink-0 text-brand-600" />
          <span>
            <span className="block font-semibold">{t('doc.yearOverview')}</span>
            <span className="text-slate-600">{t('doc.yearOverviewHint')}</span>
          </span>
        </Link>
        {complete.dialog}
      </div>
    </Page>
  );
}
