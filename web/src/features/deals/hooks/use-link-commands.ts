import type { PayoutIdentity } from '@machines/account/payout-identity';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/toast-store';
import { useAcceptDeal } from '@/features/deals/api/accept-deal.mutation';
import { useDeliverDeal } from '@/features/deals/api/deliver-deal.mutation';
import { useStartOnboarding } from '@/features/deals/api/start-onboarding.mutation';
import { dealKeys } from '@/features/deals/api/keys';
import { errorText, HttpError } from '@/lib/http';
import { isCodeRefusal } from '@/features/link-claim/api/code-refusal';
import { t, type MessageKey } from '@/i18n';

/** A refusal in the page's own words (a milestone's, from its lazily loaded texts), else null. */
type Describe = (error: Error) => string | null;

/**
 * A refusal because another device holds the link reads the claim again, so the page shows how to
 * continue here; anything else is a toast.
 */
const failedWith =
  (client: QueryClient, token: string) =>
  (title: MessageKey, describe: Describe = () => null) =>
  (error: Error) =>
    error instanceof HttpError &&
    error.serverErrorCode === 'deal_claimed_elsewhere'
      ? void client.invalidateQueries({ queryKey: dealKeys.byToken(token) })
      : toast({
          title: t(title),
          description:
            describe(error) ?? (errorText(error) || t('app.tryAgainLater')),
          variant: 'destructive',
        });

/** What the creator does through the link: accept, connect a bank account, deliver (the deal, or one milestone). */
export function useLinkCommands(token: string) {
  const accept = useAcceptDeal();
  const onboarding = useStartOnboarding();
  const deliver = useDeliverDeal();
  const failed = failedWith(useQueryClient(), token);
  return {
    token,
    /** A refused e-mail code goes to `onCodeRefused` (told in its field); other refusals are toasts. */
    accept: (
      contractHash: string,
      emailCode: string,
      onCodeRefused: (text: string) => void,
    ) =>
      accept.mutate(
        { token, contractHash, emailCode },
        {
          onSuccess: () => toast({ title: t('toast.accepted') }),
          onError: (error) =>
            isCodeRefusal(error)
              ? onCodeRefused(errorText(error))
              : failed('toast.acceptError')(error),
        },
      ),
    accepting: accept.isPending,
    startBankSetup: (identity?: PayoutIdentity) =>
      onboarding.mutate(
        { token, ...(identity ? { identity } : {}) },
        {
          onSuccess: (answer) => {
            if (answer.url) window.location.assign(answer.url);
            else
              toast({
                title: t('toast.onboardingNoUrl'),
                variant: 'destructive',
              });
          },
          onError: failed('toast.onboardingError'),
        },
      ),
    startingBankSetup: onboarding.isPending,
    deliver: (
      note: string | null,
      links: string[],
      milestone?: number,
      describe?: Describe,
    ) =>
      deliver.mutate(
        {
          token,
          note,
          links,
          ...(milestone === undefined ? {} : { milestone }),
        },
        {
          onSuccess: () =>
            toast({
              title: t('toast.delivered'),
              description: t('toast.deliveredText'),
            }),
          onError: failed('toast.deliverError', describe),
        },
      ),
    delivering: deliver.isPending,
  };
}
export type LinkCommands = ReturnType<typeof useLinkCommands>;
