import { adminRequestActions, type AdminPaymentRequestDto, type AdminRequestAction } from '../../machines/contract/api';
import type { PaymentRequestEvent } from '../../machines/payment-request/payment-request.events';
import { paymentRequestSnapshotFrom } from '../../machines/payment-request/payment-request.view';
import type { AccountQueries } from '../../projections/accounts.queries';
import type { PaymentRequestRecord } from '../../projections/payment-requests.queries';
import { stateValueFromKey } from '../../projections/state-meta';
import { toPaymentRequestDto } from '../payment-requests/payment-request-dto';
import { redactForAdmin } from './admin-redaction';

/** The event each admin action would append; the machine's `can()` decides whether it is offered. */
function probe(action: AdminRequestAction, now: string): PaymentRequestEvent {
  const metadata = { actor: { kind: 'admin' as const, id: 'probe' }, at: now, correlationId: 'probe', causationId: null, schemaVersion: 1 };
  switch (action) {
    case 'releaseHold': return { type: 'PaymentRequestHoldReleased', data: { note: null }, metadata };
  }
}

export function adminRequestCan(record: Pick<PaymentRequestRecord, 'state' | 'context'>, now: string): AdminRequestAction[] {
  const snapshot = paymentRequestSnapshotFrom(stateValueFromKey(record.state), record.context);
  return adminRequestActions.filter((a) => snapshot.can(probe(a, now)));
}

/** A payment request as admins see it: the owner answer plus creator, hold, payout and refund facts. */
export function toAdminPaymentRequestDto(record: PaymentRequestRecord, now: string, publicUrl: string, accounts: AccountQueries): AdminPaymentRequestDto {
  const c = record.context;
  const creator = accounts.userById(record.creatorId);
  return redactForAdmin({
    ...toPaymentRequestDto(record, now, publicUrl, 'owner'),
    creator: {
      id: record.creatorId,
      username: creator?.username ?? '(unknown)',
      email: creator?.email ?? '',
      payoutsEnabled: creator?.payoutsEnabled ?? false,
    },
    machineState: record.state,
    hold: c.hold,
    chargebacks: c.chargebacks,
    payoutDeferredAt: c.payoutDeferredAt,
    transferId: c.transferId,
    duplicateRefunds: c.duplicateRefunds,
    adminCan: adminRequestCan(record, now),
  });
}
