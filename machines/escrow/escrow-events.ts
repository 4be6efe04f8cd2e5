/**
 * The escrow's events under the names each aggregate stores them by. A deal and a payment request
 * went live with their own event names; stored history keeps them forever, so the escrow core
 * speaks of roles (a checkout opened, a payment confirmed, ...) and each aggregate names the
 * event that plays the role in its stream. The fold, the decider helpers and the payments
 * reactor work from this table, so a money rule is written once for both.
 */
export interface EscrowEventNames {
  checkoutOpened: string;
  checkoutClosed: string;
  paid: string;
  paymentFailed: string;
  unexpectedPayment: string;
  unexpectedPaymentRefunded: string;
  chargebackOpened: string;
  /** The gateway's outcome of a chargeback (won or lost). */
  chargebackClosed: string;
  /** The intent to pay the creator (a deal's release, a request's payout), and its outcomes. */
  transferRequested: string;
  transferred: string;
  transferFailed: string;
  /** The intent to give the payer's money back (its outcomes are each aggregate's own). */
  refundRequested: string | null;
  refunded: string | null;
  refundFailed: string | null;
  /**
   * A split outcome: the intent (a transfer and a refund, each keyed), a retry of a
   * refused part, and each part's outcomes.
   */
  splitRequested: string | null;
  splitRetried: string | null;
  splitTransferred: string | null;
  splitTransferFailed: string | null;
  splitRefunded: string | null;
  splitRefundFailed: string | null;
}

export type EscrowRole = keyof EscrowEventNames;

export const dealEscrowEvents = {
  checkoutOpened: 'CheckoutSessionCreated',
  checkoutClosed: 'CheckoutSessionClosed',
  paid: 'PaymentSucceeded',
  paymentFailed: 'PaymentFailed',
  unexpectedPayment: 'UnexpectedPaymentReceived',
  unexpectedPaymentRefunded: 'DuplicatePaymentRefunded',
  chargebackOpened: 'ChargebackOpened',
  chargebackClosed: 'ChargebackClosed',
  transferRequested: 'FundsReleaseRequested',
  transferred: 'FundsReleased',
  transferFailed: 'TransferFailed',
  refundRequested: 'RefundRequested',
  refunded: 'DealRefunded',
  refundFailed: 'RefundFailed',
  splitRequested: 'DealSplitRequested',
  splitRetried: 'DealSplitRetried',
  splitTransferred: 'SplitTransferSucceeded',
  splitTransferFailed: 'SplitTransferFailed',
  splitRefunded: 'SplitRefundSucceeded',
  splitRefundFailed: 'SplitRefundFailed',
} as const satisfies EscrowEventNames;

export const paymentRequestEscrowEvents = {
  checkoutOpened: 'PaymentRequestCheckoutCreated',
  checkoutClosed: 'PaymentRequestCheckoutClosed',
  paid: 'PaymentRequestPaid',
  paymentFailed: 'PaymentRequestPaymentFailed',
  unexpectedPayment: 'PaymentRequestUnexpectedPaymentReceived',
  unexpectedPaymentRefunded: 'PaymentRequestDuplicatePaymentRefunded',
  chargebackOpened: 'PaymentRequestChargebackOpened',
  chargebackClosed: 'PaymentRequestChargebackClosed',
  transferRequested: 'PaymentRequestPayoutRequested',
  transferred: 'PaymentRequestCompleted',
  transferFailed: 'PaymentRequestPayoutFailed',
  refundRequested: 'PaymentRequestRefundRequested',
  refunded: 'PaymentRequestRefunded',
  refundFailed: 'PaymentRequestRefundFailed',
  splitRequested: 'PaymentRequestSplitRequested',
  splitRetried: 'PaymentRequestSplitRetried',
  splitTransferred: 'PaymentRequestSplitTransferSucceeded',
  splitTransferFailed: 'PaymentRequestSplitTransferFailed',
  splitRefunded: 'PaymentRequestSplitRefundSucceeded',
  splitRefundFailed: 'PaymentRequestSplitRefundFailed',
} as const satisfies EscrowEventNames;

const roleTables = new WeakMap<EscrowEventNames, Map<string, EscrowRole>>();

/**
 * The role an event type plays in the escrow, or null when it is the aggregate's own. Looked up in
 * a table made once per aggregate's names: folds and read models ask for every event they see.
 */
export function escrowRole(
  names: EscrowEventNames,
  type: string,
): EscrowRole | null {
  let table = roleTables.get(names);
  if (table === undefined) {
    table = new Map();
    for (const role of Object.keys(names) as EscrowRole[]) {
      const name = names[role];
      // The first role naming a type is its role.
      if (name !== null && !table.has(name)) table.set(name, role);
    }
    roleTables.set(names, table);
  }
  return table.get(type) ?? null;
}
