import { lazy, Suspense, useEffect, useRef } from 'react';
import { useParams } from 'react-router-dom';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { DetailRow } from '@/components/ui/detail-row';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast-store';
import {
  dealByTokenQueryOptions,
  useDealByToken,
} from '@/features/deals/api/get-deal-by-token.query';
import { useAcceptDeal } from '@/features/deals/api/accept-deal.mutation';
import { useStartOnboarding } from '@/features/deals/api/start-onboarding.mutation';
import { useDeliverDeal } from '@/features/deals/api/deliver-deal.mutation';
import { dealKeys } from '@/features/deals/api/keys';
import { DescriptionView } from '@/features/deals/components/description-view';
import { DealProgress } from '@/features/deals/components/deal-progress';
import { can, useDealView } from '@/features/deals/model/deal-view';
import { dealSplitOf, statusTextVars } from '@/features/deals/model/deal-split';
import { useStripeSetupReturn } from '@/features/deals/model/use-stripe-setup-return';
import { formatDate } from '@/lib/dates';
import { errorText } from '@/lib/http';
import { useLiveQueries } from '@/app/live-updates';
import { t, tKey, formatMoney } from '@/i18n';
import { HeroIcon, Icon } from '@/components/ui/icon';
import { deliverableLabel } from '@/features/deals/model/deliverables';
import { DocumentLink } from '@/features/documents/components/document-link';

// Shown only once the deal is accepted, below the deal: its push code loads when it shows.
/** The outcomes after which the creator was paid out, and so has a statement. */
const PAID_OUT = new Set(['completed', 'approved_after_dispute', 'split_resolved']);

const LinkNotificationsCard = lazy(() =>
  import('@/features/deals/components/link-notifications-card').then((m) => ({
    default: m.LinkNotificationsCard,
  })),
);

/** The deal, asked for while the app starts (app-routes.tsx). */
export const prefetch = ({ token = '' }: { token?: string }, client: QueryClient) =>
  void client.prefetchQuery(dealByTokenQueryOptions(token));

/** The creator's deal page behind the share link (docs/product.md §2, §4). English, dates en-US. */
export default function AcceptRoute() {
  const token = useParams().token ?? '';
  const client = useQueryClient();
  const deal = useDealByToken(token);
  const view = useDealView(deal.data);
  const accept = useAcceptDeal();
  const onboarding = useStartOnboarding();
  const deliver = useDeliverDeal();
  const warned = useRef(false);

  useLiveQueries(
    token ? `/api/events/stream/deal/${encodeURIComponent(token)}` : null,
    () => [dealKeys.byToken(token)],
    [dealKeys.byToken(token)],
  );
  useStripeSetupReturn(() => client.invalidateQueries({ queryKey: dealKeys.byToken(token) }));

  // The fetch error toast shows on first load only (docs/product.md §4).
  useEffect(() => {
    if (deal.isError && !deal.data && !warned.current) {
      warned.current = true;
      toast({ title: t('toast.tokenError'), variant: 'destructive' });
    }
  }, [deal.isError, deal.data]);

  if (deal.isPending) return <Spinner />;
  if (!deal.data || !view) {
    return (
      <main className="mx-auto max-w-md px-5 py-16 text-center">
        <HeroIcon name="search" tone="bg-slate-100 text-slate-600" />
        <h1 className="mt-3 text-2xl font-bold">{t('accept.notFoundTitle')}</h1>
        <p className="mt-2 text-slate-600">{t('accept.notFoundText')}</p>
      </main>
    );
  }
  const d = deal.data;
  const accepted = d.influencerAcceptedAt !== null;
  const split = dealSplitOf(d);

  const onAccept = () =>
    accept.mutate(token, {
      onSuccess: () => toast({ title: t('toast.accepted') }),
      onError: (e) =>
        toast({
          title: t('toast.acceptError'),
          description: errorText(e) || t('app.tryAgainLater'),
          variant: 'destructive',
        }),
    });
  const onBank = () =>
    onboarding.mutate(token, {
      onSuccess: (answer) => {
        if (answer.url) window.location.assign(answer.url);
        else toast({ title: t('toast.onboardingNoUrl'), variant: 'destructive' });
      },
      onError: (e) =>
        toast({
          title: t('toast.onboardingError'),
          description: errorText(e) || t('app.tryAgainLater'),
          variant: 'destructive',
        }),
    });
  const onDeliver = () =>
    deliver.mutate(token, {
      onSuccess: () =>
        toast({ title: t('toast.delivered'), description: t('toast.deliveredText') }),
      onError: (e) =>
        toast({
          title: t('toast.deliverError'),
          description: errorText(e) || t('app.tryAgainLater'),
          variant: 'destructive',
        }),
    });

  return (
    <main className="mx-auto w-full max-w-md space-y-4 px-4 py-6">
      <header className="text-center">
        <HeroIcon name={accepted ? 'handshake' : 'mail'} />
        <h1 className="mt-2 text-2xl font-bold">
          {accepted ? t('accept.accepted') : t('accept.invited')}
        </h1>
        <p className="text-sm text-slate-600">
          {t('accept.invitedText', { brand: d.brandName || t('share.defaultBrand') })}
        </p>
      </header>
      <Card>
        <p className="text-sm text-slate-500">{t('accept.status')}</p>
        <p className="mb-3 font-semibold" data-testid="creator-status">
          {tKey(view.creatorText, statusTextVars(d))}
        </p>
        <DealProgress step={view.step} />
      </Card>
      <Card>
        <h2 className="font-semibold">{d.title ?? d.influencer}</h2>
        <dl className="my-3 space-y-1 text-sm">
          <DetailRow label={t('accept.from')} value={d.brandName || t('share.defaultBrand')} />
          <DetailRow
            label={t('accept.youReceive')}
            value={formatMoney(split?.creatorCents ?? d.amountCents)}
          />
          <DetailRow label={t('accept.deadline')} value={formatDate(d.deadline)} />
          {d.deliverables.length > 0 && (
            <DetailRow
              label={t('accept.deliverables')}
              value={d.deliverables.map(deliverableLabel).join(', ')}
            />
          )}
        </dl>
        <DescriptionView description={d.description} />
      </Card>
      {!accepted && (
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
      )}
      {can(view, 'accept') && (
        <Button block onClick={onAccept} disabled={accept.isPending}>
          {accept.isPending ? t('accept.accepting') : t('accept.accept')}
        </Button>
      )}
      {!accepted && view.status === 'pending_payment' && (
        <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">{t('accept.notPaid')}</p>
      )}
      {can(view, 'startBankSetup') && (
        <Card>
          <p className="mb-3 text-sm">{t('accept.bankNeeded')}</p>
          <Button block onClick={onBank} disabled={onboarding.isPending}>
            <Icon name="bank" /> {t('accept.bankSetup')}
          </Button>
        </Card>
      )}
      {can(view, 'deliver') && (
        <Card>
          <p className="mb-1 text-sm font-medium text-emerald-700">✓ {t('accept.bankConnected')}</p>
          <p className="mb-3 text-sm">{t('accept.deliverText')}</p>
          <Button block variant="success" onClick={onDeliver} disabled={deliver.isPending}>
            {deliver.isPending ? t('accept.delivering') : t('accept.deliver')}
          </Button>
        </Card>
      )}
      {view.status === 'delivered' && (
        <p className="rounded-lg bg-violet-50 p-3 text-sm">{t('accept.deliveredText')}</p>
      )}
      {view.status === 'dispute' && (
        <p className="rounded-lg bg-red-50 p-3 text-sm text-red-800">{t('accept.disputeText')}</p>
      )}
      {(view.status === 'completed' || view.status === 'approved_after_dispute') && (
        <p className="rounded-lg bg-emerald-50 p-3 text-sm">{t('accept.completedText')}</p>
      )}
      {view.status === 'split_resolved' && split && (
        <p className="rounded-lg bg-emerald-50 p-3 text-sm" data-testid="split-text">
          {t('accept.splitText', { amount: formatMoney(split.creatorCents) })}
        </p>
      )}
      {view.status === 'cancelled' && (
        <p className="rounded-lg bg-slate-100 p-3 text-sm">{t('accept.cancelledText')}</p>
      )}
      {accepted && PAID_OUT.has(view.status) && (
        <DocumentLink to={`/accept/${token}/statement`} kind="statement" />
      )}
      {accepted && view.status !== 'cancelled' && (
        <Suspense fallback={null}>
          <LinkNotificationsCard token={token} />
        </Suspense>
      )}
    </main>
  );
}
