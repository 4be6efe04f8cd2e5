import type { DealDto } from '@machines/contract/api';
import { Card } from '@/components/ui/card';
import { DetailRow } from '@/components/ui/detail-row';
import { formatDate, formatDateTime } from '@/lib/dates';
import { t, formatMoney } from '@/i18n';
import { deliverableLabel } from '@/features/deals/model/deliverables';
import { DealDocuments } from '@/features/documents/components/deal-documents';
import { DescriptionView } from './description-view';

/** The deal's terms on its page: who, how much, by when, what. */
export function DealFactsCard({ deal: d }: { deal: DealDto }) {
  return (
    <Card>
      <dl className="space-y-2 text-sm">
        <DetailRow label={t('detail.creator')} value={d.influencer} />
        <DetailRow
          label={t('detail.amount')}
          value={formatMoney(d.amountCents)}
        />
        <DetailRow
          label={t('detail.total')}
          value={formatMoney(d.totalAmountCents)}
        />
        <DetailRow
          label={t('detail.deadline')}
          value={formatDate(d.deadline)}
        />
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
        <DetailRow
          label={t('detail.created')}
          value={formatDateTime(d.createdAt)}
        />
      </dl>
      <h2 className="mb-1 mt-4 text-sm font-semibold">
        {t('detail.description')}
      </h2>
      <DescriptionView description={d.description} />
      {d.paidAt && (
        <div className="mt-4">
          <DealDocuments dealId={d.id} />
        </div>
      )}
    </Card>
  );
}
