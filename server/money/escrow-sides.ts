import type { AnyStateMachine, SnapshotFrom } from 'xstate';
import { decideDeal, type DealSnapshot } from '@machines/deal/deal.commands';
import type { EscrowCommand } from '@machines/escrow/escrow-decider';
import {
  dealEscrowEvents,
  paymentRequestEscrowEvents,
  type EscrowEventNames,
} from '@machines/escrow/escrow-events';
import type { EscrowLedger } from '@machines/escrow/escrow-ledger';
import {
  decidePaymentRequest,
  type PaymentRequestSnapshot,
} from '@machines/payment-request/payment-request.commands';
import {
  dealAggregate,
  paymentRequestAggregate,
  type Aggregate,
} from '../commands/aggregate';
import type { EscrowTarget } from '../commands/run-command';
import type { CheckoutInput } from './gateway/payment-gateway';

/** A transfer an intent asks for, as the gateway takes it (the stream's own fields added by the reactor). */
export interface PendingTransfer {
  key: string;
  amountCents: number;
  destinationAccountId: string;
  metadata: Record<string, string>;
}

/** What a checkout session for the amount due says (the gateway's idempotency key and group are added by checkout). */
type SessionFields = Pick<
  CheckoutInput,
  | 'kind'
  | 'reference'
  | 'token'
  | 'description'
  | 'totalCents'
  | 'successUrl'
  | 'cancelUrl'
  | 'metadata'
>;

/**
 * How the server plays each escrow aggregate: its stream, its event names, and where its context
 * keeps what the payments reactor, checkout and the money routes' outcomes need. The one handler
 * of each money flow reads these, so none is written twice for deals and payment requests.
 */
export interface EscrowSide<M extends AnyStateMachine = AnyStateMachine> {
  kind: EscrowTarget['kind'];
  aggregate: Aggregate<M>;
  events: EscrowEventNames;
  /** The transfer to the creator asked for and not yet answered (a deal's release, a request's payout). */
  pendingTransfer(
    snapshot: SnapshotFrom<M>,
    id: number,
  ): PendingTransfer | null;
  /** The refund of the payer asked for and not yet answered; a split's refund leaves the creator's transfer alone. */
  pendingRefund(
    snapshot: SnapshotFrom<M>,
  ): { key: string; amountCents: number; reverseTransfers?: boolean } | null;
  /** The gateway's refusal of the transfer asked for under `key`, once recorded. */
  refusedTransfer(
    snapshot: SnapshotFrom<M>,
    key: string,
  ): { code: string; message: string } | null;
  /** The checkout session for what is due now. */
  session(
    snapshot: SnapshotFrom<M>,
    id: number,
    publicUrl: string,
  ): SessionFields;
  /** Refuses now (wrong status) rather than after opening a session the aggregate cannot take. */
  probeCheckout(
    snapshot: SnapshotFrom<M>,
    command: EscrowCommand,
    now: string,
  ): void;
  ledger(snapshot: SnapshotFrom<M>): EscrowLedger;
}

export const dealSide: EscrowSide<typeof dealAggregate.machine> = {
  kind: 'deal',
  aggregate: dealAggregate,
  events: dealEscrowEvents,
  pendingTransfer: ({ context: c }: DealSnapshot, dealId) => {
    const metadata = {
      dealId: String(dealId),
      streamId: dealAggregate.streamId(dealId),
    };
    if (c.stripeAccountId === null) return null;
    if (c.pendingRelease) {
      const { key, amountCents, trigger, milestone } = c.pendingRelease;
      return {
        key,
        amountCents,
        destinationAccountId: c.stripeAccountId,
        metadata: {
          ...metadata,
          trigger,
          ...(milestone ? { milestone: String(milestone) } : {}),
        },
      };
    }
    // A split's transfer: the creator's part, under the split's transfer key.
    if (c.split?.transfer === 'pending') {
      const { transferKey: key, creatorCents: amountCents } = c.split;
      return {
        key,
        amountCents,
        destinationAccountId: c.stripeAccountId,
        metadata: { ...metadata, trigger: 'split' },
      };
    }
    return null;
  },
  pendingRefund: ({ context: c }: DealSnapshot) => {
    // A deal with milestones refunds what is left: the milestones paid out stay paid.
    if (c.pendingRefund)
      return c.milestones === undefined
        ? c.pendingRefund
        : {
            key: c.pendingRefund.key,
            amountCents: c.pendingRefund.amountCents,
            reverseTransfers: false,
          };
    return c.split?.refund === 'pending'
      ? {
          key: c.split.refundKey,
          amountCents: c.split.refundCents,
          reverseTransfers: false,
        }
      : null;
  },
  // A deal with milestones may have paid an earlier milestone: its error is cleared by each success.
  refusedTransfer: ({ context: c }: DealSnapshot, key) =>
    c.lastTransferError?.key === key &&
    (c.transferId === null || c.milestones !== undefined)
      ? c.lastTransferError
      : null,
  session: ({ context: c }: DealSnapshot, dealId, base) => ({
    kind: 'deal',
    reference: String(dealId),
    description:
      c.terms!.title?.trim() || `Collaboration with ${c.terms!.influencer}`,
    totalCents: c.terms!.totalCents,
    successUrl: `${base}/payment-success/${dealId}`,
    // The payment page tells a brand sent back without paying that the checkout was cancelled.
    cancelUrl: `${base}/payment/${dealId}?checkout=cancelled`,
    metadata: {
      kind: 'deal',
      dealId: String(dealId),
      streamId: dealAggregate.streamId(dealId),
    },
  }),
  probeCheckout: (snapshot: DealSnapshot, command, now) =>
    void decideDeal(command, snapshot, now),
  ledger: (snapshot: DealSnapshot) => snapshot.context,
};

export const paymentRequestSide: EscrowSide<
  typeof paymentRequestAggregate.machine
> = {
  kind: 'payment_request',
  aggregate: paymentRequestAggregate,
  events: paymentRequestEscrowEvents,
  pendingTransfer: ({ context: c }: PaymentRequestSnapshot, requestId) => {
    const metadata = {
      paymentRequestId: String(requestId),
      streamId: paymentRequestAggregate.streamId(requestId),
    };
    if (c.pendingPayout) {
      const { key, amountCents, destinationAccountId } = c.pendingPayout;
      return { key, amountCents, destinationAccountId, metadata };
    }
    // A split's transfer: the creator's part, to the account the split named.
    if (
      c.split?.transfer === 'pending' &&
      c.splitDestinationAccountId !== null
    ) {
      const { transferKey: key, creatorCents: amountCents } = c.split;
      const destinationAccountId = c.splitDestinationAccountId;
      return {
        key,
        amountCents,
        destinationAccountId,
        metadata: { ...metadata, trigger: 'split' },
      };
    }
    return null;
  },
  pendingRefund: ({ context: c }: PaymentRequestSnapshot) => {
    if (c.pendingRefund) return c.pendingRefund;
    return c.split?.refund === 'pending'
      ? {
          key: c.split.refundKey,
          amountCents: c.split.refundCents,
          reverseTransfers: false,
        }
      : null;
  },
  // A refused payout is deferred (retried by the timer once the account is ready): the creator's completion stands.
  refusedTransfer: () => null,
  session: ({ context: c }: PaymentRequestSnapshot, requestId, base) => ({
    kind: 'payment_request',
    reference: String(requestId),
    token: c.request!.token,
    description: c.request!.title,
    totalCents: c.request!.totalCents,
    successUrl: `${base}/pay-request-success/${c.request!.token}`,
    cancelUrl: `${base}/pay-request/${c.request!.token}`,
    metadata: {
      kind: 'payment_request',
      paymentRequestId: String(requestId),
      streamId: paymentRequestAggregate.streamId(requestId),
    },
  }),
  probeCheckout: (snapshot: PaymentRequestSnapshot, command, now) =>
    void decidePaymentRequest(command, snapshot, now),
  ledger: (snapshot: PaymentRequestSnapshot) => snapshot.context,
};

/** The side a stream belongs to, by its id's prefix. */
export function sideOfStream(streamId: string): EscrowSide | null {
  if (streamId.startsWith('deal-')) return dealSide as unknown as EscrowSide;
  if (streamId.startsWith('payment-request-'))
    return paymentRequestSide as unknown as EscrowSide;
  return null;
}

export const sideOf = (kind: EscrowTarget['kind']): EscrowSide =>
  (kind === 'deal' ? dealSide : paymentRequestSide) as unknown as EscrowSide;
