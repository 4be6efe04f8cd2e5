import { Link, useParams } from '@/lib/router';
import { buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Page } from '@/components/ui/page';
import { Spinner } from '@/components/ui/spinner';
import { useAuthToken } from '@/app/use-auth-token';
import { useDeal } from '@/features/deals/api/get-deal.query';
import { usePaymentStatus } from '@/features/deals/api/payment-status.query';
import { CheckoutNotice } from '@/features/deals/components/checkout-notice';
import { DealProgress } from '@/features/deals/components/deal-progress';
import { SuccessShareCard } from '@/features/deals/components/success-share-card';
import {
  Celebration,
  SuccessSummary,
} from '@/features/deals/components/success-summary';
import { useSuccessLink } from '@/features/deals/hooks/use-success-link';
import { checkoutOutcome } from '@/features/deals/model/checkout-outcome';
import { dealViewOf } from '@/features/deals/model/deal-view';
import { t } from '@/i18n';

/** Where the gateway sends the brand after paying; a payment that failed after all says so. */
export default function PaymentSuccessRoute() {
  const dealId = Number(useParams().dealId ?? 0);
  const token = useAuthToken();
  const deal = useDeal(dealId, token !== null);
  usePaymentStatus(dealId, token !== null && deal.isSuccess);
  const d = deal.data;
  const failed = d !== undefined && checkoutOutcome(d, null) === 'failed';
  const link = useSuccessLink(failed ? undefined : d);
  const view = dealViewOf(d);

  if (!token) {
    return (
      <Page>
        <Celebration title={t('success.title')} />
        <Link to="/login" className={buttonClass('primary', true)}>
          {t('success.login')}
        </Link>
      </Page>
    );
  }
  if (deal.isPending) return <Spinner label={t('success.checking')} />;
  if (!d || !view) {
    return (
      <Page title={t('success.notFound')}>
        <Link to="/login" className={buttonClass('primary', true)}>
          {t('success.loginDashboard')}
        </Link>
      </Page>
    );
  }
  if (failed) {
    return (
      <Page title={t('payment.title')} subtitle={d.title ?? d.influencer}>
        <CheckoutNotice outcome="failed" />
        <Link
          to={`/payment/${d.id}`}
          className={`${buttonClass('primary', true)} mt-4`}
        >
          {t('app.retry')}
        </Link>
      </Page>
    );
  }
  return (
    <Page>
      <Celebration title={t('success.title')} />
      <p className="-mt-4 mb-4 text-center text-sm text-slate-600">
        {t('success.text')}
      </p>
      <div className="space-y-4">
        <Card>
          <DealProgress step={view.step} />
        </Card>
        <SuccessShareCard link={link} title={d.title ?? d.influencer} />
        <SuccessSummary deal={d} />
        <Link to="/" className={buttonClass('secondary', true)}>
          {t('success.back')}
        </Link>
      </div>
    </Page>
  );
}
