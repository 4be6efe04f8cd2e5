import { z } from 'zod';
import { inputRef } from '@machines/errors/input-texts';
import type { DealInput } from '@machines/contract/api';
import { dealFilters, type DealFilter } from '@machines/deal/deal-order';
import { platforms } from '@machines/deal/deal-options';
import {
  exclusivityKinds,
  usageRightsKinds,
} from '@machines/deal/deal-contract';
import { MAX_DEAL_CENTS } from '@machines/money';
import {
  amountField,
  dateText,
  nameRule,
  optionalDateText,
  optionalText,
  requiredText,
} from '../http/fields';

/** The amount field with the spec's cap sentence for deals (docs/product.md §5, word for word). */
export const dealAmountField = amountField({
  maxCents: MAX_DEAL_CENTS,
  message: inputRef('deal_amount_cap'),
});

const profileLink = optionalText('profileLink', 2_000).refine(
  (v) => v === null || /^https?:\/\/[^\s]+$/i.test(v),
  inputRef('invalid_url', 'profileLink'),
);

/** POST /api/deals and PUT /api/deals/:id: the spec's fields, all of them on both. */
export const dealTermsBody = z.object({
  influencer: requiredText('influencer', 200).refine(
    ...nameRule<string>('influencer'),
  ),
  profileLink,
  title: optionalText('title', 300),
  description: z.union(
    [
      requiredText('description', 10_000),
      z
        .array(z.string().trim().max(2_000))
        .transform((l) => l.filter((s) => s !== ''))
        .pipe(
          z
            .array(z.string())
            .min(1, inputRef('required', 'description'))
            .max(50),
        ),
    ],
    { error: inputRef('required', 'description') },
  ),
  amount: dealAmountField,
  deadline: dateText('deadline'),
  publicationDeadline: optionalDateText('publicationDeadline'),
  deliverables: z
    .array(z.string().trim().min(1).max(200), {
      error: inputRef('not_list', 'deliverables'),
    })
    .max(20, inputRef('too_many', 'deliverables', { max: 20 }))
    .default([]),
  platforms: z
    .array(
      z.enum(platforms, { error: inputRef('unknown_value', 'platform') }),
      {
        error: inputRef('not_list', 'platforms'),
      },
    )
    .max(4, inputRef('too_many', 'platforms', { max: 4 }))
    .default([]),
  briefingFiles: optionalText('briefingFiles', 2_000),
  // The contract's terms: shapes here, ranges in deal-terms.ts (each refusal its own code).
  revisionRounds: z
    .number({ error: inputRef('not_number', 'revisionRounds') })
    .optional(),
  usageRights: z
    .object({
      kind: z.enum(usageRightsKinds, {
        error: inputRef('unknown_value', 'usageRights'),
      }),
      days: z.number({ error: inputRef('not_number', 'days') }).nullish(),
    })
    .optional(),
  exclusivity: z
    .object({
      kind: z.enum(exclusivityKinds, {
        error: inputRef('unknown_value', 'exclusivity'),
      }),
      days: z.number({ error: inputRef('not_number', 'days') }).nullish(),
      category: z.string({ error: inputRef('not_text', 'category') }).nullish(),
    })
    .optional(),
  brandTerms: optionalText('ownTerms', 100_000),
  // The milestone plan: shapes here, amounts, dates and sums in deal-terms.ts (each refusal its own code).
  milestones: z
    .array(
      z.object({
        title: z.string({ error: inputRef('not_text', 'title') }).default(''),
        deliverables: z
          .array(z.string().trim().min(1).max(200), {
            error: inputRef('not_list', 'deliverables'),
          })
          .max(20, inputRef('too_many', 'deliverables', { max: 20 }))
          .default([]),
        amount: z
          .union([z.string(), z.number()], { error: inputRef('amount_format') })
          .nullish(),
        dueDate: z
          .string({ error: inputRef('not_text', 'dueDate') })
          .default(''),
      }),
      { error: inputRef('not_list', 'milestones') },
    )
    .optional(),
});
export type DealTermsBody = z.output<typeof dealTermsBody>;

/** The contract's DealInput (what the web sends) must be accepted by this schema: fails to compile otherwise. */
type IsTrue<T extends true> = T;
type _AcceptsDealInput = IsTrue<
  DealInput extends z.input<typeof dealTermsBody> ? true : false
>;

/** The brand's change request: its note (required and at most 2,000 characters: checked in revision-input.ts with its own codes). */
export const changeRequestBody = z
  .object({ note: z.string({ error: inputRef('not_text', 'note') }).nullish() })
  .nullish();

/** The creator's delivery or redelivery: an optional note and up to 5 http(s) links to the published content (limits in revision-input.ts). */
export const deliveryBody = z
  .object({
    note: z.string({ error: inputRef('not_text', 'note') }).nullish(),
    links: z
      .array(z.string({ error: inputRef('not_text', 'links') }), {
        error: inputRef('not_list', 'links'),
      })
      .nullish(),
  })
  .nullish();

export const disputeBody = z
  .object({
    reason: optionalText('reason', 1_000),
    description: optionalText('description', 5_000),
  })
  .nullish()
  .transform((b) => ({
    reason: b?.reason ?? 'Not satisfied with deliverables',
    description: b?.description ?? null,
  }));

export const dealListQuery = z.object({
  filter: z
    .enum(Object.keys(dealFilters) as [DealFilter, ...DealFilter[]], {
      error: 'filter must be all, active or completed',
    })
    .default('all'),
});
