import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  DisputeThreadDto,
  EvidenceFileDto,
} from '@machines/contract/dispute-api';
import { api, apiFile, type AuthMode } from '@/lib/http';
import { saveFile } from '@/lib/save-file';

/**
 * Where one reader reaches a dispute's conversation: the base path of its entry point (the brand's
 * deal, the creator's link, a request's pages, the admin area), the token it sends, and the link's
 * claim secret where it speaks through a link.
 */
export interface ThreadTarget {
  base: string;
  auth: AuthMode;
  headers?: Record<string, string>;
}

const threadKey = (target: ThreadTarget) =>
  ['dispute-thread', target.base] as const;
const options = (target: ThreadTarget) => ({
  auth: target.auth,
  ...(target.headers ? { headers: target.headers } : {}),
});

export const useDisputeThread = (target: ThreadTarget) =>
  useQuery({
    queryKey: threadKey(target),
    queryFn: () => api<DisputeThreadDto>(target.base, options(target)),
    refetchInterval: 15_000,
  });

/** Uploads each file (its bytes; the server checks their type), then posts the message naming them. */
export function usePostDisputeMessage(target: ThreadTarget) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ text, files }: { text: string; files: File[] }) => {
      const uploaded: EvidenceFileDto[] = [];
      for (const file of files) {
        uploaded.push(
          await api<EvidenceFileDto>(
            `${target.base}/files?name=${encodeURIComponent(file.name)}`,
            {
              ...options(target),
              method: 'POST',
              body: file,
            },
          ),
        );
      }
      return api<DisputeThreadDto>(`${target.base}/messages`, {
        ...options(target),
        method: 'POST',
        body: {
          text,
          files: uploaded.map((f) => ({ sha256: f.sha256, name: f.name })),
        },
      });
    },
    onSuccess: (thread) => client.setQueryData(threadKey(target), thread),
  });
}

/** Fetches one evidence file with the reader's credentials and hands it to the browser to save. */
export async function downloadEvidence(
  target: ThreadTarget,
  file: EvidenceFileDto,
) {
  saveFile(
    await apiFile(`${target.base}/files/${file.sha256}`, options(target)),
    file.name,
  );
}
