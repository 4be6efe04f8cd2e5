import type { DealDto } from '@machines/contract/api';
import { api } from '@/lib/http';
import { putDealAnswer, useDealMutation } from './use-deal-mutation';

export interface ShareLink {
  token: string;
  shareableUrl: string;
  deal: DealDto;
}

export const generateToken = (id: number) =>
  api<ShareLink>(`/api/deals/${id}/generate-token`, {
    method: 'POST',
    body: {},
  });
export const useGenerateToken = () =>
  useDealMutation(generateToken, putDealAnswer);

/** Replaces the link before the creator accepted it (a link sent to the wrong person); the old one stops working. */
export const rotateToken = (id: number) =>
  api<ShareLink>(`/api/deals/${id}/rotate-token`, { method: 'POST', body: {} });
export const useRotateToken = () => useDealMutation(rotateToken, putDealAnswer);
