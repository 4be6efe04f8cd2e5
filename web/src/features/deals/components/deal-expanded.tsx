import type { DealListItemDto } from '@machines/contract/api';
import { formatDateTime } from '@/lib/dates';
import { t, formatMoney } from '@/i18n';
import { dealSplitOf } from '@/features/deals/model/deal-split';
import { DescriptionView } from './description-view';
import { MilestonePanel } from './milestone-panel';
import { PlatformIcons } from './platform-icons';

/** What the creator receives and the brand pays, and the assignment, profile link and platforms when given. */
function DealFacts({ deal }: { deal: DealListItemDto }) {
  return (
    <dl className="grid grid-cols-2 gap-2">
      <div>
        <dt className="text-xs text-slate-500">{t('card.creatorReceives')}</dt>
        <dd className="font-semibold">
          {formatMoney(dealSplitOf(deal)?.creatorCents ?? deal.amountCents)}
        </dd>
      </div>
      <div>
        <dt className="text-xs text-slate-500">{t('card.brandPays')}</dt>
        <dd className="font-semibold">{formatMoney(deal.totalAmountCents)}</dd>
      </div>
      {deal.title && (
        <div className="col-span-2">
          <dt className="text-xs text-slate-500">{t('card.assignment')}</dt>
          <dd className="break-words">{deal.title}</dd>
        </div>
      )}
      {deal.profileLink && (
        <div className="col-span-2">
          <dt className="text-xs text-slate-500">{t('card.profileLink')}</dt>
          <dd className="break-all">
            <a
              href={deal.profileLink}
              target="_blank"
              rel="noreferrer"
              className="text-brand-600 underline"
            >
              {deal.profileLink}
            </a>
          </dd>
        </div>
      )}
      {deal.platforms.length > 0 && (
        <div className="col-span-2">
          <dt className="text-xs text-slate-500">{t('card.platforms')}</dt>
          <dd>
            <PlatformIcons platforms={deal.platforms} />
          </dd>
        </div>
      )}
    </dl>
  );
}

/** The card's Details section (docs/product.md §2). */
export function DealExpanded({
  deal,
  canDelete,
  onDelete,
}: {
  deal: DealListItemDto;
  canDelete: boolean;
  onDelete: () => void;
}) {
  return (
    <div
      className="space-y-3 border-t border-slate-100 pt-3 text-sm"
      data-testid="deal-details"
    >
      <DealFacts deal={deal} />
      <MilestonePanel deal={deal} side="brand" />
      <div>
        <p className="text-xs text-slate-500">{t('card.description')}</p>
        <DescriptionView description={deal.description} />
      </div>
      <p className="text-xs text-slate-500">
        {t('card.created')}: {formatDateTime(deal.createdAt)}
      </p>
      {deal.status === 'dispute' && (
        <p className="rounded-lg bg-red-50 p-3 text-red-800">
          {t('card.disputeNotice')}
        </p>
      )}
      {deal.status === 'dispute' && deal.dispute?.reason && (
        <p className="text-sm text-red-800">
          {t('card.disputeReason', { reason: deal.dispute.reason })}
        </p>
      )}
      {deal.onHold && (
        <p className="rounded-lg bg-amber-50 p-3 text-amber-800">
          {t('card.onHold')}
        </p>
      )}
      {canDelete && (
        <button
          type="button"
          onClick={onDelete}
          className="text-sm font-medium text-red-600 underline"
        >
          {t('card.delete')}
        </button>
      )}
    </div>
  );
}
