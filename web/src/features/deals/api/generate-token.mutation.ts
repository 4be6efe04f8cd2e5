import { api } from '../../../lib/http';
import { useDealMutation } from './use-deal-mutation';

export interface ShareLink {
  token: string;
  shareableUrl: string;
}

export const generateToken = (id: number) => api<ShareLink>(`/api/deals/${id}/generate-token`, { method: 'POST', body: {} });
export const useGenerateToken = () => useDealMutation(generateToken);
