import { z } from 'zod';
import {
  chargebackClosedData,
  chargebackData,
  checkoutOpenedData,
  duplicatePaymentRefundedData,
  paymentConfirmedData,
  paymentFailedData,
  chargebackFields,
  checkoutOpenedFields,
  duplicatePaymentRefundedFields,
  paymentConfirmedFields,
  paymentFailedFields,
  refundOutcomeData,
  refundOutcomeFields,
} from '../events/gateway-event-data';
import { defineEvent, type EventOf } from '../events/define';
import { MAX_REQUEST_CENTS } from '../money';
import {
  disputeMessageExample,
  disputeMessageFields,
  disputeMessageSchema,
} from '../escrow/dispute-message';
import {
  DealSplitRequested,
  DealSplitRetried,
  RefundFailed,
  releaseTriggerSchema,
  SplitRefundFailed,
  SplitRefundSucceeded,
  SplitTransferFailed,
  SplitTransferSucceeded,
} from '../deal/deal.events';

const cents = z.number().int().nonnegative();
const isoInstant = z.iso.datetime();

export const PaymentRequestCreated = defineEvent({
  type: 'PaymentRequestCreated',
  version: 1,
  category: 'payment-request',
  description:
    'A creator asked a brand for payment; the link is valid until expiresAt.',
  schema: z.object({
    requestId: z.number().int().positive(),
    creatorId: z.string().min(1),
    creatorName: z.string().min(1).max(200),
    creatorEmail: z.string().max(320).nullable(),
    title: z.string().min(1).max(300),
    description: z.string().min(1).max(10_000),
    amountCents: z.number().int().positive().max(MAX_REQUEST_CENTS),
    feeCents: cents,
    totalCents: cents,
    brandName: z.string().min(1).max(200),
    brandEmail: z.string().min(3).max(320),
    brandHandle: z.string().max(200).nullable(),
    deadline: z.string().min(1).max(40),
    token: z.string().regex(/^[A-Za-z0-9_-]{22,64}$/),
    expiresAt: isoInstant,
  }),
  fields: {
    creatorId: 'none',
    creatorName: 'profile',
    creatorEmail: 'profile',
    title: 'profile',
    description: 'profile',
    brandName: 'profile',
    brandEmail: 'profile',
    brandHandle: 'profile',
    deadline: 'none',
    token: 'none',
  },
  example: {
    requestId: 7,
    creatorId: 'u_91c2',
    creatorName: 'Creator',
    creatorEmail: null,
    title: 'Instagram reel',
    description: 'One reel about the autumn collection',
    amountCents: 40_000,
    feeCents: 2_000,
    totalCents: 42_000,
    brandName: 'Acme',
    brandEmail: 'marketing@acme.example',
    brandHandle: '@acme',
    deadline: '2026-12-15',
    token: 'Zk1q9XcL2vT8wAq3Zb7kR0',
    expiresAt: '2026-12-15T23:59:59.999Z',
  },
});

export const PaymentRequestAccepted = defineEvent({
  type: 'PaymentRequestAccepted',
  version: 1,
  category: 'payment-request',
  description: 'The brand accepted the request through its link (no login).',
  schema: z.object({}),
  fields: {},
  example: {},
});

export const PaymentRequestCheckoutCreated = defineEvent({
  type: 'PaymentRequestCheckoutCreated',
  version: 1,
  category: 'payment-request',
  description: 'A checkout session for the total was opened.',
  schema: checkoutOpenedData,
  fields: checkoutOpenedFields,
  example: {
    sessionId: 'cs_test_r1',
    totalCents: 42_000,
    gateway: 'simulated',
  },
});

export const PaymentRequestPaid = defineEvent({
  type: 'PaymentRequestPaid',
  version: 1,
  category: 'payment-request',
  description:
    'The gateway confirmed the payment by webhook; the money is held in escrow.',
  schema: paymentConfirmedData,
  fields: paymentConfirmedFields,
  example: {
    checkoutSessionId: 'cs_test_r1',
    paymentIntentId: 'pi_9',
    chargeId: 'ch_9',
    amountCents: 42_000,
    method: 'card',
    gatewayEventId: 'evt_5',
  },
});

export const PaymentRequestPaymentFailed = defineEvent({
  type: 'PaymentRequestPaymentFailed',
  version: 1,
  category: 'payment-request',
  description:
    'An asynchronous payment failed; the request stays accepted and can be paid again.',
  schema: paymentFailedData,
  fields: paymentFailedFields,
  example: {
    checkoutSessionId: 'cs_test_r1',
    reason: 'async_payment_failed',
    gatewayEventId: 'evt_6',
  },
});

export const PaymentRequestPayoutRequested = defineEvent({
  type: 'PaymentRequestPayoutRequested',
  version: 1,
  category: 'payment-request',
  description:
    "Intent: the escrowed amount is to be transferred to the creator's payout account. The payments reactor makes the transfer with `key` as its idempotency key and records the outcome. `trigger` says who released it (the brand's approval, an admin, the end of the review or dispute period); history from before the review phase has none (the creator's completion paid out at once).",
  schema: z.object({
    amountCents: cents,
    destinationAccountId: z.string().min(1),
    key: z.string().min(1).max(200),
    trigger: releaseTriggerSchema.optional(),
  }),
  fields: { destinationAccountId: 'none', key: 'none' },
  example: {
    amountCents: 40_000,
    destinationAccountId: 'acct_2Xy',
    key: 'c1d2e3f4-a5b6-4c7d-8e9f-0a1b2c3d4e5f',
  },
});

export const PaymentRequestCompleted = defineEvent({
  type: 'PaymentRequestCompleted',
  version: 1,
  category: 'payment-request',
  description:
    'Outcome: the escrowed amount was paid out to the creator (for the payout request with the same key); the request is completed.',
  schema: z.object({
    transferId: z.string().min(1).nullable(),
    key: z.string().min(1).max(200).optional(),
  }),
  fields: { transferId: 'none', key: 'none' },
  example: { transferId: 'tr_7' },
});

export const PaymentRequestPayoutFailed = defineEvent({
  type: 'PaymentRequestPayoutFailed',
  version: 1,
  category: 'payment-request',
  description:
    'Outcome: the gateway refused the payout; nothing moved and the payout is tried again when the account is ready.',
  schema: z.object({
    creatorId: z.string().min(1),
    code: z.string().min(1),
    message: z.string(),
    key: z.string().min(1).max(200),
  }),
  fields: { creatorId: 'none', code: 'none', message: 'none', key: 'none' },
  example: {
    creatorId: 'u_91c2',
    code: 'payouts_not_enabled',
    message: 'Payouts are not enabled on this account',
    key: 'c1d2e3f4-a5b6-4c7d-8e9f-0a1b2c3d4e5f',
  },
});

export const PaymentRequestCheckoutClosed = defineEvent({
  type: 'PaymentRequestCheckoutClosed',
  version: 1,
  category: 'payment-request',
  description:
    'The open checkout session can no longer fund the request (a newer session, or the request ended); the payments reactor expires it.',
  schema: z.object({
    sessionId: z.string().min(1),
    reason: z.enum(['replaced', 'request_closed']),
  }),
  fields: checkoutOpenedFields,
  example: { sessionId: 'cs_test_r1', reason: 'replaced' },
});

export const PaymentRequestUnexpectedPaymentReceived = defineEvent({
  type: 'PaymentRequestUnexpectedPaymentReceived',
  version: 1,
  category: 'payment-request',
  description:
    'The gateway confirmed a payment that does not fund the request (not its open session, not the total due, already paid, or the request ended). Intent: the payments reactor refunds it.',
  schema: paymentConfirmedData.extend({
    reason: z.enum([
      'not_open_session',
      'amount_mismatch',
      'already_paid',
      'request_closed',
    ]),
  }),
  fields: paymentConfirmedFields,
  example: {
    checkoutSessionId: 'cs_test_r0',
    paymentIntentId: 'pi_8',
    chargeId: 'ch_8',
    amountCents: 100,
    method: 'card',
    gatewayEventId: 'evt_4',
    reason: 'amount_mismatch',
  },
});

export const PaymentRequestExpired = defineEvent({
  type: 'PaymentRequestExpired',
  version: 1,
  category: 'payment-request',
  description: 'The request reached expiresAt before it was paid.',
  schema: z.object({ expiresAt: isoInstant }),
  fields: {},
  example: { expiresAt: '2026-12-15T23:59:59.999Z' },
});

export const PaymentRequestRejected = defineEvent({
  type: 'PaymentRequestRejected',
  version: 1,
  category: 'payment-request',
  description: 'The brand declined the request.',
  schema: z.object({ reason: z.string().max(1_000).nullable() }),
  fields: { reason: 'profile' },
  example: { reason: null },
});

export const PaymentRequestPayoutDeferred = defineEvent({
  type: 'PaymentRequestPayoutDeferred',
  version: 1,
  category: 'payment-request',
  description:
    "The request was released (`trigger`, as for a payout; `key`, the release's key) before the creator's payout account was ready: the amount stays in escrow and is transferred once the account reports payouts enabled. History from before the review phase has no trigger (the creator's completion), and from before 2026-11-27 no key.",
  schema: z.object({
    creatorId: z.string().min(1),
    amountCents: cents,
    reason: z.string(),
    trigger: releaseTriggerSchema.optional(),
    /** The release's key (from the route's Idempotency-Key): a retry after a crash finds the release by it. Absent before 2026-11-27. */
    key: z.string().min(1).optional(),
  }),
  fields: { creatorId: 'none', reason: 'none', key: 'none' },
  example: {
    creatorId: 'u_91c2',
    amountCents: 40_000,
    reason: 'payout account not ready',
  },
});

export const PaymentRequestChargebackOpened = defineEvent({
  type: 'PaymentRequestChargebackOpened',
  version: 1,
  category: 'payment-request',
  description:
    'The card issuer opened a chargeback (charge.dispute.created): `heldCents` of it moves from the escrow to disputed funds (the rest is booked to chargeback losses); the request is held until an admin acts.',
  schema: chargebackData,
  fields: chargebackFields,
  example: {
    disputeId: 'dp_2',
    amountCents: 42_000,
    reason: 'fraudulent',
    gatewayEventId: 'evt_12',
  },
});

export const PaymentRequestChargebackClosed = defineEvent({
  type: 'PaymentRequestChargebackClosed',
  version: 1,
  category: 'payment-request',
  description:
    "The gateway's outcome of a chargeback on the request: won puts the disputed money back in the escrow; lost writes it off, with the reason.",
  schema: chargebackClosedData,
  fields: chargebackFields,
  example: {
    disputeId: 'dp_2',
    outcome: 'won',
    reason: 'fraudulent',
    gatewayEventId: 'evt_13',
  },
});

export const PaymentRequestHoldReleased = defineEvent({
  type: 'PaymentRequestHoldReleased',
  version: 1,
  category: 'payment-request',
  description:
    'An admin resolved the chargeback hold; the creator can complete the request (or the deferred payout proceeds).',
  schema: z.object({ note: z.string().max(1_000).nullable() }),
  fields: { note: 'profile' },
  example: { note: 'Chargeback won' },
});

export const PaymentRequestDuplicatePaymentRefunded = defineEvent({
  type: 'PaymentRequestDuplicatePaymentRefunded',
  version: 1,
  category: 'payment-request',
  description:
    'Outcome: a payment that did not fund the request (or, in older history, a second paid session) was refunded in full.',
  schema: duplicatePaymentRefundedData,
  fields: duplicatePaymentRefundedFields,
  example: {
    checkoutSessionId: 'cs_test_r2',
    paymentIntentId: 'pi_10',
    refundId: 're_3',
    amountCents: 42_000,
    gatewayEventId: 'evt_13',
  },
});

/** A link to the delivered work: http(s) only, so no script or data URL reaches the brand's page. */
export const workLinkSchema = z
  .string()
  .trim()
  .max(2_000)
  .regex(/^https?:\/\/[^\s/$.?#][^\s]*$/i);
const effectKey = z.string().min(1).max(200);

export const PaymentRequestDelivered = defineEvent({
  type: 'PaymentRequestDelivered',
  version: 1,
  category: 'payment-request',
  description:
    'The creator marked the paid request completed (an optional note, up to 5 links to the work). The brand reviews it until reviewPeriodEndsAt: it approves or disputes; left alone the money is released.',
  schema: z.object({
    note: z.string().max(2_000).nullable(),
    links: z.array(workLinkSchema).max(5),
    reviewPeriodEndsAt: isoInstant,
  }),
  fields: { note: 'profile', 'links[]': 'profile' },
  example: {
    note: 'The reel is live',
    links: ['https://instagram.com/p/abc'],
    reviewPeriodEndsAt: '2026-03-04T10:00:00.000Z',
  },
});

export const PaymentRequestReviewElapsed = defineEvent({
  type: 'PaymentRequestReviewElapsed',
  version: 1,
  category: 'payment-request',
  description:
    'The review period ended without approval or dispute; the release to the creator follows.',
  schema: z.object({ endsAt: isoInstant }),
  fields: {},
  example: { endsAt: '2026-03-04T10:00:00.000Z' },
});

export const PaymentRequestDisputeOpened = defineEvent({
  type: 'PaymentRequestDisputeOpened',
  version: 1,
  category: 'payment-request',
  description:
    'The brand disputed the delivered work through its link, with a reason (the first entry of the dispute conversation). The money is held until endsAt, then released to the creator unless an admin resolves it first.',
  schema: z.object({
    reason: z.string().trim().min(1).max(4_000),
    endsAt: isoInstant,
  }),
  fields: { reason: 'profile' },
  example: {
    reason: 'The reel was not posted',
    endsAt: '2026-03-07T10:00:00.000Z',
  },
});

export const PaymentRequestDisputeElapsed = defineEvent({
  type: 'PaymentRequestDisputeElapsed',
  version: 1,
  category: 'payment-request',
  description:
    'The dispute period ended without a resolution; the release to the creator follows.',
  schema: z.object({ endsAt: isoInstant }),
  fields: {},
  example: { endsAt: '2026-03-07T10:00:00.000Z' },
});

export const PaymentRequestRefundRequested = defineEvent({
  type: 'PaymentRequestRefundRequested',
  version: 1,
  category: 'payment-request',
  description:
    'Intent: an admin refunds the brand what the escrow holds of the request. The payments reactor refunds with `key` as its idempotency key and records the outcome.',
  schema: z.object({ amountCents: cents, key: effectKey }),
  fields: { key: 'none' },
  example: { amountCents: 42_000, key: '7c1e4c1a-1f3d-4e5a-8b6c-7d8e9f0a1b2c' },
});

export const PaymentRequestRefunded = defineEvent({
  type: 'PaymentRequestRefunded',
  version: 1,
  category: 'payment-request',
  description:
    'Outcome: the brand was refunded; the request is refunded. With `reason` `charged_back` the card network gave the brand its money back through a lost chargeback that emptied the escrow: nothing moved at the gateway (no `refundId` or `key`, `amountCents` 0), `disputeId` names the chargeback.',
  schema: refundOutcomeData,
  fields: refundOutcomeFields,
  example: {
    refundId: 're_4R',
    amountCents: 42_000,
    transferReversalId: null,
    key: '7c1e4c1a-1f3d-4e5a-8b6c-7d8e9f0a1b2c',
  },
});

export const PaymentRequestRefundFailed = defineEvent({
  type: 'PaymentRequestRefundFailed',
  version: 1,
  category: 'payment-request',
  description:
    'Outcome: the gateway refused the refund; nothing moved and an admin can ask again.',
  schema: RefundFailed.schema,
  fields: { code: 'none', message: 'none', key: 'none' },
  example: {
    code: 'invalid_request',
    message: 'Charge already refunded',
    key: '7c1e4c1a-1f3d-4e5a-8b6c-7d8e9f0a1b2c',
  },
});

export const PaymentRequestSplitRequested = defineEvent({
  type: 'PaymentRequestSplitRequested',
  version: 1,
  category: 'payment-request',
  description:
    'Intent: an admin resolves the request with a split, as for a deal: the creator receives `creatorCents` on `destinationAccountId`, the platform keeps `feeKeptCents` and the brand is refunded `refundCents`; the three add up to `chargedCents`.',
  schema: DealSplitRequested.schema.extend({
    destinationAccountId: z.string().min(1),
  }),
  fields: {
    transferKey: 'none',
    refundKey: 'none',
    destinationAccountId: 'none',
  },
  example: { ...DealSplitRequested.example, destinationAccountId: 'acct_2Xy' },
});

export const PaymentRequestSplitRetried = defineEvent({
  type: 'PaymentRequestSplitRetried',
  version: 1,
  category: 'payment-request',
  description:
    "Intent: an admin asks again for a refused part of the request's split, under its original key.",
  schema: DealSplitRetried.schema,
  fields: { key: 'none' },
  example: DealSplitRetried.example,
});

export const PaymentRequestSplitTransferSucceeded = defineEvent({
  type: 'PaymentRequestSplitTransferSucceeded',
  version: 1,
  category: 'payment-request',
  description: "Outcome: the creator's part of the split was transferred.",
  schema: SplitTransferSucceeded.schema,
  fields: { transferId: 'none', key: 'none' },
  example: SplitTransferSucceeded.example,
});

export const PaymentRequestSplitTransferFailed = defineEvent({
  type: 'PaymentRequestSplitTransferFailed',
  version: 1,
  category: 'payment-request',
  description:
    "Outcome: the gateway refused the split's transfer; an admin can retry it.",
  schema: SplitTransferFailed.schema,
  fields: { code: 'none', message: 'none', key: 'none' },
  example: SplitTransferFailed.example,
});

export const PaymentRequestSplitRefundSucceeded = defineEvent({
  type: 'PaymentRequestSplitRefundSucceeded',
  version: 1,
  category: 'payment-request',
  description: "Outcome: the brand's part of the split was refunded.",
  schema: SplitRefundSucceeded.schema,
  fields: { refundId: 'none', key: 'none' },
  example: SplitRefundSucceeded.example,
});

export const PaymentRequestSplitRefundFailed = defineEvent({
  type: 'PaymentRequestSplitRefundFailed',
  version: 1,
  category: 'payment-request',
  description:
    "Outcome: the gateway refused the split's refund; an admin can retry it.",
  schema: SplitRefundFailed.schema,
  fields: { code: 'none', message: 'none', key: 'none' },
  example: SplitRefundFailed.example,
});

export const PaymentRequestDisputeMessagePosted = defineEvent({
  type: 'PaymentRequestDisputeMessagePosted',
  version: 1,
  category: 'payment-request',
  description:
    "A message in the request's dispute conversation, by the brand (through its link), the creator or an admin (the event's actor), with up to 5 evidence files named by their SHA-256 (their bytes are in the evidence store). Taken only while the request is in dispute.",
  schema: disputeMessageSchema,
  fields: disputeMessageFields,
  example: disputeMessageExample,
});

export const paymentRequestEventDefinitions = [
  PaymentRequestCreated,
  PaymentRequestAccepted,
  PaymentRequestCheckoutCreated,
  PaymentRequestCheckoutClosed,
  PaymentRequestPaid,
  PaymentRequestUnexpectedPaymentReceived,
  PaymentRequestPaymentFailed,
  PaymentRequestPayoutRequested,
  PaymentRequestCompleted,
  PaymentRequestPayoutFailed,
  PaymentRequestExpired,
  PaymentRequestRejected,
  PaymentRequestPayoutDeferred,
  PaymentRequestChargebackOpened,
  PaymentRequestChargebackClosed,
  PaymentRequestHoldReleased,
  PaymentRequestDuplicatePaymentRefunded,
  PaymentRequestDelivered,
  PaymentRequestReviewElapsed,
  PaymentRequestDisputeOpened,
  PaymentRequestDisputeElapsed,
  PaymentRequestRefundRequested,
  PaymentRequestRefunded,
  PaymentRequestRefundFailed,
  PaymentRequestSplitRequested,
  PaymentRequestSplitRetried,
  PaymentRequestSplitTransferSucceeded,
  PaymentRequestSplitTransferFailed,
  PaymentRequestSplitRefundSucceeded,
  PaymentRequestSplitRefundFailed,
  PaymentRequestDisputeMessagePosted,
] as const;

export type PaymentRequestEvent = EventOf<
  (typeof paymentRequestEventDefinitions)[number]
>;
