import { t } from '@/i18n';
import { requestErasure } from '@/features/privacy/api/data-erasure';
import { PersonRequestForm } from './person-request-form';

/** An admin erases a user's data on the person's request, after a confirmation. */
export function DataErasureForm() {
  return (
    <PersonRequestForm
      textKey="admin.dataErasure"
      hintKey="admin.dataErasureHint"
      name="erase-user"
      confirmKey="admin.dataErasureConfirm"
      run={async (user) => {
        await requestErasure({ kind: 'admin', user });
        return t('admin.dataErasureDone', { user });
      }}
    />
  );
}
