import { useState, type FormEvent } from 'react';
import { useNavigate } from '@/lib/router';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/toast-store';
import {
  useRegister,
  type RegisterInput,
} from '@/features/auth/api/register.mutation';
import { isEmail } from '@/features/auth/validation';
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

/**
 * The registration form: its fields, the app's own messages for what the server would refuse (the
 * form is noValidate: no browser bubbles), and the submit that stores the token and goes on to
 * onboarding (or home, for an account that finished it).
 */
export function useRegisterForm() {
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
          navigate(user.isOnboardingComplete ? '/' : '/onboarding', {
            replace: true,
          });
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
  return { form, set, errors, submit, pending: register.isPending };
}
