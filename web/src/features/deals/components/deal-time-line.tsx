import type { DealListItemDto } from '@machines/contract/api';
import { daysRemaining, formatDate } from '@/lib/dates';
import { t } from '@/i18n';

/**
 * The delivery deadline beside the status, only while the work is due: once delivered, the
 * countdown tells when the money moves, and a released deal shows its release date.
 */
export function DealTimeLine({ deal }: { deal: DealListItemDto }) {
  if (deal.status !== 'pending_payment' && deal.status !== 'pending_delivery')
    return null;
  return (
    <span className="text-slate-600">
      {formatDate(deal.deadline)} ·{' '}
      {t('card.daysLeft', { days: daysRemaining(deal.deadline) })}
    </span>
  );
}
