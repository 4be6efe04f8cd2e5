import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { toast } from '@/components/ui/toast-store';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { GoogleButton } from '@/features/auth/components/google-button';
import { PasswordField } from '@/features/auth/components/password-field';
import { useRegister, type RegisterInput } from '@/features/auth/api/register.mutation';
import { isEmail } from '@/features/auth/validation';
import { CountrySelect } from '@/features/profile/country-select';
import { setAuthToken } from '@/lib/auth-token';
import { errorText } from '@/lib/http';
import { t } from '@/i18n';

type Errors = Partial<Record<'username' | 'email' | 'password', string>>;

function validate(v: RegisterInput): Errors {
  const name = v.username.trim();
  return {
    username:
      name.length < 3
        ? t('validation.username3')
        : name.length > 50
          ? t('validation.username50')
          : undefined,
    email: isEmail(v.email) ? undefined : t('validation.email'),
    password: v.password.length < 6 ? t('validation.password6') : undefined,
  };
}

export default function RegisterRoute() {
  const navigate = useNavigate();
  const client = useQueryClient();
  const register = useRegister();
  const [form, setForm] = useState<RegisterInput>({
    username: '',
    email: '',
    password: '',
    companyName: '',
    country: '',
    phoneNumber: '',
  });
  const [errors, setErrors] = useState<Errors>({});
  const set = (key: keyof RegisterInput) => (value: string) =>
    setForm((f) => ({ ...f, [key]: value }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next = validate(form);
    setErrors(next);
    if (Object.values(next).some(Boolean)) return;
    register.mutate(
      { ...form, username: form.username.trim(), email: form.email.trim() },
      {
        onSuccess: ({ token, user }) => {
          client.clear();
          setAuthToken(token);
          navigate(user.isOnboardingComplete ? '/' : '/onboarding', { replace: true });
        },
        onError: (error) =>
          toast({
            title: t('toast.registerFailed'),
            description: errorText(error),
            variant: 'destructive',
          }),
      },
    );
  };

  return (
    <AuthLayout title={t('register.title')} subtitle={t('register.subtitle')}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <TextField
          label={t('register.username')}
          autoComplete="username"
          value={form.username}
          onChange={(e) => set('username')(e.target.value)}
          error={errors.username}
        />
        <TextField
          label={t('login.email')}
          type="email"
          autoComplete="email"
          value={form.email}
          onChange={(e) => set('email')(e.target.value)}
          error={errors.email}
        />
        <PasswordField
          label={t('login.password')}
          value={form.password}
          onChange={set('password')}
          error={errors.password}
          autoComplete="new-password"
        />
        <TextField
          label={t('register.company')}
          autoComplete="organization"
          value={form.companyName}
          onChange={(e) => set('companyName')(e.target.value)}
        />
        <CountrySelect
          label={t('register.country')}
          value={form.country}
          onChange={set('country')}
        />
        <TextField
          label={t('register.phone')}
          type="tel"
          autoComplete="tel"
          value={form.phoneNumber}
          onChange={(e) => set('phoneNumber')(e.target.value)}
        />
        <Button type="submit" block disabled={register.isPending}>
          {register.isPending ? t('register.submitting') : t('register.submit')}
        </Button>
      </form>
      <p className="my-4 text-center text-xs uppercase text-slate-600">{t('login.or')}</p>
      <GoogleButton />
      <p className="mt-5 text-center text-sm text-slate-600">
        {t('register.haveAccount')}{' '}
        <Link to="/login" className="font-semibold text-brand-600">
          {t('register.login')}
        </Link>
      </p>
    </AuthLayout>
  );
}
