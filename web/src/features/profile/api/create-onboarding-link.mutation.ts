import type { PayoutIdentity } from '@machines/account/payout-identity';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/http';

export const createOnboardingLink = (identity?: PayoutIdentity) =>
  api<{ url?: string }>('/api/stripe/create-onboarding-link', {
    method: 'POST',
    body: identity ? { identity } : {},
  });
export const useCreateOnboardingLink = () =>
  useMutation({ mutationFn: createOnboardingLink });
