import { useId, useState } from 'react';
import { Link } from '@/lib/router';
import type { DealListItemDto } from '@machines/contract/api';
import type { DealStateView } from '@machines/deal/deal.view';
import { dotTones } from '@/components/ui/badge';
import { t, formatMoney } from '@/i18n';
import { can, dealViewOf } from '@/features/deals/model/deal-view';
import { descriptionText } from '@/features/deals/model/deal-text';
import { statusText } from '@/features/deals/model/deal-split';
import { DealReceiptLink } from '@/features/documents/components/deal-receipt-link';
import { DealActions } from './deal-actions';
import { DealCountdown } from './deal-countdown';
import { DealTimeLine } from './deal-time-line';
import { DealExpanded } from './deal-expanded';
import { DealProgress } from './deal-progress';
import { MilestoneSummaryLine } from './milestone-summary-line';
import { PlatformIcons } from './platform-icons';
import { SwipeToDelete } from './swipe-to-delete';

interface Props {
  deal: DealListItemDto;
  busy: boolean;
  onShare: (deal: DealListItemDto) => void;
  onRelease: (deal: DealListItemDto) => void;
  onDispute: (deal: DealListItemDto) => void;
  onDelete: (id: number) => void;
}

/** Who the deal is with, what it is about (title or description), where it runs and the amount. */
function DealCardHeader({ deal }: { deal: DealListItemDto }) {
  return (
    <div className="flex items-start justify-between gap-3">
      <div className="min-w-0">
        <Link
          to={`/deals/${deal.id}`}
          className="block truncate font-semibold hover:underline"
        >
          {deal.influencer}
        </Link>
        <p className="truncate text-sm text-slate-600">
          {deal.title ?? descriptionText(deal.description)}
        </p>
        <div className="mt-1">
          <PlatformIcons platforms={deal.platforms} />
        </div>
      </div>
      <p className="shrink-0 text-lg font-bold">
        {formatMoney(deal.amountCents)}
      </p>
    </div>
  );
}

/** The status as the brand reads it, with its coloured dot. */
function DealStatus({
  deal,
  view,
}: {
  deal: DealListItemDto;
  view: DealStateView;
}) {
  return (
    <span className="inline-flex items-center gap-2" data-testid="deal-status">
      <span
        className={`h-2.5 w-2.5 rounded-full ${dotTones[view.badge]}`}
        aria-hidden="true"
      />
      {statusText(deal, view.brandText)}
    </span>
  );
}

export function DealCard({
  deal,
  busy,
  onShare,
  onRelease,
  onDispute,
  onDelete,
}: Props) {
  const view = dealViewOf(deal);
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  if (!view) return null;
  const canDelete = can(view, 'delete');

  return (
    <SwipeToDelete enabled={canDelete} onDelete={() => onDelete(deal.id)}>
      <article
        className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
        data-testid="deal-card"
        data-deal-id={deal.id}
        data-status={view.status}
      >
        <DealCardHeader deal={deal} />
        <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
          <DealStatus deal={deal} view={view} />
          <DealTimeLine deal={deal} />
        </div>
        <MilestoneSummaryLine deal={deal} />
        <DealProgress step={view.step} />
        <DealCountdown deal={deal} side="brand" />
        <DealActions
          deal={deal}
          view={view}
          busy={busy}
          onShare={() => onShare(deal)}
          onRelease={() => onRelease(deal)}
          onDispute={() => onDispute(deal)}
        />
        <div className="flex items-center justify-between gap-2">
          <button
            type="button"
            aria-expanded={open}
            aria-controls={detailsId}
            onClick={() => setOpen((o) => !o)}
            className="text-sm font-medium text-brand-600"
          >
            {open ? t('card.hideDetails') : t('card.details')}
          </button>
          <DealReceiptLink deal={deal} compact />
        </div>
        <div id={detailsId} hidden={!open}>
          {open && (
            <DealExpanded
              deal={deal}
              canDelete={canDelete}
              onDelete={() => onDelete(deal.id)}
            />
          )}
        </div>
      </article>
    </SwipeToDelete>
  );
}
