import type { PaymentRequestDto } from '@machines/contract/api';
import type { PaymentRequestStateView } from '@machines/payment-request/payment-request.view';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { AcceptanceCode } from '@/features/link-claim/components/acceptance-code';
import { Card } from '@/components/ui/card';
import { Icon } from '@/components/ui/icon';
import { RequestReviewCard } from '@/features/payment-requests/components/request-review-card';
import { usePayRequest } from '@/features/payment-requests/hooks/use-pay-request';
import { useRequestReview } from '@/features/payment-requests/hooks/use-request-review';
import { t } from '@/i18n';

/**
 * A pending request: accept it with the code mailed to the address the brand confirms, or decline
 * it (confirmed first).
 */
function PendingActions({
  view,
  token,
}: {
  view: PaymentRequestStateView;
  token: string;
}) {
  const { onAccept, accepting } = usePayRequest(token);
  const [codeError, setCodeError] = useState<string | null>(null);
  const review = useRequestReview(token);
  return (
    <div className="space-y-2">
      {view.can.includes('accept') && (
        <Card>
          <AcceptanceCode
            kind="request"
            token={token}
            ready
            pending={accepting}
            submitLabel={accepting ? t('preq.accepting') : t('preq.accept')}
            error={codeError}
            onAccept={(code) => onAccept(code, setCodeError)}
          />
        </Card>
      )}
      <p className="text-center text-xs text-slate-500">
        {t('preq.acceptNote')}
      </p>
      {view.can.includes('reject') && (
        <Button
          block
          variant="secondary"
          onClick={review.decline}
          disabled={review.busy}
        >
          {t('preq.reject')}
        </Button>
      )}
      {review.dialog}
    </div>
  );
}

function PayAction({
  view,
  token,
  onClaimedElsewhere,
}: {
  view: PaymentRequestStateView;
  token: string;
  onClaimedElsewhere: () => void;
}) {
  const { onPay, paying } = usePayRequest(token, onClaimedElsewhere);
  return (
    <div className="space-y-2">
      <Button
        block
        onClick={onPay}
        disabled={paying || !view.can.includes('checkout')}
      >
        {paying ? t('preq.paying') : t('preq.pay')}
      </Button>
      <p className="text-center text-xs text-slate-500">{t('preq.payNote')}</p>
    </div>
  );
}

function Review({
  request,
  view,
  token,
}: {
  request: PaymentRequestDto;
  view: PaymentRequestStateView;
  token: string;
}) {
  const review = useRequestReview(token);
  return (
    <>
      <RequestReviewCard
        request={request}
        canApprove={view.can.includes('approve')}
        canDispute={view.can.includes('dispute')}
        busy={review.busy}
        onApprove={() => review.approve(request)}
        onDispute={review.dispute}
      />
      {review.dialog}
    </>
  );
}

/** What the brand can do now on its link, by the request's status. */
export function RequestLinkActions({
  request,
  view,
  token,
  inactive,
  elsewhere,
  onClaimedElsewhere,
}: {
  request: PaymentRequestDto;
  view: PaymentRequestStateView;
  token: string;
  inactive: boolean;
  /** Another device holds the link: paying and reviewing happen there (or after moving it here). */
  elsewhere: boolean;
  onClaimedElsewhere: () => void;
}) {
  if (inactive)
    return (
      <p className="rounded-lg bg-slate-100 p-4 text-center font-semibold">
        {t('preq.inactive')}
      </p>
    );
  switch (view.status) {
    case 'pending':
      return <PendingActions view={view} token={token} />;
    case 'accepted':
      return elsewhere ? null : (
        <PayAction
          view={view}
          token={token}
          onClaimedElsewhere={onClaimedElsewhere}
        />
      );
    case 'delivered':
    case 'dispute':
      return elsewhere ? null : (
        <Review request={request} view={view} token={token} />
      );
    case 'paid':
      return (
        <Card className="bg-emerald-50">
          <h2 className="flex items-center gap-2 font-semibold text-emerald-900">
            <Icon name="check" /> {t('preq.paid')}
          </h2>
          <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm text-emerald-900">
            <li>{t('preq.next1')}</li>
            <li>{t('preq.next2')}</li>
            <li>{t('preq.next3')}</li>
          </ol>
        </Card>
      );
    case 'completed':
    case 'split_resolved':
      return (
        <p className="rounded-lg bg-emerald-50 p-4 text-center font-semibold text-emerald-900">
          <Icon name="party" /> {t('preq.completed')}
        </p>
      );
    default:
      return null;
  }
}
