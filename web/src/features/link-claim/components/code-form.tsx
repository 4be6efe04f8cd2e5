import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { focusPlaces, returnFocus } from '@/components/ui/focus-return';
import { TextField } from '@/components/ui/field';
import { LINK_CODE_MINUTES } from '@machines/link-claim/link-claim.commands';
import { t } from '@/i18n';

/** The six digits from the e-mail: told where the code went, and asked again if it was wrong. */
export function CodeForm({
  sentTo,
  submitLabel,
  pending,
  disabled = false,
  error,
  onSubmit,
  onResend,
}: {
  sentTo: string;
  submitLabel: string;
  pending: boolean;
  /** Something else must be done first (the contract read, at acceptance). */
  disabled?: boolean;
  error: string | null;
  onSubmit: (code: string) => void;
  onResend: () => void;
}) {
  const [code, setCode] = useState('');
  const form = useRef<HTMLFormElement>(null);
  // Shown once a code was sent, in place of the button that asked for it: focus goes to the field
  // the code is typed in next, instead of falling to the page with that button.
  useEffect(() => {
    form.current?.querySelector('input')?.focus();
  }, []);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    // The button is disabled while the code is checked and the form goes once it is taken (the
    // acceptance, the move to this device): focus stays there, or on the card or page around it.
    const active = document.activeElement;
    returnFocus(
      focusPlaces(
        active instanceof HTMLElement && e.currentTarget.contains(active)
          ? active
          : e.currentTarget,
      ),
    );
    onSubmit(code.trim());
  };
  return (
    <form ref={form} className="space-y-3" onSubmit={submit} noValidate>
      <p className="text-sm text-slate-700" role="status">
        {t('claim.codeSent', { email: sentTo, minutes: LINK_CODE_MINUTES })}
      </p>
      <TextField
        label={t('claim.codeLabel')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        value={code}
        onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
        error={error}
      />
      <Button
        block
        type="submit"
        disabled={disabled || pending || code.length !== 6}
      >
        {pending ? t('claim.checking') : submitLabel}
      </Button>
      <Button block type="button" variant="ghost" onClick={onResend}>
        {t('claim.newCode')}
      </Button>
    </form>
  );
}
