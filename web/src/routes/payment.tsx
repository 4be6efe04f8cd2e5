import { Link, useParams, useSearchParams } from '@/lib/router';
import { Button, buttonClass } from '@/components/ui/button';
import { Page } from '@/components/ui/page';
import { Spinner } from '@/components/ui/spinner';
import { useDeal } from '@/features/deals/api/get-deal.query';
import { CheckoutNotice } from '@/features/deals/components/checkout-notice';
import { PaymentOverview } from '@/features/deals/components/payment-overview';
import { useCheckout } from '@/features/deals/hooks/use-checkout';
import { checkoutOutcome } from '@/features/deals/model/checkout-outcome';
import { can, dealViewOf } from '@/features/deals/model/deal-view';
import { t, formatMoney } from '@/i18n';

/** The brand's payment page (docs/product.md §2); the gateway sends a cancelled checkout back here. */
export default function PaymentRoute() {
  const dealId = Number(useParams().dealId ?? 0);
  const [search] = useSearchParams();
  const deal = useDeal(dealId);
  const checkout = useCheckout(dealId);
  const d = deal.data;
  const view = dealViewOf(d);

  if (deal.isPending) return <Spinner label={t('payment.loading')} />;
  if (!d || !view) {
    return (
      <Page title={t('payment.notFound')}>
        <Link to="/" className={buttonClass('secondary')}>
          {t('payment.back')}
        </Link>
      </Page>
    );
  }
  const outcome = checkoutOutcome(d, search.get('checkout'));
  return (
    <Page title={t('payment.title')} subtitle={d.title ?? d.influencer}>
      <div className="space-y-4">
        <CheckoutNotice outcome={outcome} />
        <PaymentOverview deal={d} />
        {can(view, 'checkout') ? (
          <>
            <Button block onClick={checkout.pay} disabled={checkout.paying}>
              {checkout.paying
                ? t('payment.paying')
                : outcome
                  ? t('payment.retry', {
                      amount: formatMoney(d.totalAmountCents),
                    })
                  : t('payment.pay', {
                      amount: formatMoney(d.totalAmountCents),
                    })}
            </Button>
            <p className="text-center text-xs text-slate-600">
              {t('payment.methods')}
            </p>
          </>
        ) : (
          <p className="rounded-lg bg-slate-100 p-3 text-center text-sm">
            {t('payment.alreadyPaid')}
          </p>
        )}
      </div>
    </Page>
  );
}
