import type { StateValue } from 'xstate';
import type { AdminPaymentRequestDto, AdminRequestAction } from '../../../../../machines/contract/api';
import { emptyPaymentRequestContext, type PaymentRequestContext } from '../../../../../machines/payment-request/payment-request.context';
import type { PaymentRequestEvent } from '../../../../../machines/payment-request/payment-request.events';
import { paymentRequestSnapshotFrom } from '../../../../../machines/payment-request/payment-request.view';

const metadata = (at: string) => ({ actor: { kind: 'admin' as const, id: 'probe' }, at, correlationId: 'probe', causationId: null, schemaVersion: 1 });
/**
 * The event each admin action would append; a Record over the contract's action type, so a new
 * action fails to compile until it is added here (a type-only import keeps zod out of the chunk).
 */
const probes: Record<AdminRequestAction, (at: string) => PaymentRequestEvent> = {
  releaseHold: (at) => ({ type: 'PaymentRequestHoldReleased', data: { note: null }, metadata: metadata(at) }),
};
const actions = Object.keys(probes) as AdminRequestAction[];

/**
 * The admin actions the payment-request statechart takes now, asked of the snapshot rebuilt from
 * the answer's machine value and context (the same `can()` the server checks); the server's
 * `adminCan` when the snapshot cannot be rebuilt.
 */
export function adminRequestCan(request: AdminPaymentRequestDto, now: string = new Date().toISOString()): AdminRequestAction[] {
  try {
    const context: PaymentRequestContext = { ...emptyPaymentRequestContext, ...(request.machine.context as Partial<PaymentRequestContext>) };
    const snapshot = paymentRequestSnapshotFrom(request.machine.value as StateValue, context);
    return actions.filter((a) => snapshot.can(probes[a](now)));
  } catch {
    return request.adminCan;
  }
}
