import type { DealDto } from '@machines/contract/api';
import { Card } from '@/components/ui/card';
import { DetailRow } from '@/components/ui/detail-row';
import { HeroIcon } from '@/components/ui/icon';
import { formatDate } from '@/lib/dates';
import { t, formatMoney } from '@/i18n';
import { DealReceiptLink } from '@/features/documents/components/deal-receipt-link';

export function Celebration({ title }: { title: string }) {
  return (
    <div className="py-6 text-center">
      <HeroIcon name="party" tone="bg-emerald-100 text-emerald-700" />
      <h1 className="mt-3 text-2xl font-bold">{title}</h1>
    </div>
  );
}

/** The paid deal in brief, and what happens next. */
export function SuccessSummary({ deal: d }: { deal: DealDto }) {
  return (
    <>
      <Card>
        <h2 className="mb-2 font-semibold">{t('success.summary')}</h2>
        <dl className="space-y-1 text-sm">
          <DetailRow label={t('success.creator')} value={d.influencer} />
          {d.title && (
            <DetailRow label={t('card.assignment')} value={d.title} />
          )}
          <DetailRow
            label={t('card.creatorReceives')}
            value={formatMoney(d.amountCents)}
          />
          <DetailRow
            label={t('card.brandPays')}
            value={formatMoney(d.totalAmountCents)}
          />
          <DetailRow
            label={t('card.deadline')}
            value={formatDate(d.deadline)}
          />
        </dl>
        {d.receiptRef && (
          <div className="mt-3">
            <DealReceiptLink deal={d} />
          </div>
        )}
      </Card>
      <Card>
        <h2 className="mb-2 font-semibold">{t('success.nextTitle')}</h2>
        <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-700">
          <li>{t('success.next1')}</li>
          <li>{t('success.next2')}</li>
          <li>{t('success.next3')}</li>
          <li>{t('success.next4')}</li>
        </ol>
      </Card>
    </>
  );
}
