import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { toast } from '@/components/ui/toast-store';
import { useAdminLogin } from '@/features/auth/api/admin-login.mutation';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { PasswordField } from '@/features/auth/components/password-field';
import { setAdminToken } from '@/lib/admin-token';
import { t } from '@/i18n';

const REDIRECT_MS = 100;

export default function AdminLoginRoute() {
  const navigate = useNavigate();
  const login = useAdminLogin();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const ready = username.trim() !== '' && password !== '';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!ready) return;
    login.mutate(
      { username: username.trim(), password },
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

  return (
    <AuthLayout title={t('admin.loginTitle')} subtitle={t('app.name')}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <TextField
          label={t('admin.username')}
          autoComplete="username"
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          onBlur={() => setTouched(true)}
          error={touched && username.trim() === '' ? t('admin.usernameRequired') : null}
        />
        <PasswordField
          label={t('admin.password')}
          value={password}
          onChange={setPassword}
          autoComplete="current-password"
          error={touched && password === '' ? t('admin.passwordRequired') : null}
        />
        <Button type="submit" block disabled={!ready || login.isPending}>
          {t('admin.submit')}
        </Button>
      </form>
    </AuthLayout>
  );
}
