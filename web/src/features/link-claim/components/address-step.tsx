import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { errorText } from '@/lib/http';
import { t } from '@/i18n';
import type { ClaimKind } from '@/lib/claim-secret';
import { useSendLinkCode } from '@/features/link-claim/api/send-link-code.mutation';

/** The address a link's code is mailed to, and the code asked for it: the first step of acceptance and of confirming an address later. */
export function useAddressStep(kind: ClaimKind, token: string) {
  const send = useSendLinkCode();
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const askCode = (e?: FormEvent) => {
    e?.preventDefault();
    send.mutate(
      { kind, token, email: email.trim() },
      {
        onSuccess: (answer) => {
          setError(null);
          setSentTo(answer.sentTo);
        },
        onError: (err) => setError(errorText(err)),
      },
    );
  };
  return {
    email,
    setEmail,
    sentTo,
    error,
    setError,
    askCode,
    sending: send.isPending,
  };
}

/** The address field and "Send code", with why the last send was refused. */
export function AddressForm({
  step,
}: {
  step: ReturnType<typeof useAddressStep>;
}) {
  return (
    <form className="space-y-3" onSubmit={step.askCode} noValidate>
      <TextField
        label={t('claim.emailLabel')}
        type="email"
        inputMode="email"
        autoComplete="email"
        value={step.email}
        onChange={(e) => step.setEmail(e.target.value)}
        error={step.error}
      />
      <Button
        block
        type="submit"
        disabled={step.sending || !step.email.includes('@')}
      >
        {step.sending ? t('claim.sending') : t('claim.sendCode')}
      </Button>
    </form>
  );
}
