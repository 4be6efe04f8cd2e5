import {
  MAX_REVISION_ROUNDS,
  usageRightsKinds,
} from '@machines/deal/deal-contract';
import { SelectField, TextArea, TextField } from '@/components/ui/field';
import type { DealForm } from '@/features/deals/hooks/use-deal-form';
import { t } from '@/i18n';

const usageLabel = {
  organic: 'create.usage.organic',
  paid_ads: 'create.usage.paid_ads',
  perpetual: 'create.usage.perpetual',
} as const;

/** The contract's terms on the deal form: revision rounds, usage rights, exclusivity, the brand's own terms. */
export function ContractFields({ deal }: { deal: DealForm }) {
  const { form, set } = deal;
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-semibold">{t('create.contract')}</legend>
      <SelectField
        label={t('create.revisionRounds')}
        value={form.revisionRounds}
        onChange={(e) => set('revisionRounds', e.target.value)}
      >
        {Array.from({ length: MAX_REVISION_ROUNDS + 1 }, (_, n) => (
          <option key={n} value={String(n)}>
            {n}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t('create.usageRights')}
        value={form.usageKind}
        onChange={(e) =>
          set('usageKind', e.target.value as typeof form.usageKind)
        }
      >
        {usageRightsKinds.map((kind) => (
          <option key={kind} value={kind}>
            {t(usageLabel[kind])}
          </option>
        ))}
      </SelectField>
      {form.usageKind === 'paid_ads' && (
        <TextField
          label={t('create.usageDays')}
          type="number"
          inputMode="numeric"
          min={1}
          max={3650}
          value={form.usageDays}
          onChange={(e) => set('usageDays', e.target.value)}
        />
      )}
      <SelectField
        label={t('create.exclusivity')}
        value={form.exclusivityKind}
        onChange={(e) =>
          set('exclusivityKind', e.target.value as typeof form.exclusivityKind)
        }
      >
        <option value="none">{t('create.exclusivity.none')}</option>
        <option value="category">{t('create.exclusivity.category')}</option>
      </SelectField>
      {form.exclusivityKind === 'category' && (
        <>
          <TextField
            label={t('create.exclusivityCategory')}
            maxLength={100}
            value={form.exclusivityCategory}
            onChange={(e) => set('exclusivityCategory', e.target.value)}
          />
          <TextField
            label={t('create.exclusivityDays')}
            type="number"
            inputMode="numeric"
            min={1}
            max={3650}
            value={form.exclusivityDays}
            onChange={(e) => set('exclusivityDays', e.target.value)}
          />
        </>
      )}
      <TextArea
        label={t('create.brandTerms')}
        maxLength={5000}
        rows={3}
        value={form.brandTerms}
        onChange={(e) => set('brandTerms', e.target.value)}
      />
    </fieldset>
  );
}
