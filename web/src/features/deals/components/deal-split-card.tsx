import type { DealDto } from '@machines/contract/api';
import type { DealStateView } from '@machines/deal/deal.view';
import { Card } from '@/components/ui/card';
import { DetailRow } from '@/components/ui/detail-row';
import { t, formatMoney } from '@/i18n';
import { statusText } from '@/features/deals/model/deal-split';

/** A split an admin asked for: what the brand gets back, the creator receives and the platform keeps. */
export function DealSplitCard({
  deal,
  view,
}: {
  deal: DealDto;
  view: DealStateView;
}) {
  const split = deal.split;
  if (!split) return null;
  const done = view.status === 'split_resolved';
  return (
    <Card>
      <h2 className="font-semibold">
        {done ? t('detail.splitTitle') : t('detail.splitPending')}
      </h2>
      {done && (
        <p className="text-sm text-slate-700" data-testid="split-summary">
          {statusText(deal, view.brandText)}
        </p>
      )}
      <dl className="mt-2 space-y-2 text-sm">
        <DetailRow
          label={t('detail.splitRefund')}
          value={formatMoney(split.refundCents)}
        />
        <DetailRow
          label={t('detail.splitCreator')}
          value={formatMoney(split.creatorCents)}
        />
        <DetailRow
          label={t('detail.splitFee')}
          value={formatMoney(split.feeKeptCents)}
        />
      </dl>
    </Card>
  );
}
