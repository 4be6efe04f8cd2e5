import { ScrollTable } from '@/components/ui/scroll-table';
import { formatDate, formatDateTime } from '@/lib/dates';
import { formatMoney, t } from '@/i18n';
import type { ReconciliationReportDto } from '@/features/admin/api/admin-money';

type TrialBalanceDto = NonNullable<ReconciliationReportDto['trialBalance']>;

function UnbalancedTable({ rows }: { rows: TrialBalanceDto['unbalanced'] }) {
  return (
    <ScrollTable
      label={t('admin.recon.escrow')}
      testId="trial-balance-unbalanced"
      columns={[
        t('admin.recon.escrow'),
        t('admin.recon.posted'),
        t('admin.recon.pending'),
        t('admin.recon.at'),
      ]}
    >
      {rows.map((u) => (
        <tr
          key={`${u.streamId}:${u.at}`}
          className="border-t border-slate-100 align-top"
        >
          <td>{u.streamId}</td>
          <td>{formatMoney(u.postedCents)}</td>
          <td>{formatMoney(u.pendingCents)}</td>
          <td>{formatDateTime(u.at)}</td>
        </tr>
      ))}
    </ScrollTable>
  );
}

/**
 * The ledger checked against itself: what all escrows posted per day (double entry makes debits
 * equal credits) and any escrow state whose accounts do not sum to zero, as `npm run reconcile` prints.
 */
export function TrialBalanceSection({ trial }: { trial: TrialBalanceDto }) {
  const bad = trial.unbalanced.length;
  return (
    <section
      className="space-y-2 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm"
      data-testid="trial-balance"
    >
      <h3 className="font-semibold">{t('admin.recon.trial')}</h3>
      <p
        role="status"
        className={`rounded-lg p-2 text-sm font-semibold ${bad ? 'bg-red-50 text-red-800' : 'bg-green-50 text-green-800'}`}
        data-testid="trial-balance-status"
      >
        {bad
          ? t('admin.recon.trialUnbalanced', { count: bad })
          : t('admin.recon.trialOk')}
      </p>
      {bad > 0 && <UnbalancedTable rows={trial.unbalanced} />}
      {trial.days.length === 0 ? (
        <p className="text-sm text-slate-600">{t('admin.recon.trialEmpty')}</p>
      ) : (
        <ScrollTable
          label={t('admin.recon.trial')}
          testId="trial-balance-days"
          columns={[
            t('admin.recon.day'),
            t('admin.recon.debits'),
            t('admin.recon.credits'),
          ]}
        >
          {trial.days.map((d) => (
            <tr key={d.day} className="border-t border-slate-100">
              <th scope="row" className="font-normal">
                {formatDate(d.day)}
              </th>
              <td>{formatMoney(d.debitsCents)}</td>
              <td>{formatMoney(d.creditsCents)}</td>
            </tr>
          ))}
        </ScrollTable>
      )}
    </section>
  );
}
