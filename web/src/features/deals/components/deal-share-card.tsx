import type { DealDto } from '@machines/contract/api';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { CopyButton } from '@/components/ui/copy-button';
import { toast } from '@/components/ui/toast-store';
import { t } from '@/i18n';
import { useShareLink } from '@/features/deals/hooks/use-share-link';
import { acceptUrl } from '@/features/deals/model/accept-url';

/** The creator link on the deal page, while the creator still needs it (before delivery). */
export function DealShareCard({ deal }: { deal: DealDto }) {
  const link = useShareLink(deal);
  const waiting =
    deal.status === 'pending_delivery' || deal.status === 'pending_payment';
  if (!waiting || (deal.status === 'pending_payment' && !link.token))
    return null;
  return (
    <Card className="bg-brand-50">
      <h2 className="font-semibold">{t('detail.shareTitle')}</h2>
      <p className="mb-3 text-sm text-slate-600">{t('detail.shareText')}</p>
      {link.token ? (
        <>
          <p
            className="mb-2 break-all rounded-lg bg-white p-3 font-mono text-xs"
            data-testid="detail-share-link"
          >
            {acceptUrl(link.token)}
          </p>
          <CopyButton
            text={acceptUrl(link.token)}
            label={t('detail.copy')}
            copiedLabel={t('detail.copied')}
            block
            onError={() =>
              toast({ title: t('toast.copyError'), variant: 'destructive' })
            }
          />
          {deal.influencerAcceptedAt === null && (
            <Button
              block
              variant="secondary"
              className="mt-2"
              onClick={link.replace}
              disabled={link.replacing}
            >
              {t('detail.rotate')}
            </Button>
          )}
        </>
      ) : (
        <Button block onClick={link.make} disabled={link.making}>
          {t('detail.generate')}
        </Button>
      )}
    </Card>
  );
}
