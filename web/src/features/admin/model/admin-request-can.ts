import type { StateValue } from 'xstate';
import type { AdminPaymentRequestDto } from '@machines/contract/api';
import {
  emptyPaymentRequestContext,
  type PaymentRequestContext,
} from '@machines/payment-request/payment-request.context';
import {
  adminRequestCan as machineAdminRequestCan,
  paymentRequestSnapshotFrom,
  type AdminRequestAction,
} from '@machines/payment-request/payment-request.view';

/**
 * The admin actions the payment-request statechart takes now, asked of the snapshot rebuilt from
 * the answer's machine value and context (the same definition the server's `adminCan` uses); the
 * server's `adminCan` when the snapshot cannot be rebuilt.
 */
export function adminRequestCan(
  request: AdminPaymentRequestDto,
  now: string = new Date().toISOString(),
): AdminRequestAction[] {
  try {
    const context: PaymentRequestContext = {
      ...emptyPaymentRequestContext,
      ...(request.machine.context as Partial<PaymentRequestContext>),
    };
    return machineAdminRequestCan(
      paymentRequestSnapshotFrom(request.machine.value as StateValue, context),
      now,
    );
  } catch {
    return request.adminCan;
  }
}
