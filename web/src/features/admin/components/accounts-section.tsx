import { Button } from '@/components/ui/button';
import { SelectField, TextField } from '@/components/ui/field';
import { toast } from '@/components/ui/toast-store';
import { useConfirm } from '@/components/ui/use-confirm';
import { formatDateTime } from '@/lib/dates';
import { errorText } from '@/lib/http';
import { t } from '@/i18n';
import {
  useAdminAccounts,
  useDeactivateAccount,
} from '@/features/admin/api/admin-audit';
import { useCreateAccountForm } from '@/features/admin/hooks/use-create-account-form';
import { DataExportForm } from './data-export-form';
import { DataErasureForm } from './data-erasure-form';

/** The form that creates an admin or auditor account. */
function CreateAccountForm({ failed }: { failed: (error: unknown) => void }) {
  const f = useCreateAccountForm(failed);
  return (
    <form
      noValidate
      className="grid grid-cols-1 gap-3 rounded-2xl border border-slate-200 bg-white p-4 sm:grid-cols-4 sm:items-start"
      aria-label={t('admin.accountCreate')}
      onSubmit={f.submit}
    >
      <TextField
        label={t('admin.username')}
        value={f.form.username}
        onChange={(e) => f.set({ username: e.target.value })}
        maxLength={100}
        name="new-username"
        error={f.usernameError}
      />
      <TextField
        label={t('admin.password')}
        type="password"
        value={f.form.password}
        onChange={(e) => f.set({ password: e.target.value })}
        name="new-password"
        autoComplete="new-password"
        error={f.passwordError}
      />
      <SelectField
        label={t('admin.role')}
        value={f.form.role}
        onChange={(e) => f.set({ role: e.target.value as 'admin' | 'auditor' })}
        name="new-role"
      >
        <option value="auditor">{t('admin.role.auditor')}</option>
        <option value="admin">{t('admin.role.admin')}</option>
      </SelectField>
      <Button type="submit" className="sm:mt-6" disabled={f.busy}>
        {t('admin.accountCreate')}
      </Button>
    </form>
  );
}

/** Admin and auditor accounts: everyone in the area reads the list; only admins create and deactivate, and export a user's data on request. */
export function AccountsSection({
  readOnly,
  me,
}: {
  readOnly: boolean;
  me: string | undefined;
}) {
  const accounts = useAdminAccounts();
  const deactivate = useDeactivateAccount();
  const { ask, dialog } = useConfirm();
  const failed = (error: unknown) =>
    toast({
      title: t('admin.errorTitle'),
      description: errorText(error),
      variant: 'destructive',
    });

  return (
    <div className="space-y-4">
      {!readOnly && <CreateAccountForm failed={failed} />}
      {!readOnly && <DataExportForm />}
      {!readOnly && <DataErasureForm />}
      {accounts.isError && (
        <p className="text-sm text-red-600">{errorText(accounts.error)}</p>
      )}
      <ul
        className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white"
        aria-label={t('admin.tab.accounts')}
      >
        {accounts.data?.map((a) => (
          <li
            key={a.id}
            className="flex flex-wrap items-center justify-between gap-2 p-3 text-sm"
            data-testid={`account-${a.username}`}
          >
            <span>
              <span className="font-semibold">{a.username}</span> ·{' '}
              {t(`admin.role.${a.role}`)} ·{' '}
              {a.active ? t('admin.accountActive') : t('admin.accountInactive')}
              <span className="block text-xs text-slate-600">
                {t('admin.lastLogin')}:{' '}
                {a.lastLoginAt ? formatDateTime(a.lastLoginAt) : '—'}
              </span>
            </span>
            {!readOnly && a.active && a.username !== me && (
              <Button
                variant="danger"
                disabled={deactivate.isPending}
                onClick={() =>
                  ask(
                    t('admin.confirmDeactivate', { username: a.username }),
                    () =>
                      deactivate.mutate(a.id, {
                        onSuccess: () => toast({ title: t('admin.done') }),
                        onError: failed,
                      }),
                  )
                }
              >
                {t('admin.deactivate')}
              </Button>
            )}
          </li>
        ))}
      </ul>
      {dialog}
    </div>
  );
}
