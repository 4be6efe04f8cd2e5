import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { Icon } from '@/components/ui/icon';
import { errorText } from '@/lib/http';
import { t } from '@/i18n';
import type { ClaimKind } from '@/lib/claim-secret';
import { useSendLinkCode } from '@/features/link-claim/api/send-link-code.mutation';
import { CodeForm } from './code-form';

/**
 * The acceptance's own step (docs/adr/0030-email-confirmed-at-acceptance.md): the address, a code
 * mailed to it, and the code given with the acceptance itself. A wrong code accepts nothing and is
 * told here, in the field.
 */
export function AcceptanceCode({
  kind,
  token,
  ready,
  pending,
  submitLabel,
  error,
  onAccept,
}: {
  kind: ClaimKind;
  token: string;
  /** Whatever else the acceptance needs is done (the contract read). */
  ready: boolean;
  pending: boolean;
  submitLabel: string;
  /** Why the last acceptance with a code was refused. */
  error: string | null;
  onAccept: (code: string) => void;
}) {
  const send = useSendLinkCode();
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [sendError, setSendError] = useState<string | null>(null);
  const askCode = (e?: FormEvent) => {
    e?.preventDefault();
    send.mutate(
      { kind, token, email: email.trim() },
      {
        onSuccess: (answer) => {
          setSendError(null);
          setSentTo(answer.sentTo);
        },
        onError: (err) => setSendError(errorText(err)),
      },
    );
  };
  return (
    <div className="space-y-3" data-testid="acceptance-code">
      <h2 className="flex items-center gap-2 font-semibold">
        <Icon name="mail" /> {t('claim.confirmTitle')}
      </h2>
      <p className="text-sm text-slate-600">{t('claim.acceptEmailText')}</p>
      {sentTo === null ? (
        <form className="space-y-3" onSubmit={askCode} noValidate>
          <TextField
            label={t('claim.emailLabel')}
            type="email"
            inputMode="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={sendError}
          />
          <Button block type="submit" disabled={send.isPending || !email.includes('@')}>
            {send.isPending ? t('claim.sending') : t('claim.sendCode')}
          </Button>
        </form>
      ) : (
        <CodeForm
          sentTo={sentTo}
          submitLabel={submitLabel}
          pending={pending}
          disabled={!ready}
          error={error}
          onSubmit={onAccept}
          onResend={() => askCode()}
        />
      )}
    </div>
  );
}
