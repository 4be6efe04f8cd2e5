import type { DealDto } from '@machines/contract/api';
import { Card } from '@/components/ui/card';
import { DetailRow } from '@/components/ui/detail-row';
import { Icon } from '@/components/ui/icon';
import { formatDate } from '@/lib/dates';
import { t, formatMoney, type MessageKey } from '@/i18n';
import { deliverableLabel } from '@/features/deals/model/deliverables';
import { DescriptionView } from './description-view';
import { PlanSummary } from './plan-summary';

/** What the brand pays for: the amounts, how escrow keeps them, and the contract's terms. */
export function PaymentOverview({ deal: d }: { deal: DealDto }) {
  return (
    <>
      <Card>
        <h2 className="mb-3 font-semibold">{t('payment.overview')}</h2>
        <dl className="space-y-2 text-sm">
          <DetailRow label={t('payment.creator')} value={d.influencer} />
          <DetailRow
            label={t('payment.creatorReceives')}
            value={formatMoney(d.amountCents)}
          />
          <DetailRow
            label={t('payment.fee')}
            value={formatMoney(d.platformFeeCents)}
          />
          <div className="flex justify-between border-t border-slate-100 pt-2 text-base font-bold">
            <dt>{t('payment.total')}</dt>
            <dd data-testid="payment-total">
              {formatMoney(d.totalAmountCents)}
            </dd>
          </div>
        </dl>
      </Card>
      <Card className="bg-emerald-50">
        <h2 className="flex items-center gap-2 font-semibold text-emerald-900">
          <Icon name="lock" /> {t('payment.escrowTitle')}
        </h2>
        <p className="mt-1 text-sm text-emerald-900">
          {t('payment.escrowText')}
        </p>
      </Card>
      <Card>
        <details>
          <summary className="flex min-h-11 cursor-pointer items-center font-semibold">
            {t('payment.contract')}
          </summary>
          <dl className="mt-3 space-y-2 text-sm">
            <DetailRow
              label={t('payment.deadline')}
              value={formatDate(d.deadline)}
            />
            {d.deliverables.length > 0 && (
              <DetailRow
                label={t('payment.deliverables')}
                value={d.deliverables.map(deliverableLabel).join(', ')}
              />
            )}
            {d.platforms.length > 0 && (
              <DetailRow
                label={t('payment.platforms')}
                value={d.platforms
                  .map((p) => t(`platform.${p}` as MessageKey))
                  .join(', ')}
              />
            )}
            <div>
              <dt className="text-slate-500">{t('payment.description')}</dt>
              <dd>
                <DescriptionView description={d.description} />
              </dd>
            </div>
            <PlanSummary deal={d} />
          </dl>
        </details>
      </Card>
    </>
  );
}
