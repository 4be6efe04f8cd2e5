import { z } from 'zod';
import type { PersonalFieldMarks } from '../events/define';

/**
 * A message in a dispute's conversation (deals and payment requests alike): who wrote it (which
 * side; the event's actor says which account or link), its text and the evidence files it carries.
 * The files' bytes live in the evidence store (server/evidence); the event keeps each file's
 * SHA-256, name, type and size, so the history proves what was shown.
 */

/** At most this many characters in one message. */
export const DISPUTE_MESSAGE_MAX_CHARS = 4_000;
/** At most this many evidence files on one message. */
export const DISPUTE_MESSAGE_MAX_FILES = 5;
/** The largest evidence file, in bytes (10 MB). */
export const EVIDENCE_MAX_BYTES = 10 * 1024 * 1024;
/** The evidence types taken, each recognised by its content (magic bytes), not by its name. */
export const evidenceContentTypes = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'application/pdf',
] as const;
export type EvidenceContentType = (typeof evidenceContentTypes)[number];

/** Who speaks in a dispute: the brand, the creator, or an admin (auditors only read). */
export const disputeSides = ['brand', 'creator', 'admin'] as const;
export type DisputeSide = (typeof disputeSides)[number];

const evidenceFileSchema = z.object({
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  name: z.string().min(1).max(200),
  contentType: z.enum(evidenceContentTypes),
  sizeBytes: z.number().int().positive().max(EVIDENCE_MAX_BYTES),
});

/** The message and the files' names are the writer's own words; the hashes identify no one. */
export const disputeMessageFields: PersonalFieldMarks = {
  text: 'profile',
  'files[].sha256': 'none',
  'files[].name': 'profile',
};

export const disputeMessageSchema = z.object({
  side: z.enum(disputeSides),
  text: z.string().trim().min(1).max(DISPUTE_MESSAGE_MAX_CHARS),
  files: z.array(evidenceFileSchema).max(DISPUTE_MESSAGE_MAX_FILES),
});
export type DisputeMessage = z.infer<typeof disputeMessageSchema>;

export const disputeMessageExample: DisputeMessage = {
  side: 'creator',
  text: 'The reel went live on the 3rd; the screenshot shows the post and its date.',
  files: [
    {
      sha256:
        '2c26b46b68ffc68ff99b453c1d30413413422d706483bfa0f98a5e886266e7ae',
      name: 'reel-live.png',
      contentType: 'image/png',
      sizeBytes: 48_213,
    },
  ],
};
