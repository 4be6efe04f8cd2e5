import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/http';
import { meKey } from './me.query';

export interface OnboardingInput {
  companyName: string;
  country: string;
  phoneNumber: string;
}

export const completeOnboarding = (input: OnboardingInput) =>
  api<unknown>('/api/auth/complete-onboarding', {
    method: 'POST',
    body: input,
  });

export function useCompleteOnboarding() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: completeOnboarding,
    onSuccess: () => client.invalidateQueries({ queryKey: meKey }),
  });
}
