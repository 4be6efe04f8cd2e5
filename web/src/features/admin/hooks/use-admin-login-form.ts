import { useState, type FormEvent } from 'react';
import { useNavigate } from '@/lib/router';
import { toast } from '@/components/ui/toast-store';
import { useAdminLogin } from '@/features/auth/api/admin-login.mutation';
import { setAdminToken } from '@/lib/admin-token';
import { t } from '@/i18n';

const REDIRECT_MS = 100;

/**
 * The admin sign-in form: its fields, the app's own required-field messages once a field was left
 * (the form is noValidate: no browser bubbles), and the submit that stores the token and opens /admin.
 */
export function useAdminLoginForm() {
  const navigate = useNavigate();
  const login = useAdminLogin();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [recoveryCode, setRecoveryCode] = useState('');
  const [touched, setTouched] = useState(false);
  const ready = username.trim() !== '' && password !== '';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!ready) return;
    login.mutate(
      {
        username: username.trim(),
        password,
        ...(recoveryCode.trim() ? { recoveryCode: recoveryCode.trim() } : {}),
      },
      {
        onSuccess: ({ token }) => {
          setAdminToken(token);
          setTimeout(() => navigate('/admin', { replace: true }), REDIRECT_MS);
        },
        onError: () =>
          toast({
            title: t('admin.loginFailed'),
            description: t('admin.loginFailedText'),
            variant: 'destructive',
          }),
      },
    );
  };

  return {
    username,
    setUsername,
    password,
    setPassword,
    recoveryCode,
    setRecoveryCode,
    touch: () => setTouched(true),
    usernameError:
      touched && username.trim() === '' ? t('admin.usernameRequired') : null,
    passwordError:
      touched && password === '' ? t('admin.passwordRequired') : null,
    canSubmit: ready && !login.isPending,
    submit,
  };
}
