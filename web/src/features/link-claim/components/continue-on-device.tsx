import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Icon } from '@/components/ui/icon';
import { toast } from '@/components/ui/toast-store';
import { errorText } from '@/lib/http';
import { t } from '@/i18n';
import type { LinkClaimDto } from '@/features/link-claim/api/get-link-claim.query';
import type { ClaimTarget } from '@/features/link-claim/api/link-claim-paths';
import { useSendLinkCode } from '@/features/link-claim/api/send-link-code.mutation';
import { useCheckLinkCode } from '@/features/link-claim/api/check-link-code.mutation';
import { CodeForm } from './code-form';

/**
 * Shown where another device holds the link (this one never did, or just lost it): a code to the
 * link's address moves the claim here, and the other device is told.
 */
export function ContinueOnDevice({
  target,
  claim,
}: {
  target: ClaimTarget;
  claim: LinkClaimDto;
}) {
  const send = useSendLinkCode();
  const check = useCheckLinkCode(target.pageKey);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const askCode = () =>
    send.mutate(
      { kind: target.kind, token: target.token },
      {
        onSuccess: (answer) => {
          setError(null);
          setSentTo(answer.sentTo);
        },
        onError: (e) =>
          toast({ title: t('claim.error'), description: errorText(e) }),
      },
    );
  const giveCode = (code: string) =>
    check.mutate(
      { kind: target.kind, token: target.token, code, purpose: 'resume' },
      {
        onSuccess: () => toast({ title: t('claim.resumed') }),
        onError: (e) => setError(errorText(e)),
      },
    );
  return (
    <Card
      className="border-amber-300 bg-amber-50"
      data-testid="continue-on-device"
    >
      <h2 className="flex items-center gap-2 font-semibold text-amber-950">
        <Icon name="lock" />
        {target.kind === 'deal'
          ? t('claim.elsewhereDeal')
          : t('claim.elsewhereRequest')}
      </h2>
      <p className="mt-1 mb-3 text-sm text-amber-950">
        {claim.email
          ? t('claim.elsewhereText', { email: claim.email })
          : t('claim.noEmailText')}
      </p>
      {claim.email && sentTo === null && (
        <Button block onClick={askCode} disabled={send.isPending}>
          {send.isPending ? t('claim.sending') : t('claim.continueHere')}
        </Button>
      )}
      {sentTo !== null && (
        <CodeForm
          sentTo={sentTo}
          submitLabel={t('claim.continueHere')}
          pending={check.isPending}
          error={error}
          onSubmit={giveCode}
          onResend={askCode}
        />
      )}
    </Card>
  );
}
