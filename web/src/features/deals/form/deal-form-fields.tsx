import { breakdown } from '@machines/money';
import { deliverableOptions, platforms } from '@machines/deal/deal-options';
import { AmountField } from '@/components/ui/amount-field';
import { TextArea, TextField } from '@/components/ui/field';
import { t, type MessageKey, formatMoney } from '@/i18n';
import { deliverableLabel } from '@/features/deals/model/deliverables';
import type { DealForm } from '@/features/deals/hooks/use-deal-form';
import { AiImprove } from './ai-improve';
import { CheckGroup } from './check-group';
import { ContractFields } from './contract-fields';
import { dealAmountBounds } from './deal-form-state';
import { MilestonePlanFields } from './milestone-plan-fields';

/** What the deal is: creator, terms, amount and dates (the option lists come from machines/). */
export function DealFormFields({ deal }: { deal: DealForm }) {
  const { form, set, amount, tried } = deal;
  const required = (value: string) =>
    tried && value.trim() === '' ? t('form.required') : null;
  return (
    <>
      <TextField
        label={t('create.influencer')}
        placeholder={t('create.influencerPlaceholder')}
        value={form.influencer}
        error={required(form.influencer)}
        onChange={(e) => set('influencer', e.target.value)}
      />
      <TextField
        label={t('create.profileLink')}
        type="url"
        placeholder="https://"
        value={form.profileLink}
        onChange={(e) => set('profileLink', e.target.value)}
      />
      <TextField
        label={t('create.dealTitle')}
        value={form.title}
        onChange={(e) => set('title', e.target.value)}
      />
      <TextArea
        label={t('create.description')}
        rows={5}
        hint={t('create.descriptionHint')}
        value={form.description}
        error={required(form.description)}
        onChange={(e) => set('description', e.target.value)}
      />
      <AiImprove
        input={{
          description: form.description,
          platforms: form.platforms,
          deliverables: form.deliverables,
        }}
        onUse={(text) => set('description', text)}
      />
      <AmountField
        label={t('create.amount')}
        value={form.amount}
        onChange={(text) => set('amount', text)}
        reading={amount}
        bounds={dealAmountBounds()}
        aboveText={t('create.amountCap')}
        showEmpty={tried}
        extra={
          amount.cents !== null &&
          t('create.feeLine', {
            total: formatMoney(breakdown(amount.cents, 'deal').totalCents),
          })
        }
      />
      <DealScheduleFields deal={deal} />
      <MilestonePlanFields deal={deal} />
      <ContractFields deal={deal} />
    </>
  );
}

/** When and where: the dates, the deliverables, the platforms and the briefing link. */
function DealScheduleFields({ deal: { form, set } }: { deal: DealForm }) {
  return (
    <>
      <TextField
        label={t('create.deadline')}
        type="date"
        value={form.deadline}
        onChange={(e) => set('deadline', e.target.value)}
      />
      <TextField
        label={t('create.publicationDeadline')}
        type="date"
        value={form.publicationDeadline}
        onChange={(e) => set('publicationDeadline', e.target.value)}
      />
      <CheckGroup
        legend={t('create.deliverables')}
        options={deliverableOptions}
        labelOf={deliverableLabel}
        value={form.deliverables}
        onChange={(v) => set('deliverables', v)}
      />
      <CheckGroup
        legend={t('create.platforms')}
        options={platforms}
        labelOf={(o) => t(`platform.${o}` as MessageKey)}
        value={form.platforms}
        onChange={(v) => set('platforms', v)}
      />
      <TextField
        label={t('create.briefing')}
        value={form.briefingFiles}
        onChange={(e) => set('briefingFiles', e.target.value)}
      />
    </>
  );
}
