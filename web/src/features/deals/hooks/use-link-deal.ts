import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/toast-store';
import { useLiveQueries } from '@/app/live-updates';
import { useDealByToken } from '@/features/deals/api/get-deal-by-token.query';
import { dealKeys } from '@/features/deals/api/keys';
import { useStripeSetupReturn } from '@/features/deals/model/use-stripe-setup-return';
import { t } from '@/i18n';

/**
 * The deal behind a creator link, kept current by the link's live stream and refreshed on the
 * way back from bank setup; a link that does not load says so once (docs/product.md §4).
 */
export function useLinkDeal(token: string) {
  const client = useQueryClient();
  const deal = useDealByToken(token);
  const warned = useRef(false);

  useLiveQueries(
    token ? `/api/events/stream/deal/${encodeURIComponent(token)}` : null,
    () => [dealKeys.byToken(token)],
    [dealKeys.byToken(token)],
  );
  useStripeSetupReturn(() =>
    client.invalidateQueries({ queryKey: dealKeys.byToken(token) }),
  );

  useEffect(() => {
    if (deal.isError && !deal.data && !warned.current) {
      warned.current = true;
      toast({ title: t('toast.tokenError'), variant: 'destructive' });
    }
  }, [deal.isError, deal.data]);
  return deal;
}
