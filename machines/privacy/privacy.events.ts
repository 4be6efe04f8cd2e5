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

/** Whose data an erasure is about: an account, or a person known only through a link. */
const erasureSubject = z
  .string()
  .regex(/^(user-[A-Za-z0-9_-]+|deal-link-\d+|payment-request-link-\d+)$/);

export const PersonalDataErasureRequested = defineEvent({
  type: 'PersonalDataErasureRequested',
  version: 1,
  category: 'privacy',
  description:
    "A person asked to be forgotten (from the profile with their password, through their claimed deal link, or by an admin on their request) and no money is held for or owed to them: the erasure's steps follow (AccountErased, PersonalDataKeyErased, MailFilesRemoved). The actor says who asked; no personal data is in the event.",
  schema: z.object({
    subject: erasureSubject,
    requestedBy: z.enum(['self', 'admin']),
  }),
  fields: { subject: 'none' },
  example: { subject: 'user-u_7f3a', requestedBy: 'self' },
});

export const PersonalDataKeyErased = defineEvent({
  type: 'PersonalDataKeyErased',
  version: 1,
  category: 'privacy',
  description:
    "A person's key was deleted from the key table: their profile key on request (with the keys of the links they acted through), or their fiscal key when the bookkeeping retention period ended. Every field sealed under it reads as erased from now on; every instance drops it from its cache and folds again the read-model rows of the streams that held the person's values.",
  schema: z.object({
    subject: z.string().min(1),
    kind: z.enum(['profile', 'fiscal']),
    reason: z.enum(['request', 'retention']),
  }),
  fields: { subject: 'none' },
  example: { subject: 'user-u_7f3a', kind: 'profile', reason: 'request' },
});

export const MailFilesRemoved = defineEvent({
  type: 'MailFilesRemoved',
  version: 1,
  category: 'privacy',
  description:
    'The messages in the test-mode mail folder that named an erased person (their address, name, company or phone) were deleted; how many, not what.',
  schema: z.object({
    subject: erasureSubject,
    files: z.number().int().nonnegative(),
  }),
  fields: { subject: 'none' },
  example: { subject: 'user-u_7f3a', files: 3 },
});

export const StoreMigrated = defineEvent({
  type: 'StoreMigrated',
  version: 1,
  category: 'privacy',
  description:
    "The event store was copied here from another (`npm run migrate-store`: a move between SQLite, PostgreSQL and KurrentDB, or an older plain store whose personal fields were sealed on the way). The copy's hash chains are new; this anchors them to the old ones: the SHA-256 over every source stream's chain head (`<stream> <hash>` lines, sorted), with the source's head position and counts.",
  schema: z.object({
    sourceHeadPosition: z.number().int().nonnegative(),
    streams: z.number().int().nonnegative(),
    events: z.number().int().nonnegative(),
    chainHeadsDigest: z.string().regex(/^[0-9a-f]{64}$/),
  }),
  fields: { chainHeadsDigest: 'none' },
  example: {
    sourceHeadPosition: 51234,
    streams: 812,
    events: 51234,
    chainHeadsDigest:
      'a3f1c9e07b2d4f6a8c0e1b3d5f7a9c1e3b5d7f9a1c3e5b7d9f1a3c5e7b9d1f3a',
  },
});

export const privacyEventDefinitions = [
  StoreMigrated,
  PersonalDataExported,
  PersonalDataErasureRequested,
  PersonalDataKeyErased,
  MailFilesRemoved,
] as const;
