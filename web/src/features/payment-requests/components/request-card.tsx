import { DisputeThreadPanel } from '@/features/disputes/components/dispute-thread-panel';
import type { PaymentRequestDto } from '@machines/contract/api';
import { Link } from '@/lib/router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { toast } from '@/components/ui/toast-store';
import { formatDate } from '@/lib/dates';
import { t, tKey, formatMoney } from '@/i18n';
import { useRequestView } from '@/features/payment-requests/model/request-view';
import { shareLink } from '@/features/payment-requests/model/share-link';
import { RequestCreatorDocuments } from '@/features/documents/components/request-creator-documents';
import { ChargebackNotice } from '@/components/ui/chargeback-notice';

/** What was asked: the amount with and without the fee, the deadline, the brand, the description, and the request's notices. */
function RequestDetails({ request }: { request: PaymentRequestDto }) {
  return (
    <>
      <p className="text-sm">
        <span className="text-lg font-bold">
          {formatMoney(request.amountCents)}
        </span>{' '}
        <span className="text-slate-500">
          ({t('mreq.withFee', { total: formatMoney(request.totalAmountCents) })}
          )
        </span>
      </p>
      <p className="text-sm text-slate-600">
        {t('mreq.deadline')}: {formatDate(request.deadline)}
      </p>
      <p className="text-sm text-slate-600">
        {request.brandName}
        {request.brandHandle ? ` · ${request.brandHandle}` : ''}
      </p>
      <p
        tabIndex={0}
        className="max-h-24 overflow-y-auto whitespace-pre-line break-words rounded-lg bg-slate-50 p-2 text-sm"
      >
        {request.description}
      </p>
      {request.onHold && (
        <p
          className="rounded-lg bg-amber-50 p-2 text-sm text-amber-900"
          data-testid="request-on-hold"
        >
          {t('mreq.onHold')}
        </p>
      )}
      {/* An open chargeback is the hold above; once the bank decided, its outcome. */}
      {!request.onHold && <ChargebackNotice chargeback={request.chargeback} />}
      {request.payoutPending && (
        <p
          className="rounded-lg bg-sky-50 p-2 text-sm text-sky-900"
          data-testid="request-payout-pending"
        >
          {t(
            request.payoutWaitingFor === 'provider'
              ? 'mreq.payoutWaitingProvider'
              : request.payoutWaitingFor === 'chargeback'
                ? 'mreq.payoutWaitingChargeback'
                : 'mreq.payoutPending',
          )}
          {/* Waiting for the creator's bank account: the way to connect one, on the profile. */}
          {request.payoutWaitingFor === 'bank_account' && (
            <>
              {' '}
              <Link to="/profile" className="font-semibold underline">
                {t('mreq.connectBank')}
              </Link>
            </>
          )}
        </p>
      )}
    </>
  );
}

/** Completing the request (when it may be), and copying or sharing its link. */
function RequestActions({
  request,
  busy,
  canComplete,
  onComplete,
  copyError,
}: {
  request: PaymentRequestDto;
  busy: boolean;
  canComplete: boolean;
  onComplete: (id: number) => void;
  copyError: () => void;
}) {
  return (
    <div className="flex flex-wrap gap-2">
      {canComplete && (
        <Button
          variant="success"
          disabled={busy}
          onClick={() => onComplete(request.id)}
        >
          {t('mreq.complete')}
        </Button>
      )}
      <CopyButton
        text={request.shareableUrl}
        label={t('mreq.copy')}
        copiedLabel={t('creq.copied')}
        onError={copyError}
      />
      <Button
        variant="secondary"
        onClick={() =>
          void shareLink(request.shareableUrl, request.title, copyError)
        }
      >
        {t('mreq.share')}
      </Button>
    </div>
  );
}

export function RequestCard({
  request,
  busy,
  onComplete,
}: {
  request: PaymentRequestDto;
  busy: boolean;
  onComplete: (id: number) => void;
}) {
  const view = useRequestView(request);
  if (!view) return null;
  const copyError = () =>
    toast({
      title: t('creq.copyError'),
      description: t('creq.copyErrorText'),
      variant: 'destructive',
    });
  return (
    <article
      className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
      data-testid="request-card"
      data-status={view.status}
    >
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 className="break-words font-semibold">{request.title}</h2>
          <p className="truncate text-sm text-slate-500">
            {request.brandName || request.brandEmail}
          </p>
        </div>
        <Badge tone={view.badge}>{tKey(view.text)}</Badge>
      </div>
      <RequestDetails request={request} />
      <RequestActions
        request={request}
        busy={busy}
        canComplete={view.can.includes('complete')}
        onComplete={onComplete}
        copyError={copyError}
      />
      {request.dispute && (
        <DisputeThreadPanel
          target={{
            base: `/api/payment-requests/${request.id}/dispute`,
            auth: 'user',
          }}
          amountCents={request.amountCents}
        />
      )}
      <RequestCreatorDocuments request={request} />
    </article>
  );
}
