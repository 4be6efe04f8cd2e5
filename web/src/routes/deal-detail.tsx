import { useParams } from '@/lib/router';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { ChargebackNotice } from '@/components/ui/chargeback-notice';
import { Page } from '@/components/ui/page';
import { Spinner } from '@/components/ui/spinner';
import { useDeal } from '@/features/deals/api/get-deal.query';
import { BackLink } from '@/features/deals/components/back-link';
import { DealActions } from '@/features/deals/components/deal-actions';
import { DealCountdown } from '@/features/deals/components/deal-countdown';
import { DealFactsCard } from '@/features/deals/components/deal-facts-card';
import { DealProgress } from '@/features/deals/components/deal-progress';
import { DealShareCard } from '@/features/deals/components/deal-share-card';
import { DealSplitCard } from '@/features/deals/components/deal-split-card';
import { MilestonePanel } from '@/features/deals/components/milestone-panel';
import { ContractSummary } from '@/features/deals/components/contract-summary';
import { RequestChangesCard } from '@/features/deals/components/request-changes-card';
import { RevisionHistory } from '@/features/deals/components/revision-history';
import { useDealCommands } from '@/features/deals/components/use-deal-commands';
import { statusText } from '@/features/deals/model/deal-split';
import { dealViewOf, disputedCents } from '@/features/deals/model/deal-view';
import { DisputeThreadPanel } from '@/features/disputes/components/dispute-thread-panel';
import { t, type MessageKey } from '@/i18n';

/** The brand's page of one deal: where it stands, what it can do, the link and the documents. */
export default function DealDetailRoute() {
  const id = Number(useParams().id ?? 0);
  const deal = useDeal(id);
  const commands = useDealCommands();
  const d = deal.data;
  const view = dealViewOf(d);
  const back = <BackLink to="/deals" />;
  const disputed = d ? disputedCents(d) : null;

  if (deal.isPending) return <Spinner />;
  if (!d || !view)
    return (
      <Page back={back} title={t('detail.notFound')}>
        {null}
      </Page>
    );
  return (
    <Page
      back={back}
      title={d.title ?? d.influencer}
      actions={
        <Badge tone={view.badge}>
          {t(`detail.status.${view.status}` as MessageKey)}
        </Badge>
      }
    >
      <div
        className="space-y-4"
        data-testid="deal-detail"
        data-status={view.status}
      >
        <Card className="space-y-3">
          <p className="font-semibold" data-testid="deal-status">
            {statusText(d, view.brandText)}
          </p>
          <DealProgress step={view.step} />
          <DealCountdown deal={d} side="brand" />
          <DealActions
            deal={d}
            view={view}
            busy={commands.busy}
            onRelease={() => commands.release(d)}
            onDispute={() => commands.dispute(d)}
          />
        </Card>
        <MilestonePanel deal={d} side="brand" />
        <RequestChangesCard deal={d} view={view} />
        <ChargebackNotice chargeback={d.chargeback} />
        <RevisionHistory deal={d} />
        <DealShareCard deal={d} />
        <DealSplitCard deal={d} view={view} />
        {disputed !== null && (
          <DisputeThreadPanel
            target={{ base: `/api/deals/${d.id}/dispute`, auth: 'user' }}
            refreshKey={deal.dataUpdatedAt}
            amountCents={disputed}
          />
        )}
        <DealFactsCard deal={d} />
        <ContractSummary deal={d} contractPath={`/deals/${d.id}/contract`} />
      </div>
      {commands.dialog}
    </Page>
  );
}
