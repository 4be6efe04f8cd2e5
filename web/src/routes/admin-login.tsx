import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { useAdminLoginForm } from '@/features/admin/hooks/use-admin-login-form';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { PasswordField } from '@/features/auth/components/password-field';
import { t } from '@/i18n';

export default function AdminLoginRoute() {
  const form = useAdminLoginForm();
  return (
    <AuthLayout title={t('admin.loginTitle')} subtitle={t('app.name')}>
      <form onSubmit={form.submit} noValidate className="space-y-4">
        <TextField
          label={t('admin.username')}
          autoComplete="username"
          value={form.username}
          onChange={(e) => form.setUsername(e.target.value)}
          onBlur={form.touch}
          error={form.usernameError}
        />
        <PasswordField
          label={t('admin.password')}
          value={form.password}
          onChange={form.setPassword}
          autoComplete="current-password"
          error={form.passwordError}
        />
        <TextField
          label={t('admin.recoveryCode')}
          autoComplete="one-time-code"
          autoCapitalize="characters"
          spellCheck={false}
          value={form.recoveryCode}
          onChange={(e) => form.setRecoveryCode(e.target.value)}
          hint={t('admin.recoveryCodeHint')}
        />
        <Button type="submit" block disabled={!form.canSubmit}>
          {t('admin.submit')}
        </Button>
      </form>
    </AuthLayout>
  );
}
