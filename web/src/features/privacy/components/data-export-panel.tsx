import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { toast } from '@/components/ui/toast-store';
import { formatDateTime } from '@/lib/dates';
import { errorText } from '@/lib/http';
import { t } from '@/i18n';
import { DATA_EXPORTS_PER_HOUR } from '@machines/privacy/export-limit';
import {
  requestDataExport,
  saveExport,
  type ExportTarget,
  type PersonalDataExport,
} from '@/features/privacy/api/data-export';
import {
  Collaborations,
  DocumentsSection,
  ProfileSection,
} from './data-export-view';
import {
  ActivitySection,
  NotificationsSection,
  PersonalDataSection,
} from './data-export-more';

/** The person's data, readable, once the server made it. */
function ExportContent({ data }: { data: PersonalDataExport }) {
  return (
    <div className="space-y-4" data-testid="data-export">
      <Card className="space-y-3">
        <p className="text-sm text-slate-600">
          {t('dataExport.ready', { at: formatDateTime(data.generatedAt) })}
        </p>
        <Button block onClick={() => saveExport(data)}>
          {t('dataExport.download')}
        </Button>
      </Card>
      <ProfileSection data={data} />
      <Collaborations
        title={t('dataExport.deals', { n: data.deals.length })}
        items={data.deals}
      />
      {!data.link && (
        <Collaborations
          title={t('dataExport.requests', { n: data.paymentRequests.length })}
          items={data.paymentRequests}
        />
      )}
      <DocumentsSection data={data} />
      <NotificationsSection data={data} />
      <ActivitySection data={data} />
      <PersonalDataSection data={data} />
    </div>
  );
}

/**
 * "Your data": what the export holds, a button that has the server make it (each export is
 * recorded and limited, so it is made on request, not on every visit), then the readable page
 * and its JSON download.
 */
export function DataExportPanel({ target }: { target: ExportTarget }) {
  const [data, setData] = useState<PersonalDataExport | null>(null);
  const [busy, setBusy] = useState(false);
  const prepare = async () => {
    setBusy(true);
    try {
      setData(await requestDataExport(target));
    } catch (error) {
      toast({
        title: t('dataExport.failed'),
        description: errorText(error),
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  };
  if (data) return <ExportContent data={data} />;
  return (
    <Card className="space-y-3">
      <p className="text-sm">
        {target.kind === 'link'
          ? t('dataExport.linkIntro')
          : t('dataExport.intro', { max: DATA_EXPORTS_PER_HOUR })}
      </p>
      <Button block onClick={prepare} disabled={busy}>
        {busy ? t('dataExport.preparing') : t('dataExport.prepare')}
      </Button>
    </Card>
  );
}
