import type { ReactNode } from 'react';
import { t } from '@/i18n';

/**
 * The actions block of an admin panel (deal or payment request): auditors read a note instead of
 * buttons, and a panel without allowed actions says why in `emptyText`.
 */
export function AdminActions({
  readOnly,
  actions,
  emptyText,
}: {
  readOnly: boolean;
  actions: ReactNode[];
  emptyText: string;
}) {
  return (
    <div>
      <h3 className="mb-2 font-semibold">{t('admin.actions')}</h3>
      {readOnly ? (
        <p className="text-sm text-slate-500">{t('admin.auditor')}</p>
      ) : actions.length > 0 ? (
        <div className="flex flex-wrap gap-2">{actions}</div>
      ) : (
        <p className="text-sm text-slate-500">{emptyText}</p>
      )}
    </div>
  );
}
