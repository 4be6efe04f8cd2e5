import { formatDateTime } from '@/lib/dates';
import { t, tKey } from '@/i18n';
import type { PersonalDataExport } from '@/features/privacy/api/data-export';
import { Empty, Section } from './data-export-view';
import { writtenText } from '@/features/deals/model/deal-text';

function NotificationsSection({ data }: { data: PersonalDataExport }) {
  const n = data.notifications;
  const state = (on: boolean) =>
    on ? t('dataExport.on') : t('dataExport.off');
  return (
    <Section title={t('dataExport.notifications')}>
      {n.preferences && (
        <>
          <p>{t('dataExport.pushOn', { state: state(n.preferences.push) })}</p>
          <p>
            {t('dataExport.emailOn', { state: state(n.preferences.email) })}
          </p>
        </>
      )}
      {n.emailOptedOut && <p>{t('dataExport.optedOut')}</p>}
      <p>{t('dataExport.deliveries', { n: n.deliveries.length })}</p>
      <ul className="space-y-1 text-xs">
        {n.deliveries.map((d, i) => (
          <li key={i}>
            {formatDateTime(d.at)} · {d.channel} · <code>{d.kind}</code> ·{' '}
            {tKey(`dataExport.outcome.${d.outcome}`)}
          </li>
        ))}
      </ul>
    </Section>
  );
}

function ActivitySection({ data }: { data: PersonalDataExport }) {
  return (
    <>
      {/* A link has no account to sign in to. */}
      {!data.link && (
        <Section title={t('dataExport.signIns', { n: data.signIns.length })}>
          <p className="text-xs text-slate-600">
            {t('dataExport.signInsNote')}
          </p>
          <ul className="space-y-1 text-xs">
            {data.signIns.map((s, i) => (
              <li key={i}>{formatDateTime(s.at)}</li>
            ))}
          </ul>
        </Section>
      )}
      <Section
        title={t('dataExport.agreements', { n: data.agreements.length })}
      >
        <ul className="space-y-1">
          {data.agreements.map((a, i) => (
            <li key={i}>
              {tKey(`dataExport.agreement.${a.kind}`)} · {formatDateTime(a.at)}
            </li>
          ))}
        </ul>
      </Section>
      <Section
        title={t('dataExport.push', { n: data.pushSubscriptions.length })}
      >
        {data.pushSubscriptions.length === 0 ? (
          <Empty />
        ) : (
          <ul>
            {data.pushSubscriptions.map((p, i) => (
              <li key={i}>{p.host}</li>
            ))}
          </ul>
        )}
      </Section>
    </>
  );
}

function PersonalDataSection({ data }: { data: PersonalDataExport }) {
  return (
    <Section title={t('dataExport.personal', { n: data.personalData.length })}>
      <p className="text-xs text-slate-600">{t('dataExport.personalNote')}</p>
      <ul className="space-y-1" data-testid="export-personal">
        {data.personalData.map((p, i) => (
          <li key={i} className="break-words">
            <code className="text-xs">{p.field}</code> (
            {tKey(`dataExport.privacy.${p.privacy}`)}
            ): {writtenText(p.value)}
          </li>
        ))}
      </ul>
    </Section>
  );
}

export { NotificationsSection, ActivitySection, PersonalDataSection };
