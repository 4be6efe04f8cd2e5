import { z } from 'zod';
import { defineEvent } from '../events/define';

/**
 * A person's data was exported (docs/privacy.md): who asked (the person, or an admin on their
 * request) and whose data, never the data itself. One stream per person whose data it is:
 * `privacy-user-<id>` for an account, `privacy-deal-link-<id>` for a creator with only a link.
 */
export const PersonalDataExported = defineEvent({
  type: 'PersonalDataExported',
  version: 1,
  category: 'privacy',
  description:
    "A person's data was exported (JSON and readable page): by themselves (signed in, or through their claimed deal link) or by an admin on their request. The actor says who; the data is not in the event.",
  schema: z.object({
    /** Whose data: `user-<id>` or `deal-link-<deal id>`. */
    subject: z.string().regex(/^(user-[A-Za-z0-9_-]+|deal-link-\d+)$/),
    requestedBy: z.enum(['self', 'admin']),
    /** How many deals, payment requests and events the export held (no content). */
    counts: z.object({
      deals: z.number().int().nonnegative(),
      paymentRequests: z.number().int().nonnegative(),
      events: z.number().int().nonnegative(),
    }),
  }),
  fields: { subject: 'none' },
  example: {
    subject: 'user-u_7f3a',
    requestedBy: 'self',
    counts: { deals: 2, paymentRequests: 1, events: 31 },
  },
});

export const privacyEventDefinitions = [PersonalDataExported] as const;
