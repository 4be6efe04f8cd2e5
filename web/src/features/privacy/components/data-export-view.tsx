import type { ReactNode } from 'react';
import { Link } from '@/lib/router';
import { Card } from '@/components/ui/card';
import { DetailRow } from '@/components/ui/detail-row';
import { formatDateTime } from '@/lib/dates';
import { formatMoney, t, tKey } from '@/i18n';
import { writtenText } from '@/features/deals/model/deal-text';
import {
  documentPage,
  type PersonalDataExport,
} from '@/features/privacy/api/data-export';

type Collaboration = PersonalDataExport['deals'][number];

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <h2 className="mb-2 font-semibold">{title}</h2>
      <div className="space-y-2 text-sm">{children}</div>
    </Card>
  );
}

/** A stored value as the page shows it: an erased one in the reader's words, none as "none". */
const orNone = (value: string | null | undefined) =>
  value ? writtenText(value) : t('dataExport.none');
const Empty = () => <p className="text-slate-500">{t('dataExport.empty')}</p>;

function ProfileSection({ data }: { data: PersonalDataExport }) {
  if (data.link)
    return (
      <Section title={t('dataExport.link')}>
        <dl className="space-y-1">
          <DetailRow
            label={t('dataExport.email')}
            value={orNone(data.link.email)}
          />
          <DetailRow
            label={t('dataExport.language')}
            value={data.link.language.toUpperCase()}
          />
        </dl>
      </Section>
    );
  const p = data.profile;
  if (!p) return null;
  return (
    <Section title={t('dataExport.profile')}>
      <dl className="space-y-1">
        <DetailRow
          label={t('dataExport.username')}
          value={orNone(p.username)}
        />
        <DetailRow label={t('dataExport.email')} value={orNone(p.email)} />
        <DetailRow
          label={t('dataExport.company')}
          value={orNone(p.companyName)}
        />
        <DetailRow label={t('dataExport.country')} value={orNone(p.country)} />
        <DetailRow
          label={t('dataExport.phone')}
          value={orNone(p.phoneNumber)}
        />
        <DetailRow
          label={t('dataExport.language')}
          value={orNone(p.language?.toUpperCase())}
        />
        <DetailRow
          label={t('dataExport.createdAt')}
          value={
            p.createdAt ? formatDateTime(p.createdAt) : t('dataExport.none')
          }
        />
        <DetailRow
          label={t('dataExport.payoutAccount')}
          value={tKey(`dataExport.payout.${p.payoutAccount}`)}
        />
      </dl>
    </Section>
  );
}

function CollaborationItem({ item }: { item: Collaboration }) {
  return (
    <li
      className="rounded-xl border border-slate-200 p-3"
      data-testid="export-collaboration"
    >
      <p className="font-medium">
        {item.title ? writtenText(item.title) : t('dataExport.untitled')}
      </p>
      <p className="text-xs text-slate-600">
        #{item.id} · {tKey(`dataExport.role.${item.role}`)} ·{' '}
        {tKey(`dataExport.status.${item.status}`)}
        {item.amountCents !== null && ` · ${formatMoney(item.amountCents)}`}
      </p>
      <details className="mt-2">
        <summary className="min-h-11 cursor-pointer py-2 text-xs text-slate-600">
          {t('dataExport.events', { n: item.events.length })}
        </summary>
        <ol className="space-y-1 text-xs">
          {item.events.map((e, i) => (
            <li key={i} className="break-words">
              {formatDateTime(e.at)} · <code>{e.type}</code> ·{' '}
              {e.actor === 'you' ? t('dataExport.you') : e.actor}
            </li>
          ))}
        </ol>
      </details>
    </li>
  );
}

function Collaborations({
  title,
  items,
}: {
  title: string;
  items: Collaboration[];
}) {
  return (
    <Section title={title}>
      {items.length === 0 ? (
        <Empty />
      ) : (
        <ul className="space-y-2">
          {items.map((item) => (
            <CollaborationItem key={`${item.role}-${item.id}`} item={item} />
          ))}
        </ul>
      )}
    </Section>
  );
}

function DocumentsSection({ data }: { data: PersonalDataExport }) {
  return (
    <Section title={t('dataExport.documents', { n: data.documents.length })}>
      {data.documents.length === 0 ? (
        <Empty />
      ) : (
        <ul className="divide-y divide-slate-100">
          {data.documents.map((d) => (
            <li key={d.url}>
              <Link
                to={documentPage(d.url)}
                className="block min-h-11 py-3 text-indigo-700"
              >
                {tKey(`dataExport.doc.${d.kind}`)} · {d.subject}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

export { Section, Empty, ProfileSection, Collaborations, DocumentsSection };
