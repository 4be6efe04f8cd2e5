import { z } from 'zod';
import type { PersonalFieldMarks } from './define';

/**
 * Event data the payment gateway's webhooks produce, identical for deals and payment requests:
 * one schema each, so a payment, a failure, a chargeback or a refunded duplicate is recorded the
 * same way on both kinds of stream.
 */
const cents = z.number().int().nonnegative();
const gatewayEventId = z.string().min(1);

export const paymentConfirmedData = z.object({
  checkoutSessionId: z.string().min(1),
  paymentIntentId: z.string().min(1).nullable(),
  chargeId: z.string().min(1).nullable(),
  amountCents: cents,
  method: z.string().nullable(),
  gatewayEventId,
});

export const paymentFailedData = z.object({
  checkoutSessionId: z.string().min(1),
  reason: z.string(),
  gatewayEventId,
});

export const chargebackData = z.object({
  disputeId: z.string().min(1),
  amountCents: cents,
  reason: z.string(),
  gatewayEventId,
  /** What the escrow held of it and moved to disputed funds (absent in events recorded before chargebacks moved money). */
  heldCents: cents.optional(),
});

/** The gateway's outcome of a chargeback: won (the money comes back) or lost (written off), and why. */
export const chargebackClosedData = z.object({
  disputeId: z.string().min(1),
  outcome: z.enum(['won', 'lost']),
  reason: z.string(),
  gatewayEventId,
});

export const duplicatePaymentRefundedData = z.object({
  checkoutSessionId: z.string().min(1),
  paymentIntentId: z.string().min(1).nullable(),
  refundId: z.string().min(1),
  amountCents: cents,
  gatewayEventId,
});

/**
 * The outcome of a refund of the payer (a deal's or a request's), or with `reason` `charged_back`
 * the end of an escrow a lost chargeback emptied: no refund id (nothing was asked of the
 * gateway), nothing moved, and the chargeback it follows named by `disputeId`.
 */
export const refundOutcomeData = z.object({
  refundId: z.string().min(1).optional(),
  amountCents: cents,
  transferReversalId: z.string().min(1).nullable(),
  key: z.string().min(1).max(200).optional(),
  reason: z.literal('charged_back').optional(),
  disputeId: z.string().min(1).optional(),
});

/** A checkout session the gateway opened for the total due. */
export const checkoutOpenedData = z.object({
  sessionId: z.string().min(1),
  totalCents: cents,
  gateway: z.enum(['stripe', 'simulated']),
});

/** The gateway's ids and codes identify no person: the personal-field marks of the schemas above. */
export const paymentConfirmedFields: PersonalFieldMarks = {
  checkoutSessionId: 'none',
  paymentIntentId: 'none',
  chargeId: 'none',
  method: 'none',
  gatewayEventId: 'none',
};
export const paymentFailedFields: PersonalFieldMarks = {
  checkoutSessionId: 'none',
  reason: 'none',
  gatewayEventId: 'none',
};
export const chargebackFields: PersonalFieldMarks = {
  disputeId: 'none',
  reason: 'none',
  gatewayEventId: 'none',
};
export const duplicatePaymentRefundedFields: PersonalFieldMarks = {
  checkoutSessionId: 'none',
  paymentIntentId: 'none',
  refundId: 'none',
  gatewayEventId: 'none',
};
export const checkoutOpenedFields: PersonalFieldMarks = { sessionId: 'none' };
export const refundOutcomeFields: PersonalFieldMarks = {
  refundId: 'none',
  transferReversalId: 'none',
  key: 'none',
  disputeId: 'none',
};
