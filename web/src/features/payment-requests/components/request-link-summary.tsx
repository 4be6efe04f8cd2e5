import type { PaymentRequestDto } from '@machines/contract/api';
import { Card } from '@/components/ui/card';
import { DetailRow } from '@/components/ui/detail-row';
import { ERASED_TEXT } from '@machines/events/erased-marker';
import { writtenText } from '@/features/deals/model/deal-text';
import { t, formatMoney } from '@/i18n';

/** Who asks what, and what the brand pays: the service, the platform fee and the total. */
export function RequestLinkSummary({
  request: r,
}: {
  request: PaymentRequestDto;
}) {
  return (
    <>
      <Card>
        <p className="text-xs text-slate-500">
          {t('preq.from')}: {writtenText(r.creatorName, 'party')}
          {r.creatorEmail && r.creatorName !== ERASED_TEXT
            ? ` · ${r.creatorEmail}`
            : ''}
        </p>
        <h2 className="mt-1 text-lg font-semibold">{writtenText(r.title)}</h2>
        <p className="mt-1 whitespace-pre-line break-words text-sm text-slate-700">
          {writtenText(r.description)}
        </p>
      </Card>
      <Card>
        <h2 className="mb-2 font-semibold">{t('preq.price')}</h2>
        <dl className="space-y-1 text-sm">
          <DetailRow
            label={t('preq.service')}
            value={formatMoney(r.amountCents)}
          />
          <DetailRow
            label={t('request.fee')}
            value={formatMoney(r.platformFeeCents)}
          />
          <div className="flex justify-between border-t border-slate-100 pt-2 text-base font-bold">
            <dt>{t('preq.total')}</dt>
            <dd>{formatMoney(r.totalAmountCents)}</dd>
          </div>
        </dl>
      </Card>
    </>
  );
}
