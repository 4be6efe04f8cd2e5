import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/http';

export const startOnboarding = (token: string) =>
  api<{ url?: string }>(`/api/deals/start-onboarding/${encodeURIComponent(token)}`, { method: 'POST', auth: 'none' });
export const useStartOnboarding = () => useMutation({ mutationFn: startOnboarding });
