import type { BillingDetails } from '@machines/documents/billing-details';
import { checkBillingDetails } from '@machines/documents/billing-check';
import { TextField } from '@/components/ui/field';
import { t } from '@/i18n';
import { CountrySelect } from '@/features/profile/country-select';

/**
 * Name and address as an invoice prints them, with the one VAT id check the server applies: the
 * brand's billing details (the buyer on its invoices) and a self-billing creator's details (the
 * seller on its self-billed invoices) are both this form.
 */
export interface AddressForm {
  company: string;
  street: string;
  street2: string;
  postcode: string;
  city: string;
  country: string;
  vatId: string;
}
export type AddressErrors = Partial<
  Record<'company' | 'street' | 'city' | 'country' | 'vatId', string>
>;

export const toAddressForm = (d: BillingDetails | null): AddressForm => ({
  company: d?.company ?? '',
  street: d?.addressLines[0] ?? '',
  street2: d?.addressLines[1] ?? '',
  postcode: d?.postcode ?? '',
  city: d?.city ?? '',
  country: d?.country ?? '',
  vatId: d?.vatId ?? '',
});

export const toAddress = (f: AddressForm): BillingDetails => ({
  company: f.company.trim(),
  addressLines: [f.street, f.street2].map((l) => l.trim()).filter(Boolean),
  postcode: f.postcode.trim(),
  city: f.city.trim(),
  country: f.country,
  vatId: f.vatId.trim() || null,
});

/** The form's own checks, with the same VAT id rule the server applies. */
export function validateAddress(f: AddressForm): AddressErrors {
  const errors: AddressErrors = {
    company: f.company.trim() ? undefined : t('address.companyRequired'),
    street: f.street.trim() ? undefined : t('address.streetRequired'),
    city: f.city.trim() ? undefined : t('address.cityRequired'),
    country: f.country ? undefined : t('address.countryRequired'),
  };
  if (!errors.street && f.country) {
    const checked = checkBillingDetails(toAddress(f));
    if (!checked.ok && checked.problem === 'vat_id_invalid')
      errors.vatId = t('address.vatIdInvalid');
  }
  return errors;
}

/** Company or name, street lines, postcode, city and country (the VAT id is the caller's). */
export function AddressFields({
  form,
  setForm,
  errors,
}: {
  form: AddressForm;
  setForm: (update: (f: AddressForm) => AddressForm) => void;
  errors: AddressErrors;
}) {
  const field = (key: keyof AddressForm) => ({
    value: form[key],
    onChange: (e: { target: { value: string } }) =>
      setForm((f) => ({ ...f, [key]: e.target.value })),
  });
  return (
    <>
      <TextField
        label={t('address.company')}
        {...field('company')}
        error={errors.company}
      />
      <TextField
        label={t('address.street')}
        autoComplete="address-line1"
        {...field('street')}
        error={errors.street}
      />
      <TextField
        label={t('address.street2')}
        autoComplete="address-line2"
        {...field('street2')}
      />
      <div className="grid grid-cols-1 gap-3 min-[360px]:grid-cols-[8rem_1fr]">
        <TextField
          label={t('address.postcode')}
          autoComplete="postal-code"
          {...field('postcode')}
        />
        <TextField
          label={t('address.city')}
          autoComplete="address-level2"
          {...field('city')}
          error={errors.city}
        />
      </div>
      <CountrySelect
        label={t('address.country')}
        none={t('address.countryNone')}
        value={form.country}
        onChange={(country) => setForm((f) => ({ ...f, country }))}
      />
      {errors.country && (
        <p role="alert" className="text-sm text-red-700">
          {errors.country}
        </p>
      )}
    </>
  );
}
