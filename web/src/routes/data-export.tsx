import { Link, useParams } from '@/lib/router';
import { Page } from '@/components/ui/page';
import { DataExportPanel } from '@/features/privacy/components/data-export-panel';
import { DataErasurePanel } from '@/features/privacy/components/data-erasure-panel';
import { t } from '@/i18n';

/**
 * "Your data" (docs/privacy.md): the signed-in user's at /profile/export, a creator's through the
 * deal link this browser holds at /accept/:token/data; its copy, and erasing it.
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
      <div className="space-y-4">
        <DataExportPanel
          target={token ? { kind: 'link', token } : { kind: 'user' }}
        />
        <DataErasurePanel
          target={token ? { kind: 'link', token } : { kind: 'user' }}
        />
      </div>
    </Page>
  );
}
