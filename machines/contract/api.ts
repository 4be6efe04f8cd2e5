import { z } from 'zod';
import type { platforms } from '../deal/deal-options';
import type { UsageRightsKind } from '../deal/deal-contract';
import { dealActions } from '../deal/deal.view';
import {
  adminRequestActions,
  paymentRequestActions,
} from '../payment-request/payment-request.view';
import {
  exclusivitySchema,
  platformSchema,
  usageRightsSchema,
} from '../deal/deal.events';
import { dealStatuses } from '../deal/deal.machine';
import {
  milestoneActions,
  milestoneAdminActions,
} from '../deal/deal-milestone-view';
import { milestoneStatuses } from '../deal/deal-context.types';
import { paymentRequestStatuses } from '../payment-request/payment-request.machine';

/**
 * The HTTP contract shared by the server (response schemas, OpenAPI) and the web app (types).
 * Amounts appear twice: as the spec's decimal strings ("250.00") and as integer cents.
 */

/** Every error answer: the kind (`error`, which sets the status), the stable code, its params, and the text in the caller's language. */
export const errorSchema = z.object({
  error: z.string(),
  code: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  message: z.string(),
});

const iso = z.string();
const nullableIso = iso.nullable();
/** XState state values are strings or nested objects: {"pending_delivery":"accepted"}. */
const stateValueSchema: z.ZodType<string | Record<string, unknown>> = z.union([
  z.string(),
  z.record(z.string(), z.unknown()),
]);

/** Amounts as the spec's decimal strings ("250.00") and as integer cents; deals and requests alike. */
const moneyFields = {
  amount: z.string(),
  platformFee: z.string(),
  totalAmount: z.string(),
  amountCents: z.number().int(),
  platformFeeCents: z.number().int(),
  totalAmountCents: z.number().int(),
};
const chargebacksSchema = z.array(
  z.object({
    disputeId: z.string(),
    amountCents: z.number(),
    reason: z.string(),
    at: iso,
    /** Open until the gateway's outcome: won (back in escrow) or lost (written off). */
    status: z.enum(['open', 'won', 'lost']).optional(),
    closedAt: iso.optional(),
    /** The gateway's reason for the outcome (a lost chargeback is written off with it). */
    outcomeReason: z.string().optional(),
  }),
);
const duplicateRefundsSchema = z.array(
  z.object({
    checkoutSessionId: z.string(),
    refundId: z.string(),
    amountCents: z.number(),
    at: iso,
  }),
);

export const dealStateSchema = z.object({
  status: z.enum([...dealStatuses, 'new']),
  step: z.number().int().nullable(),
  badge: z.string(),
  brandText: z.string(),
  creatorText: z.string(),
  onHold: z.boolean(),
  can: z.array(z.enum(dealActions)),
});

/** A split outcome's amounts, once an admin asked for one (brand and creator views). */
/** Where the latest chargeback stands, as the parties are told (no ids, no bank reasons). */
export const chargebackSummarySchema = z.object({
  status: z.enum(['open', 'won', 'lost']),
  amountCents: z.number().int(),
});

export const dealSplitSchema = z.object({
  creatorCents: z.number().int(),
  refundCents: z.number().int(),
  feeKeptCents: z.number().int(),
});

const splitPartStatus = z.enum(['pending', 'succeeded', 'failed']);

/** A split as admins see it: each part's state and, when the gateway refused it, why. */
export const adminSplitSchema = dealSplitSchema.extend({
  transfer: splitPartStatus,
  refund: splitPartStatus,
  transferFailure: z.string().nullable(),
  refundFailure: z.string().nullable(),
  requestedAt: iso,
  /** The admin who asked for it, by name. */
  by: z.string(),
});

const revisionSchema = z.object({
  kind: z.enum(['delivered', 'changes_requested', 'redelivered']),
  note: z.string().nullable(),
  links: z.array(z.string()),
  at: iso,
});

/** One milestone of a deal with a plan: its terms, its state (its own statechart's), its tracker step and actions. */
export const milestoneSchema = z.object({
  index: z.number().int(),
  title: z.string(),
  deliverables: z.array(z.string()),
  amountCents: z.number().int(),
  /** Its share of the deal's fee (the shares add up to the fee). */
  feeCents: z.number().int(),
  dueDate: z.string(),
  status: z.enum(milestoneStatuses),
  /** The compact tracker: 1 in progress, 2 delivered or in dispute, 3 its outcome. */
  step: z.number().int(),
  revisionRounds: z.number().int(),
  revisionsUsed: z.number().int(),
  revisions: z.array(revisionSchema),
  deliveredAt: nullableIso,
  reviewPeriodEndsAt: nullableIso,
  reviewElapsedAt: nullableIso,
  disputeCreatedAt: nullableIso,
  disputePeriodEndsAt: nullableIso,
  disputeElapsedAt: nullableIso,
  releaseTrigger: z.string().nullable(),
  releasedAt: nullableIso,
  /** What its release paid out, present only when less than its amount (after a lost chargeback). */
  paidOutCents: z.number().int().optional(),
  transferId: z.string().nullable(),
  refundId: z.string().nullable(),
  can: z.array(z.enum(milestoneActions)),
  /** Present when a lost chargeback ended it (status `refunded`): the card issuer took it back, nothing was refunded. */
  chargedBack: z.literal(true).optional(),
});

export const dealSchema = z.object({
  id: z.number().int(),
  influencer: z.string(),
  profileLink: z.string().nullable(),
  title: z.string().nullable(),
  description: z.union([z.string(), z.array(z.string())]),
  ...moneyFields,
  deadline: z.string(),
  publicationDeadline: z.string().nullable(),
  deliverables: z.array(z.string()),
  platforms: z.array(platformSchema),
  briefingFiles: z.string().nullable(),
  /** The contract's terms (machines/deal/deal-contract.ts); a deal made before contracts: 0 rounds, usage rights null. */
  revisionRounds: z.number().int(),
  usageRights: usageRightsSchema.nullable(),
  exclusivity: exclusivitySchema,
  brandTerms: z.string().nullable(),
  /**
   * The contract's SHA-256 now (`hash`), the one the creator accepted (`acceptedHash`, null before
   * acceptance or for acceptances made before contracts were sealed) and when.
   */
  contract: z.object({
    hash: z.string(),
    acceptedHash: z.string().nullable(),
    acceptedAt: nullableIso,
  }),
  /** Change requests made so far (of `revisionRounds`). */
  revisionsUsed: z.number().int(),
  /** Deliveries, change requests and redeliveries with their notes and links, oldest first. */
  revisions: z.array(revisionSchema),
  /** A deal with a plan only: its milestones, and "2 of 3 released" with the next due date. */
  milestones: z.array(milestoneSchema).optional(),
  milestoneSummary: z
    .object({
      released: z.number().int(),
      total: z.number().int(),
      nextDueDate: z.string().nullable(),
    })
    .optional(),
  status: z.enum(dealStatuses),
  shareableToken: z.string().nullable(),
  /** Present (an opaque account id, or "connected" in a creator-link view) once a bank account is connected. */
  stripeAccountId: z.string().nullable(),
  influencerAcceptedAt: nullableIso,
  paidAt: nullableIso,
  deliveredAt: nullableIso,
  reviewPeriodStartsAt: nullableIso,
  reviewPeriodEndsAt: nullableIso,
  disputeCreatedAt: nullableIso,
  disputePeriodEndsAt: nullableIso,
  completedAt: nullableIso,
  createdAt: iso,
  dispute: z
    .object({
      reason: z.string(),
      description: z.string().nullable(),
      status: z.string(),
    })
    .nullable(),
  onHold: z.boolean(),
  lastTransferError: z
    .object({ code: z.string(), message: z.string(), at: iso })
    .nullable(),
  /** A split outcome's amounts, once asked for (null otherwise). */
  split: dealSplitSchema.nullable(),
  /** The latest chargeback on the payment, if the cardholder's bank reversed any of it. */
  chargeback: chargebackSummarySchema.nullable(),
  /** The partner name shown on share panels and the creator page: company name, else username. */
  brandName: z.string(),
  /**
   * The brand's own answers only: the unguessable reference its receipt opens by
   * (`/documents/:ref`), once paid (null before); absent for link readers and admins.
   */
  receiptRef: z.string().nullable().optional(),
  /** The machine snapshot's value and (redacted) context: the UI rebuilds the snapshot from these. */
  machine: z.object({
    value: stateValueSchema,
    context: z.record(z.string(), z.unknown()),
  }),
  state: dealStateSchema,
});
export type DealDto = z.infer<typeof dealSchema>;

/**
 * A deal in the brand's list (GET /api/deals): the deal without `contract`. Its two SHA-256 hashes
 * are 128 characters that no card shows and that compression cannot shrink (a third of a gzipped
 * list); the deal's own page (GET /api/deals/:id) and the creator's link carry them.
 */
export const dealListItemSchema = dealSchema.omit({ contract: true });
export type DealListItemDto = z.infer<typeof dealListItemSchema>;

/**
 * The create/edit payload of POST /api/deals and PUT /api/deals/:id (amount as a euro decimal
 * string), as the web sends it. The server's zod schema (server/deals/deal.schemas.ts) is checked at
 * compile time to accept exactly this shape.
 */
export interface DealInput {
  influencer: string;
  profileLink: string | null;
  title: string | null;
  description: string | string[];
  amount: string;
  deadline: string;
  publicationDeadline: string | null;
  deliverables: string[];
  platforms: DealPlatform[];
  briefingFiles: string | null;
  /** The contract's terms (machines/deal/deal-contract.ts); absent: 2 revision rounds, organic use only, no exclusivity. */
  revisionRounds?: number;
  usageRights?: { kind: UsageRightsKind; days?: number | null };
  exclusivity?: {
    kind: 'none' | 'category';
    days?: number | null;
    category?: string | null;
  };
  brandTerms?: string | null;
  /**
   * The milestone plan (docs/api.md "Milestones"): 2 to 10 parts whose amounts, typed as `amount`
   * is, add up to it; absent, the deal is one delivery.
   */
  milestones?: MilestoneInput[];
}
/** One milestone of a plan as the brand's form sends it (the due date as YYYY-MM-DD). */
export interface MilestoneInput {
  title: string;
  deliverables: string[];
  amount: string;
  dueDate: string;
}
export type DealPlatform = (typeof platforms)[number];

export const adminDealSchema = dealSchema.extend({
  user: z.object({
    companyName: z.string().nullable(),
    username: z.string(),
    email: z.string(),
  }),
  chargebacks: chargebacksSchema,
  /** Extra payments of the deal that were refunded in full at once (DuplicatePaymentRefunded). */
  duplicateRefunds: duplicateRefundsSchema,
  split: adminSplitSchema.nullable(),
  /** A deal with a plan: each milestone also with what an admin may do with it now. */
  milestones: z
    .array(
      milestoneSchema.extend({
        adminCan: z.array(z.enum(milestoneAdminActions)),
      }),
    )
    .optional(),
  /**
   * Who holds the creator's link: the address the creator confirmed (the history records it), how
   * often the link moved to another device, and signs that the creator may be the brand itself.
   * Absent before the deal is accepted.
   */
  creatorClaim: z
    .object({
      email: z.string().nullable(),
      emailConfirmedAt: iso.nullable(),
      moves: z.number().int(),
      selfDealing: z.array(
        z.enum(['same_email', 'same_domain', 'brand_sign_in_address']),
      ),
    })
    .optional(),
});
export type AdminDealDto = z.infer<typeof adminDealSchema>;

export const paymentRequestStateSchema = z.object({
  status: z.enum([...paymentRequestStatuses, 'new']),
  step: z.number().int().nullable(),
  badge: z.string(),
  text: z.string(),
  pastExpiry: z.boolean(),
  can: z.array(z.enum(paymentRequestActions)),
});

export const paymentRequestSchema = z.object({
  id: z.number().int(),
  creatorName: z.string(),
  creatorEmail: z.string().nullable(),
  title: z.string(),
  description: z.string(),
  ...moneyFields,
  brandName: z.string(),
  brandEmail: z.string(),
  brandHandle: z.string().nullable(),
  deadline: z.string(),
  status: z.enum(paymentRequestStatuses),
  shareableToken: z.string(),
  shareableUrl: z.string(),
  expiresAt: iso,
  acceptedAt: nullableIso,
  paidAt: nullableIso,
  completedAt: nullableIso,
  createdAt: iso,
  /** A card chargeback holds the escrowed amount: the creator cannot complete until an admin releases it. */
  onHold: z.boolean(),
  /** The latest chargeback on the payment, if the cardholder's bank reversed any of it. */
  chargeback: chargebackSummarySchema.nullable(),
  /**
   * Completed by the creator while the payout waits for their payout account (machine state
   * `payout_pending`); `status` stays `completed`, the spec's status list has no payout state.
   */
  payoutPending: z.boolean(),
  /**
   * What a pending payout waits for: `provider` (the transfer is asked for and the payment
   * provider has not answered yet), `bank_account` (deferred until the creator's payout account
   * is ready) or `chargeback` (the hold is released, but a chargeback is open or took what the
   * escrow held: an admin acts); null when no payout is pending (or a chargeback holds it: `onHold`).
   */
  payoutWaitingFor: z
    .enum(['provider', 'bank_account', 'chargeback'])
    .nullable(),
  /** The creator's completion: a note and links to the work, for the brand's review. */
  delivery: z
    .object({
      note: z.string().nullable(),
      links: z.array(z.string()),
      at: iso,
    })
    .nullable(),
  /** Until when the brand may approve or dispute; then the money is released by itself. */
  reviewPeriodEndsAt: nullableIso,
  dispute: z
    .object({
      reason: z.string(),
      openedAt: iso,
      endsAt: iso,
      status: z.enum(['open', 'resolved', 'auto_resolved']),
    })
    .nullable(),
  refundedAt: nullableIso,
  machine: z.object({
    value: stateValueSchema,
    context: z.record(z.string(), z.unknown()),
  }),
  state: paymentRequestStateSchema,
});
export type PaymentRequestDto = z.infer<typeof paymentRequestSchema>;

export const userSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  companyName: z.string().nullable(),
  country: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  /** The language chosen in the profile; null = follow the browser. */
  language: z.enum(['en', 'nl']).nullable(),
  isOnboardingComplete: z.boolean(),
  emailVerified: z.boolean(),
  createdAt: iso,
});
export type UserDto = z.infer<typeof userSchema>;

export const authAnswerSchema = z.object({
  token: z.string(),
  user: userSchema,
});
export const profileSchema = userSchema.pick({
  username: true,
  email: true,
  companyName: true,
  country: true,
  phoneNumber: true,
  language: true,
});
/**
 * The payout account's state as a code the web compares (`code`), beside the words the spec gives
 * `status` ('Connected', 'Setup incomplete', anything else), which stay for the clients that read them.
 */
export const bankStatusCodes = [
  'connected',
  'setup_incomplete',
  'not_connected',
] as const;
export type BankStatusCode = (typeof bankStatusCodes)[number];
export const bankStatusWords: Record<BankStatusCode, string> = {
  connected: 'Connected',
  setup_incomplete: 'Setup incomplete',
  not_connected: 'Not connected',
};
export const bankStatusSchema = z.object({
  status: z.string(),
  code: z.enum(bankStatusCodes),
});
export type BankStatusDto = z.infer<typeof bankStatusSchema>;

export const userStatsSchema = z.object({
  totalDeals: z.number().int(),
  successfulDeals: z.number().int(),
});
export const dashboardStatsSchema = z.object({
  recentDeals: z.array(dealSchema),
  totalDeals: z.number().int(),
  activeDeals: z.number().int(),
  completedDeals: z.number().int(),
});
/** GET /api/admin/deals/:id/split-preview: what a split giving the creator `creatorCents` would move. */
export const splitPreviewSchema = z.object({
  creatorCents: z.number().int(),
  refundCents: z.number().int(),
  feeKeptCents: z.number().int(),
  chargedCents: z.number().int(),
  amountCents: z.number().int(),
  /** A whole-deal split of a deal with a plan: each open milestone's part. */
  milestoneParts: z
    .array(
      z.object({
        milestone: z.number().int(),
        creatorCents: z.number().int(),
        feeKeptCents: z.number().int(),
        refundCents: z.number().int(),
      }),
    )
    .optional(),
});

export const adminCountsSchema = z.object({
  all: z.number().int(),
  pending_payment: z.number().int(),
  in_progress: z.number().int(),
  awaiting_approval: z.number().int(),
  disputed: z.number().int(),
  completed: z.number().int(),
});

/** Which resources changed: the payload of each server-sent event on /api/events/stream. */
export const changeNoticeSchema = z.object({
  kind: z.enum(['deal', 'payment-request', 'user']),
  id: z.union([z.number(), z.string()]),
  type: z.string(),
  position: z.number(),
});
export type ChangeNotice = z.infer<typeof changeNoticeSchema>;

/**
 * A payment request as admins see it (GET /api/admin/payment-requests): the creator's answer plus
 * who the creator is, the machine state (`payout_pending` shows as status `completed`), the
 * chargeback hold, the deferred payout and refunded duplicate payments.
 */
export const adminPaymentRequestSchema = paymentRequestSchema.extend({
  creator: z.object({
    id: z.string(),
    username: z.string(),
    email: z.string(),
    payoutsEnabled: z.boolean(),
  }),
  /** The statechart state: pending, accepted, paid, payout_pending, completed, expired, rejected. */
  machineState: z.string(),
  hold: z
    .object({ since: iso, disputeId: z.string(), reason: z.string() })
    .nullable(),
  chargebacks: chargebacksSchema,
  payoutDeferredAt: nullableIso,
  transferId: z.string().nullable(),
  duplicateRefunds: duplicateRefundsSchema,
  /** Admin actions the machine allows now (`releaseHold` while a chargeback holds the request). */
  adminCan: z.array(z.enum(adminRequestActions)),
  split: adminSplitSchema.nullable(),
  refundId: z.string().nullable(),
});
export type AdminPaymentRequestDto = z.infer<typeof adminPaymentRequestSchema>;
