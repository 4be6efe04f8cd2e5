import { z } from 'zod';
import {
  exclusivitySchema,
  platformSchema,
  usageRightsSchema,
} from '../deal/deal.events';

/**
 * A deal's contract as both parties read it (GET /api/deals/:id/contract for the brand,
 * /api/deals/link/:token/contract for the creator): the canonical form whose SHA-256 the
 * acceptance records (machines/deal/deal-contract.ts), its hash now, and the accepted hash and
 * time. Words are added by the layout (machines/documents/contract-layout.ts) in the reader's language.
 */
export const contractDocumentSchema = z.object({
  brand: z.string(),
  contract: z.object({
    form: z.enum(['deal-contract/1', 'deal-contract/2']),
    dealId: z.number().int(),
    influencer: z.string(),
    profileLink: z.string().nullable(),
    title: z.string().nullable(),
    description: z.union([z.string(), z.array(z.string())]),
    deliverables: z.array(z.string()),
    platforms: z.array(platformSchema),
    briefingFiles: z.string().nullable(),
    deadline: z.string(),
    publicationDeadline: z.string().nullable(),
    amountCents: z.number().int(),
    feeCents: z.number().int(),
    totalCents: z.number().int(),
    revisionRounds: z.number().int(),
    usageRights: usageRightsSchema.nullable(),
    exclusivity: exclusivitySchema,
    brandTerms: z.string().nullable(),
    /** A deal with a milestone plan (form deal-contract/2): its milestones as sealed. */
    milestones: z
      .array(
        z.object({
          title: z.string(),
          deliverables: z.array(z.string()),
          amountCents: z.number().int(),
          dueDate: z.string(),
        }),
      )
      .optional(),
  }),
  /** SHA-256 (hex) of the canonical form as it stands. */
  hash: z.string(),
  /** The hash the creator's acceptance recorded (null before acceptance, or for an acceptance made before contracts were sealed). */
  acceptedHash: z.string().nullable(),
  acceptedAt: z.string().nullable(),
});
export type ContractDocumentDto = z.infer<typeof contractDocumentSchema>;
