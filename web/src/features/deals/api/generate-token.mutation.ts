import { api } from '@/lib/http';
import { useDealMutation } from './use-deal-mutation';

export interface ShareLink {
  token: string;
  shareableUrl: string;
}

export const generateToken = (id: number) =>
  api<ShareLink>(`/api/deals/${id}/generate-token`, { method: 'POST', body: {} });
export const useGenerateToken = () => useDealMutation(generateToken);

/** Replaces the link before the creator accepted it (a link sent to the wrong person); the old one stops working. */
export const rotateToken = (id: number) =>
  api<ShareLink>(`/api/deals/${id}/rotate-token`, { method: 'POST', body: {} });
export const useRotateToken = () => useDealMutation(rotateToken);
