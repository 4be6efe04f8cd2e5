import { useState, type FormEvent } from 'react';
import { checkBillingDetails, type BillingDetails } from '@machines/documents/billing-details';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TextField } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast-store';
import { HttpError } from '@/lib/http';
import { t } from '@/i18n';
import { CountrySelect } from '@/features/profile/country-select';
import { useBillingDetails, useSaveBillingDetails } from '@/features/profile/api/billing-details';

interface Form {
  company: string;
  street: string;
  street2: string;
  postcode: string;
  city: string;
  country: string;
  vatId: string;
}
type Errors = Partial<Record<'company' | 'street' | 'city' | 'country' | 'vatId', string>>;

const toForm = (d: BillingDetails | null): Form => ({
  company: d?.company ?? '',
  street: d?.addressLines[0] ?? '',
  street2: d?.addressLines[1] ?? '',
  postcode: d?.postcode ?? '',
  city: d?.city ?? '',
  country: d?.country ?? '',
  vatId: d?.vatId ?? '',
});

const toDetails = (f: Form): BillingDetails => ({
  company: f.company.trim(),
  addressLines: [f.street, f.street2].map((l) => l.trim()).filter(Boolean),
  postcode: f.postcode.trim(),
  city: f.city.trim(),
  country: f.country,
  vatId: f.vatId.trim() || null,
});

/** The form's own checks, with the same VAT id rule the server applies. */
function validate(f: Form): Errors {
  const errors: Errors = {
    company: f.company.trim() ? undefined : t('billing.companyRequired'),
    street: f.street.trim() ? undefined : t('billing.streetRequired'),
    city: f.city.trim() ? undefined : t('billing.cityRequired'),
    country: f.country ? undefined : t('billing.countryRequired'),
  };
  if (!errors.street && f.country) {
    const checked = checkBillingDetails(toDetails(f));
    if (!checked.ok && checked.problem === 'vat_id_invalid')
      errors.vatId = t('billing.vatIdInvalid');
  }
  return errors;
}

/** 'Billing details': who the platform's fee invoices are made out to. */
export function BillingCard() {
  const details = useBillingDetails();
  return (
    <Card className="space-y-3">
      <div>
        <h2 className="font-semibold">{t('billing.title')}</h2>
        <p className="text-sm text-slate-600">{t('billing.intro')}</p>
      </div>
      {details.data ? <BillingForm initial={details.data.billingDetails} /> : <Spinner />}
    </Card>
  );
}

function BillingForm({ initial }: { initial: BillingDetails | null }) {
  const save = useSaveBillingDetails();
  const [form, setForm] = useState<Form>(() => toForm(initial));
  const [errors, setErrors] = useState<Errors>({});
  const field = (key: keyof Form) => ({
    value: form[key],
    onChange: (e: { target: { value: string } }) =>
      setForm((f) => ({ ...f, [key]: e.target.value })),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next = validate(form);
    setErrors(next);
    if (Object.values(next).some(Boolean)) return;
    save.mutate(toDetails(form), {
      onSuccess: (answer) => {
        setForm(toForm(answer.billingDetails));
        toast({ title: t('billing.saved'), description: t('billing.savedText') });
      },
      onError: (error) => {
        // The server's words for a VAT id it refused go under the field, in the reader's language.
        if (error instanceof HttpError && error.body.includes('"vat_id_invalid"'))
          setErrors({ vatId: error.serverMessage });
        toast({
          title: t('billing.failed'),
          description: error instanceof HttpError ? error.serverMessage : t('billing.failedText'),
          variant: 'destructive',
        });
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-3" aria-label={t('billing.title')}>
      <TextField label={t('billing.company')} {...field('company')} error={errors.company} />
      <TextField
        label={t('billing.street')}
        autoComplete="address-line1"
        {...field('street')}
        error={errors.street}
      />
      <TextField label={t('billing.street2')} autoComplete="address-line2" {...field('street2')} />
      <div className="grid grid-cols-1 gap-3 min-[360px]:grid-cols-[8rem_1fr]">
        <TextField
          label={t('billing.postcode')}
          autoComplete="postal-code"
          {...field('postcode')}
        />
        <TextField
          label={t('billing.city')}
          autoComplete="address-level2"
          {...field('city')}
          error={errors.city}
        />
      </div>
      <CountrySelect
        label={t('billing.country')}
        value={form.country}
        onChange={(country) => setForm((f) => ({ ...f, country }))}
      />
      {errors.country && (
        <p role="alert" className="text-sm text-red-700">
          {errors.country}
        </p>
      )}
      <TextField
        label={t('billing.vatId')}
        hint={t('billing.vatIdHint')}
        {...field('vatId')}
        error={errors.vatId}
      />
      <div className="flex justify-end">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t('profile.saving') : t('billing.save')}
        </Button>
      </div>
    </form>
  );
}
