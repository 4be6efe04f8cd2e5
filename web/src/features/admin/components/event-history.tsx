import { formatDateTime } from '../../../lib/dates';
import { t } from '../../../i18n';
import { useAdminEvents, type HistoryEvent } from '../api/admin-events.query';

const actorOf = (e: HistoryEvent): string => {
  const actor = typeof e.actor === 'string' ? e.actor : (e.actor ?? e.metadata?.actor);
  if (!actor) return '';
  return typeof actor === 'string' ? actor : [actor.kind, actor.id].filter(Boolean).join(':');
};

/** Why is this deal where it is: its events, oldest first. */
export function EventHistory({ dealId }: { dealId: number }) {
  const events = useAdminEvents(dealId);
  return (
    <section aria-label={t('admin.history')} className="space-y-2">
      <h3 className="font-semibold">{t('admin.history')}</h3>
      {events.isPending && <p className="text-sm text-slate-500">{t('app.loading')}</p>}
      {events.isError && <p className="text-sm text-red-600">{events.error.message}</p>}
      {events.data?.length === 0 && <p className="text-sm text-slate-500">{t('admin.historyEmpty')}</p>}
      <ol className="space-y-1 border-l-2 border-slate-200 pl-3 text-xs" data-testid="event-history">
        {events.data?.map((e, i) => (
          <li key={i} className="break-words">
            <span className="font-semibold">{e.type}</span>{' '}
            <span className="text-slate-500">
              {formatDateTime(e.metadata?.at ?? e.at ?? e.recordedAt)} {actorOf(e)}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
