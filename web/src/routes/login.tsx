import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from '@/lib/router';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { toast } from '@/components/ui/toast-store';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { GoogleButton } from '@/features/auth/components/google-button';
import { PasswordField } from '@/features/auth/components/password-field';
import { useLogin } from '@/features/auth/api/login.mutation';
import { meQueryOptions } from '@/features/auth/api/me.query';
import { isEmail } from '@/features/auth/validation';
import { getAuthToken, setAuthToken } from '@/lib/auth-token';
import { t } from '@/i18n';

export default function LoginRoute() {
  const navigate = useNavigate();
  const client = useQueryClient();
  const login = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});

  // A stored token is checked and the user sent on; an invalid one is removed (docs/product.md §2):
  // `api` removes it on a 401 (or a malformed token). Any other failure (offline, or the request cut
  // off because the page is being left) keeps it: that is no verdict on the session.
  useEffect(() => {
    if (!getAuthToken()) return;
    client
      .fetchQuery(meQueryOptions())
      .then((user) => navigate(user.isOnboardingComplete ? '/' : '/onboarding', { replace: true }))
      .catch(() => undefined);
  }, [client, navigate]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next = {
      email: isEmail(email) ? undefined : t('validation.email'),
      password: password ? undefined : t('validation.passwordRequired'),
    };
    setErrors(next);
    if (next.email || next.password) return;
    login.mutate(
      { email: email.trim(), password },
      {
        onSuccess: ({ token, user }) => {
          client.clear();
          setAuthToken(token);
          navigate(user.isOnboardingComplete ? '/' : '/onboarding', { replace: true });
        },
        onError: () =>
          toast({
            title: t('toast.loginFailed'),
            description: t('toast.loginFailedText'),
            variant: 'destructive',
          }),
      },
    );
  };

  return (
    <AuthLayout title={t('login.title')} subtitle={t('login.subtitle')}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <TextField
          label={t('login.email')}
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={errors.email}
        />
        <PasswordField
          label={t('login.password')}
          value={password}
          onChange={setPassword}
          error={errors.password}
          autoComplete="current-password"
        />
        <Button type="submit" block disabled={login.isPending}>
          {login.isPending ? t('login.submitting') : t('login.submit')}
        </Button>
      </form>
      <p className="my-4 text-center text-xs uppercase text-slate-600">{t('login.or')}</p>
      <GoogleButton />
      <p className="mt-5 text-center text-sm text-slate-600">
        {t('login.noAccount')}{' '}
        <Link to="/register" className="font-semibold text-brand-600">
          {t('login.register')}
        </Link>
      </p>
    </AuthLayout>
  );
}
