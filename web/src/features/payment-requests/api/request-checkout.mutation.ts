import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/http';

export const requestCheckout = (token: string) =>
  api<{ url?: string }>(`/api/payment-requests/${encodeURIComponent(token)}/checkout`, {
    method: 'POST',
    auth: 'none',
  });
export const useRequestCheckout = () => useMutation({ mutationFn: requestCheckout });
