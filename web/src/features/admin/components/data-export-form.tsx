import { t } from '@/i18n';
import {
  requestDataExport,
  saveExport,
} from '@/features/privacy/api/data-export';
import { PersonRequestForm } from './person-request-form';

/** An admin makes a user's data export: the server records it with the admin as actor, the JSON downloads. */
export function DataExportForm() {
  return (
    <PersonRequestForm
      textKey="admin.dataExport"
      hintKey="admin.dataExportHint"
      name="export-user"
      run={async (user) => {
        saveExport(await requestDataExport({ kind: 'admin', user }));
        return t('admin.dataExportDone', { user });
      }}
    />
  );
}
