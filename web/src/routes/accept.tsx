import { lazy, Suspense } from 'react';
import { useParams } from '@/lib/router';
import type { QueryClient } from '@tanstack/react-query';
import type { DealDto } from '@machines/contract/api';
import type { DealStateView } from '@machines/deal/deal.view';
import { Card } from '@/components/ui/card';
import { ChargebackNotice } from '@/components/ui/chargeback-notice';
import { HeroIcon } from '@/components/ui/icon';
import { Spinner } from '@/components/ui/spinner';
import { dealByTokenQueryOptions } from '@/features/deals/api/get-deal-by-token.query';
import { CreatorBrief } from '@/features/deals/components/creator-brief';
import { ContractSummary } from '@/features/deals/components/contract-summary';
import { RevisionHistory } from '@/features/deals/components/revision-history';
import { DealProgress } from '@/features/deals/components/deal-progress';
import { LinkNotFound } from '@/features/deals/components/link-not-found';
import {
  LinkEscrowCard,
  LinkStatusNote,
} from '@/features/deals/components/link-status-note';
import { LinkSteps } from '@/features/deals/components/link-steps';
import { MilestonePanel } from '@/features/deals/components/milestone-panel';
import { useLinkCommands } from '@/features/deals/hooks/use-link-commands';
import { useLinkDeal } from '@/features/deals/hooks/use-link-deal';
import { statusText } from '@/features/deals/model/deal-split';
import { writtenText } from '@/features/deals/model/deal-text';
import { dealViewOf, disputedCents } from '@/features/deals/model/deal-view';
import { dealKeys } from '@/features/deals/api/keys';
import { DocumentLink } from '@/features/documents/components/document-link';
import { creatorPaidOut } from '@/features/documents/model/creator-paid-out';
import {
  useLinkClaim,
  type LinkClaimDto,
} from '@/features/link-claim/api/get-link-claim.query';
import { getAuthToken } from '@/lib/auth-token';
import { claimHeaders } from '@/lib/claim-secret';
import { lazyWithTexts } from '@/lib/lazy-with-texts';
import { t } from '@/i18n';

// The claim part (continue on this device, confirm the e-mail) loads once the deal is accepted.
const LinkClaimPanel = lazyWithTexts(['link-panels'], () =>
  import('@/features/link-claim/components/link-claim-panel').then(
    (m) => m.LinkClaimPanel,
  ),
);

// Shown only to the accepting creator (self-billing, with its address and country form) and during a
// dispute (the conversation): neither is on the first paint of a link, so both load when they show.
const SelfBillingCard = lazyWithTexts(['link-panels'], () =>
  import('@/features/documents/components/self-billing-card').then(
    (m) => m.SelfBillingCard,
  ),
);
const DisputeThreadPanel = lazy(() =>
  import('@/features/disputes/components/dispute-thread-panel').then((m) => ({
    default: m.DisputeThreadPanel,
  })),
);

// Shown only once the deal is accepted, below the deal: its push code loads when it shows.
const LinkNotificationsCard = lazyWithTexts(['link-panels'], () =>
  import('@/features/deals/components/link-notifications-card').then(
    (m) => m.LinkNotificationsCard,
  ),
);

/** The link page's heading: an invitation until the creator accepts, then the accepted deal. */
function LinkHeader({ accepted, brand }: { accepted: boolean; brand: string }) {
  return (
    <header className="text-center">
      <HeroIcon name={accepted ? 'handshake' : 'mail'} />
      <h1 className="mt-2 text-2xl font-bold">
        {accepted ? t('accept.accepted') : t('accept.invited')}
      </h1>
      <p className="text-sm text-slate-600">
        {t('accept.invitedText', { brand })}
      </p>
    </header>
  );
}

/**
 * What an accepted deal adds below it: the dispute conversation, self-billing for the browser that
 * holds the link, the statement once paid out, and notifications. Another device holding the link
 * sees none of the steps that are not its own.
 */
function AcceptedPanels({
  token,
  deal: d,
  view,
  holder,
  refreshKey,
}: {
  token: string;
  deal: DealDto;
  view: DealStateView;
  holder: LinkClaimDto['holder'] | undefined;
  refreshKey: number;
}) {
  const elsewhere = holder === 'elsewhere';
  const disputed = disputedCents(d);
  return (
    <>
      {disputed !== null && !elsewhere && (
        <Suspense fallback={null}>
          <DisputeThreadPanel
            target={{
              base: `/api/deals/link/${encodeURIComponent(token)}/dispute`,
              auth: getAuthToken() ? 'user' : 'none',
              headers: claimHeaders(token),
            }}
            refreshKey={refreshKey}
            amountCents={disputed}
          />
        </Suspense>
      )}
      {holder === 'you' && view.status !== 'cancelled' && (
        <Suspense fallback={null}>
          <SelfBillingCard token={token} paidOut={creatorPaidOut(d)} />
        </Suspense>
      )}
      {creatorPaidOut(d) && !elsewhere && (
        <DocumentLink to={`/accept/${token}/statement`} kind="statement" />
      )}
      {view.status !== 'cancelled' && !elsewhere && (
        <Suspense fallback={null}>
          <LinkNotificationsCard token={token} />
        </Suspense>
      )}
    </>
  );
}

/** The deal, asked for while the app starts (app-routes.tsx). */
export const prefetch = (
  { token = '' }: { token?: string },
  client: QueryClient,
) => void client.prefetchQuery(dealByTokenQueryOptions(token));

/** The creator's deal page behind the share link (docs/product.md §2, §4). */
export default function AcceptRoute() {
  const token = useParams().token ?? '';
  const deal = useLinkDeal(token);
  const commands = useLinkCommands(token);
  const d = deal.data;
  const view = dealViewOf(d);
  const target = {
    kind: 'deal',
    token,
    pageKey: dealKeys.byToken(token),
  } as const;
  const claim = useLinkClaim(target, d?.influencerAcceptedAt != null);
  // Another device holds the link: its steps are not this browser's to take.
  const elsewhere = claim.data?.holder === 'elsewhere';

  if (deal.isPending) return <Spinner />;
  if (!d || !view) return <LinkNotFound />;
  const accepted = d.influencerAcceptedAt !== null;
  const brand = writtenText(d.brandName, 'party') || t('share.defaultBrand');

  return (
    <main className="mx-auto w-full max-w-md space-y-4 px-4 py-6">
      <LinkHeader accepted={accepted} brand={brand} />
      <Card>
        <p className="text-sm text-slate-500">{t('accept.status')}</p>
        <p className="mb-3 font-semibold" data-testid="creator-status">
          {statusText(d, view.creatorText)}
        </p>
        <DealProgress step={view.step} />
      </Card>
      {accepted && claim.data && (
        <Suspense fallback={null}>
          <LinkClaimPanel
            target={target}
            claim={claim.data}
            confirm={view.status !== 'cancelled'}
          />
        </Suspense>
      )}
      <CreatorBrief deal={d} />
      <MilestonePanel
        deal={d}
        side="creator"
        commands={commands}
        elsewhere={elsewhere}
      />
      {!accepted && <LinkEscrowCard />}
      <ContractSummary deal={d} contractPath={`/accept/${token}/contract`} />
      <RevisionHistory deal={d} />
      {!elsewhere && (
        <LinkSteps
          deal={d}
          view={view}
          accepted={accepted}
          commands={commands}
        />
      )}
      <LinkStatusNote deal={d} view={view} />
      <ChargebackNotice chargeback={d.chargeback} />
      {accepted && (
        <AcceptedPanels
          token={token}
          deal={d}
          view={view}
          holder={claim.data?.holder}
          refreshKey={deal.dataUpdatedAt}
        />
      )}
    </main>
  );
}
