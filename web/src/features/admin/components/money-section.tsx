import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast-store';
import { formatDate } from '@/lib/dates';
import { errorText } from '@/lib/http';
import { formatMoney, t, type MessageKey } from '@/i18n';
import { AdminSessionExpired } from '@/features/admin/api/admin-api';
import { downloadExport } from '@/features/admin/api/admin-audit';
import {
  useMoneyOverview,
  type MoneyOverviewDto,
} from '@/features/admin/api/admin-money';
import { DayBars } from './money-chart';
import { AdminAlertsCard } from './admin-alerts-card';

const euro = (cents: number) => formatMoney(cents);
type Series = 'releasedCents' | 'refundedCents' | 'feesCents';
const SERIES: { key: Series; label: MessageKey; color: string }[] = [
  { key: 'releasedCents', label: 'admin.money.released', color: '#15803d' },
  { key: 'refundedCents', label: 'admin.money.refunded', color: '#b91c1c' },
  { key: 'feesCents', label: 'admin.money.fees', color: '#1d4ed8' },
];

function Figure({
  label,
  cents,
  testId,
}: {
  label: string;
  cents: number;
  testId: string;
}) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-3 shadow-sm">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="text-lg font-bold" data-testid={testId}>
        {euro(cents)}
      </dd>
    </div>
  );
}

/** The days on which money moved, newest first (a quiet day is a row of zeros, left out). */
function DayTable({ days }: { days: MoneyOverviewDto['days'] }) {
  const moved = days
    .filter((d) => SERIES.some((s) => d[s.key] !== 0))
    .reverse();
  if (moved.length === 0)
    return (
      <p className="text-sm text-slate-600" data-testid="money-days-empty">
        {t('admin.money.noDays')}
      </p>
    );
  return (
    // Scrollable, so it takes keyboard focus (and says what it is) for people who scroll with keys.
    <div
      className="max-h-96 overflow-auto"
      tabIndex={0}
      role="region"
      aria-label={t('admin.money.tableCaption')}
    >
      <table className="w-full text-right text-sm" data-testid="money-days">
        <caption className="text-left text-slate-500">
          {t('admin.money.tableCaption')}
        </caption>
        <thead className="sticky top-0 bg-white">
          <tr>
            <th scope="col" className="text-left">
              {t('admin.money.day')}
            </th>
            {SERIES.map((s) => (
              <th key={s.key} scope="col">
                {t(s.label)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {moved.map((d) => (
            <tr key={d.day} className="border-t border-slate-100">
              <th scope="row" className="text-left font-normal">
                {formatDate(d.day)}
              </th>
              {SERIES.map((s) => (
                <td key={s.key}>{euro(d[s.key])}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The yearly payouts-per-creator report (CSV) for a chosen calendar year. */
function PayoutReport({ download }: { download: (path: string) => void }) {
  const [year, setYear] = useState(() => new Date().getFullYear() - 1);
  return (
    <section
      className="space-y-2 rounded-xl border border-slate-200 p-3"
      aria-labelledby="payout-report"
    >
      <h3 id="payout-report" className="text-sm font-semibold">
        {t('admin.money.payoutReport')}
      </h3>
      <p className="text-sm text-slate-600">
        {t('admin.money.payoutReportText')}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <label className="text-sm" htmlFor="payout-report-year">
          {t('admin.money.payoutReportYear')}
        </label>
        <select
          id="payout-report-year"
          className="min-h-11 min-w-11 rounded-lg border border-slate-300 bg-white px-3 py-2 text-base"
          value={year}
          onChange={(e) => setYear(Number(e.target.value))}
        >
          {[0, 1, 2, 3, 4].map((back) => {
            const y = new Date().getFullYear() - back;
            return (
              <option key={y} value={y}>
                {y}
              </option>
            );
          })}
        </select>
        <Button
          variant="secondary"
          onClick={() => download(`/api/admin/reports/payouts/${year}`)}
        >
          {t('admin.exportCsv')}
        </Button>
      </div>
    </section>
  );
}

/** Money held, due soon, and 90 days of releases, refunds and fees: figures, a bar chart per series, the table and a CSV export. */
export function MoneySection({ onExpired }: { onExpired: () => void }) {
  const overview = useMoneyOverview();
  const o = overview.data;
  const download = (path = '/api/admin/money/overview/export') =>
    downloadExport(path, 'csv').catch((error: unknown) => {
      if (error instanceof AdminSessionExpired) onExpired();
      else
        toast({
          title: t('admin.errorTitle'),
          description: errorText(error),
          variant: 'destructive',
        });
    });
  if (overview.isError)
    return <p className="text-sm text-red-600">{errorText(overview.error)}</p>;
  if (!o) return <Spinner />;
  return (
    <div className="space-y-4">
      <AdminAlertsCard />
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        <Figure
          label={t('admin.money.held')}
          cents={o.heldCents}
          testId="money-held"
        />
        <Figure
          label={t('admin.money.disputed')}
          cents={o.disputedCents}
          testId="money-disputed"
        />
        <Figure
          label={t('admin.money.due24h')}
          cents={o.dueIn24hCents}
          testId="money-due-24h"
        />
        <Figure
          label={t('admin.money.due7d')}
          cents={o.dueIn7dCents}
          testId="money-due-7d"
        />
        {SERIES.map((s) => (
          <Figure
            key={s.key}
            label={t('admin.money.total', { what: t(s.label) })}
            cents={o.totals[s.key]}
            testId={`money-total-${s.key}`}
          />
        ))}
      </dl>
      {SERIES.map((s) => (
        <section key={s.key} className="space-y-1">
          <h3 className="text-sm font-semibold">
            {t('admin.money.perDay', { what: t(s.label) })}
          </h3>
          <DayBars
            days={o.days.map((d) => d.day)}
            emptyText={t('admin.money.chartEmpty', { what: t(s.label) })}
            title={t('admin.money.perDay', { what: t(s.label) })}
            description={t('admin.money.chartDesc', {
              total: euro(o.totals[s.key]),
              from: formatDate(o.days[0]!.day),
              to: formatDate(o.days.at(-1)!.day),
            })}
            values={o.days.map((d) => d[s.key])}
            color={s.color}
          />
        </section>
      ))}
      <Button variant="secondary" onClick={() => void download()}>
        {t('admin.exportCsv')}
      </Button>
      <DayTable days={o.days} />
      <PayoutReport download={(path) => void download(path)} />
    </div>
  );
}
