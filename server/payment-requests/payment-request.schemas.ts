import { z } from 'zod';
import { inputRef } from '@machines/errors/input-texts';
import { MAX_REQUEST_CENTS } from '@machines/money';
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
  message: inputRef('amount_maximum', 'amount', {
    maxCents: MAX_REQUEST_CENTS,
  }),
});

/**
 * docs/product.md §3 creation payload. The spec's screen sends a placeholder creator name; ours sends none, so
 * the server fills in the creator's company name or username (a brand should see who is asking).
 */
export const createRequestBody = z.object({
  creatorName: optionalText('creatorName', 200).refine(
    ...nameRule<string | null>('creatorName'),
  ),
  creatorEmail: optionalText('creatorEmail', 320).refine(
    (v) => v === null || z.email().safeParse(v).success,
    inputRef('invalid_email'),
  ),
  title: requiredText('title', 300),
  description: requiredText('description', 10_000),
  amount,
  brandName: requiredText('brandName', 200).refine(
    ...nameRule<string>('brandName'),
  ),
  brandEmail: emailField(),
  brandHandle: optionalText('brandHandle', 200),
  deadline: dateText('deadline'),
});
export type CreateRequestBody = z.output<typeof createRequestBody>;

export const rejectBody = z
  .object({ reason: optionalText('reason', 1_000) })
  .nullish()
  .transform((b) => ({ reason: b?.reason ?? null }));

/** The creator's completion: an optional note and up to 5 http(s) links to the work. */
export const completeBody = z
  .object({
    note: optionalText('note', 2_000),
    links: z
      .array(
        z
          .string({ error: inputRef('not_text', 'links') })
          .trim()
          .max(2_000, inputRef('too_long', 'link', { max: 2_000 }))
          .refine(
            (v) => workLinkSchema.safeParse(v).success,
            inputRef('link_scheme'),
          ),
        { error: inputRef('not_list', 'links') },
      )
      .max(5, inputRef('too_many', 'links', { max: 5 }))
      .optional(),
  })
  .nullish()
  .transform((b) => ({
    note: b?.note ?? null,
    links: (b?.links ?? []).filter((l) => l !== ''),
  }));

/** The brand's dispute: why (the first entry of the dispute conversation). */
export const requestDisputeBody = z.object({
  reason: requiredText('reason', 4_000),
});
