import { useEffect, useRef, useState } from 'react';
import type { DealDto } from '@machines/contract/api';
import { toast } from '@/components/ui/toast-store';
import { useGenerateToken } from '@/features/deals/api/generate-token.mutation';
import { acceptUrl } from '@/features/deals/model/accept-url';
import { HttpError } from '@/lib/http';
import { t } from '@/i18n';

/** The creator link shown after payment: the deal's own, else made once for it. */
export function useSuccessLink(deal: DealDto | undefined): string | null {
  const generate = useGenerateToken();
  const [link, setLink] = useState<string | null>(null);
  const asked = useRef(false);
  useEffect(() => {
    if (!deal || asked.current) return;
    if (deal.shareableToken) {
      setLink(acceptUrl(deal.shareableToken));
      return;
    }
    asked.current = true;
    generate.mutate(deal.id, {
      onSuccess: (answer) =>
        setLink(answer.shareableUrl || acceptUrl(answer.token)),
      onError: (error) => {
        const auth =
          error instanceof HttpError &&
          (error.status === 401 || error.serverCode === 'unauthorized');
        toast({
          title: auth ? t('toast.loginPrompt') : t('toast.linkError'),
          variant: 'destructive',
        });
      },
    });
  }, [deal, generate]);
  return link;
}
