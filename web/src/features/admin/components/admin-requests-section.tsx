import { useEffect, useState } from 'react';
import { useSearchParams } from '@/lib/router';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast-store';
import { formatDate } from '@/lib/dates';
import { t, type MessageKey, formatMoney } from '@/i18n';
import { AdminSessionExpired } from '@/features/admin/api/admin-api';
import { useAdminRequests } from '@/features/admin/api/admin-requests.query';
import { AdminRequestPanel } from './admin-request-panel';
import { ListAndDetail } from './list-and-detail';

/** The admin dashboard's payment-request tab: every creator's requests, newest first, and one in detail. */
export function AdminRequestsSection({
  readOnly,
  onExpired,
}: {
  readOnly: boolean;
  onExpired: () => void;
}) {
  const requests = useAdminRequests();
  // A link (/admin?request=<id>, e.g. from a dispute page) opens that request.
  const [params] = useSearchParams();
  const [selected, setSelected] = useState<number | null>(
    Number(params.get('request')) || null,
  );
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

  return (
    <>
      {requests.isPending && <Spinner />}
      <ListAndDetail
        label={t('admin.tab.requests')}
        items={requests.data ?? []}
        loaded={requests.isSuccess}
        emptyText={t('admin.requestsEmpty')}
        selectText={t('admin.requestsSelect')}
        selected={selected}
        onSelect={setSelected}
        testId="admin-request"
        card={(r) => (
          <>
            <span className="flex justify-between gap-2">
              <span className="truncate font-semibold">{r.title}</span>
              <span className="font-semibold">
                {formatMoney(r.amountCents)}
              </span>
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
          </>
        )}
        detail={(r) => <AdminRequestPanel request={r} readOnly={readOnly} />}
      />
    </>
  );
}
