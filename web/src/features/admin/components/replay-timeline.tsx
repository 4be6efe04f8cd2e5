import { useEffect, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { TOTAL_STEPS } from '@/components/ui/progress-tracker';
import { formatDateTime } from '@/lib/dates';
import { formatMoney, t, type MessageKey } from '@/i18n';
import { eventText } from '@/features/admin/model/event-text';
import {
  useIntegrity,
  useReplay,
  type ReplayEntry,
} from '@/features/admin/api/admin-audit';
import { ReplayLedger } from './replay-ledger';

/** The chain state of the stream: intact, or where it first breaks. */
function ChainChip({ dealId }: { dealId: number }) {
  const chain = useIntegrity(dealId);
  if (!chain.data) return null;
  const { ok, events, firstBreak } = chain.data;
  return ok ? (
    <span
      data-testid="chain-state"
      data-ok="true"
      className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs text-emerald-800"
    >
      {t('admin.chainOk', { count: events })}
    </span>
  ) : (
    <span
      data-testid="chain-state"
      data-ok="false"
      role="alert"
      className="rounded-full bg-red-50 px-2 py-0.5 text-xs font-semibold text-red-800"
    >
      {t(
        firstBreak?.reason === 'missing'
          ? 'admin.chainMissing'
          : 'admin.chainBroken',
        {
          revision: firstBreak?.revision ?? 0,
          type: firstBreak?.type ?? '',
        },
      )}
    </span>
  );
}

/** The deal as it stood right after the chosen event: status, progress step, amount held, allowed actions, accounts. */
function ReplayState({
  entry: current,
  at,
  total,
}: {
  entry: ReplayEntry;
  at: number;
  total: number;
}) {
  return (
    <div
      className="space-y-1 rounded-xl border border-slate-200 bg-slate-50 p-3 text-sm"
      data-testid="replay-state"
      data-index={at}
      aria-live="polite"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-semibold">
          {t('admin.replayStep', { n: at + 1, total })}
        </span>
        {current.view.status !== 'new' && (
          <Badge tone={current.view.badge as 'grey'}>
            {t(`admin.status.${current.view.status}` as MessageKey)}
          </Badge>
        )}
      </div>
      <p className="text-slate-600">
        {formatDateTime(current.at)} ·{' '}
        <span data-testid="replay-actor">{current.actor.name}</span>
      </p>
      <p data-testid="replay-summary">{eventText(current.summary)}</p>
      <dl className="grid grid-cols-2 gap-x-2 text-xs text-slate-600">
        <dt>{t('admin.replayProgress')}</dt>
        <dd data-testid="replay-step">
          {current.view.step === null
            ? '—'
            : t('admin.replayProgressValue', {
                step: current.view.step,
                total: TOTAL_STEPS,
              })}
        </dd>
        <dt>{t('admin.replayHeld')}</dt>
        <dd data-testid="replay-held">
          {formatMoney(current.view.heldCents)}
          {current.view.onHold ? ` · ${t('admin.requestOnHoldBadge')}` : ''}
        </dd>
        <dt>{t('admin.replayAllowed')}</dt>
        <dd data-testid="replay-can">
          {current.view.can.length
            ? current.view.can
                .map((a) => t(`admin.action.${a}` as MessageKey))
                .join(', ')
            : '—'}
        </dd>
      </dl>
      {current.ledger && <ReplayLedger ledger={current.ledger} />}
    </div>
  );
}

/**
 * A deal's history as a replay: the slider (arrow keys too) picks an event and the panel shows
 * the deal as it stood right after it — status, progress step, the actions the statechart
 * allowed, the amount held — folded on the server through the one statechart fold. Below it,
 * every event with who did it (by name) and why.
 */
export function ReplayTimeline({ dealId }: { dealId: number }) {
  const replay = useReplay(dealId);
  const entries = replay.data ?? [];
  const [index, setIndex] = useState<number | null>(null);
  const last = entries.length - 1;
  const at = index === null || index > last ? last : index;
  useEffect(() => setIndex(null), [dealId]);
  const current = entries[at];

  return (
    <section aria-label={t('admin.history')} className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold">{t('admin.history')}</h3>
        <ChainChip dealId={dealId} />
      </div>
      {replay.isPending && (
        <p className="text-sm text-slate-500">{t('app.loading')}</p>
      )}
      {replay.isError && (
        <p className="text-sm text-red-600">{replay.error.message}</p>
      )}
      {replay.isSuccess && entries.length === 0 && (
        <p className="text-sm text-slate-500">{t('admin.historyEmpty')}</p>
      )}
      {current && (
        <>
          <label className="block text-sm">
            <span className="sr-only">{t('admin.replay')}</span>
            <input
              type="range"
              min={0}
              max={last}
              step={1}
              value={at}
              data-testid="replay-slider"
              aria-valuetext={`${at + 1} / ${entries.length}: ${eventText(current.summary)}`}
              onChange={(e) => setIndex(Number(e.target.value))}
              className="h-11 w-full accent-brand-600"
            />
          </label>
          <ReplayState entry={current} at={at} total={entries.length} />
          <ol
            className="max-h-64 space-y-1 overflow-y-auto border-l-2 border-slate-200 pl-3 text-xs"
            data-testid="event-history"
          >
            {entries.map((e, i) => (
              <li
                key={e.revision}
                className={`break-words ${i === at ? 'font-semibold text-brand-700' : ''} ${e.type === 'DealNoteAdded' ? 'rounded bg-amber-50 p-1' : ''}`}
              >
                <button
                  type="button"
                  className="min-h-11 w-full text-left"
                  onClick={() => setIndex(i)}
                  aria-current={i === at}
                >
                  <span className="font-semibold">{formatDateTime(e.at)}</span>{' '}
                  <span className="text-slate-600">· {e.actor.name}</span>
                  <span className="block text-slate-700">
                    {eventText(e.summary)}
                  </span>
                </button>
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
