import { z } from 'zod';
import { MAX_REQUEST_CENTS, centsToDecimal } from '@machines/money';
import { workLinkSchema } from '@machines/payment-request/payment-request.events';
import {
  amountField,
  dateText,
  emailField,
  nameRule,
  optionalText,
  requiredText,
} from '../http/fields';

const amount = amountField({
  maxCents: MAX_REQUEST_CENTS,
  message: `Amount must be at most €${centsToDecimal(MAX_REQUEST_CENTS)}`,
});

/**
 * docs/product.md §3 creation payload. The spec's screen sends a placeholder creator name; ours sends none, so
 * the server fills in the creator's company name or username (a brand should see who is asking).
 */
export const createRequestBody = z.object({
  creatorName: optionalText('Creator name', 200).refine(...nameRule<string | null>('Creator name')),
  creatorEmail: optionalText('Creator email', 320).refine(
    (v) => v === null || z.email().safeParse(v).success,
    'Invalid email address',
  ),
  title: requiredText('Title', 300),
  description: requiredText('Description', 10_000),
  amount,
  brandName: requiredText('Brand name', 200).refine(...nameRule<string>('Brand name')),
  brandEmail: emailField(),
  brandHandle: optionalText('Brand handle', 200),
  deadline: dateText('Deadline'),
});
export type CreateRequestBody = z.output<typeof createRequestBody>;

export const rejectBody = z
  .object({ reason: optionalText('Reason', 1_000) })
  .nullish()
  .transform((b) => ({ reason: b?.reason ?? null }));

/** The creator's completion: an optional note and up to 5 http(s) links to the work. */
export const completeBody = z
  .object({
    note: optionalText('Note', 2_000),
    links: z
      .array(
        z
          .string({ error: 'Links must be text' })
          .trim()
          .max(2_000, 'A link must be at most 2000 characters')
          .refine(
            (v) => workLinkSchema.safeParse(v).success,
            'Links must start with http:// or https://',
          ),
        { error: 'Links must be a list' },
      )
      .max(5, 'At most 5 links')
      .optional(),
  })
  .nullish()
  .transform((b) => ({
    note: b?.note ?? null,
    links: (b?.links ?? []).filter((l) => l !== ''),
  }));

/** The brand's dispute: why (the first entry of the dispute conversation). */
export const requestDisputeBody = z.object({ reason: requiredText('Reason', 4_000) });
