import { lazy, Suspense } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { DetailRow } from '@/components/ui/detail-row';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast-store';
import { useAcceptRequest } from '@/features/payment-requests/api/accept-request.mutation';
import {
  requestByTokenQueryOptions,
  useRequestByToken,
} from '@/features/payment-requests/api/get-request-by-token.query';
import { requestKeys } from '@/features/payment-requests/api/keys';
import { useRequestCheckout } from '@/features/payment-requests/api/request-checkout.mutation';
import { RequestSteps } from '@/features/payment-requests/components/request-steps';
import { useRequestView } from '@/features/payment-requests/model/request-view';
import { daysUntil } from '@/lib/dates';
import { HttpError, errorText } from '@/lib/http';
import { useLiveQueries } from '@/app/live-updates';
import { t, tKey, formatMoney } from '@/i18n';
import { HeroIcon, Icon, type IconName } from '@/components/ui/icon';
import { useLinkClaim } from '@/features/link-claim/api/get-link-claim.query';

// "Continue on this device", loaded only where another device holds the link.
const LinkClaimPanel = lazy(() =>
  import('@/features/link-claim/components/link-claim-panel').then((m) => ({
    default: m.LinkClaimPanel,
  })),
);

function Notice({ icon, title, text }: { icon: IconName; title: string; text?: string }) {
  return (
    <main className="mx-auto max-w-md px-5 py-16 text-center">
      <HeroIcon name={icon} tone="bg-slate-100 text-slate-600" />
      <h1 className="mt-3 text-2xl font-bold">{title}</h1>
      {text && <p className="mt-2 text-slate-600">{text}</p>}
    </main>
  );
}

/** The brand's page behind a payment-request link (Dutch, docs/product.md §2). */
/** The request, asked for while the app starts (app-routes.tsx). */
export const prefetch = ({ token = '' }: { token?: string }, client: QueryClient) => {
  if (token) void client.prefetchQuery(requestByTokenQueryOptions(token));
};

export default function PayRequestRoute() {
  const token = useParams().token ?? '';
  const request = useRequestByToken(token);
  const view = useRequestView(request.data);
  const accept = useAcceptRequest();
  const checkout = useRequestCheckout();
  const target = { kind: 'request', token, pageKey: requestKeys.byToken(token) } as const;
  const claimable = request.data != null && request.data.status !== 'pending';
  const claim = useLinkClaim(target, claimable);
  // The brand's browser that accepted holds the link; another device continues by e-mail code.
  const elsewhere = claim.data?.holder === 'elsewhere';
  useLiveQueries(
    token ? `/api/events/stream/request/${encodeURIComponent(token)}` : null,
    () => [requestKeys.byToken(token)],
    [requestKeys.byToken(token)],
  );

  if (!token) return <Notice icon="alert" title={t('preq.noToken')} />;
  if (request.isPending) return <Spinner label={t('preq.loading')} />;
  if (!request.data || !view) {
    const expired = request.error instanceof HttpError && request.error.serverCode === 'expired';
    return expired ? (
      <Notice icon="clock" title={t('preq.expired')} text={t('preq.expiredText')} />
    ) : (
      <Notice icon="search" title={t('preq.notFound')} text={t('preq.notFoundText')} />
    );
  }
  const r = request.data;
  const days = daysUntil(r.expiresAt);
  const inactive = view.pastExpiry || view.status === 'expired' || view.status === 'rejected';

  const onAccept = () =>
    accept.mutate(token, {
      onError: (e) =>
        toast({ title: t('preq.acceptError'), description: errorText(e), variant: 'destructive' }),
    });
  const onPay = () =>
    checkout.mutate(token, {
      onSuccess: (answer) =>
        answer.url
          ? window.location.assign(answer.url)
          : toast({ title: t('preq.payError'), variant: 'destructive' }),
      onError: (e) =>
        e instanceof HttpError && e.serverErrorCode === 'request_claimed_elsewhere'
          ? void claim.refetch()
          : toast({ title: t('preq.payError'), description: errorText(e), variant: 'destructive' }),
    });

  return (
    <main className="mx-auto w-full max-w-md space-y-4 px-4 py-6">
      <header className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold">{t('preq.title')}</h1>
        <div className="flex gap-2">
          <Badge tone={view.badge}>{tKey(view.text)}</Badge>
          {!inactive && days <= 7 && (
            <Badge tone="yellow">{t('preq.daysLeft', { days: Math.max(0, days) })}</Badge>
          )}
        </div>
      </header>
      <Card>
        <RequestSteps step={view.step} />
      </Card>
      <Card>
        <p className="text-xs text-slate-500">
          {t('preq.from')}: {r.creatorName}
          {r.creatorEmail ? ` · ${r.creatorEmail}` : ''}
        </p>
        <h2 className="mt-1 text-lg font-semibold">{r.title}</h2>
        <p className="mt-1 whitespace-pre-line break-words text-sm text-slate-700">
          {r.description}
        </p>
      </Card>
      <Card>
        <h2 className="mb-2 font-semibold">{t('preq.price')}</h2>
        <dl className="space-y-1 text-sm">
          <DetailRow label={t('preq.service')} value={formatMoney(r.amountCents)} />
          <DetailRow label={t('request.fee')} value={formatMoney(r.platformFeeCents)} />
          <div className="flex justify-between border-t border-slate-100 pt-2 text-base font-bold">
            <dt>{t('preq.total')}</dt>
            <dd>{formatMoney(r.totalAmountCents)}</dd>
          </div>
        </dl>
      </Card>
      {!inactive && days <= 3 && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm font-semibold text-red-800">
          {t('preq.warning', { days: Math.max(0, days) })}
        </p>
      )}
      {inactive && (
        <p className="rounded-lg bg-slate-100 p-4 text-center font-semibold">
          {t('preq.inactive')}
        </p>
      )}
      {!inactive && view.status === 'pending' && (
        <div className="space-y-2">
          <Button
            block
            onClick={onAccept}
            disabled={accept.isPending || !view.can.includes('accept')}
          >
            {accept.isPending ? t('preq.accepting') : t('preq.accept')}
          </Button>
          <p className="text-center text-xs text-slate-500">{t('preq.acceptNote')}</p>
        </div>
      )}
      {claim.data && elsewhere && (
        <Suspense fallback={null}>
          <LinkClaimPanel target={target} claim={claim.data} confirm={false} />
        </Suspense>
      )}
      {!inactive && view.status === 'accepted' && !elsewhere && (
        <div className="space-y-2">
          <Button
            block
            onClick={onPay}
            disabled={checkout.isPending || !view.can.includes('checkout')}
          >
            {checkout.isPending ? t('preq.paying') : t('preq.pay')}
          </Button>
          <p className="text-center text-xs text-slate-500">{t('preq.payNote')}</p>
        </div>
      )}
      {view.status === 'paid' && (
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
      )}
      {view.status === 'completed' && (
        <p className="rounded-lg bg-emerald-50 p-4 text-center font-semibold text-emerald-900">
          <Icon name="party" /> {t('preq.completed')}
        </p>
      )}
    </main>
  );
}
