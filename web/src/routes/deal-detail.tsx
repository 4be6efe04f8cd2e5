import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { CopyButton } from '@/components/ui/copy-button';
import { DetailRow } from '@/components/ui/detail-row';
import { Page } from '@/components/ui/page';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast-store';
import { useDeal } from '@/features/deals/api/get-deal.query';
import { useGenerateToken, useRotateToken } from '@/features/deals/api/generate-token.mutation';
import { DealProgress } from '@/features/deals/components/deal-progress';
import { DescriptionView } from '@/features/deals/components/description-view';
import { acceptUrl } from '@/features/deals/components/share-panel';
import { can, useDealView } from '@/features/deals/model/deal-view';
import { dealSplitOf, statusTextVars } from '@/features/deals/model/deal-split';
import { formatDate, formatDateTime } from '@/lib/dates';
import { errorText, HttpError } from '@/lib/http';
import { t, tKey, type MessageKey, formatMoney } from '@/i18n';
import { deliverableLabel } from '@/features/deals/model/deliverables';
import { DocumentLink } from '@/features/documents/components/document-link';

/** The brand's deal detail page (Dutch, dates nl-NL; docs/product.md §2). */
export default function DealDetailRoute() {
  const id = Number(useParams().id ?? 0);
  const deal = useDeal(id);
  const view = useDealView(deal.data);
  const generate = useGenerateToken();
  const rotate = useRotateToken();
  const [token, setToken] = useState<string | null>(null);

  const back = (
    <Link
      to="/deals"
      aria-label={t('detail.back')}
      className="rounded-lg p-1 text-2xl leading-none text-slate-600 hover:bg-slate-100"
    >
      ←
    </Link>
  );
  if (deal.isPending) return <Spinner />;
  if (!deal.data || !view)
    return (
      <Page back={back} title={t('detail.notFound')}>
        {null}
      </Page>
    );
  const d = deal.data;
  const shareToken = token ?? d.shareableToken;
  const split = dealSplitOf(d);

  const makeLink = () =>
    generate.mutate(d.id, {
      onSuccess: (answer) => setToken(answer.token),
      onError: (error) => {
        const auth =
          error instanceof HttpError &&
          (error.status === 401 || error.serverCode === 'unauthorized');
        toast({
          title: auth ? t('toast.loginPrompt') : t('toast.linkError'),
          variant: 'destructive',
        });
      },
    });

  const newLink = () =>
    rotate.mutate(d.id, {
      onSuccess: (answer) => {
        setToken(answer.token);
        toast({ title: t('toast.linkRotated') });
      },
      onError: (error) =>
        toast({
          title: t('toast.linkError'),
          description: errorText(error),
          variant: 'destructive',
        }),
    });

  return (
    <Page
      back={back}
      title={d.title ?? d.influencer}
      actions={<Badge tone={view.badge}>{t(`detail.status.${view.status}` as MessageKey)}</Badge>}
    >
      <div className="space-y-4">
        <Card>
          <DealProgress step={view.step} />
        </Card>
        <Card>
          <dl className="space-y-2 text-sm">
            <DetailRow label={t('detail.creator')} value={d.influencer} />
            <DetailRow label={t('detail.amount')} value={formatMoney(d.amountCents)} />
            <DetailRow label={t('detail.total')} value={formatMoney(d.totalAmountCents)} />
            <DetailRow label={t('detail.deadline')} value={formatDate(d.deadline)} />
            {d.publicationDeadline && (
              <DetailRow
                label={t('detail.publication')}
                value={formatDate(d.publicationDeadline)}
              />
            )}
            {d.deliverables.length > 0 && (
              <DetailRow
                label={t('detail.deliverables')}
                value={d.deliverables.map(deliverableLabel).join(', ')}
              />
            )}
            <DetailRow label={t('detail.created')} value={formatDateTime(d.createdAt)} />
          </dl>
          <h2 className="mb-1 mt-4 text-sm font-semibold">{t('detail.description')}</h2>
          <DescriptionView description={d.description} />
          {d.paidAt && (
            <div className="mt-4">
              <DocumentLink to={`/deals/${d.id}/receipt`} kind="receipt" />
            </div>
          )}
        </Card>
        {split && (
          <Card>
            <h2 className="font-semibold">
              {view.status === 'split_resolved' ? t('detail.splitTitle') : t('detail.splitPending')}
            </h2>
            {view.status === 'split_resolved' && (
              <p className="text-sm text-slate-700" data-testid="split-summary">
                {tKey(view.brandText, statusTextVars(d))}
              </p>
            )}
            <dl className="mt-2 space-y-2 text-sm">
              <DetailRow label={t('detail.splitRefund')} value={formatMoney(split.refundCents)} />
              <DetailRow label={t('detail.splitCreator')} value={formatMoney(split.creatorCents)} />
              <DetailRow label={t('detail.splitFee')} value={formatMoney(split.feeKeptCents)} />
            </dl>
          </Card>
        )}
        {view.status === 'pending_delivery' && (
          <Card className="bg-brand-50">
            <h2 className="font-semibold">{t('detail.shareTitle')}</h2>
            <p className="mb-3 text-sm text-slate-600">{t('detail.shareText')}</p>
            {shareToken ? (
              <>
                <p className="mb-2 break-all rounded-lg bg-white p-3 font-mono text-xs">
                  {acceptUrl(shareToken)}
                </p>
                <CopyButton
                  text={acceptUrl(shareToken)}
                  label={t('detail.copy')}
                  copiedLabel={t('detail.copied')}
                  block
                  onError={() => toast({ title: t('toast.copyError'), variant: 'destructive' })}
                />
                {d.influencerAcceptedAt === null && (
                  <Button
                    block
                    variant="secondary"
                    className="mt-2"
                    onClick={newLink}
                    disabled={rotate.isPending}
                  >
                    {t('detail.rotate')}
                  </Button>
                )}
              </>
            ) : (
              <Button block onClick={makeLink} disabled={generate.isPending}>
                {t('detail.generate')}
              </Button>
            )}
          </Card>
        )}
        {view.status === 'pending_payment' && can(view, 'checkout') && (
          <Link to={`/payment/${d.id}`} className={buttonClass('primary', true)}>
            {t('detail.payNow')}
          </Link>
        )}
      </div>
    </Page>
  );
}
