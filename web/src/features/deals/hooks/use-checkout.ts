import { toast } from '@/components/ui/toast-store';
import { useCreateCheckout } from '@/features/deals/api/create-checkout.mutation';
import { HttpError } from '@/lib/http';
import { t } from '@/i18n';

function checkoutErrorText(error: unknown): string {
  if (error instanceof HttpError && error.status === 404)
    return t('payment.errorNotFound');
  if (error instanceof HttpError && error.status === 401)
    return t('payment.errorLogin');
  return t('payment.errorUnexpected');
}

/** Opens the gateway's checkout for the deal and goes there (docs/product.md §2 payment page). */
export function useCheckout(dealId: number) {
  const checkout = useCreateCheckout();
  return {
    pay: () =>
      checkout.mutate(dealId, {
        onSuccess: (answer) => {
          if (answer.url) window.location.assign(answer.url);
          else
            toast({ title: t('payment.errorNoUrl'), variant: 'destructive' });
        },
        onError: (error) =>
          toast({ title: checkoutErrorText(error), variant: 'destructive' }),
      }),
    paying: checkout.isPending,
  };
}
