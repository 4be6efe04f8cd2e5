import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from '@/lib/router';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { toast } from '@/components/ui/toast-store';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { useMe } from '@/features/auth/api/me.query';
import {
  useCompleteOnboarding,
  type OnboardingInput,
} from '@/features/auth/api/complete-onboarding.mutation';
import { CountrySelect } from '@/features/profile/country-select';
import { errorText } from '@/lib/http';
import { t } from '@/i18n';

const EMPTY: OnboardingInput = { companyName: '', country: '', phoneNumber: '' };

export default function OnboardingRoute() {
  const navigate = useNavigate();
  const complete = useCompleteOnboarding();
  const [form, setForm] = useState<OnboardingInput>(EMPTY);
  const [skipping, setSkipping] = useState(false);
  const me = useMe(true);

  // Start from what registration already stored, so completing setup does not blank it.
  useEffect(() => {
    const u = me.data;
    if (u)
      setForm((f) =>
        f === EMPTY
          ? {
              companyName: u.companyName ?? '',
              country: u.country ?? '',
              phoneNumber: u.phoneNumber ?? '',
            }
          : f,
      );
  }, [me.data]);

  const send = (input: OnboardingInput, skip: boolean) => {
    setSkipping(skip);
    complete.mutate(input, {
      onSuccess: () => navigate('/', { replace: true }),
      onError: (error) =>
        toast({
          title: skip ? t('toast.skipFailed') : t('toast.setupFailed'),
          description: errorText(error),
          variant: 'destructive',
        }),
    });
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    send(form, false);
  };

  return (
    <AuthLayout title={t('onboarding.title')} subtitle={t('onboarding.subtitle')}>
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
            disabled={complete.isPending}
            onClick={() => send(EMPTY, true)}
          >
            {t('onboarding.skip')}
          </Button>
          <Button type="submit" className="flex-1" disabled={complete.isPending}>
            {complete.isPending && !skipping ? t('create.saving') : t('onboarding.complete')}
          </Button>
        </div>
      </form>
    </AuthLayout>
  );
}
