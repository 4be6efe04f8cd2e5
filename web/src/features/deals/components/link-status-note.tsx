import type { DealDto } from '@machines/contract/api';
import type { DealStateView } from '@machines/deal/deal.view';
import { Card } from '@/components/ui/card';
import { Icon } from '@/components/ui/icon';
import { t, formatMoney } from '@/i18n';
import { DealCountdown } from './deal-countdown';

const note = 'rounded-lg p-3 text-sm';

/** What the creator should know about where the deal stands, and when the money comes. */
export function LinkStatusNote({
  deal,
  view,
}: {
  deal: DealDto;
  view: DealStateView;
}) {
  switch (view.status) {
    case 'delivered':
      return (
        <>
          <p className={`${note} bg-violet-50`}>{t('accept.deliveredText')}</p>
          <DealCountdown deal={deal} side="creator" />
        </>
      );
    case 'dispute':
      return (
        <>
          <p className={`${note} bg-red-50 text-red-800`}>
            {t('accept.disputeText')}
          </p>
          <DealCountdown deal={deal} side="creator" />
        </>
      );
    case 'completed':
    case 'approved_after_dispute':
      return (
        <p className={`${note} bg-emerald-50`}>{t('accept.completedText')}</p>
      );
    case 'split_resolved':
      return deal.split ? (
        <p className={`${note} bg-emerald-50`} data-testid="split-text">
          {t('accept.splitText', {
            amount: formatMoney(deal.split.creatorCents),
          })}
        </p>
      ) : null;
    case 'cancelled':
      return (
        <p className={`${note} bg-slate-100`}>{t('accept.cancelledText')}</p>
      );
    default:
      return null;
  }
}

/** How escrow protects the creator, shown until the deal is accepted. */
export function LinkEscrowCard() {
  return (
    <Card className="bg-emerald-50">
      <h2 className="flex items-center gap-2 font-semibold text-emerald-900">
        <Icon name="lock" /> {t('accept.escrowTitle')}
      </h2>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-emerald-900">
        <li>{t('accept.escrow1')}</li>
        <li>{t('accept.escrow2')}</li>
        <li>{t('accept.escrow3')}</li>
        <li>{t('accept.escrow4')}</li>
      </ul>
    </Card>
  );
}
