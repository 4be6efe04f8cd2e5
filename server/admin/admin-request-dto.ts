import type { AdminPaymentRequestDto } from '@machines/contract/api';
import {
  adminRequestCan,
  paymentRequestSnapshotFrom,
} from '@machines/payment-request/payment-request.view';
import type { AccountQueries } from '../../projections/accounts.queries';
import type { PaymentRequestRecord } from '../../projections/payment-requests.queries';
import { stateValueFromKey } from '../../projections/state-meta';
import { toPaymentRequestDto } from '../payment-requests/payment-request-dto';
import { adminSplit } from '../deals/deal-dto';
import { createActorNames } from '../deals/actor-names';
import { redactForAdmin } from '../shared/redaction';

/** A payment request as admins see it: the owner answer plus creator, hold, payout and refund facts. */
export function toAdminPaymentRequestDto(
  record: PaymentRequestRecord,
  now: string,
  publicUrl: string,
  accounts: AccountQueries,
): AdminPaymentRequestDto {
  const c = record.context;
  const creator = accounts.userById(record.creatorId);
  const actorName = createActorNames(accounts);
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
    split: adminSplit(c, (id) => actorName({ kind: 'admin', id })),
    refundId: c.refundId,
    adminCan: adminRequestCan(
      paymentRequestSnapshotFrom(
        stateValueFromKey(record.state),
        record.context,
      ),
      now,
    ),
  });
}
