import { writtenText } from '@/features/deals/model/deal-text';
import {
  Dialog,
  DialogPanel,
  DialogTitle,
  Description,
} from '@headlessui/react';
import { DetailRow } from '@/components/ui/detail-row';
import type { DealListItemDto } from '@machines/contract/api';
import { CopyButton } from '@/components/ui/copy-button';
import { Button } from '@/components/ui/button';
import { formatDate } from '@/lib/dates';
import { t, formatMoney } from '@/i18n';
import { acceptUrl } from '@/features/deals/model/accept-url';

/** The dashboard's side panel with the accept link. Copy failures are silent here (docs/product.md §8). */
export function SharePanel({
  deal,
  open,
  onClose,
}: {
  deal: DealListItemDto;
  open: boolean;
  onClose: () => void;
}) {
  const link = deal.shareableToken ? acceptUrl(deal.shareableToken) : '';
  return (
    <Dialog open={open} onClose={onClose} className="relative z-50">
      <div className="fixed inset-0 bg-slate-900/50" aria-hidden="true" />
      <div className="fixed inset-y-0 right-0 flex w-full max-w-sm">
        <DialogPanel className="flex w-full flex-col gap-4 overflow-y-auto bg-white p-5 shadow-xl">
          <DialogTitle className="text-lg font-bold">
            {t('share.title')}
          </DialogTitle>
          <Description className="text-sm text-slate-500">
            {t('share.description')}
          </Description>
          <div className="space-y-2">
            <p className="text-xs font-medium uppercase text-slate-500">
              {t('share.linkLabel')}
            </p>
            <p
              data-testid="share-link"
              className="break-all rounded-lg bg-slate-100 p-3 font-mono text-xs"
            >
              {link}
            </p>
            <CopyButton
              text={link}
              label={t('share.copy')}
              copiedLabel={t('share.copied')}
              block
            />
          </div>
          <dl className="space-y-2 text-sm">
            <DetailRow
              label={t('share.partner')}
              value={
                writtenText(deal.brandName, 'party') || t('share.defaultBrand')
              }
            />
            <DetailRow
              label={t('card.assignment')}
              value={deal.title ?? deal.influencer}
            />
            <DetailRow
              label={t('card.creatorReceives')}
              value={formatMoney(deal.amountCents)}
            />
            <DetailRow
              label={t('card.deadline')}
              value={formatDate(deal.deadline)}
            />
          </dl>
          <Button variant="secondary" onClick={onClose} className="mt-auto">
            {t('share.close')}
          </Button>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
