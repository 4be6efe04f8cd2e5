import { Link, useParams } from 'react-router-dom';
import { DetailRow } from '@/components/ui/detail-row';
import { Button, buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Page } from '@/components/ui/page';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast-store';
import { useCreateCheckout } from '@/features/deals/api/create-checkout.mutation';
import { useDeal } from '@/features/deals/api/get-deal.query';
import { DescriptionView } from '@/features/deals/components/description-view';
import { can, useDealView } from '@/features/deals/model/deal-view';
import { formatDate } from '@/lib/dates';
import { HttpError } from '@/lib/http';
import { t, formatMoney } from '@/i18n';
import { Icon } from '@/components/ui/icon';
import { deliverableLabel } from '@/features/deals/model/deliverables';

function checkoutErrorText(error: unknown): string {
  if (error instanceof HttpError && error.status === 404) return t('payment.errorNotFound');
  if (error instanceof HttpError && error.status === 401) return t('payment.errorLogin');
  return t('payment.errorUnexpected');
}

/** The brand's payment page (Dutch, docs/product.md §2). */
export default function PaymentRoute() {
  const dealId = Number(useParams().dealId ?? 0);
  const deal = useDeal(dealId);
  const view = useDealView(deal.data);
  const checkout = useCreateCheckout();

  if (deal.isPending) return <Spinner label={t('payment.loading')} />;
  if (!deal.data || !view) {
    return (
      <Page title={t('payment.notFound')}>
        <Link to="/" className={buttonClass('secondary')}>
          {t('payment.back')}
        </Link>
      </Page>
    );
  }
  const d = deal.data;

  const pay = () =>
    checkout.mutate(d.id, {
      onSuccess: (answer) => {
        if (answer.url) window.location.assign(answer.url);
        else toast({ title: t('payment.errorNoUrl'), variant: 'destructive' });
      },
      onError: (error) => toast({ title: checkoutErrorText(error), variant: 'destructive' }),
    });

  return (
    <Page title={t('payment.title')} subtitle={d.title ?? d.influencer}>
      <div className="space-y-4">
        <Card>
          <h2 className="mb-3 font-semibold">{t('payment.overview')}</h2>
          <dl className="space-y-2 text-sm">
            <DetailRow label={t('payment.creator')} value={d.influencer} />
            <DetailRow label={t('payment.creatorReceives')} value={formatMoney(d.amountCents)} />
            <DetailRow label={t('payment.fee')} value={formatMoney(d.platformFeeCents)} />
            <div className="flex justify-between border-t border-slate-100 pt-2 text-base font-bold">
              <dt>{t('payment.total')}</dt>
              <dd data-testid="payment-total">{formatMoney(d.totalAmountCents)}</dd>
            </div>
          </dl>
        </Card>
        <Card className="bg-emerald-50">
          <h2 className="flex items-center gap-2 font-semibold text-emerald-900">
            <Icon name="lock" /> {t('payment.escrowTitle')}
          </h2>
          <p className="mt-1 text-sm text-emerald-900">{t('payment.escrowText')}</p>
        </Card>
        <Card>
          <details>
            <summary className="cursor-pointer font-semibold">{t('payment.contract')}</summary>
            <dl className="mt-3 space-y-2 text-sm">
              <DetailRow label={t('payment.deadline')} value={formatDate(d.deadline)} />
              {d.deliverables.length > 0 && (
                <DetailRow
                  label={t('payment.deliverables')}
                  value={d.deliverables.map(deliverableLabel).join(', ')}
                />
              )}
              {d.platforms.length > 0 && (
                <DetailRow label={t('payment.platforms')} value={d.platforms.join(', ')} />
              )}
              <div>
                <dt className="text-slate-500">{t('payment.description')}</dt>
                <dd>
                  <DescriptionView description={d.description} />
                </dd>
              </div>
            </dl>
          </details>
        </Card>
        {can(view, 'checkout') ? (
          <>
            <Button block onClick={pay} disabled={checkout.isPending}>
              {checkout.isPending
                ? t('payment.paying')
                : t('payment.pay', { amount: formatMoney(d.totalAmountCents) })}
            </Button>
            <p className="text-center text-xs text-slate-500">{t('payment.methods')}</p>
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
