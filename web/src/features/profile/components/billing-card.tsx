import { useState, type FormEvent } from 'react';
import type { BillingDetails } from '@machines/documents/billing-details';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TextField } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast-store';
import { HttpError } from '@/lib/http';
import { t } from '@/i18n';
import {
  AddressFields,
  toAddress,
  toAddressForm,
  validateAddress,
  type AddressErrors,
  type AddressForm,
} from '@/features/documents/components/address-fields';
import { useBillingDetails, useSaveBillingDetails } from '@/features/profile/api/billing-details';

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
  const [form, setForm] = useState<AddressForm>(() => toAddressForm(initial));
  const [errors, setErrors] = useState<AddressErrors>({});

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next = validateAddress(form);
    setErrors(next);
    if (Object.values(next).some(Boolean)) return;
    save.mutate(toAddress(form), {
      onSuccess: (answer) => {
        setForm(toAddressForm(answer.billingDetails));
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
      <AddressFields form={form} setForm={setForm} errors={errors} />
      <TextField
        label={t('billing.vatId')}
        hint={t('address.vatIdHint')}
        value={form.vatId}
        onChange={(e) => setForm((f) => ({ ...f, vatId: e.target.value }))}
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
