import type { PaymentRequestDto } from '@machines/contract/api';
import { api } from '@/lib/http';
import { useRequestMutation } from './use-request-mutation';

export const completeRequest = (id: number) =>
  api<PaymentRequestDto>(`/api/payment-requests/${id}/complete`, { method: 'POST' });
export const useCompleteRequest = () => useRequestMutation(completeRequest);
