import {
  useEffect,
  useId,
  useRef,
  useState,
  type FormEvent,
  type ReactNode,
} from 'react';
import type {
  SelfBillingAgreement,
  SelfBillingTerms,
} from '@machines/documents/self-billing';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { focusPlaces, returnFocus } from '@/components/ui/focus-return';
import { TextField } from '@/components/ui/field';
import { toast } from '@/components/ui/toast-store';
import { HttpError } from '@/lib/http';
import { formatDate } from '@/lib/dates';
import { t } from '@/i18n';
import {
  linkSelfBilling,
  useLinkSelfBilledInvoice,
  useSaveSelfBilling,
  useSelfBilling,
  type SelfBillingSource,
} from '@/features/documents/api/self-billing';
import { DocumentLink } from './document-link';
import {
  AddressFields,
  toAddress,
  toAddressForm,
  validateAddress,
  type AddressErrors,
  type AddressForm,
} from './address-fields';

type Scheme = SelfBillingTerms['vatScheme'];
type Errors = AddressErrors & { consent?: string };

/** The server's refusal of a VAT id, under the field in the reader's language. */
const vatRefusal = (error: unknown): string | undefined =>
  error instanceof HttpError && /"vat_id_(invalid|required)"/.test(error.body)
    ? error.serverMessage
    : undefined;

/**
 * Self-billing on the creator's deal page, at bank setup: agree (name, address and VAT status) so
 * each later payout comes with the invoice to the brand in the creator's name, or withdraw for
 * later payouts; and the self-billed invoice once there is one.
 */
export function SelfBillingCard({
  token,
  paidOut,
}: {
  token: string;
  paidOut: boolean;
}) {
  const invoice = useLinkSelfBilledInvoice(token, paidOut);
  return (
    <SelfBillingPanel source={linkSelfBilling(token)}>
      {invoice.data && (
        <DocumentLink
          to={`/accept/${token}/self-billed-invoice`}
          kind="selfBilled"
        />
      )}
    </SelfBillingPanel>
  );
}

/**
 * The self-billing agreement of a link's creator or of the signed-in account (the profile: one
 * agreement for every deal it accepted signed in and its payment requests): its status and VAT
 * status with the way to withdraw it, or the form to agree.
 */
export function SelfBillingPanel({
  source,
  children,
}: {
  source: SelfBillingSource;
  children?: ReactNode;
}) {
  const agreement = useSelfBilling(source, true);
  const heading = useId();
  if (!agreement.data) return null;
  const current = agreement.data.selfBilling;
  // A region: where focus stays when agreeing or withdrawing replaces the control that did it.
  return (
    <Card
      className="space-y-3"
      data-testid="self-billing"
      role="region"
      aria-labelledby={heading}
    >
      <div>
        <h2 id={heading} className="font-semibold">
          {t('selfBilling.title')}
        </h2>
        <p className="text-sm text-slate-600">{t('selfBilling.intro')}</p>
      </div>
      {current ? (
        <Agreed source={source} agreement={current} />
      ) : (
        <AgreeForm source={source} />
      )}
      {children}
    </Card>
  );
}

function Agreed({
  source,
  agreement,
}: {
  source: SelfBillingSource;
  agreement: SelfBillingAgreement;
}) {
  const save = useSaveSelfBilling(source);
  const withdraw = () =>
    save.mutate(null, {
      onSuccess: () => toast({ title: t('selfBilling.withdrawn') }),
      onError: () =>
        toast({ title: t('selfBilling.failedText'), variant: 'destructive' }),
    });
  return (
    <div className="space-y-2">
      <p role="status" className="text-sm font-medium text-emerald-700">
        ✓ {t('selfBilling.agreed', { date: formatDate(agreement.agreedAt) })}
      </p>
      <p className="text-sm text-slate-700">
        {agreement.company} ·{' '}
        {agreement.vatId
          ? t('selfBilling.agreedVat', { vatId: agreement.vatId })
          : t('selfBilling.agreedSmall')}
      </p>
      <Button
        variant="secondary"
        block
        onClick={(e) => {
          // Gone once withdrawn (the form's button takes its place): focus stays on the card.
          returnFocus(focusPlaces(e.currentTarget));
          withdraw();
        }}
        disabled={save.isPending}
      >
        {t('selfBilling.withdraw')}
      </Button>
    </div>
  );
}

function validate(form: AddressForm, scheme: Scheme, consent: boolean): Errors {
  const errors: Errors = validateAddress(
    scheme === 'vat' ? form : { ...form, vatId: '' },
  );
  if (scheme === 'vat' && !form.vatId.trim())
    errors.vatId = t('selfBilling.vatIdRequired');
  if (!consent) errors.consent = t('selfBilling.consentRequired');
  return errors;
}

/** The creator's VAT status: the small-business scheme (no VAT) or a VAT id. */
function VatSchemeChoice({
  scheme,
  setScheme,
}: {
  scheme: Scheme;
  setScheme: (s: Scheme) => void;
}) {
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-700">
        {t('selfBilling.vatStatus')}
      </legend>
      {(['small_business', 'vat'] as const).map((value) => (
        <label key={value} className="flex min-h-11 items-center gap-2 text-sm">
          <input
            type="radio"
            name="vatScheme"
            className="h-5 w-5"
            checked={scheme === value}
            onChange={() => setScheme(value)}
          />
          {t(
            value === 'vat'
              ? 'selfBilling.vatScheme'
              : 'selfBilling.smallBusiness',
          )}
        </label>
      ))}
    </fieldset>
  );
}

/** The form replaces the button that opened it: focus goes to its first field, not to the page. */
function useFirstFieldFocus(open: boolean) {
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (open) form.current?.querySelector('input')?.focus();
  }, [open]);
  return form;
}

/** The creator's consent to self-billing, with its refusal when left unticked. */
function ConsentField({
  consent,
  setConsent,
  error,
}: {
  consent: boolean;
  setConsent: (consent: boolean) => void;
  error: string | undefined;
}) {
  return (
    <>
      <label className="flex items-start gap-2 text-sm">
        <input
          type="checkbox"
          className="mt-0.5 h-5 w-5 shrink-0"
          checked={consent}
          onChange={(e) => setConsent(e.target.checked)}
        />
        <span>{t('selfBilling.consent')}</span>
      </label>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </>
  );
}

function AgreeForm({ source }: { source: SelfBillingSource }) {
  const save = useSaveSelfBilling(source);
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState<AddressForm>(() => toAddressForm(null));
  const [scheme, setScheme] = useState<Scheme>('small_business');
  const [consent, setConsent] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const formRef = useFirstFieldFocus(open);
  if (!open)
    return (
      <Button block variant="secondary" onClick={() => setOpen(true)}>
        {t('selfBilling.start')}
      </Button>
    );

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const next = validate(form, scheme, consent);
    setErrors(next);
    if (Object.values(next).some(Boolean)) return;
    // Disabled while saved, then replaced by the agreement: focus stays on the card.
    const submitter = (e.nativeEvent as SubmitEvent).submitter;
    returnFocus(focusPlaces(submitter ?? e.currentTarget));
    const address = toAddress(form);
    const terms = {
      ...address,
      vatScheme: scheme,
      vatId: scheme === 'vat' ? address.vatId : null,
    };
    save.mutate(terms, {
      onError: (error) => {
        setErrors({ vatId: vatRefusal(error) });
        toast({
          title: t('selfBilling.failed'),
          description:
            error instanceof HttpError
              ? error.serverMessage
              : t('selfBilling.failedText'),
          variant: 'destructive',
        });
      },
    });
  };

  return (
    <form
      ref={formRef}
      onSubmit={submit}
      noValidate
      className="space-y-3"
      aria-label={t('selfBilling.title')}
    >
      <AddressFields form={form} setForm={setForm} errors={errors} />
      <VatSchemeChoice scheme={scheme} setScheme={setScheme} />
      {scheme === 'vat' && (
        <TextField
          label={t('selfBilling.vatId')}
          hint={t('address.vatIdHint')}
          value={form.vatId}
          onChange={(e) => setForm((f) => ({ ...f, vatId: e.target.value }))}
          error={errors.vatId}
        />
      )}
      <ConsentField
        consent={consent}
        setConsent={setConsent}
        error={errors.consent}
      />
      <Button type="submit" block disabled={save.isPending}>
        {save.isPending ? t('selfBilling.agreeing') : t('selfBilling.agree')}
      </Button>
    </form>
  );
}
