import { lazy, Suspense } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { PaymentRequestDto } from '@machines/contract/api';
import type { PaymentRequestStateView } from '@machines/payment-request/payment-request.view';
import { useParams } from '@/lib/router';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { ChargebackNotice } from '@/components/ui/chargeback-notice';
import { Spinner } from '@/components/ui/spinner';
import {
  requestByTokenQueryOptions,
  useRequestByToken,
} from '@/features/payment-requests/api/get-request-by-token.query';
import { requestKeys } from '@/features/payment-requests/api/keys';
import { RequestLinkActions } from '@/features/payment-requests/components/request-link-actions';
import { RequestLinkSummary } from '@/features/payment-requests/components/request-link-summary';
import { RequestSteps } from '@/features/payment-requests/components/request-steps';
import { useRequestView } from '@/features/payment-requests/model/request-view';
import { daysUntil } from '@/lib/dates';
import { HttpError } from '@/lib/http';
import { useLiveQueries } from '@/app/live-updates';
import { DisputeThreadPanel } from '@/features/disputes/components/dispute-thread-panel';
import { claimHeaders } from '@/lib/claim-secret';
import { t, tKey } from '@/i18n';
import { HeroIcon, type IconName } from '@/components/ui/icon';
import { useLinkClaim } from '@/features/link-claim/api/get-link-claim.query';
import type { ClaimTarget } from '@/features/link-claim/api/link-claim-paths';
import { useOwnRequest } from '@/features/payment-requests/api/get-requests.query';

// The invoice details form and the papers, loaded once the request is accepted.
const RequestDocuments = lazy(() =>
  import('@/features/documents/components/request-documents').then((m) => ({
    default: m.RequestDocuments,
  })),
);

// "Continue on this device", loaded only where another device holds the link.
const LinkClaimPanel = lazy(() =>
  import('@/features/link-claim/components/link-claim-panel').then((m) => ({
    default: m.LinkClaimPanel,
  })),
);

function Notice({
  icon,
  title,
  text,
}: {
  icon: IconName;
  title: string;
  text?: string;
}) {
  return (
    <main className="mx-auto max-w-md px-5 py-16 text-center">
      <HeroIcon name={icon} tone="bg-slate-100 text-slate-600" />
      <h1 className="mt-3 text-2xl font-bold">{title}</h1>
      {text && <p className="mt-2 text-slate-600">{text}</p>}
    </main>
  );
}

/** What only the browser holding the link sees: the request's papers and its dispute. */
function HolderPanels({
  token,
  request,
  refreshKey,
  papers,
}: {
  token: string;
  request: PaymentRequestDto;
  refreshKey: number;
  papers: boolean;
}) {
  return (
    <>
      {papers && (
        <Suspense fallback={null}>
          <RequestDocuments token={token} paid={request.paidAt !== null} />
        </Suspense>
      )}
      {request.dispute && (
        <DisputeThreadPanel
          target={{
            base: `/api/payment-requests/link/${encodeURIComponent(token)}/dispute`,
            auth: 'none',
            headers: claimHeaders(token, 'request'),
          }}
          refreshKey={refreshKey}
          amountCents={request.amountCents}
        />
      )}
    </>
  );
}

/** Why there is no request to show: its link expired, or no request has this link. */
function RequestMissing({ error }: { error: Error | null }) {
  const expired = error instanceof HttpError && error.serverCode === 'expired';
  return expired ? (
    <Notice
      icon="clock"
      title={t('preq.expired')}
      text={t('preq.expiredText')}
    />
  ) : (
    <Notice
      icon="search"
      title={t('preq.notFound')}
      text={t('preq.notFoundText')}
    />
  );
}

/** The title with the request's status, and the days left once the link expires within a week. */
function RequestHeader({
  view,
  expiring,
  days,
}: {
  view: PaymentRequestStateView;
  expiring: boolean;
  days: number;
}) {
  return (
    <header className="flex flex-wrap items-center justify-between gap-2">
      <h1 className="text-2xl font-bold">{t('preq.title')}</h1>
      <div className="flex gap-2">
        <Badge tone={view.badge}>{tKey(view.text)}</Badge>
        {expiring && days <= 7 && (
          <Badge tone="yellow">
            {t('preq.daysLeft', { days: Math.max(0, days) })}
          </Badge>
        )}
      </div>
    </header>
  );
}

/** The request, asked for while the app starts (app-routes.tsx). */
export const prefetch = (
  { token = '' }: { token?: string },
  client: QueryClient,
) => {
  if (token) void client.prefetchQuery(requestByTokenQueryOptions(token));
};

/** What the brand does on its link (continue on this device, accept, pay, review), by the request's status. */
function BrandSteps({
  target,
  claim,
  request,
  view,
  inactive,
}: {
  target: ClaimTarget;
  claim: ReturnType<typeof useLinkClaim>;
  request: PaymentRequestDto;
  view: PaymentRequestStateView;
  inactive: boolean;
}) {
  const elsewhere = claim.data?.holder === 'elsewhere';
  return (
    <>
      {claim.data && elsewhere && (
        <Suspense fallback={null}>
          <LinkClaimPanel target={target} claim={claim.data} confirm={false} />
        </Suspense>
      )}
      <RequestLinkActions
        request={request}
        view={view}
        token={target.token}
        inactive={inactive}
        elsewhere={elsewhere}
        onClaimedElsewhere={() => void claim.refetch()}
      />
    </>
  );
}

/** The brand's page behind a payment-request link (Dutch, docs/product.md §2). */
export default function PayRequestRoute() {
  const token = useParams().token ?? '';
  const request = useRequestByToken(token);
  const view = useRequestView(request.data);
  const target = {
    kind: 'request',
    token,
    pageKey: requestKeys.byToken(token),
  } as const;
  const claim = useLinkClaim(
    target,
    request.data != null && request.data.status !== 'pending',
  );
  // The brand's browser that accepted holds the link; another device continues by e-mail code.
  const elsewhere = claim.data?.holder === 'elsewhere';
  // Its creator, signed in, sees the brand's page as a preview: accepting, paying and reviewing are the brand's.
  const own = useOwnRequest(token);
  useLiveQueries(
    token ? `/api/events/stream/request/${encodeURIComponent(token)}` : null,
    () => [requestKeys.byToken(token)],
    [requestKeys.byToken(token)],
  );

  if (!token) return <Notice icon="alert" title={t('preq.noToken')} />;
  if (request.isPending) return <Spinner label={t('preq.loading')} />;
  if (!request.data || !view) return <RequestMissing error={request.error} />;
  const days = daysUntil(request.data.expiresAt);
  const open = view.status === 'pending' || view.status === 'accepted';
  const inactive =
    (open && view.pastExpiry) ||
    view.status === 'expired' ||
    view.status === 'rejected';
  const expiring = open && !inactive;

  return (
    <main className="mx-auto w-full max-w-md space-y-4 px-4 py-6">
      <RequestHeader view={view} expiring={expiring} days={days} />
      <Card>
        <RequestSteps step={view.step} />
      </Card>
      <RequestLinkSummary request={request.data} />
      <ChargebackNotice chargeback={request.data.chargeback} />
      {expiring && days <= 3 && (
        <p
          role="alert"
          className="rounded-lg bg-red-50 p-3 text-sm font-semibold text-red-800"
        >
          {t('preq.warning', { days: Math.max(0, days) })}
        </p>
      )}
      {own ? (
        <p
          className="rounded-lg bg-sky-50 p-3 text-sm text-sky-900"
          data-testid="own-request"
        >
          {t('preq.ownRequest')}
        </p>
      ) : (
        <BrandSteps
          target={target}
          claim={claim}
          request={request.data}
          view={view}
          inactive={inactive}
        />
      )}
      {!elsewhere && !own && (
        <HolderPanels
          token={token}
          request={request.data}
          refreshKey={request.dataUpdatedAt}
          papers={view.status !== 'pending' && !inactive}
        />
      )}
    </main>
  );
}
