import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TextField } from '@/components/ui/field';
import { Icon } from '@/components/ui/icon';
import { toast } from '@/components/ui/toast-store';
import { errorText } from '@/lib/http';
import { t } from '@/i18n';
import type { LinkClaimDto } from '@/features/link-claim/api/get-link-claim.query';
import type { ClaimTarget } from '@/features/link-claim/api/link-claim-paths';
import { useSendLinkCode } from '@/features/link-claim/api/send-link-code.mutation';
import { useCheckLinkCode } from '@/features/link-claim/api/check-link-code.mutation';
import { CodeForm } from './code-form';

/** The creator who accepted confirms an address: where a code to continue on another device goes. */
export function ConfirmEmailCard({ target, claim }: { target: ClaimTarget; claim: LinkClaimDto }) {
  const send = useSendLinkCode();
  const check = useCheckLinkCode(target.pageKey);
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (claim.emailConfirmed)
    return (
      <p
        className="rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900"
        data-testid="email-confirmed"
      >
        <Icon name="check" className="mr-1 inline h-4 w-4 align-[-2px]" />
        {t('claim.confirmed', { email: claim.email ?? '' })}
      </p>
    );
  const askCode = (e?: FormEvent) => {
    e?.preventDefault();
    send.mutate(
      { kind: target.kind, token: target.token, email: email.trim() },
      {
        onSuccess: (answer) => {
          setError(null);
          setSentTo(answer.sentTo);
        },
        onError: (err) => setError(errorText(err)),
      },
    );
  };
  const giveCode = (code: string) =>
    check.mutate(
      { kind: target.kind, token: target.token, code, purpose: 'confirm' },
      {
        onSuccess: () => toast({ title: t('claim.confirmedToast') }),
        onError: (err) => setError(errorText(err)),
      },
    );
  return (
    <Card data-testid="confirm-email">
      <h2 className="flex items-center gap-2 font-semibold">
        <Icon name="mail" /> {t('claim.confirmTitle')}
      </h2>
      <p className="mt-1 mb-3 text-sm text-slate-600">{t('claim.confirmText')}</p>
      {sentTo === null ? (
        <form className="space-y-3" onSubmit={askCode} noValidate>
          <TextField
            label={t('claim.emailLabel')}
            type="email"
            inputMode="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={error}
          />
          <Button block type="submit" disabled={send.isPending || !email.includes('@')}>
            {send.isPending ? t('claim.sending') : t('claim.sendCode')}
          </Button>
        </form>
      ) : (
        <CodeForm
          sentTo={sentTo}
          submitLabel={t('claim.confirm')}
          pending={check.isPending}
          error={error}
          onSubmit={giveCode}
          onResend={() => askCode()}
        />
      )}
    </Card>
  );
}
