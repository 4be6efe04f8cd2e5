import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/http';
import { claimHeaders } from '@/lib/claim-secret';

export const requestCheckout = (token: string) =>
  api<{ url?: string }>(
    `/api/payment-requests/${encodeURIComponent(token)}/checkout`,
    {
      method: 'POST',
      auth: 'none',
      headers: claimHeaders(token, 'request'),
    },
  );
export const useRequestCheckout = () =>
  useMutation({ mutationFn: requestCheckout });
