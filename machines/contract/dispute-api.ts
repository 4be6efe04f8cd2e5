import { z } from 'zod';
import { inputRef } from '../errors/input-texts';
import {
  DISPUTE_MESSAGE_MAX_CHARS,
  DISPUTE_MESSAGE_MAX_FILES,
  disputeSides,
  evidenceContentTypes,
} from '../escrow/dispute-message';

/** The HTTP contract of a dispute's conversation (deals and payment requests), shared by server and web. */

export const evidenceFileDtoSchema = z.object({
  sha256: z.string(),
  name: z.string(),
  contentType: z.enum(evidenceContentTypes),
  sizeBytes: z.number().int(),
});
export type EvidenceFileDto = z.infer<typeof evidenceFileDtoSchema>;

export const disputeEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  side: z.enum(disputeSides),
  /** The author's name, for admins and auditors only (parties see the side). */
  author: z.string().nullable(),
  text: z.string(),
  files: z.array(evidenceFileDtoSchema),
  /** The reason given when the dispute was opened: the conversation's first entry. */
  opening: z.boolean(),
});
export type DisputeEntryDto = z.infer<typeof disputeEntrySchema>;

export const disputeThreadSchema = z.object({
  subject: z.object({
    kind: z.enum(['deal', 'payment_request']),
    id: z.number().int(),
  }),
  /** Whether the dispute is still open (messages are taken only then). */
  open: z.boolean(),
  /** Whether the reader may post (an auditor reads only). */
  canPost: z.boolean(),
  /** The reader's own side, null for auditors. */
  side: z.enum(disputeSides).nullable(),
  /** When the dispute period ends; then the money is released to the creator unless resolved first. */
  endsAt: z.string().nullable(),
  onHold: z.boolean(),
  entries: z.array(disputeEntrySchema),
});
export type DisputeThreadDto = z.infer<typeof disputeThreadSchema>;

export const disputeMessageBody = z.object({
  text: z
    .string({ error: inputRef('message_required') })
    .trim()
    .min(1, inputRef('message_required'))
    .max(
      DISPUTE_MESSAGE_MAX_CHARS,
      inputRef('too_long', 'message', { max: DISPUTE_MESSAGE_MAX_CHARS }),
    ),
  files: z
    .array(
      z.object({
        sha256: z.string().regex(/^[0-9a-f]{64}$/, inputRef('unknown_file')),
        name: z.string().trim().min(1).max(200),
      }),
    )
    .max(
      DISPUTE_MESSAGE_MAX_FILES,
      inputRef('too_many', 'files', { max: DISPUTE_MESSAGE_MAX_FILES }),
    )
    .default([]),
});
export type DisputeMessageBody = z.infer<typeof disputeMessageBody>;

/** How a dispute ended, from the deal's or request's data (the read model has it: no stream read for the list). */
export const disputeOutcomes = [
  'open',
  'approved_by_brand',
  'released_by_admin',
  'auto_released',
  'refunded',
  // A lost chargeback took the escrow back for the brand (ADR 0040): a refund outcome, not an admin's.
  'charged_back',
  'completed_manually',
  'split',
] as const;
export type DisputeOutcome = (typeof disputeOutcomes)[number];

/** Each outcome in words: the admin's disputes list and the file an auditor reads say the same. */
export const disputeOutcomeWords: Record<
  'en' | 'nl',
  Record<DisputeOutcome, string>
> = {
  en: {
    open: 'Open',
    approved_by_brand: 'Approved by the brand',
    released_by_admin: 'Released by an admin',
    auto_released: 'Released automatically',
    refunded: 'Refunded',
    charged_back: 'Charged back',
    completed_manually: 'Completed manually',
    split: 'Resolved with a split',
  },
  nl: {
    open: 'Open',
    approved_by_brand: 'Goedgekeurd door het merk',
    released_by_admin: 'Vrijgegeven door een beheerder',
    auto_released: 'Automatisch vrijgegeven',
    refunded: 'Terugbetaald',
    charged_back: 'Teruggeboekt',
    completed_manually: 'Handmatig voltooid',
    split: 'Opgelost met een verdeling',
  },
};
