import type { DealDto } from '@machines/contract/api';
import { Card } from '@/components/ui/card';
import { formatDateTime } from '@/lib/dates';
import { t } from '@/i18n';

/** What has rounds of delivery: a deal, or one milestone of a deal with a plan. */
type Revisable = Pick<
  DealDto,
  'revisions' | 'revisionsUsed' | 'revisionRounds'
>;

function RevisionList({ deal: d }: { deal: Revisable }) {
  return (
    <ol className="space-y-3 text-sm" data-testid="revision-history">
      {d.revisions.map((r) => (
        <li
          key={`${r.kind}-${r.at}`}
          className="border-l-2 border-slate-200 pl-3"
        >
          <p className="font-medium">{t(`revisions.${r.kind}`)}</p>
          <p className="text-xs text-slate-500">{formatDateTime(r.at)}</p>
          {r.note && (
            <p className="mt-1 whitespace-pre-line break-words">{r.note}</p>
          )}
          {r.links.map((link) => (
            <a
              key={link}
              href={link}
              rel="noopener noreferrer nofollow"
              target="_blank"
              className="block break-all text-blue-700 underline"
            >
              {link}
            </a>
          ))}
        </li>
      ))}
    </ol>
  );
}

/**
 * Deliveries, change requests and redeliveries with their notes and links, for the brand and the
 * creator alike; `embedded` inside a milestone's card (no card of its own, a smaller heading).
 */
export function RevisionHistory({
  deal: d,
  embedded = false,
}: {
  deal: Revisable;
  embedded?: boolean;
}) {
  if (d.revisions.length === 0) return null;
  const used = (
    <p className="mb-2 text-sm text-slate-600">
      {t('revisions.used', { used: d.revisionsUsed, rounds: d.revisionRounds })}
    </p>
  );
  if (embedded)
    return (
      <section>
        <h4 className="mb-1 text-sm font-semibold">{t('revisions.heading')}</h4>
        {used}
        <RevisionList deal={d} />
      </section>
    );
  return (
    <Card>
      <h2 className="mb-1 font-semibold">{t('revisions.heading')}</h2>
      {used}
      <RevisionList deal={d} />
    </Card>
  );
}
