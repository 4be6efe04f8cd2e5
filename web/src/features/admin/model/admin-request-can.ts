import type { StateValue } from 'xstate';
import type { AdminPaymentRequestDto, AdminRequestAction } from '../../../../../machines/contract/api';
import { adminRequestActions } from '../../../../../machines/contract/api';
import { emptyPaymentRequestContext, type PaymentRequestContext } from '../../../../../machines/payment-request/payment-request.context';
import type { PaymentRequestEvent } from '../../../../../machines/payment-request/payment-request.events';
import { paymentRequestSnapshotFrom } from '../../../../../machines/payment-request/payment-request.view';

const eventOf = (action: AdminRequestAction, at: string): PaymentRequestEvent => {
  const metadata = { actor: { kind: 'admin' as const, id: 'probe' }, at, correlationId: 'probe', causationId: null, schemaVersion: 1 };
  switch (action) {
    case 'releaseHold': return { type: 'PaymentRequestHoldReleased', data: { note: null }, metadata };
  }
};

/**
 * The admin actions the payment-request statechart takes now, asked of the snapshot rebuilt from
 * the answer's machine value and context (the same `can()` the server checks); the server's
 * `adminCan` when the snapshot cannot be rebuilt.
 */
export function adminRequestCan(request: AdminPaymentRequestDto, now: string = new Date().toISOString()): AdminRequestAction[] {
  try {
    const context: PaymentRequestContext = { ...emptyPaymentRequestContext, ...(request.machine.context as Partial<PaymentRequestContext>) };
    const snapshot = paymentRequestSnapshotFrom(request.machine.value as StateValue, context);
    return adminRequestActions.filter((a) => snapshot.can(eventOf(a, now)));
  } catch {
    return request.adminCan;
  }
}
