import type { PaymentRequestDto } from '@machines/contract/api';
import { api } from '@/lib/http';
import { useRequestMutation } from './use-request-mutation';

export const completeRequest = ({
  id,
  ...body
}: {
  id: number;
  note?: string;
  links: string[];
}) =>
  api<PaymentRequestDto>(`/api/payment-requests/${id}/complete`, {
    method: 'POST',
    body,
  });
export const useCompleteRequest = () => useRequestMutation(completeRequest);
