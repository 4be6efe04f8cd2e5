import { useEffect, useState } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast-store';
import { formatDate } from '../../../lib/dates';
import { t, type MessageKey, formatMoney } from '../../../i18n';
import { AdminSessionExpired } from '../api/admin-api';
import { useAdminRequests } from '../api/admin-requests.query';
import { AdminRequestPanel } from './admin-request-panel';

/** The admin dashboard's payment-request tab: every creator's requests, newest first, and one in detail. */
export function AdminRequestsSection({
  readOnly,
  onExpired,
}: {
  readOnly: boolean;
  onExpired: () => void;
}) {
  const requests = useAdminRequests();
  const [selected, setSelected] = useState<number | null>(null);
  const expired = requests.error instanceof AdminSessionExpired;
  useEffect(() => {
    if (expired) onExpired();
    else if (requests.isError)
      toast({
        title: t('admin.errorTitle'),
        description: t('admin.requestsFetchFailed'),
        variant: 'destructive',
      });
  }, [expired, requests.isError, onExpired]);

  const list = requests.data ?? [];
  const current = list.find((r) => r.id === selected) ?? null;
  return (
    <>
      {requests.isPending && <Spinner />}
      <div className="grid gap-4 md:grid-cols-2">
        <ul className="space-y-2" aria-label={t('admin.tab.requests')}>
          {requests.isSuccess && list.length === 0 && (
            <li className="text-sm text-slate-500">{t('admin.requestsEmpty')}</li>
          )}
          {list.map((r) => (
            <li key={r.id}>
              <button
                type="button"
                onClick={() => setSelected(r.id)}
                aria-current={selected === r.id}
                data-testid="admin-request"
                className={`w-full rounded-xl border bg-white p-3 text-left text-sm shadow-sm ${selected === r.id ? 'border-brand-600 ring-2 ring-brand-100' : 'border-slate-200'}`}
              >
                <span className="flex justify-between gap-2">
                  <span className="truncate font-semibold">{r.title}</span>
                  <span className="font-semibold">{formatMoney(r.amountCents)}</span>
                </span>
                <span className="flex justify-between gap-2 text-slate-500">
                  <span className="truncate">{r.creator.username}</span>
                  <span>{formatDate(r.createdAt)}</span>
                </span>
                <span className="flex flex-wrap gap-2 text-slate-600">
                  <span>{t(`admin.request.status.${r.status}` as MessageKey)}</span>
                  {r.onHold && (
                    <span className="rounded bg-amber-100 px-1.5 text-amber-900">
                      {t('admin.requestOnHoldBadge')}
                    </span>
                  )}
                  {r.payoutPending && (
                    <span className="rounded bg-sky-100 px-1.5 text-sky-900">
                      {t('admin.payoutPendingBadge')}
                    </span>
                  )}
                </span>
              </button>
            </li>
          ))}
        </ul>
        <div>
          {current ? (
            <AdminRequestPanel request={current} readOnly={readOnly} />
          ) : (
            <p className="text-sm text-slate-500">{t('admin.requestsSelect')}</p>
          )}
        </div>
      </div>
    </>
  );
}
