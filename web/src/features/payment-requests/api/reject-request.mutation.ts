import { api } from '../../../lib/http';
import { useRequestMutation } from './use-request-mutation';

export const rejectRequest = (token: string) => api<unknown>(`/api/payment-requests/reject/${encodeURIComponent(token)}`, { method: 'POST', auth: 'none' });
export const useRejectRequest = () => useRequestMutation(rejectRequest);
