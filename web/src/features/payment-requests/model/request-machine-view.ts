import type { StateValue } from 'xstate';
import type { PaymentRequestDto } from '@machines/contract/api';
import {
  paymentRequestSnapshotFrom,
  paymentRequestStateView,
  type PaymentRequestStateView,
} from '@machines/payment-request/payment-request.view';
import {
  emptyPaymentRequestContext,
  type PaymentRequestContext,
} from '@machines/payment-request/payment-request.context';
import { serverRequestView } from './request-server-view';

/** Status, step and actions of a request, from its machine snapshot rebuilt from the API answer (loads after the first render; see request-view.ts). */
export function requestViewOf(
  request: PaymentRequestDto,
  now: string = new Date().toISOString(),
): PaymentRequestStateView {
  try {
    const context: PaymentRequestContext = {
      ...emptyPaymentRequestContext,
      ...(request.machine.context as Partial<PaymentRequestContext>),
    };
    const view = paymentRequestStateView(
      paymentRequestSnapshotFrom(request.machine.value as StateValue, context),
      now,
    );
    // A redacted context may lack expiresAt; the answer's own field still decides expiry.
    return {
      ...view,
      pastExpiry:
        view.pastExpiry || Date.parse(now) >= Date.parse(request.expiresAt),
    };
  } catch {
    return serverRequestView(request, now);
  }
}
