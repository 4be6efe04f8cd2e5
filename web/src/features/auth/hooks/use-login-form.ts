import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from '@/lib/router';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/toast-store';
import { useLogin } from '@/features/auth/api/login.mutation';
import { meQueryOptions } from '@/features/auth/api/me.query';
import { isEmail } from '@/features/auth/validation';
import { getAuthToken, setAuthToken } from '@/lib/auth-token';
import { t } from '@/i18n';

/**
 * The sign-in form: its fields, the app's own messages (the form is noValidate), the submit that
 * stores the token, and sending on a visitor who already holds a valid token.
 */
export function useLoginForm() {
  const navigate = useNavigate();
  const client = useQueryClient();
  const login = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string; password?: string }>(
    {},
  );

  // A stored token is checked and the user sent on; an invalid one is removed (docs/product.md §2):
  // `api` removes it on a 401 (or a malformed token). Any other failure (offline, or the request cut
  // off because the page is being left) keeps it: that is no verdict on the session.
  useEffect(() => {
    if (!getAuthToken()) return;
    client
      .fetchQuery(meQueryOptions())
      .then((user) =>
        navigate(user.isOnboardingComplete ? '/' : '/onboarding', {
          replace: true,
        }),
      )
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
          navigate(user.isOnboardingComplete ? '/' : '/onboarding', {
            replace: true,
          });
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
  return {
    email,
    setEmail,
    password,
    setPassword,
    errors,
    submit,
    pending: login.isPending,
  };
}
