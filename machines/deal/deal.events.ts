import { z } from 'zod';
import {
  chargebackClosedData,
  chargebackData,
  checkoutOpenedData,
  duplicatePaymentRefundedData,
  paymentConfirmedData,
  paymentFailedData,
  chargebackFields,
  checkoutOpenedFields,
  duplicatePaymentRefundedFields,
  paymentConfirmedFields,
  paymentFailedFields,
  refundOutcomeData,
  refundOutcomeFields,
} from '../events/gateway-event-data';
import {
  defineEvent,
  type EventOf,
  type PersonalFieldMarks,
} from '../events/define';
import { MAX_DEAL_CENTS } from '../money';
import {
  disputeMessageExample,
  disputeMessageFields,
  disputeMessageSchema,
} from '../escrow/dispute-message';

import { platforms } from './deal-options';
import { payoutIdentitySchema } from '../account/payout-identity';
import {
  MAX_BRAND_TERMS_LENGTH,
  MAX_CATEGORY_LENGTH,
  MAX_CONTRACT_DAYS,
  MAX_DELIVERY_LINKS,
  MAX_REVISION_NOTE_LENGTH,
  MAX_REVISION_ROUNDS,
  MIN_CONTRACT_DAYS,
  MIN_REVISION_ROUNDS,
} from './deal-contract';
import {
  MAX_MILESTONES,
  MAX_MILESTONE_TITLE_LENGTH,
  MIN_MILESTONE_CENTS,
} from './deal-milestones';

export { platforms };
export const platformSchema = z.enum(platforms);

const cents = z.number().int().nonnegative();
const isoInstant = z.iso.datetime();
/** A calendar date or a date-time string, as the spec allows for deadlines. */
const dateText = z.string().min(1).max(40);
/** The idempotency key of an effect: set by its intent event, repeated by its outcome. */
const effectKey = z.string().min(1).max(200);

const contractDays = z
  .number()
  .int()
  .min(MIN_CONTRACT_DAYS)
  .max(MAX_CONTRACT_DAYS);
/** How the brand may use the content: organically only, in paid ads (whitelisting) for N days, or forever. */
export const usageRightsSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('organic') }),
  z.object({ kind: z.literal('paid_ads'), days: contractDays }),
  z.object({ kind: z.literal('perpetual') }),
]);
/** None, or N days in which the creator works for no other brand in the category the brand names. */
export const exclusivitySchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('none') }),
  z.object({
    kind: z.literal('category'),
    days: contractDays,
    category: z.string().min(1).max(MAX_CATEGORY_LENGTH),
  }),
]);

/** One milestone of a deal's plan (machines/deal/deal-milestones.ts): the plan's checks are there. */
const milestonePlanItemSchema = z.object({
  title: z.string().min(1).max(MAX_MILESTONE_TITLE_LENGTH),
  deliverables: z.array(z.string().min(1).max(200)).max(20),
  amountCents: z.number().int().min(MIN_MILESTONE_CENTS).max(MAX_DEAL_CENTS),
  dueDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
});
/** Which milestone of the deal an event is about (1-based); absent in a deal without milestones. */
const milestoneField = {
  milestone: z.number().int().min(1).max(MAX_MILESTONES).optional(),
};

/** A link to published content: http(s) only, so no script or data URL reaches the other party's page. */
export const contentLinkSchema = z
  .string()
  .max(2_000)
  .regex(/^https?:\/\/[^\s/$.?#][^\s]*$/i);
/** What the creator hands in with a delivery: an optional note and up to 5 links to the published content. */
const deliveryData = z.object({
  ...milestoneField,
  note: z.string().min(1).max(MAX_REVISION_NOTE_LENGTH).nullable().optional(),
  links: z.array(contentLinkSchema).max(MAX_DELIVERY_LINKS).optional(),
});

/**
 * The fields a brand writes; shared by creation and edit. The contract's fields (revision rounds,
 * usage rights, exclusivity, own terms) are absent in deals made before contracts: machines/deal/deal-contract.ts
 * reads them as "not agreed" (no revision rounds).
 */
export const dealTermsSchema = z.object({
  influencer: z.string().min(1).max(200),
  profileLink: z.string().max(2_000).nullable(),
  title: z.string().max(300).nullable(),
  description: z.union([
    z.string().min(1).max(10_000),
    z.array(z.string().max(2_000)).min(1).max(50),
  ]),
  amountCents: z.number().int().positive().max(MAX_DEAL_CENTS),
  feeCents: cents,
  totalCents: cents,
  deadline: dateText,
  publicationDeadline: dateText.nullable(),
  deliverables: z.array(z.string().min(1).max(200)).max(20),
  platforms: z.array(platformSchema).max(4),
  briefingFiles: z.string().max(2_000).nullable(),
  revisionRounds: z
    .number()
    .int()
    .min(MIN_REVISION_ROUNDS)
    .max(MAX_REVISION_ROUNDS)
    .optional(),
  usageRights: usageRightsSchema.optional(),
  exclusivity: exclusivitySchema.optional(),
  brandTerms: z
    .string()
    .min(1)
    .max(MAX_BRAND_TERMS_LENGTH)
    .nullable()
    .optional(),
  /** The milestone plan (2 to 10 parts); absent: a one-milestone deal, as deals have always been. */
  milestones: z
    .array(milestonePlanItemSchema)
    .min(2)
    .max(MAX_MILESTONES)
    .optional(),
});
export type DealTerms = z.infer<typeof dealTermsSchema>;
/** Which of the terms are personal: the brand's texts about the creator and the collaboration. */
const dealTermsFields: PersonalFieldMarks = {
  influencer: 'profile',
  profileLink: 'profile',
  title: 'profile',
  description: 'profile',
  'description[]': 'profile',
  deadline: 'none',
  publicationDeadline: 'none',
  'deliverables[]': 'profile',
  briefingFiles: 'profile',
  'exclusivity.category': 'profile',
  brandTerms: 'profile',
  'milestones[].title': 'profile',
  'milestones[].deliverables[]': 'profile',
  'milestones[].dueDate': 'none',
};

const exampleTerms: DealTerms = {
  influencer: '@sanne.creates',
  profileLink: 'https://instagram.com/sanne.creates',
  title: 'Spring launch',
  description: ['1 reel about the spring collection', 'Tag @brand'],
  amountCents: 25_000,
  feeCents: 2_050,
  totalCents: 27_050,
  deadline: '2026-12-01',
  publicationDeadline: null,
  deliverables: ['1 Instagram Post'],
  platforms: ['Instagram'],
  briefingFiles: null,
};

export const releaseTriggers = [
  'brand',
  'admin',
  'review_period_elapsed',
  'dispute_period_elapsed',
] as const;
export const releaseTriggerSchema = z.enum(releaseTriggers);
export type ReleaseTrigger = z.infer<typeof releaseTriggerSchema>;

export const DealCreated = defineEvent({
  type: 'DealCreated',
  version: 1,
  category: 'deal',
  description:
    'A brand created a deal; fees are fixed by machines/money.ts at this moment.',
  schema: dealTermsSchema.extend({
    dealId: z.number().int().positive(),
    ownerId: z.string().min(1),
  }),
  fields: { ...dealTermsFields, ownerId: 'none' },
  example: {
    dealId: 42,
    ownerId: 'u_7f3a',
    ...exampleTerms,
    revisionRounds: 2,
    usageRights: { kind: 'paid_ads', days: 30 },
    exclusivity: { kind: 'category', days: 90, category: 'Sportswear' },
    brandTerms: 'Show the product in the first 3 seconds.',
  },
});

export const DealUpdated = defineEvent({
  type: 'DealUpdated',
  version: 1,
  category: 'deal',
  description:
    'The brand edited the terms while the deal awaited payment (full replacement of the terms).',
  schema: dealTermsSchema,
  fields: dealTermsFields,
  example: {
    ...exampleTerms,
    amountCents: 30_000,
    feeCents: 2_460,
    totalCents: 32_460,
  },
});

export const ShareLinkGenerated = defineEvent({
  type: 'ShareLinkGenerated',
  version: 1,
  category: 'deal',
  description:
    'A 128-bit random token was issued; /accept/:token opens the deal for the creator.',
  schema: z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{22,64}$/) }),
  fields: { token: 'none' },
  example: { token: 'q3Zb7kR0yJ1m9XcL2vT8wA' },
});

export const CheckoutSessionCreated = defineEvent({
  type: 'CheckoutSessionCreated',
  version: 1,
  category: 'deal',
  description:
    'A checkout session for the total was opened with the payment gateway.',
  schema: checkoutOpenedData,
  fields: checkoutOpenedFields,
  example: {
    sessionId: 'cs_test_a1b2',
    totalCents: 27_050,
    gateway: 'simulated',
  },
});

export const PaymentSucceeded = defineEvent({
  type: 'PaymentSucceeded',
  version: 1,
  category: 'deal',
  description:
    'The gateway confirmed the payment by webhook; the money is now held in escrow.',
  schema: paymentConfirmedData,
  fields: paymentConfirmedFields,
  example: {
    checkoutSessionId: 'cs_test_a1b2',
    paymentIntentId: 'pi_3Nf',
    chargeId: 'ch_3Nf',
    amountCents: 27_050,
    method: 'ideal',
    gatewayEventId: 'evt_1',
  },
});

export const PaymentFailed = defineEvent({
  type: 'PaymentFailed',
  version: 1,
  category: 'deal',
  description:
    'An asynchronous payment (e.g. iDEAL) failed; the deal still awaits payment.',
  schema: paymentFailedData,
  fields: paymentFailedFields,
  example: {
    checkoutSessionId: 'cs_test_a1b2',
    reason: 'async_payment_failed',
    gatewayEventId: 'evt_2',
  },
});

export const CreatorAccepted = defineEvent({
  type: 'CreatorAccepted',
  version: 1,
  category: 'deal',
  description:
    'The creator accepted the deal through the link (influencerAcceptedAt). The deal is bound to the accepting browser ' +
    '(SHA-256 of the claim secret it was given once) and, when signed in, to that creator account: only they can set up the bank account and deliver.',
  schema: z.object({
    claimSecretHash: z
      .string()
      .regex(/^[0-9a-f]{64}$/)
      .optional(),
    claimedByUserId: z.string().min(1).max(100).optional(),
    /** SHA-256 (hex) of the contract's canonical form as accepted (machines/deal/deal-contract.ts); absent in older acceptances. */
    contractHash: z
      .string()
      .regex(/^[0-9a-f]{64}$/)
      .optional(),
  }),
  fields: {
    claimSecretHash: 'none',
    claimedByUserId: 'none',
    contractHash: 'none',
  },
  example: {
    claimSecretHash:
      'b5bb9d8014a0f9b1d61e21e796d78dccdf1352f23cd32812f4850b878ae4944c',
  },
});

export const ShareLinkRotated = defineEvent({
  type: 'ShareLinkRotated',
  version: 1,
  category: 'deal',
  description:
    'The brand replaced the creator link before anyone accepted it; the old link no longer opens the deal.',
  schema: z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{22,64}$/) }),
  fields: { token: 'none' },
  example: { token: 'Xp4Lm0Qe7Rt2Yb9Nc5Vd1g' },
});

export const BankOnboardingStarted = defineEvent({
  type: 'BankOnboardingStarted',
  version: 1,
  category: 'deal',
  description:
    'A connected account was opened for the creator and an onboarding link issued, with the identity the creator gave for the yearly payout report; recorded again for the same account when the creator corrects that identity.',
  schema: z.object({
    accountId: z.string().min(1),
    identity: payoutIdentitySchema.optional(),
  }),
  fields: {
    accountId: 'none',
    'identity.legalName': 'fiscal',
    'identity.address': 'fiscal',
    'identity.birthDate': 'fiscal',
    'identity.taxId': 'fiscal',
  },
  example: {
    accountId: 'acct_1Pq',
    identity: {
      legalName: 'Sanne de Vries',
      address: 'Damrak 1, 1012 LG Amsterdam, NL',
      birthDate: '1996-04-12',
      taxId: '123456782',
    },
  },
});

export const BankAccountConnected = defineEvent({
  type: 'BankAccountConnected',
  version: 1,
  category: 'deal',
  description:
    'The creator finished bank setup: payouts are enabled on the connected account.',
  schema: z.object({ accountId: z.string().min(1) }),
  fields: { accountId: 'none' },
  example: { accountId: 'acct_1Pq' },
});

export const ContentDelivered = defineEvent({
  type: 'ContentDelivered',
  version: 1,
  category: 'deal',
  description:
    'The creator marked the assignment as completed, with an optional note and up to 5 http(s) links to the published content (both absent in older deliveries).',
  schema: deliveryData,
  fields: { note: 'profile', 'links[]': 'profile' },
  example: { note: 'The post is live', links: ['https://instagram.com/p/abc'] },
});

export const ChangesRequested = defineEvent({
  type: 'ChangesRequested',
  version: 1,
  category: 'deal',
  description:
    'The brand asked for changes to the delivery (its note says which), using revision round `round` of those the deal includes; the review period stops and the deal returns to the creator.',
  schema: z.object({
    ...milestoneField,
    note: z.string().trim().min(1).max(MAX_REVISION_NOTE_LENGTH),
    round: z.number().int().min(1).max(MAX_REVISION_ROUNDS),
  }),
  fields: { note: 'profile' },
  example: {
    note: 'Please reshoot the intro with the logo visible.',
    round: 1,
  },
});

export const ContentRedelivered = defineEvent({
  type: 'ContentRedelivered',
  version: 1,
  category: 'deal',
  description:
    'The creator delivered again after a change request (round `round`), with an optional note and up to 5 http(s) links to the published content; a new review period follows.',
  schema: deliveryData.extend({
    round: z.number().int().min(1).max(MAX_REVISION_ROUNDS),
  }),
  fields: { note: 'profile', 'links[]': 'profile' },
  example: {
    note: 'New intro with the logo',
    links: ['https://instagram.com/p/abd'],
    round: 1,
  },
});

export const ReviewPeriodStarted = defineEvent({
  type: 'ReviewPeriodStarted',
  version: 1,
  category: 'deal',
  description:
    'The brand has until endsAt to approve or dispute; then the funds release automatically.',
  schema: z.object({
    ...milestoneField,
    startsAt: isoInstant,
    endsAt: isoInstant,
  }),
  fields: {},
  example: {
    startsAt: '2026-11-20T10:00:00.000Z',
    endsAt: '2026-11-22T10:00:00.000Z',
  },
});

export const ReviewPeriodElapsed = defineEvent({
  type: 'ReviewPeriodElapsed',
  version: 1,
  category: 'deal',
  description:
    'The timer reactor saw the review period end without approval or dispute.',
  schema: z.object({ ...milestoneField, endsAt: isoInstant }),
  fields: {},
  example: { endsAt: '2026-11-22T10:00:00.000Z' },
});

export const DisputeOpened = defineEvent({
  type: 'DisputeOpened',
  version: 1,
  category: 'deal',
  description:
    'The brand disputed the delivery; the payment is held until endsAt (72 h).',
  schema: z.object({
    ...milestoneField,
    reason: z.string().min(1).max(1_000),
    description: z.string().max(5_000).nullable(),
    endsAt: isoInstant,
  }),
  fields: { reason: 'profile', description: 'profile' },
  example: {
    reason: 'Not satisfied with deliverables',
    description: null,
    endsAt: '2026-11-25T10:00:00.000Z',
  },
});

export const DisputePeriodElapsed = defineEvent({
  type: 'DisputePeriodElapsed',
  version: 1,
  category: 'deal',
  description:
    'The dispute hold ended unresolved; the funds release automatically (dispute auto_resolved).',
  schema: z.object({ ...milestoneField, endsAt: isoInstant }),
  fields: {},
  example: { endsAt: '2026-11-25T10:00:00.000Z' },
});

export const FundsReleaseRequested = defineEvent({
  type: 'FundsReleaseRequested',
  version: 1,
  category: 'deal',
  description:
    'Intent: the creator amount is to be transferred (brand approval, admin, or an elapsed period). The payments reactor makes the transfer with `key` as its idempotency key and records the outcome.',
  schema: z.object({
    ...milestoneField,
    trigger: releaseTriggerSchema,
    amountCents: cents,
    key: effectKey,
    /** The milestone's fee share, kept when its transfer succeeds. */
    feeCents: cents.optional(),
  }),
  fields: { key: 'none' },
  example: {
    trigger: 'brand',
    amountCents: 25_000,
    key: '3f1c2a9e-6b7d-4c1e-9a55-0d2f8e7b6a41',
  },
});

export const FundsReleased = defineEvent({
  type: 'FundsReleased',
  version: 1,
  category: 'deal',
  description:
    'Outcome: the creator amount was transferred to the connected account (for the release request with the same key).',
  schema: z.object({
    ...milestoneField,
    trigger: releaseTriggerSchema,
    transferId: z.string().min(1),
    amountCents: cents,
    key: effectKey.optional(),
  }),
  fields: { transferId: 'none', key: 'none' },
  example: { trigger: 'brand', transferId: 'tr_1Q', amountCents: 25_000 },
});

export const TransferFailed = defineEvent({
  type: 'TransferFailed',
  version: 1,
  category: 'deal',
  description:
    'Outcome: the gateway refused the requested transfer; nothing moved, the deal stays where it was and the release can be asked again.',
  schema: z.object({
    ...milestoneField,
    trigger: releaseTriggerSchema,
    code: z.string().min(1),
    message: z.string(),
    key: effectKey.optional(),
  }),
  fields: { code: 'none', message: 'none', key: 'none' },
  example: {
    trigger: 'review_period_elapsed',
    code: 'funds_settling',
    message: 'Payment still processing',
  },
});

export const DealCompletedManually = defineEvent({
  type: 'DealCompletedManually',
  version: 1,
  category: 'deal',
  description:
    'Test-mode fallback when a payout cannot be made: the deal is marked completed without a transfer.',
  schema: z.object({ reason: z.string() }),
  fields: { reason: 'profile' },
  example: { reason: 'payout failed in test mode' },
});

export const DealPutOnHold = defineEvent({
  type: 'DealPutOnHold',
  version: 1,
  category: 'deal',
  description:
    'An admin (or a card chargeback) paused every timer of the deal until an admin acts.',
  schema: z.object({
    source: z.enum(['admin', 'chargeback']),
    reason: z.string(),
  }),
  fields: { reason: 'profile' },
  example: { source: 'admin', reason: 'Manual review' },
});

export const DealReleasedFromHold = defineEvent({
  type: 'DealReleasedFromHold',
  version: 1,
  category: 'deal',
  description:
    'An admin resumed the timers; the running period is extended by the time spent on hold.',
  schema: z.object({
    reviewPeriodEndsAt: isoInstant.nullable(),
    disputePeriodEndsAt: isoInstant.nullable(),
    /** A deal with milestones: each running milestone period, extended likewise (absent otherwise). */
    milestones: z
      .array(
        z.object({
          milestone: z.number().int().min(1).max(MAX_MILESTONES),
          reviewPeriodEndsAt: isoInstant.nullable(),
          disputePeriodEndsAt: isoInstant.nullable(),
        }),
      )
      .max(MAX_MILESTONES)
      .optional(),
  }),
  fields: {},
  example: {
    reviewPeriodEndsAt: '2026-11-23T09:00:00.000Z',
    disputePeriodEndsAt: null,
  },
});

export const RefundRequested = defineEvent({
  type: 'RefundRequested',
  version: 1,
  category: 'deal',
  description:
    'Intent: an admin refunds the brand what it was charged for the deal. The payments reactor refunds with `key` as its idempotency key and records the outcome.',
  schema: z.object({ ...milestoneField, amountCents: cents, key: effectKey }),
  fields: { key: 'none' },
  example: { amountCents: 27_050, key: '9b2e4c1a-1f3d-4e5a-8b6c-7d8e9f0a1b2c' },
});

export const DealRefunded = defineEvent({
  type: 'DealRefunded',
  version: 1,
  category: 'deal',
  description:
    'Outcome: the brand was refunded (any transfer of the deal reversed first); the deal is cancelled. With `reason` `charged_back` the card network gave the brand its money back through a lost chargeback that emptied the escrow: nothing moved at the gateway (no `refundId`, `amountCents` 0), `disputeId` names the chargeback.',
  schema: refundOutcomeData.extend(milestoneField),
  fields: refundOutcomeFields,
  example: { refundId: 're_1R', amountCents: 27_050, transferReversalId: null },
});

export const RefundFailed = defineEvent({
  type: 'RefundFailed',
  version: 1,
  category: 'deal',
  description:
    'Outcome: the gateway refused a requested refund; nothing moved and the refund can be asked again.',
  schema: z.object({
    ...milestoneField,
    code: z.string().min(1),
    message: z.string(),
    key: effectKey,
  }),
  fields: { code: 'none', message: 'none', key: 'none' },
  example: {
    code: 'invalid_request',
    message: 'Charge already refunded',
    key: '9b2e4c1a-1f3d-4e5a-8b6c-7d8e9f0a1b2c',
  },
});

const splitPart = z.enum(['transfer', 'refund']);

const milestoneSplitPart = z.object({
  milestone: z.number().int().min(1).max(MAX_MILESTONES),
  creatorCents: cents,
  feeKeptCents: cents,
  refundCents: cents,
});

export const DealSplitRequested = defineEvent({
  type: 'DealSplitRequested',
  version: 1,
  category: 'deal',
  description:
    "Intent: an admin resolves the deal with a split. The creator receives `creatorCents`, the platform keeps `feeKeptCents` (the fee in proportion, rounded half up) and the brand is refunded `refundCents`; the three add up to `chargedCents`, what the escrow held. The payments reactor makes the transfer under `transferKey` and the refund under `refundKey`, and records each outcome. In a deal with milestones, `milestone` names the milestone split; a split of the whole deal instead carries `milestoneParts`, each open milestone's share (the creator's part in proportion to the milestones' amounts, each milestone's fee kept in proportion to its part), whose sums are the split's figures; once both parts succeed every open milestone is split.",
  schema: z.object({
    ...milestoneField,
    milestoneParts: z
      .array(milestoneSplitPart)
      .min(1)
      .max(MAX_MILESTONES)
      .optional(),
    creatorCents: cents,
    refundCents: cents,
    feeKeptCents: cents,
    chargedCents: cents,
    transferKey: effectKey,
    refundKey: effectKey,
  }),
  fields: { transferKey: 'none', refundKey: 'none' },
  example: {
    creatorCents: 15_000,
    refundCents: 10_820,
    feeKeptCents: 1_230,
    chargedCents: 27_050,
    transferKey: '5d0c8e1a-2b3f-4c5d-9e6f-7a8b9c0d1e2f:transfer',
    refundKey: '5d0c8e1a-2b3f-4c5d-9e6f-7a8b9c0d1e2f:refund',
  },
});

export const SplitTransferSucceeded = defineEvent({
  type: 'SplitTransferSucceeded',
  version: 1,
  category: 'deal',
  description:
    "Outcome: the creator's part of a split was transferred to the connected account (the fee in proportion is kept); with the refund also done, the deal is split_resolved.",
  schema: z.object({
    transferId: z.string().min(1),
    amountCents: cents,
    key: effectKey,
  }),
  fields: { transferId: 'none', key: 'none' },
  example: {
    transferId: 'tr_1S',
    amountCents: 15_000,
    key: '5d0c8e1a-2b3f-4c5d-9e6f-7a8b9c0d1e2f:transfer',
  },
});

export const SplitTransferFailed = defineEvent({
  type: 'SplitTransferFailed',
  version: 1,
  category: 'deal',
  description:
    "Outcome: the gateway refused the split's transfer; nothing moved for it, and an admin can retry it under the same key.",
  schema: z.object({
    code: z.string().min(1),
    message: z.string(),
    key: effectKey,
  }),
  fields: { code: 'none', message: 'none', key: 'none' },
  example: {
    code: 'payouts_not_enabled',
    message: 'payouts_not_enabled: payouts are not enabled',
    key: '5d0c8e1a-2b3f-4c5d-9e6f-7a8b9c0d1e2f:transfer',
  },
});

export const SplitRefundSucceeded = defineEvent({
  type: 'SplitRefundSucceeded',
  version: 1,
  category: 'deal',
  description:
    "Outcome: the brand's part of a split was refunded (the creator's transfer stays); with the transfer also done, the deal is split_resolved.",
  schema: z.object({
    refundId: z.string().min(1),
    amountCents: cents,
    key: effectKey,
  }),
  fields: { refundId: 'none', key: 'none' },
  example: {
    refundId: 're_1S',
    amountCents: 10_820,
    key: '5d0c8e1a-2b3f-4c5d-9e6f-7a8b9c0d1e2f:refund',
  },
});

export const SplitRefundFailed = defineEvent({
  type: 'SplitRefundFailed',
  version: 1,
  category: 'deal',
  description:
    "Outcome: the gateway refused the split's refund; nothing moved for it, and an admin can retry it under the same key.",
  schema: z.object({
    code: z.string().min(1),
    message: z.string(),
    key: effectKey,
  }),
  fields: { code: 'none', message: 'none', key: 'none' },
  example: {
    code: 'invalid_request',
    message: 'invalid_request: refund refused',
    key: '5d0c8e1a-2b3f-4c5d-9e6f-7a8b9c0d1e2f:refund',
  },
});

export const DealSplitRetried = defineEvent({
  type: 'DealSplitRetried',
  version: 1,
  category: 'deal',
  description:
    "Intent: an admin asks again for a refused part of a split (`part`), under that part's original key, so the gateway can never move its money twice.",
  schema: z.object({ part: splitPart, key: effectKey }),
  fields: { key: 'none' },
  example: {
    part: 'transfer',
    key: '5d0c8e1a-2b3f-4c5d-9e6f-7a8b9c0d1e2f:transfer',
  },
});

export const CheckoutSessionClosed = defineEvent({
  type: 'CheckoutSessionClosed',
  version: 1,
  category: 'deal',
  description:
    'The open checkout session can no longer fund the deal (terms changed, a newer session, the deal deleted). The payments reactor expires it at the gateway; a payment that still arrives on it is refunded.',
  schema: z.object({
    sessionId: z.string().min(1),
    reason: z.enum(['terms_changed', 'replaced', 'deal_deleted']),
  }),
  fields: checkoutOpenedFields,
  example: { sessionId: 'cs_test_a1b2', reason: 'terms_changed' },
});

export const UnexpectedPaymentReceived = defineEvent({
  type: 'UnexpectedPaymentReceived',
  version: 1,
  category: 'deal',
  description:
    'The gateway confirmed a payment that does not fund the deal (not its open session, not the amount due, or the deal is already paid or closed). Intent: the payments reactor refunds it in full.',
  schema: paymentConfirmedData.extend({
    reason: z.enum([
      'not_open_session',
      'amount_mismatch',
      'already_paid',
      'deal_closed',
    ]),
  }),
  fields: paymentConfirmedFields,
  example: {
    checkoutSessionId: 'cs_test_old',
    paymentIntentId: 'pi_9Zz',
    chargeId: 'ch_9Zz',
    amountCents: 108,
    method: 'card',
    gatewayEventId: 'evt_12',
    reason: 'amount_mismatch',
  },
});

export const ChargebackOpened = defineEvent({
  type: 'ChargebackOpened',
  version: 1,
  category: 'deal',
  description:
    'The card issuer opened a chargeback (charge.dispute.created): `heldCents` of it moves from the escrow to disputed funds (the rest was paid out already and is booked to chargeback losses); money still in escrow is held; admins see it.',
  schema: chargebackData,
  fields: chargebackFields,
  example: {
    disputeId: 'dp_1',
    amountCents: 27_050,
    reason: 'fraudulent',
    gatewayEventId: 'evt_9',
  },
});

export const ChargebackClosed = defineEvent({
  type: 'ChargebackClosed',
  version: 1,
  category: 'deal',
  description:
    "The gateway's outcome of a chargeback (charge.dispute.closed, funds reinstated): won puts the disputed money back in the escrow; lost writes it off, with the reason.",
  schema: chargebackClosedData,
  fields: chargebackFields,
  example: {
    disputeId: 'dp_1',
    outcome: 'lost',
    reason: 'fraudulent',
    gatewayEventId: 'evt_10',
  },
});

export const DuplicatePaymentRefunded = defineEvent({
  type: 'DuplicatePaymentRefunded',
  version: 1,
  category: 'deal',
  description:
    'Outcome: a payment that did not fund the deal (UnexpectedPaymentReceived, or before that event existed a second paid session) was refunded in full.',
  schema: duplicatePaymentRefundedData,
  fields: duplicatePaymentRefundedFields,
  example: {
    checkoutSessionId: 'cs_test_b2',
    paymentIntentId: 'pi_4Xy',
    refundId: 're_2S',
    amountCents: 27_050,
    gatewayEventId: 'evt_11',
  },
});

export const DealDeleted = defineEvent({
  type: 'DealDeleted',
  version: 1,
  category: 'deal',
  description: 'The brand deleted an unpaid deal.',
  schema: z.object({}),
  fields: {},
  example: {},
});

export const DealNoteAdded = defineEvent({
  type: 'DealNoteAdded',
  version: 1,
  category: 'deal',
  description:
    'An admin wrote a note on the deal (its author is the event actor); accepted in every state, changes nothing else.',
  schema: z.object({ note: z.string().trim().min(1).max(2_000) }),
  fields: { note: 'profile' },
  example: { note: 'Called the brand: they will approve tomorrow.' },
});

export const DisputeMessagePosted = defineEvent({
  type: 'DisputeMessagePosted',
  version: 1,
  category: 'deal',
  description:
    "A message in the deal's dispute conversation, by the brand, the creator or an admin (the event's actor), with up to 5 evidence files named by their SHA-256 (their bytes are in the evidence store). Taken only while the deal is in dispute.",
  schema: disputeMessageSchema,
  fields: disputeMessageFields,
  example: disputeMessageExample,
});

export const dealEventDefinitions = [
  DealCreated,
  DealUpdated,
  ShareLinkGenerated,
  CheckoutSessionCreated,
  CheckoutSessionClosed,
  PaymentSucceeded,
  UnexpectedPaymentReceived,
  PaymentFailed,
  CreatorAccepted,
  ShareLinkRotated,
  BankOnboardingStarted,
  BankAccountConnected,
  ContentDelivered,
  ChangesRequested,
  ContentRedelivered,
  ReviewPeriodStarted,
  ReviewPeriodElapsed,
  DisputeOpened,
  DisputePeriodElapsed,
  FundsReleaseRequested,
  FundsReleased,
  TransferFailed,
  DealCompletedManually,
  DealPutOnHold,
  DealReleasedFromHold,
  RefundRequested,
  DealRefunded,
  RefundFailed,
  ChargebackOpened,
  ChargebackClosed,
  DealDeleted,
  DuplicatePaymentRefunded,
  DealNoteAdded,
  DealSplitRequested,
  SplitTransferSucceeded,
  SplitTransferFailed,
  SplitRefundSucceeded,
  SplitRefundFailed,
  DealSplitRetried,
  DisputeMessagePosted,
] as const;

export type DealEvent = EventOf<(typeof dealEventDefinitions)[number]>;
