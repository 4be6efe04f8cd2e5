import { Link } from '@/lib/router';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { GoogleButton } from '@/features/auth/components/google-button';
import { PasswordField } from '@/features/auth/components/password-field';
import { useLoginForm } from '@/features/auth/hooks/use-login-form';
import { t } from '@/i18n';

export default function LoginRoute() {
  const form = useLoginForm();

  return (
    <AuthLayout title={t('login.title')} subtitle={t('login.subtitle')}>
      <form onSubmit={form.submit} noValidate className="space-y-4">
        <TextField
          label={t('login.email')}
          type="email"
          autoComplete="email"
          value={form.email}
          onChange={(e) => form.setEmail(e.target.value)}
          error={form.errors.email}
        />
        <PasswordField
          label={t('login.password')}
          value={form.password}
          onChange={form.setPassword}
          error={form.errors.password}
          autoComplete="current-password"
        />
        <Button type="submit" block disabled={form.pending}>
          {form.pending ? t('login.submitting') : t('login.submit')}
        </Button>
      </form>
      <p className="my-4 text-center text-xs uppercase text-slate-600">
        {t('login.or')}
      </p>
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
