import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { inputClass } from '@/components/ui/field';
import { toast } from '@/components/ui/toast-store';
import { useConfirm } from '@/components/ui/use-confirm';
import { formatDateTime } from '@/lib/dates';
import { errorText } from '@/lib/http';
import { t } from '@/i18n';
import {
  useAdminAccounts,
  useCreateAccount,
  useDeactivateAccount,
} from '@/features/admin/api/admin-audit';

/** The form that creates an admin or auditor account. */
function CreateAccountForm({ failed }: { failed: (error: unknown) => void }) {
  const create = useCreateAccount();
  const [form, setForm] = useState({
    username: '',
    password: '',
    role: 'auditor' as 'admin' | 'auditor',
  });
  return (
    <form
      className="flex flex-wrap items-end gap-3 rounded-2xl border border-slate-200 bg-white p-4"
      aria-label={t('admin.accountCreate')}
      onSubmit={(e) => {
        e.preventDefault();
        create.mutate(form, {
          onSuccess: () => {
            toast({ title: t('admin.accountCreated', { username: form.username }) });
            setForm({ username: '', password: '', role: 'auditor' });
          },
          onError: failed,
        });
      }}
    >
      <label className="text-sm">
        {t('admin.username')}
        <input
          className={inputClass}
          value={form.username}
          onChange={(e) => setForm({ ...form, username: e.target.value })}
          required
          maxLength={100}
          name="new-username"
        />
      </label>
      <label className="text-sm">
        {t('admin.password')}
        <input
          className={inputClass}
          type="password"
          value={form.password}
          onChange={(e) => setForm({ ...form, password: e.target.value })}
          required
          minLength={8}
          name="new-password"
          autoComplete="new-password"
        />
      </label>
      <label className="text-sm">
        {t('admin.role')}
        <select
          className={inputClass}
          value={form.role}
          onChange={(e) => setForm({ ...form, role: e.target.value as 'admin' | 'auditor' })}
          name="new-role"
        >
          <option value="auditor">{t('admin.role.auditor')}</option>
          <option value="admin">{t('admin.role.admin')}</option>
        </select>
      </label>
      <Button type="submit" disabled={create.isPending}>
        {t('admin.accountCreate')}
      </Button>
    </form>
  );
}

/** Admin and auditor accounts: everyone in the area reads the list; only admins create and deactivate. */
export function AccountsSection({ readOnly, me }: { readOnly: boolean; me: string | undefined }) {
  const accounts = useAdminAccounts();
  const deactivate = useDeactivateAccount();
  const { ask, dialog } = useConfirm();
  const failed = (error: unknown) =>
    toast({ title: t('admin.errorTitle'), description: errorText(error), variant: 'destructive' });

  return (
    <div className="space-y-4">
      {!readOnly && <CreateAccountForm failed={failed} />}
      {accounts.isError && <p className="text-sm text-red-600">{errorText(accounts.error)}</p>}
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
              <span className="font-semibold">{a.username}</span> · {t(`admin.role.${a.role}`)} ·{' '}
              {a.active ? t('admin.accountActive') : t('admin.accountInactive')}
              <span className="block text-xs text-slate-500">
                {t('admin.lastLogin')}:{' '}
                {a.lastLoginAt ? formatDateTime(a.lastLoginAt, 'en-US') : '—'}
              </span>
            </span>
            {!readOnly && a.active && a.username !== me && (
              <Button
                variant="danger"
                disabled={deactivate.isPending}
                onClick={() =>
                  ask(t('admin.confirmDeactivate', { username: a.username }), () =>
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
