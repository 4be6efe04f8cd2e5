import { useState, type FormEvent } from 'react';
import type { PaymentRequestDto } from '@machines/contract/api';
import {
  centsToDecimal,
  MAX_REQUEST_CENTS,
  MIN_DEAL_CENTS,
} from '@machines/money';
import { toast } from '@/components/ui/toast-store';
import { useCreateRequest } from '@/features/payment-requests/api/create-request.mutation';
import { readAmount } from '@/lib/amount';
import { HttpError } from '@/lib/http';
import { currentSettings, t } from '@/i18n';

export const EMPTY_REQUEST = {
  brandName: '',
  brandEmail: '',
  brandHandle: '',
  title: '',
  description: '',
  amount: '',
  deadline: '',
};
export type RequestFields = typeof EMPTY_REQUEST;
type Field = keyof RequestFields;

/** A request's bounds: a card payment's least, and the most the running server takes. */
export const requestAmountBounds = () => ({
  minCents: MIN_DEAL_CENTS,
  maxCents: currentSettings()?.maxRequestCents ?? MAX_REQUEST_CENTS,
});

const REQUIRED: Field[] = [
  'brandName',
  'brandEmail',
  'title',
  'description',
  'deadline',
];
const looksLikeEmail = (value: string) =>
  /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());

/** The app's own message for a field, once the creator tried to submit (no browser bubbles). */
function fieldError(form: RequestFields, field: Field): string | null {
  if (REQUIRED.includes(field) && form[field].trim() === '')
    return t('form.required');
  if (field === 'brandEmail' && !looksLikeEmail(form.brandEmail))
    return t('form.email');
  return null;
}

/** The creator's payment-request form: its fields, the amount as understood, and the submit. */
export function useRequestForm() {
  const create = useCreateRequest();
  const [form, setForm] = useState(EMPTY_REQUEST);
  const [tried, setTried] = useState(false);
  const [created, setCreated] = useState<PaymentRequestDto | null>(null);
  const amount = readAmount(form.amount, requestAmountBounds());
  const errorOf = (field: Field) => (tried ? fieldError(form, field) : null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (REQUIRED.some((f) => fieldError(form, f)) || amount.problem !== null)
      return;
    const input = {
      ...form,
      amount: centsToDecimal(amount.cents),
      creatorName: '',
      creatorEmail: '',
    };
    create.mutate(input, {
      onSuccess: (
        request: PaymentRequestDto & { brandEmailNotice?: string },
      ) => {
        setCreated(request);
        // The brand's address did not get an e-mail about it: the creator shares the link themselves.
        if (request.brandEmailNotice)
          toast({ title: request.brandEmailNotice });
      },
      onError: (error) =>
        toast({
          title: t('creq.createError'),
          description:
            error instanceof HttpError
              ? error.serverMessage
              : t('creq.createErrorText'),
          variant: 'destructive',
        }),
    });
  };
  return {
    form,
    set: (field: Field) => (value: string) =>
      setForm((f) => ({ ...f, [field]: value })),
    errorOf,
    amount,
    tried,
    submit,
    pending: create.isPending,
    created,
    startOver: () => {
      setCreated(null);
      setForm(EMPTY_REQUEST);
      setTried(false);
    },
  };
}
export type RequestForm = ReturnType<typeof useRequestForm>;
