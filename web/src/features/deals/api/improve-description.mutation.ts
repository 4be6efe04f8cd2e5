import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/http';

export interface ImproveInput {
  description: string;
  platforms: string[];
  deliverables: string[];
}

export const improveDescription = (input: ImproveInput) =>
  api<{ improved_description: string }>('/api/ai-assist/improve-description', {
    method: 'POST',
    body: input,
  });
export const useImproveDescription = () =>
  useMutation({ mutationFn: improveDescription });
