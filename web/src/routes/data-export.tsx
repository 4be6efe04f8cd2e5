import { Link, useParams } from 'react-router-dom';
import { Page } from '@/components/ui/page';
import { DataExportPanel } from '@/features/privacy/components/data-export-panel';
import { t } from '@/i18n';

/**
 * "Your data" (docs/privacy.md): the signed-in user's at /profile/export, a creator's through the
 * deal link this browser holds at /accept/:token/data.
 */
export default function DataExportRoute() {
  const { token } = useParams();
  const back = token ? `/accept/${token}` : '/profile';
  return (
    <Page
      title={t('dataExport.title')}
      subtitle={t('dataExport.subtitle')}
      back={
        <Link
          to={back}
          aria-label={t('doc.back')}
          className="-ml-2 inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-lg text-2xl leading-none text-slate-600 hover:bg-slate-100"
        >
          ←
        </Link>
      }
    >
      <DataExportPanel target={token ? { kind: 'link', token } : { kind: 'user' }} />
    </Page>
  );
}
