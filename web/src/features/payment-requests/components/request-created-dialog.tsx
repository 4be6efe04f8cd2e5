import type { PaymentRequestDto } from '@machines/contract/api';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { DetailRow } from '@/components/ui/detail-row';
import { Modal } from '@/components/ui/modal';
import { toast } from '@/components/ui/toast-store';
import { t, formatMoney } from '@/i18n';
import { shareLink } from '@/features/payment-requests/model/share-link';

/** The success dialog after creating a request (docs/product.md §2). */
export function RequestCreatedDialog({
  request,
  onNew,
  onHome,
}: {
  request: PaymentRequestDto | null;
  onNew: () => void;
  onHome: () => void;
}) {
  if (!request) return null;
  const copyError = () =>
    toast({
      title: t('creq.copyError'),
      description: t('creq.copyErrorText'),
      variant: 'destructive',
    });
  return (
    <Modal open onClose={onNew} title={t('creq.doneTitle')}>
      <div className="space-y-4">
        <dl className="space-y-1 text-sm">
          <DetailRow label={t('creq.titleLabel')} value={request.title} />
          <DetailRow label={t('creq.creator')} value={request.creatorName} />
          <DetailRow
            label={t('creq.brand')}
            value={request.brandName || request.brandEmail}
          />
          <DetailRow
            label={t('creq.amountLabel')}
            value={formatMoney(request.amountCents)}
          />
          <DetailRow
            label={t('creq.totalLabel')}
            value={formatMoney(request.totalAmountCents)}
          />
          <DetailRow label={t('creq.statusLabel')} value={t('creq.waiting')} />
        </dl>
        <div>
          <p className="text-xs font-medium text-slate-500">{t('creq.link')}</p>
          <p
            data-testid="request-link"
            className="break-all rounded-lg bg-slate-100 p-3 font-mono text-xs"
          >
            {request.shareableUrl}
          </p>
        </div>
        <div className="grid grid-cols-2 gap-2">
          <CopyButton
            text={request.shareableUrl}
            label={t('creq.copy')}
            copiedLabel={t('creq.copied')}
            onError={copyError}
          />
          <Button
            onClick={() =>
              void shareLink(request.shareableUrl, request.title, copyError)
            }
          >
            {t('creq.share')}
          </Button>
          <Button variant="secondary" onClick={onNew}>
            {t('creq.new')}
          </Button>
          <Button variant="ghost" onClick={onHome}>
            {t('creq.home')}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
