import type { ReactNode } from 'react';
import type { DealDto } from '@machines/contract/api';
import { Card } from '@/components/ui/card';
import { DetailRow } from '@/components/ui/detail-row';
import { formatDate } from '@/lib/dates';
import { t, formatMoney, type MessageKey } from '@/i18n';
import { writtenText } from '@/features/deals/model/deal-text';
import { deliverableLabel } from '@/features/deals/model/deliverables';
import { DescriptionView } from './description-view';
import { OutsideLink } from './outside-link';

function LinkRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-slate-500">{label}</dt>
      <dd className="min-w-0">{children}</dd>
    </div>
  );
}

/** The whole brief the brand wrote, as the creator reads it on the link page. */
export function CreatorBrief({ deal: d }: { deal: DealDto }) {
  const creatorCents = d.split?.creatorCents ?? d.amountCents;
  return (
    <Card>
      <h2 className="font-semibold">{writtenText(d.title ?? d.influencer)}</h2>
      <dl className="my-3 space-y-1 text-sm" data-testid="creator-brief">
        <DetailRow
          label={t('accept.from')}
          value={writtenText(d.brandName, 'party') || t('share.defaultBrand')}
        />
        <DetailRow
          label={t('accept.youReceive')}
          value={formatMoney(creatorCents)}
        />
        <DetailRow
          label={t('accept.deadline')}
          value={formatDate(d.deadline)}
        />
        {d.publicationDeadline && (
          <DetailRow
            label={t('accept.publication')}
            value={formatDate(d.publicationDeadline)}
          />
        )}
        {d.deliverables.length > 0 && (
          <DetailRow
            label={t('accept.deliverables')}
            value={d.deliverables
              .map((v) => writtenText(deliverableLabel(v)))
              .join(', ')}
          />
        )}
        {d.platforms.length > 0 && (
          <DetailRow
            label={t('accept.platforms')}
            value={d.platforms
              .map((p) => t(`platform.${p}` as MessageKey))
              .join(', ')}
          />
        )}
        {d.profileLink && (
          <LinkRow label={t('accept.profile')}>
            <OutsideLink href={d.profileLink} />
          </LinkRow>
        )}
        {d.briefingFiles && (
          <LinkRow label={t('accept.briefing')}>
            <OutsideLink href={d.briefingFiles} />
          </LinkRow>
        )}
      </dl>
      <DescriptionView description={d.description} />
    </Card>
  );
}
