import type { StateValue } from 'xstate';
import type { PaymentRequestDto } from '@machines/contract/api';
import type { PaymentRequestStateView } from '@machines/payment-request/payment-request.view';

/** The view the server computed with the same statechart (`state` in every request answer). */
export function serverRequestView(
  request: PaymentRequestDto,
  now: string = new Date().toISOString(),
): PaymentRequestStateView {
  const s = request.state;
  const view = {
    ...s,
    value: request.machine.value as StateValue,
    badge: s.badge as PaymentRequestStateView['badge'],
  };
  return {
    ...view,
    pastExpiry:
      view.pastExpiry || Date.parse(now) >= Date.parse(request.expiresAt),
  };
}
