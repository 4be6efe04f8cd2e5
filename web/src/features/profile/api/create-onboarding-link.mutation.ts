import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/http';

export const createOnboardingLink = () =>
  api<{ url?: string }>('/api/stripe/create-onboarding-link', { method: 'POST', body: {} });
export const useCreateOnboardingLink = () => useMutation({ mutationFn: createOnboardingLink });
