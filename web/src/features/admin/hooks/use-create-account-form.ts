import { useState, type FormEvent } from 'react';
import { toast } from '@/components/ui/toast-store';
import { useCreateAccount } from '@/features/admin/api/admin-audit';
import { t } from '@/i18n';

type Role = 'admin' | 'auditor';
const EMPTY = { username: '', password: '', role: 'auditor' as Role };
const MIN_PASSWORD = 8;

/**
 * The new admin or auditor account: fields, the app's own messages (the form is noValidate, so
 * no browser bubble in another language), shown once a submit was tried; the submit creates it.
 */
export function useCreateAccountForm(failed: (error: unknown) => void) {
  const create = useCreateAccount();
  const [form, setForm] = useState(EMPTY);
  const [tried, setTried] = useState(false);
  const usernameError =
    form.username.trim() === '' ? t('admin.usernameRequired') : null;
  const passwordError =
    form.password === ''
      ? t('admin.passwordRequired')
      : form.password.length < MIN_PASSWORD
        ? t('admin.passwordTooShort', { min: MIN_PASSWORD })
        : null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (usernameError || passwordError) return;
    create.mutate(
      { ...form, username: form.username.trim() },
      {
        onSuccess: () => {
          toast({
            title: t('admin.accountCreated', {
              username: form.username.trim(),
            }),
          });
          setForm(EMPTY);
          setTried(false);
        },
        onError: failed,
      },
    );
  };
  return {
    form,
    set: (patch: Partial<typeof EMPTY>) => setForm({ ...form, ...patch }),
    usernameError: tried ? usernameError : null,
    passwordError: tried ? passwordError : null,
    busy: create.isPending,
    submit,
  };
}
