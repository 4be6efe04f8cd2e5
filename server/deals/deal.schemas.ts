import { z } from 'zod';
import type { DealInput } from '@machines/contract/api';
import { dealFilters, type DealFilter } from '@machines/deal/deal-order';
import { platforms } from '@machines/deal/deal-options';
import { exclusivityKinds, usageRightsKinds } from '@machines/deal/deal-contract';
import { MAX_DEAL_CENTS } from '@machines/money';
import {
  amountField,
  dateText,
  nameRule,
  optionalDateText,
  optionalText,
  requiredText,
} from '../http/fields';

/** docs/product.md §5's cap message, word for word. */
export const AMOUNT_CAP_MESSAGE =
  'The product currently supports deals up to €1,750. For larger deals, please contact us.';

/** The amount field with the spec's cap sentence for deals. */
export const dealAmountField = amountField({
  maxCents: MAX_DEAL_CENTS,
  message: AMOUNT_CAP_MESSAGE,
});

const profileLink = optionalText('Profile link', 2_000).refine(
  (v) => v === null || /^https?:\/\/[^\s]+$/i.test(v),
  'Profile link must be a valid URL',
);

/** POST /api/deals and PUT /api/deals/:id: the spec's fields, all of them on both. */
export const dealTermsBody = z.object({
  influencer: requiredText('Influencer', 200).refine(...nameRule<string>('Influencer')),
  profileLink,
  title: optionalText('Title', 300),
  description: z.union(
    [
      requiredText('Description', 10_000),
      z
        .array(z.string().trim().max(2_000))
        .transform((l) => l.filter((s) => s !== ''))
        .pipe(z.array(z.string()).min(1, 'Description is required').max(50)),
    ],
    { error: 'Description is required' },
  ),
  amount: dealAmountField,
  deadline: dateText('Deadline'),
  publicationDeadline: optionalDateText('Publication deadline'),
  deliverables: z
    .array(z.string().trim().min(1).max(200), { error: 'Deliverables must be a list' })
    .max(20)
    .default([]),
  platforms: z
    .array(z.enum(platforms, { error: 'Unknown platform' }), { error: 'Platforms must be a list' })
    .max(4)
    .default([]),
  briefingFiles: optionalText('Briefing files', 2_000),
  // The contract's terms: shapes here, ranges in deal-terms.ts (each refusal its own code).
  revisionRounds: z.number({ error: 'Revision rounds must be a number' }).optional(),
  usageRights: z
    .object({
      kind: z.enum(usageRightsKinds, { error: 'Unknown usage rights' }),
      days: z.number({ error: 'Days must be a number' }).nullish(),
    })
    .optional(),
  exclusivity: z
    .object({
      kind: z.enum(exclusivityKinds, { error: 'Unknown exclusivity' }),
      days: z.number({ error: 'Days must be a number' }).nullish(),
      category: z.string({ error: 'Category must be text' }).nullish(),
    })
    .optional(),
  brandTerms: optionalText('Your own terms', 100_000),
});
export type DealTermsBody = z.output<typeof dealTermsBody>;

/** The contract's DealInput (what the web sends) must be accepted by this schema: fails to compile otherwise. */
type IsTrue<T extends true> = T;
type _AcceptsDealInput = IsTrue<DealInput extends z.input<typeof dealTermsBody> ? true : false>;

/** The brand's change request: its note (required and at most 2,000 characters: checked in revision-input.ts with its own codes). */
export const changeRequestBody = z
  .object({ note: z.string({ error: 'Note must be text' }).nullish() })
  .nullish();

/** The creator's delivery or redelivery: an optional note and up to 5 http(s) links to the published content (limits in revision-input.ts). */
export const deliveryBody = z
  .object({
    note: z.string({ error: 'Note must be text' }).nullish(),
    links: z
      .array(z.string({ error: 'Links must be text' }), { error: 'Links must be a list' })
      .nullish(),
  })
  .nullish();

export const disputeBody = z
  .object({
    reason: optionalText('Reason', 1_000),
    description: optionalText('Description', 5_000),
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
