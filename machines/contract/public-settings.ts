import { z } from 'zod';

/**
 * The configuration every screen may show (GET /api/settings, no login): durations, fees and limits
 * that texts name, so a text never states a number the running server does not apply.
 */
export const publicSettingsSchema = z.object({
  /** Hours the brand has to approve or dispute after delivery (REVIEW_PERIOD_HOURS). */
  reviewPeriodHours: z.number(),
  /** Hours a dispute holds the payment before automatic release (DISPUTE_PERIOD_HOURS). */
  disputePeriodHours: z.number(),
  /** Days until an unpaid payment request expires (REQUEST_EXPIRY_DAYS). */
  requestExpiryDays: z.number(),
  /** Platform fees in basis points (820 = 8.2 %). */
  dealFeeBps: z.number().int(),
  requestFeeBps: z.number().int(),
  /** Largest deal and payment request, in cents. */
  maxDealCents: z.number().int(),
  maxRequestCents: z.number().int(),
  /** Payments run on the offline simulated gateway: no real money moves. */
  simulatedPayments: z.boolean(),
  /** No real money moves: the simulated gateway or Stripe with a test key (a banner can say so). */
  testMode: z.boolean(),
  /** E-mail is not sent (no SMTP_URL): it is kept on the server, where only admins read it (the banner says so). */
  mailKept: z.boolean(),
});
export type PublicSettings = z.infer<typeof publicSettingsSchema>;
