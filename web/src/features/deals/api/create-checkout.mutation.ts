import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/http';

export const createCheckout = (dealId: number) =>
  api<{ url?: string }>('/api/create-checkout-session', {
    method: 'POST',
    body: { dealId },
  });
export const useCreateCheckout = () =>
  useMutation({ mutationFn: createCheckout });
