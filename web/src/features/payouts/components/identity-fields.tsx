import { useState } from 'react';
import type { PayoutIdentity } from '@machines/account/payout-identity';
import { TextArea, TextField } from '@/components/ui/field';
import { t } from '@/i18n';

const empty: PayoutIdentity = {
  legalName: '',
  address: '',
  birthDate: '',
  taxId: '',
};

/**
 * The identity bank setup asks for (legal name, address, date of birth, tax id), which the platform
 * reports with the creator's payouts each year. `identity()` is what to send: the four fields once
 * any is filled in (the server checks them, 400 with a clear code), else nothing.
 */
export function usePayoutIdentity() {
  const [value, setValue] = useState<PayoutIdentity>(empty);
  // Each of the four is needed: bank setup does not start without them (marked on screen and to assistive technology).
  const field = (name: keyof PayoutIdentity) => ({
    mandatory: true,
    value: value[name],
    onChange: (e: { target: { value: string } }) =>
      setValue((v) => ({ ...v, [name]: e.target.value })),
  });
  const fields = (
    <fieldset className="mb-3 space-y-3">
      <legend className="mb-2 text-sm text-slate-700">
        {t('payoutId.why')}
      </legend>
      <TextField
        label={t('payoutId.legalName')}
        autoComplete="name"
        {...field('legalName')}
      />
      <TextArea
        label={t('payoutId.address')}
        rows={2}
        autoComplete="street-address"
        {...field('address')}
      />
      <TextField
        label={t('payoutId.birthDate')}
        type="date"
        autoComplete="bday"
        {...field('birthDate')}
      />
      <TextField
        label={t('payoutId.taxId')}
        hint={t('payoutId.taxIdHint')}
        {...field('taxId')}
      />
    </fieldset>
  );
  const given = Object.values(value).some((v) => v.trim() !== '');
  return {
    fields,
    identity: (): PayoutIdentity | undefined => (given ? value : undefined),
  };
}
