import type { PaymentRequestDto } from '@machines/contract/api';
import { api } from '@/lib/http';
import { useRequestMutation } from './use-request-mutation';

export interface RequestInput {
  creatorName: string;
  creatorEmail: string;
  title: string;
  description: string;
  amount: string;
  brandName: string;
  brandEmail: string;
  brandHandle: string;
  deadline: string;
}

export const createRequest = (input: RequestInput) =>
  api<PaymentRequestDto>('/api/payment-requests', {
    method: 'POST',
    body: input,
  });
export const useCreateRequest = () => useRequestMutation(createRequest);
