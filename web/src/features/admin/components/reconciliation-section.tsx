import { useState } from 'react';
import { inputClass } from '@/components/ui/field';
import { ScrollTable } from '@/components/ui/scroll-table';
import { Spinner } from '@/components/ui/spinner';
import { formatDateTime } from '@/lib/dates';
import { errorText } from '@/lib/http';
import { formatMoney, t, type MessageKey } from '@/i18n';
import {
  useReconciliation,
  type ReconciliationReportDto,
} from '@/features/admin/api/admin-money';
import { TrialBalanceSection } from './trial-balance-section';

type Mismatch = ReconciliationReportDto['mismatches'][number];
const money = (cents: number | null) =>
  cents === null ? '—' : formatMoney(cents);

function MismatchTable({ kind, rows }: { kind: string; rows: Mismatch[] }) {
  return (
    <section
      className="space-y-2 rounded-2xl border border-red-200 bg-white p-3 shadow-sm"
      data-testid={`reconciliation-kind-${kind}`}
    >
      <h3 className="font-semibold">
        {t(`admin.movement.${kind}` as MessageKey)}
      </h3>
      <ScrollTable
        label={t(`admin.movement.${kind}` as MessageKey)}
        columns={[
          t('admin.recon.problem'),
          t('admin.recon.reference'),
          t('admin.recon.escrow'),
          t('admin.recon.ledger'),
          t('admin.recon.gateway'),
          t('admin.recon.at'),
        ]}
      >
        {rows.map((m) => (
          <tr
            key={`${m.problem}:${m.reference}`}
            className="border-t border-slate-100 align-top"
            data-testid="reconciliation-mismatch"
          >
            <td>{t(`admin.recon.${m.problem}` as MessageKey)}</td>
            <td>{m.reference}</td>
            <td className="text-slate-500">{m.streamId ?? '—'}</td>
            <td>{money(m.ledgerCents)}</td>
            <td>{money(m.gatewayCents)}</td>
            <td>{formatDateTime(m.at)}</td>
          </tr>
        ))}
      </ScrollTable>
    </section>
  );
}

/** The ledger compared with the gateway's own records: totals per kind, then every mismatch grouped by kind. */
export function ReconciliationSection() {
  const [since, setSince] = useState('');
  const report = useReconciliation(since);
  const r = report.data;
  const kinds = r ? [...new Set(r.mismatches.map((m) => m.kind))] : [];
  return (
    <div className="space-y-4">
      <label className="block max-w-xs text-sm">
        {t('admin.recon.since')}
        <input
          type="date"
          className={inputClass}
          value={since}
          onChange={(e) => setSince(e.target.value)}
          data-testid="reconciliation-since"
        />
      </label>
      {report.isPending && <Spinner />}
      {report.isError && (
        <p className="text-sm text-red-600">{errorText(report.error)}</p>
      )}
      {r && (
        <>
          <p
            role="status"
            className={`rounded-lg p-2 text-sm font-semibold ${r.mismatches.length ? 'bg-red-50 text-red-800' : 'bg-green-50 text-green-800'}`}
            data-testid="reconciliation-status"
          >
            {r.mismatches.length
              ? t('admin.recon.mismatches', { count: r.mismatches.length })
              : t('admin.recon.ok')}
          </p>
          <ScrollTable
            label={t('admin.recon.kind')}
            testId="reconciliation-totals"
            caption={t('admin.recon.period', {
              since: formatDateTime(r.since),
              until: formatDateTime(r.until),
            })}
            columns={[
              t('admin.recon.kind'),
              t('admin.recon.ledger'),
              t('admin.recon.gateway'),
            ]}
          >
            {r.kinds.map((k) => (
              <tr key={k.kind} className="border-t border-slate-100">
                <th scope="row" className="font-normal">
                  {t(`admin.movement.${k.kind}` as MessageKey)}
                </th>
                <td>
                  {k.ledgerCount} · {money(k.ledgerCents)}
                </td>
                <td>
                  {k.gatewayCount} · {money(k.gatewayCents)}
                </td>
              </tr>
            ))}
          </ScrollTable>
          {kinds.map((kind) => (
            <MismatchTable
              key={kind}
              kind={kind}
              rows={r.mismatches.filter((m) => m.kind === kind)}
            />
          ))}
          {r.trialBalance && <TrialBalanceSection trial={r.trialBalance} />}
        </>
      )}
    </div>
  );
}
