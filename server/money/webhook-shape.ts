import { z } from 'zod';

/** Stripe's default: a signed timestamp more than 5 minutes off (either way) is refused. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** The signed `t=` timestamp of a Stripe-Signature header, or null. */
export function signatureTimestamp(header: string | undefined): number | null {
  const match = /(?:^|,)\s*t=(\d{1,12})(?:,|$)/.exec(header ?? '');
  return match ? Number(match[1]) : null;
}

const id = z.string().min(1).max(255);
const numericId = z.string().regex(/^[1-9]\d{0,15}$/);
const metadata = z
  .object({
    dealId: numericId.optional(),
    paymentRequestId: numericId.optional(),
    userId: z.string().max(100).optional(),
  })
  .catchall(z.string().max(500))
  .nullish();
const cents = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

const session = z.object({
  id,
  metadata,
  payment_status: z.string().max(50).nullish(),
  payment_intent: id.nullish(),
  amount_total: cents.nullish(),
});
const dispute = z.object({
  id,
  charge: id.nullish(),
  amount: cents.nullish(),
  reason: z.string().max(200).nullish(),
  status: z.string().max(50).nullish(),
});
const objects: Record<string, z.ZodType> = {
  'checkout.session.completed': session,
  'checkout.session.async_payment_succeeded': session,
  'checkout.session.async_payment_failed': session,
  'account.updated': z.object({
    id,
    metadata,
    payouts_enabled: z.boolean().nullish(),
    details_submitted: z.boolean().nullish(),
  }),
  'charge.dispute.created': dispute,
  'charge.dispute.funds_withdrawn': dispute,
  'charge.dispute.funds_reinstated': dispute,
  'charge.dispute.closed': dispute,
};
const envelope = z.object({
  id,
  type: z.string().min(1).max(200),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});

/**
 * A verified event still has to have the shape the handler reads (ids as text, amounts as whole
 * cents): a malformed one is a 400, never a half-recorded fact or a 500. Unknown types only need
 * the envelope: they are acknowledged and ignored.
 */
export function webhookShapeProblem(event: unknown): string | null {
  const outer = envelope.safeParse(event);
  if (!outer.success)
    return `Malformed event: ${outer.error.issues[0]?.path.join('.') || 'event'} is invalid`;
  const schema = objects[outer.data.type];
  if (!schema) return null;
  const inner = schema.safeParse(outer.data.data.object);
  return inner.success
    ? null
    : `Malformed ${outer.data.type}: data.object.${inner.error.issues[0]?.path.join('.') ?? ''} is invalid`;
}
