import type { PaymentRequestDto } from '@machines/contract/api';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Icon } from '@/components/ui/icon';
import { OutsideLink } from '@/features/deals/components/outside-link';
import { formatDateTime } from '@/lib/dates';
import { t } from '@/i18n';

/** The creator's note and links to the work, as they sent them with "Mark as completed". */
function DeliveryView({
  delivery,
}: {
  delivery: NonNullable<PaymentRequestDto['delivery']>;
}) {
  return (
    <>
      {delivery.note && (
        <div>
          <h3 className="text-sm font-semibold">{t('preq.deliveryNote')}</h3>
          <p className="whitespace-pre-line break-words text-sm text-slate-700">
            {delivery.note}
          </p>
        </div>
      )}
      {delivery.links.length > 0 && (
        <div>
          <h3 className="text-sm font-semibold">{t('preq.deliveryLinks')}</h3>
          <ul className="text-sm">
            {delivery.links.map((href) => (
              <li key={href}>
                <OutsideLink href={href} />
              </li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}

/** When the running period ends: the money then goes to the creator unless the brand (or an admin) acts. */
function PeriodEnd({ request }: { request: PaymentRequestDto }) {
  const endsAt =
    request.status === 'dispute'
      ? request.dispute?.endsAt
      : request.reviewPeriodEndsAt;
  if (!endsAt) return null;
  const key =
    request.status === 'dispute' ? 'clock.brand.dispute' : 'clock.brand.review';
  return (
    <p
      className="flex items-start gap-2 rounded-lg bg-violet-50 p-3 text-sm text-violet-950"
      data-testid="request-review-ends"
    >
      <Icon name="clock" className="mt-0.5 h-4 w-4" />
      <span>{t(key, { time: formatDateTime(endsAt) })}</span>
    </p>
  );
}

/** The brand's review of completed work: what the creator delivered, until when, approve or dispute. */
export function RequestReviewCard({
  request,
  canApprove,
  canDispute,
  busy,
  onApprove,
  onDispute,
}: {
  request: PaymentRequestDto;
  canApprove: boolean;
  canDispute: boolean;
  busy: boolean;
  onApprove: () => void;
  onDispute: () => void;
}) {
  return (
    <Card className="space-y-3" data-testid="request-review">
      <h2 className="font-semibold">
        {request.status === 'dispute'
          ? t('preq.disputedTitle')
          : t('preq.deliveredTitle')}
      </h2>
      {request.delivery && <DeliveryView delivery={request.delivery} />}
      {request.status === 'dispute' && request.dispute && (
        <p className="whitespace-pre-line break-words rounded-lg bg-red-50 p-2 text-sm text-red-900">
          {t('preq.disputeReasonShown', { reason: request.dispute.reason })}
        </p>
      )}
      <PeriodEnd request={request} />
      <div className="flex flex-wrap gap-2">
        {canApprove && (
          <Button variant="success" disabled={busy} onClick={onApprove}>
            {t('preq.approve')}
          </Button>
        )}
        {canDispute && (
          <Button variant="danger" disabled={busy} onClick={onDispute}>
            {t('preq.dispute')}
          </Button>
        )}
      </div>
    </Card>
  );
}
