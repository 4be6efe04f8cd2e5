import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { useOnboardingForm } from '@/features/auth/hooks/use-onboarding-form';
import { CountrySelect } from '@/features/profile/country-select';
import { t } from '@/i18n';

export default function OnboardingRoute() {
  const { form, setForm, submit, skip, skipping, pending } =
    useOnboardingForm();

  return (
    <AuthLayout
      title={t('onboarding.title')}
      subtitle={t('onboarding.subtitle')}
    >
      <form onSubmit={submit} className="space-y-4" noValidate>
        <TextField
          label={t('register.company')}
          value={form.companyName}
          onChange={(e) => setForm({ ...form, companyName: e.target.value })}
        />
        <CountrySelect
          label={t('register.country')}
          value={form.country}
          onChange={(country) => setForm({ ...form, country })}
        />
        <TextField
          label={t('register.phone')}
          type="tel"
          value={form.phoneNumber}
          onChange={(e) => setForm({ ...form, phoneNumber: e.target.value })}
        />
        <div className="flex gap-2">
          <Button
            variant="secondary"
            className="flex-1"
            disabled={pending}
            onClick={skip}
          >
            {t('onboarding.skip')}
          </Button>
          <Button type="submit" className="flex-1" disabled={pending}>
            {pending && !skipping
              ? t('create.saving')
              : t('onboarding.complete')}
          </Button>
        </div>
      </form>
    </AuthLayout>
  );
}
