import { useCallback, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast-store';
import { AdminSessionExpired } from '@/features/admin/api/admin-api';
import { useAdminCounts, type AdminCounts } from '@/features/admin/api/admin-counts.query';
import { useAdminDeals } from '@/features/admin/api/admin-deals.query';
import { useAdminMe } from '@/features/admin/api/admin-me.query';
import { AdminDealPanel } from '@/features/admin/components/admin-deal-panel';
import { AdminRequestsSection } from '@/features/admin/components/admin-requests-section';
import { ListAndDetail } from '@/features/admin/components/list-and-detail';
import { AccountsSection } from '@/features/admin/components/accounts-section';
import { DisputesSection } from '@/features/admin/components/disputes-section';
import { ReconciliationSection } from '@/features/admin/components/reconciliation-section';
import { MoneySection } from '@/features/admin/components/money-section';
import { TestMailSection } from '@/features/admin/components/test-mail-section';
import { useHoldAgeing } from '@/features/admin/api/admin-audit';
import { clearAdminToken } from '@/lib/admin-token';
import { AdminLiveUpdates } from '@/app/live-updates';
import { formatDate } from '@/lib/dates';
import { adminChips } from '@machines/deal/deal-order';
import { currentSettings, t, type MessageKey, formatMoney } from '@/i18n';

type Chip = keyof AdminCounts;
type Tab = 'deals' | 'requests' | 'disputes' | 'money' | 'reconciliation' | 'accounts' | 'mail';
const TABS: Tab[] = ['deals', 'requests', 'disputes', 'money', 'reconciliation', 'accounts'];
// The chips and the statuses each covers are the same rules the server counts with.
const CHIPS = Object.keys(adminChips) as Chip[];

export default function AdminRoute() {
  const navigate = useNavigate();
  const client = useQueryClient();
  const deals = useAdminDeals();
  const counts = useAdminCounts();
  const me = useAdminMe();
  // Admin alert emails link to /admin?deal=<id> (or ?request=<id>): open on that deal or tab.
  const [params] = useSearchParams();
  const [tab, setTab] = useState<Tab>(
    params.has('request')
      ? 'requests'
      : (TABS.find((name) => name === params.get('tab')) ?? 'deals'),
  );
  const [chip, setChip] = useState<Chip>('all');
  const [selected, setSelected] = useState<number | null>(Number(params.get('deal')) || null);
  const readOnly = me.data?.role === 'auditor';
  // Kept test-mode mail carries working links, so only admins who may act read it.
  const tabs: Tab[] =
    currentSettings()?.mailKept && me.data?.role === 'admin' ? [...TABS, 'mail'] : TABS;
  const ageing = useHoldAgeing();
  const heldDays = new Map((ageing.data?.deals ?? []).map((d) => [d.dealId, d.days]));

  const expired = [deals.error, counts.error, me.error].some(
    (e) => e instanceof AdminSessionExpired,
  );
  const endSession = useCallback(() => {
    clearAdminToken();
    toast({ title: t('admin.sessionExpired'), variant: 'destructive' });
    navigate('/admin/login', { replace: true });
  }, [navigate]);
  useEffect(() => {
    if (expired) endSession();
  }, [expired, endSession]);
  useEffect(() => {
    if (deals.isError && !expired)
      toast({
        title: t('admin.errorTitle'),
        description: t('admin.fetchFailed'),
        variant: 'destructive',
      });
  }, [deals.isError, expired]);

  const statuses: readonly string[] | null = adminChips[chip];
  const list = (deals.data ?? []).filter(
    (d) => d.status !== 'deleted' && (!statuses || statuses.includes(d.status)),
  );
  const current = deals.data?.find((d) => d.id === selected) ?? null;

  return (
    <main className="mx-auto w-full max-w-5xl px-4 py-4">
      <AdminLiveUpdates />
      <header className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <div className="flex items-center gap-2">
          <Button variant="ghost" onClick={() => navigate(-1)} aria-label={t('admin.back')}>
            ←
          </Button>
          <h1 className="text-xl font-bold">{t('admin.title')}</h1>
          {readOnly && (
            <span className="rounded bg-slate-200 px-2 py-0.5 text-xs">{t('admin.auditor')}</span>
          )}
        </div>
        <div className="flex gap-2">
          <Button
            variant="secondary"
            onClick={() => void client.invalidateQueries({ queryKey: ['admin'] })}
          >
            {t('admin.refresh')}
          </Button>
          <Button
            variant="secondary"
            onClick={() => {
              clearAdminToken();
              client.removeQueries({ queryKey: ['admin'] });
              navigate('/admin/login');
            }}
          >
            {t('admin.logout')}
          </Button>
        </div>
      </header>
      <div className="mb-4 flex gap-1 overflow-x-auto border-b border-slate-200" role="tablist">
        {tabs.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            aria-selected={tab === name}
            onClick={() => setTab(name)}
            className={`-mb-px border-b-2 px-3 py-2 text-sm font-semibold ${tab === name ? 'border-brand-600 text-brand-700' : 'border-transparent text-slate-500'}`}
          >
            {t(`admin.tab.${name}`)}
          </button>
        ))}
      </div>
      {heldDays.size > 0 && (
        <p
          role="alert"
          className="mb-4 rounded-lg bg-orange-50 p-2 text-sm text-orange-900"
          data-testid="hold-ageing-alert"
        >
          {t('admin.holdAgeBanner', { count: heldDays.size, days: ageing.data?.alertDays ?? 0 })}
        </p>
      )}
      {tab === 'requests' ? (
        <AdminRequestsSection readOnly={readOnly} onExpired={endSession} />
      ) : tab === 'disputes' ? (
        <DisputesSection onExpired={endSession} />
      ) : tab === 'money' ? (
        <MoneySection onExpired={endSession} />
      ) : tab === 'reconciliation' ? (
        <ReconciliationSection />
      ) : tab === 'accounts' ? (
        <AccountsSection readOnly={readOnly} me={me.data?.username} />
      ) : tab === 'mail' ? (
        <TestMailSection />
      ) : (
        <>
          <div className="mb-4 flex flex-wrap gap-2" role="group" aria-label={t('admin.filter')}>
            {CHIPS.map((c) => (
              <button
                key={c}
                type="button"
                aria-pressed={chip === c}
                onClick={() => {
                  setChip(c);
                  setSelected(null);
                }}
                className={`rounded-full border px-3 py-1.5 text-sm font-medium ${chip === c ? 'border-brand-600 bg-brand-600 text-white' : 'border-slate-300 bg-white'}`}
              >
                {t(`admin.chip.${c}` as MessageKey)} <span>({counts.data?.[c] ?? 0})</span>
              </button>
            ))}
          </div>
          {deals.isPending && <Spinner />}
          <ListAndDetail
            label={t('admin.title')}
            items={list}
            loaded={deals.isSuccess}
            emptyText={t('admin.empty')}
            selectText={t('admin.select')}
            selected={selected}
            onSelect={setSelected}
            // Kept in view when a change moves it out of the chip's filter.
            current={current}
            card={(d) => (
              <>
                <span className="flex justify-between gap-2">
                  <span className="truncate font-semibold">{d.influencer}</span>
                  <span className="font-semibold">{formatMoney(d.amountCents)}</span>
                </span>
                <span className="flex justify-between gap-2 text-slate-500">
                  <span>{t(`admin.status.${d.status}` as MessageKey)}</span>
                  <span>{formatDate(d.createdAt)}</span>
                </span>
                {d.title && <span className="block truncate text-slate-600">{d.title}</span>}
                {heldDays.has(d.id) && (
                  <span
                    className="mt-1 inline-block rounded-full bg-orange-100 px-2 py-0.5 text-xs font-semibold text-orange-800"
                    data-testid="hold-age-chip"
                  >
                    {t('admin.holdAgeChip', { days: heldDays.get(d.id)! })}
                  </span>
                )}
              </>
            )}
            detail={(d) => (
              <AdminDealPanel deal={d} readOnly={readOnly} heldDays={heldDays.get(d.id)} />
            )}
          />
        </>
      )}
    </main>
  );
}
