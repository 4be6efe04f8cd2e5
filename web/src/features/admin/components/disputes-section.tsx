import { DisputeThreadPanel } from '@/features/disputes/components/dispute-thread-panel';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { inputClass } from '@/components/ui/field';
import { toast } from '@/components/ui/toast-store';
import { formatDate, formatDateTime } from '@/lib/dates';
import { errorText } from '@/lib/http';
import {
  disputeOutcomeWords,
  type DisputeOutcome,
} from '@machines/contract/dispute-api';
import { currentLanguage, formatMoney, t, type MessageKey } from '@/i18n';
import { AdminSessionExpired } from '@/features/admin/api/admin-api';
import { eventText } from '@/features/admin/model/event-text';
import { referenceText } from '@/features/admin/model/gateway-reference';
import { holdText } from '@/features/admin/model/hold-line';
import {
  disputeKinds,
  disputeOutcomes,
  disputePath,
  disputeRefOf,
  downloadExport,
  type DisputeRef,
  useDispute,
  useDisputes,
  type DisputeFilters,
} from '@/features/admin/api/admin-audit';

/** An outcome in the admin's words: the same table the dispute exports write (dispute-api.ts). */
const outcomeText = (outcome: DisputeOutcome): string =>
  disputeOutcomeWords[currentLanguage()][outcome];

function ExportButtons({
  path,
  filters,
  label,
  onExpired,
}: {
  path: string;
  filters?: DisputeFilters;
  label: string;
  onExpired: () => void;
}) {
  const run = (format: 'csv' | 'json') =>
    downloadExport(path, format, filters).catch((error: unknown) => {
      if (error instanceof AdminSessionExpired) onExpired();
      else
        toast({
          title: t('admin.errorTitle'),
          description: errorText(error),
          variant: 'destructive',
        });
    });
  return (
    <div className="flex flex-wrap gap-2" role="group" aria-label={label}>
      <Button variant="secondary" onClick={() => void run('csv')}>
        {t('admin.exportCsv')}
      </Button>
      <Button variant="secondary" onClick={() => void run('json')}>
        {t('admin.exportJson')}
      </Button>
    </div>
  );
}

/** A titled list of a dispute's records, or a dash when there are none. */
function RecordList({
  title,
  rows,
  testId,
}: {
  title: string;
  rows: string[];
  testId: string;
}) {
  return (
    <div>
      <h3 className="text-sm font-semibold">{title}</h3>
      {rows.length ? (
        <ul className="list-disc pl-5 text-sm" data-testid={testId}>
          {rows.map((r, i) => (
            <li key={i} className="break-words">
              {r}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-500">—</p>
      )}
    </div>
  );
}

type Dispute = NonNullable<ReturnType<typeof useDispute>['data']>;

/** What happened in the dispute: evidence, holds, decisions, automatic steps, money, and the whole timeline. */
function DisputeRecords({ d }: { d: Dispute }) {
  return (
    <>
      <RecordList
        title={t('admin.evidence')}
        rows={d.evidence.map(
          (e) =>
            `${formatDateTime(e.at)} · ${e.by}: ${e.text}${e.files
              .map((f) => ` · ${f.name} (SHA-256 ${f.sha256})`)
              .join('')}`,
        )}
        testId="dispute-evidence"
      />
      <RecordList
        title={t('admin.holds')}
        rows={d.holds.map(
          (h) =>
            `${formatDateTime(h.since)} → ${h.until ? formatDateTime(h.until) : t('admin.holdOngoing')} · ${h.by}: ${holdText(h)}`,
        )}
        testId="dispute-holds"
      />
      <RecordList
        title={t('admin.decisions')}
        rows={d.decisions.map(
          (e) => `${formatDateTime(e.at)} · ${e.by}: ${eventText(e.summary)}`,
        )}
        testId="dispute-decisions"
      />
      <RecordList
        title={t('admin.automatic')}
        rows={d.automatic.map(
          (e) => `${formatDateTime(e.at)}: ${eventText(e.summary)}`,
        )}
        testId="dispute-automatic"
      />
      <RecordList
        title={t('admin.money')}
        rows={d.money.map(
          (m) =>
            `${formatDateTime(m.at)} · ${t(`admin.moneyKind.${m.kind}` as MessageKey)} · ${formatMoney(m.amountCents)}${m.reference ? ` · ${referenceText(m.reference)}` : ''}`,
        )}
        testId="dispute-money"
      />
      <RecordList
        title={t('admin.timeline')}
        rows={d.timeline.map(
          (e) =>
            `${formatDateTime(e.at)} · ${e.actor.name}: ${eventText(e.summary)}`,
        )}
        testId="dispute-timeline"
      />
    </>
  );
}

/** Where a dispute's conversation is read and written by admins, and its page's title. */
const subjectOf = ({ kind, id }: DisputeRef) =>
  kind === 'deal'
    ? {
        thread: `/api/admin/deals/${id}/dispute`,
        title: t('admin.disputeTitle', { id }),
      }
    : {
        thread: `/api/admin/payment-requests/${id}/dispute`,
        title: t('admin.requestDisputeTitle', { id }),
      };

function DisputePage({
  dispute: ref,
  onExpired,
}: {
  dispute: DisputeRef;
  onExpired: () => void;
}) {
  const dispute = useDispute(ref);
  const d = dispute.data;
  if (dispute.isError)
    return <p className="text-sm text-red-600">{dispute.error.message}</p>;
  if (!d) return <p className="text-sm text-slate-500">{t('app.loading')}</p>;
  const subject = subjectOf(ref);
  return (
    <section
      className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
      aria-label={subject.title}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="font-bold">{subject.title}</h2>
        <span
          className="rounded-full bg-slate-100 px-2 py-0.5 text-xs"
          data-testid="dispute-outcome"
        >
          {outcomeText(d.outcome)}
        </span>
      </div>
      <p className="break-words text-sm">
        {d.brand} → {d.creator} · {formatMoney(d.amountCents)}
        {d.milestone !== undefined &&
          ` · ${t('admin.disputeMilestone', { n: d.milestone })}`}
      </p>
      <p className="text-sm">
        <span className="font-semibold">{t('admin.disputeReason')}:</span>{' '}
        {d.reason}
        {d.description ? ` — ${d.description}` : ''}
      </p>
      {ref.kind === 'payment_request' && (
        <a
          href={`/admin?request=${ref.id}`}
          className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-700 underline"
          data-testid="dispute-request-link"
        >
          {t('admin.requestActions')}
        </a>
      )}
      <ExportButtons
        path={`${disputePath(ref)}/export`}
        label={t('admin.exportOne')}
        onExpired={onExpired}
      />
      <DisputeThreadPanel target={{ base: subject.thread, auth: 'admin' }} />
      <DisputeRecords d={d} />
    </section>
  );
}

/** The outcome and date filters, and the export of what they select. */
function DisputeFilterBar({
  filters,
  set,
  onExpired,
}: {
  filters: DisputeFilters;
  set: (patch: Partial<DisputeFilters>) => void;
  onExpired: () => void;
}) {
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-4 sm:items-end">
      <label className="text-sm">
        {t('admin.disputeKind')}
        <select
          className={inputClass}
          value={filters.kind}
          onChange={(e) =>
            set({ kind: e.target.value as DisputeFilters['kind'] })
          }
          data-testid="dispute-kind-filter"
        >
          <option value="">{t('admin.chip.all')}</option>
          {disputeKinds.map((k) => (
            <option key={k} value={k}>
              {t(`admin.disputeKindFilter.${k}` as MessageKey)}
            </option>
          ))}
        </select>
      </label>
      <label className="text-sm">
        {t('admin.outcome')}
        <select
          className={inputClass}
          value={filters.outcome}
          onChange={(e) =>
            set({ outcome: e.target.value as DisputeFilters['outcome'] })
          }
          data-testid="dispute-outcome-filter"
        >
          <option value="">{t('admin.chip.all')}</option>
          {disputeOutcomes.map((o) => (
            <option key={o} value={o}>
              {outcomeText(o)}
            </option>
          ))}
        </select>
      </label>
      <label className="text-sm">
        {t('admin.from')}
        <input
          type="date"
          className={inputClass}
          value={filters.from}
          onChange={(e) => set({ from: e.target.value })}
          data-testid="dispute-from"
        />
      </label>
      <label className="text-sm">
        {t('admin.to')}
        <input
          type="date"
          className={inputClass}
          value={filters.to}
          onChange={(e) => set({ to: e.target.value })}
          data-testid="dispute-to"
        />
      </label>
      <ExportButtons
        path="/api/admin/disputes/export"
        filters={filters}
        label={t('admin.exportAll')}
        onExpired={onExpired}
      />
    </div>
  );
}

/** The disputes the filters select; the chosen one is marked. */
function DisputeList({
  disputes,
  selected,
  onSelect,
}: {
  disputes: ReturnType<typeof useDisputes>;
  selected: DisputeRef | null;
  onSelect: (ref: DisputeRef) => void;
}) {
  return (
    <ul className="min-w-0 space-y-2" aria-label={t('admin.tab.disputes')}>
      {disputes.isSuccess && disputes.data.length === 0 && (
        <li className="text-sm text-slate-500">{t('admin.disputesEmpty')}</li>
      )}
      {disputes.data?.map((d) => {
        const ref = disputeRefOf(d);
        const current = selected?.kind === ref.kind && selected.id === ref.id;
        return (
          <li key={`${ref.kind}-${ref.id}`}>
            <button
              type="button"
              onClick={() => onSelect(ref)}
              aria-current={current}
              data-kind={ref.kind}
              className={`block w-full min-w-0 rounded-xl border bg-white p-3 text-left text-sm shadow-sm ${current ? 'border-brand-600 ring-2 ring-brand-100' : 'border-slate-200'}`}
            >
              <span className="block text-xs font-semibold uppercase text-slate-600">
                {t(`admin.disputeKind.${ref.kind}` as MessageKey)}
              </span>
              <span className="flex min-w-0 justify-between gap-2">
                <span className="min-w-0 truncate font-semibold">
                  #{ref.id} {d.title ?? d.creator}
                </span>
                <span className="shrink-0">{formatMoney(d.amountCents)}</span>
              </span>
              <span className="flex min-w-0 justify-between gap-2 text-slate-600">
                <span className="min-w-0 truncate">
                  {outcomeText(d.outcome)}
                </span>
                <span className="shrink-0">{formatDate(d.openedAt)}</span>
              </span>
              <span className="block truncate text-slate-600">
                {d.milestone !== undefined &&
                  `${t('admin.disputeMilestone', { n: d.milestone })} · `}
                {d.reason}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/** Every deal and payment request that was ever in dispute, filterable by kind, outcome and date, with exports (auditors and admins). */
export function DisputesSection({ onExpired }: { onExpired: () => void }) {
  const [filters, setFilters] = useState<DisputeFilters>({
    kind: '',
    outcome: '',
    from: '',
    to: '',
  });
  const [selected, setSelected] = useState<DisputeRef | null>(null);
  const disputes = useDisputes(filters);
  const set = (patch: Partial<DisputeFilters>) => {
    setFilters({ ...filters, ...patch });
    setSelected(null);
  };
  return (
    <div className="space-y-4">
      <DisputeFilterBar filters={filters} set={set} onExpired={onExpired} />
      {disputes.isError && (
        <p className="text-sm text-red-600">{errorText(disputes.error)}</p>
      )}
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        <DisputeList
          disputes={disputes}
          selected={selected}
          onSelect={setSelected}
        />
        <div className="min-w-0">
          {selected !== null ? (
            <DisputePage
              key={`${selected.kind}-${selected.id}`}
              dispute={selected}
              onExpired={onExpired}
            />
          ) : (
            <p className="text-sm text-slate-500">{t('admin.disputeSelect')}</p>
          )}
        </div>
      </div>
    </div>
  );
}
