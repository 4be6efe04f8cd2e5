import { toast } from '@/components/ui/toast-store';
import { useAcceptRequest } from '@/features/payment-requests/api/accept-request.mutation';
import { useRequestCheckout } from '@/features/payment-requests/api/request-checkout.mutation';
import { errorText, HttpError } from '@/lib/http';
import { isCodeRefusal } from '@/features/link-claim/api/code-refusal';
import { t } from '@/i18n';

/** The brand's first steps through its link: accepting the request, then paying it at the gateway (where this browser holds the link). */
export function usePayRequest(
  token: string,
  onClaimedElsewhere: () => void = () => {},
) {
  const accept = useAcceptRequest();
  const checkout = useRequestCheckout();
  /** A refused e-mail code goes to `onCodeRefused` (told in its field); other refusals are toasts. */
  const onAccept = (emailCode: string, onCodeRefused: (text: string) => void) =>
    accept.mutate(
      { token, emailCode },
      {
        onError: (e) =>
          isCodeRefusal(e)
            ? onCodeRefused(errorText(e))
            : toast({
                title: t('preq.acceptError'),
                description: errorText(e),
                variant: 'destructive',
              }),
      },
    );
  const onPay = () =>
    checkout.mutate(token, {
      onSuccess: (answer) =>
        answer.url
          ? window.location.assign(answer.url)
          : toast({ title: t('preq.payError'), variant: 'destructive' }),
      onError: (e) =>
        e instanceof HttpError &&
        e.serverErrorCode === 'request_claimed_elsewhere'
          ? onClaimedElsewhere()
          : toast({
              title: t('preq.payError'),
              description: errorText(e),
              variant: 'destructive',
            }),
    });
  return {
    onAccept,
    accepting: accept.isPending,
    onPay,
    paying: checkout.isPending,
  };
}
