import { api } from '@/lib/http';
import { useRequestMutation } from './use-request-mutation';

export const acceptRequest = (token: string) =>
  api<unknown>(`/api/payment-requests/accept/${encodeURIComponent(token)}`, {
    method: 'POST',
    auth: 'none',
  });
export const useAcceptRequest = () => useRequestMutation(acceptRequest);
