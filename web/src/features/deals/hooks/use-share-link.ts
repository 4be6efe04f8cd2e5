import { useState } from 'react';
import type { DealListItemDto } from '@machines/contract/api';
import { toast } from '@/components/ui/toast-store';
import {
  useGenerateToken,
  useRotateToken,
} from '@/features/deals/api/generate-token.mutation';
import { errorText, HttpError } from '@/lib/http';
import { t } from '@/i18n';

const isAuthError = (error: Error) =>
  error instanceof HttpError &&
  (error.status === 401 || error.serverCode === 'unauthorized');

/** The brand's creator link of a deal: made on demand, replaced before the creator accepted it. */
export function useShareLink(deal: DealListItemDto) {
  const generate = useGenerateToken();
  const rotate = useRotateToken();
  const [made, setMade] = useState<string | null>(null);
  return {
    token: made ?? deal.shareableToken,
    make: () =>
      generate.mutate(deal.id, {
        onSuccess: (answer) => setMade(answer.token),
        onError: (error) =>
          toast({
            title: isAuthError(error)
              ? t('toast.loginPrompt')
              : t('toast.linkError'),
            variant: 'destructive',
          }),
      }),
    making: generate.isPending,
    replace: () =>
      rotate.mutate(deal.id, {
        onSuccess: (answer) => {
          setMade(answer.token);
          toast({ title: t('toast.linkRotated') });
        },
        onError: (error) =>
          toast({
            title: t('toast.linkError'),
            description: errorText(error),
            variant: 'destructive',
          }),
      }),
    replacing: rotate.isPending,
  };
}
