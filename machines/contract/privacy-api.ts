import { z } from 'zod';

/**
 * A person's data export (docs/privacy.md): the HTTP contract of `POST /api/profile/export`,
 * `POST /api/deals/link/:token/export` and `POST /api/admin/users/export`, and the JSON the
 * export page offers for download. Version 1; a later version adds fields, never renames them.
 */

const iso = z.string();

/** One stored event of a stream the person is a party to, as that reader may see it. */
export const exportedEventSchema = z.object({
  stream: z.string(),
  type: z.string(),
  at: iso,
  /** `you` when the person caused it, else who did: brand, creator, creator-link, admin, system, stripe. */
  actor: z.string(),
  data: z.unknown(),
});

const collaborationSchema = z.object({
  id: z.number().int(),
  /** The person's side: the brand (owner or payer) or the creator. */
  role: z.enum(['brand', 'creator']),
  title: z.string().nullable(),
  status: z.string(),
  amountCents: z.number().int().nullable(),
  createdAt: iso.nullable(),
  events: z.array(exportedEventSchema),
});

export const personalDataExportSchema = z.object({
  format: z.literal('escrow-personal-data-export'),
  version: z.literal(1),
  generatedAt: iso,
  subject: z.object({ kind: z.enum(['user', 'deal-link']), id: z.string() }),
  requestedBy: z.enum(['self', 'admin']),
  profile: z
    .object({
      username: z.string(),
      email: z.string(),
      companyName: z.string().nullable(),
      country: z.string().nullable(),
      phoneNumber: z.string().nullable(),
      language: z.string().nullable(),
      createdAt: iso.nullable(),
      onboardedAt: iso.nullable(),
      payoutAccount: z.enum(['none', 'connected', 'pending']),
    })
    .nullable(),
  /** For a creator with only a link: the address confirmed on it and the link's language. */
  link: z
    .object({
      dealId: z.number().int(),
      email: z.string().nullable(),
      language: z.string(),
    })
    .nullable(),
  account: z.object({ events: z.array(exportedEventSchema) }),
  deals: z.array(collaborationSchema),
  paymentRequests: z.array(collaborationSchema),
  documents: z.array(
    z.object({ kind: z.string(), subject: z.string(), url: z.string() }),
  ),
  notifications: z.object({
    preferences: z.object({ push: z.boolean(), email: z.boolean() }).nullable(),
    emailOptedOut: z.boolean(),
    deliveries: z.array(
      z.object({
        kind: z.string(),
        channel: z.string(),
        at: iso,
        outcome: z.enum(['delivered', 'failed', 'pending']),
      }),
    ),
  }),
  signIns: z.array(z.object({ at: iso, addressHash: z.string() })),
  agreements: z.array(
    z.object({ kind: z.string(), at: iso, subject: z.string() }),
  ),
  pushSubscriptions: z.array(z.object({ host: z.string() })),
  /** Every personal value the stored events hold, by the event catalogue's marks. */
  personalData: z.array(
    z.object({
      field: z.string(),
      privacy: z.enum(['profile', 'fiscal']),
      value: z.string(),
      source: z.string(),
    }),
  ),
});

export type PersonalDataExport = z.infer<typeof personalDataExportSchema>;
export type ExportedEvent = z.infer<typeof exportedEventSchema>;
