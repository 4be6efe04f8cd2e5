import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from '@/lib/router';
import { toast } from '@/components/ui/toast-store';
import { useMe } from '@/features/auth/api/me.query';
import {
  useCompleteOnboarding,
  type OnboardingInput,
} from '@/features/auth/api/complete-onboarding.mutation';
import { errorText } from '@/lib/http';
import { t } from '@/i18n';

const EMPTY: OnboardingInput = {
  companyName: '',
  country: '',
  phoneNumber: '',
};

/**
 * The account-setup form: prefilled from what registration stored, completed or skipped (a skip
 * sends empty details), then home.
 */
export function useOnboardingForm() {
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
  const skip = () => send(EMPTY, true);
  return { form, setForm, submit, skip, skipping, pending: complete.isPending };
}
