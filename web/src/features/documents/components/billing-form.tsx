import { useState, type FormEvent } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import type {
  BillingDetails,
  BillingDetailsAnswer,
} from '@machines/documents/billing-details';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { toast } from '@/components/ui/toast-store';
import { HttpError } from '@/lib/http';
import { t, type MessageKey } from '@/i18n';
import {
  AddressFields,
  toAddress,
  toAddressForm,
  validateAddress,
  type AddressErrors,
  type AddressForm,
} from './address-fields';

/** The words a billing form says, by where it is (the profile, a payment request's page). */
export interface BillingTexts {
  title: MessageKey;
  vatId: MessageKey;
  save: MessageKey;
  saved: MessageKey;
  savedText: MessageKey;
  failed: MessageKey;
  failedText: MessageKey;
  saving: MessageKey;
}

/** Company, address, country and VAT id, checked here and by the server (the VAT id's format per country). */
export function BillingForm({
  initial,
  save,
  texts,
}: {
  initial: BillingDetails | null;
  save: UseMutationResult<BillingDetailsAnswer, Error, BillingDetails>;
  texts: BillingTexts;
}) {
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
        toast({ title: t(texts.saved), description: t(texts.savedText) });
      },
      onError: (error) => {
        // The server's words for a VAT id it refused go under the field, in the reader's language.
        if (
          error instanceof HttpError &&
          error.body.includes('"vat_id_invalid"')
        )
          setErrors({ vatId: error.serverMessage });
        toast({
          title: t(texts.failed),
          description:
            error instanceof HttpError
              ? error.serverMessage
              : t(texts.failedText),
          variant: 'destructive',
        });
      },
    });
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      className="space-y-3"
      aria-label={t(texts.title)}
    >
      <AddressFields form={form} setForm={setForm} errors={errors} />
      <TextField
        label={t(texts.vatId)}
        hint={t('address.vatIdHint')}
        value={form.vatId}
        onChange={(e) => setForm((f) => ({ ...f, vatId: e.target.value }))}
        error={errors.vatId}
      />
      <div className="flex justify-end">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t(texts.saving) : t(texts.save)}
        </Button>
      </div>
    </form>
  );
}
