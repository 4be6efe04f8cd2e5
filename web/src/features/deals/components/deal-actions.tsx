import type { ReactNode } from 'react';
import { Link } from '@/lib/router';
import type { DealListItemDto } from '@machines/contract/api';
import type { DealStateView } from '@machines/deal/deal.view';
import { Button, buttonClass } from '@/components/ui/button';
import { formatDate } from '@/lib/dates';
import { t } from '@/i18n';
import { can } from '@/features/deals/model/deal-view';
import { supportMailto } from '@/lib/support';

interface Props {
  deal: DealListItemDto;
  view: DealStateView;
  busy: boolean;
  /** Opens the share panel; without it no share button (the page shows the link itself). */
  onShare?: (() => void) | undefined;
  onRelease: () => void;
  onDispute: () => void;
}

/** Edit, Pay now and Share: the links a deal has before the creator delivers. */
function linkButtons(
  deal: DealListItemDto,
  view: DealStateView,
  onShare: Props['onShare'],
): ReactNode[] {
  const buttons: ReactNode[] = [];
  const hasLink = deal.shareableToken !== null;
  if (can(view, 'edit')) {
    buttons.push(
      <Link
        key="edit"
        to={`/create?edit=${deal.id}`}
        className={buttonClass('secondary')}
      >
        {t('action.edit')}
      </Link>,
    );
  }
  // On the list a made link takes the place of Pay now; the deal's own page (no share panel) keeps it.
  if (can(view, 'checkout') && (!hasLink || !onShare)) {
    buttons.push(
      <Link
        key="pay"
        to={`/payment/${deal.id}`}
        className={buttonClass('primary')}
      >
        {t('action.payNow')}
      </Link>,
    );
  }
  const waiting =
    view.status === 'pending_payment' || view.status === 'pending_delivery';
  if (onShare && hasLink && waiting) {
    buttons.push(
      <Button key="share" variant="secondary" onClick={onShare}>
        {view.status === 'pending_payment'
          ? t('action.linkCreated')
          : t('action.share')}
      </Button>,
    );
  }
  return buttons;
}

/** A finished deal offers feedback and says when the funds were released; a cancelled one says so. */
function endButtons(deal: DealListItemDto, view: DealStateView): ReactNode[] {
  if (view.status === 'completed' || view.status === 'approved_after_dispute') {
    return [
      <a
        key="feedback"
        href={supportMailto('Feedback')}
        className={buttonClass('secondary')}
      >
        {t('action.feedback')}
      </a>,
      <span key="released" className="self-center text-xs text-emerald-700">
        {t('action.fundsReleasedOn', { date: formatDate(deal.completedAt) })}
      </span>,
    ];
  }
  if (view.status === 'cancelled') {
    return [
      <Button key="cancelled" variant="secondary" disabled>
        {t('action.cancelled')}
      </Button>,
    ];
  }
  return [];
}

/** The brand's buttons, decided by what the machine snapshot can do (docs/product.md §4 "Actions per status"). */
export function DealActions({
  deal,
  view,
  busy,
  onShare,
  onRelease,
  onDispute,
}: Props) {
  const buttons = linkButtons(deal, view, onShare);
  if (view.status === 'pending_delivery') {
    buttons.push(
      <Button key="waiting" variant="secondary" disabled>
        {t('action.waitingForDelivery')}
      </Button>,
    );
  }
  if (can(view, 'release')) {
    buttons.push(
      <Button
        key="release"
        variant="success"
        disabled={busy}
        onClick={onRelease}
      >
        {view.status === 'dispute'
          ? t('action.releasePayment')
          : t('action.approve')}
      </Button>,
    );
  }
  if (can(view, 'dispute')) {
    buttons.push(
      <Button
        key="dispute"
        variant="danger"
        disabled={busy}
        onClick={onDispute}
      >
        {t('action.dispute')}
      </Button>,
    );
  }
  buttons.push(...endButtons(deal, view));
  return <div className="flex flex-wrap gap-2">{buttons}</div>;
}
