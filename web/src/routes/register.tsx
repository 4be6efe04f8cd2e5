import { Link } from '@/lib/router';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { GoogleButton } from '@/features/auth/components/google-button';
import { PasswordField } from '@/features/auth/components/password-field';
import { useRegisterForm } from '@/features/auth/hooks/use-register-form';
import { CountrySelect } from '@/features/profile/country-select';
import { t } from '@/i18n';

export default function RegisterRoute() {
  const { form, set, errors, submit, pending } = useRegisterForm();
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
        <Button type="submit" block disabled={pending}>
          {pending ? t('register.submitting') : t('register.submit')}
        </Button>
      </form>
      <p className="my-4 text-center text-xs uppercase text-slate-600">
        {t('login.or')}
      </p>
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
