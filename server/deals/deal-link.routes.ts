import { documentRoute } from '../documents/document-route';
import { dealStatement } from '../documents/money-documents';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { dealSchema, errorSchema } from '@machines/contract/api';
import { tokenMilestoneParam, tokenParam } from '../http/fields';
import { createLinkClaims, newClaim } from '../auth/link-claim';
import { createLinkHolders, type LinkHolders } from '../auth/link-holders';
import { DomainError } from '../commands/domain-error';
import { browserFacts } from '../http/browser-facts';
import { dealGuard } from '../auth/ownership';
import { commandContext, type ZodApp } from '../http/route-deps';
import type { DealRouteDeps } from './deal-parts';
import { dealSelfBillingRoutes } from './deal-self-billing.routes';
import { onboardingBody } from '@machines/account/payout-identity';
import { dealContract } from '../documents/contract-hash';
import { deliveryBody } from './deal.schemas';
import { deliveryFrom } from './revision-input';
import {
  createAcceptanceCode,
  emailCodeField,
} from '../link-claims/acceptance-code';

/**
 * The acceptance's body: the code mailed to the address the creator confirms (required: codes to
 * continue on another device go there), and the hash of the contract the creator read (optional
 * for older clients); accepting a contract that has changed since is refused (`contract_changed`).
 */
const acceptBody = z.object(
  {
    contractHash: z
      .string({ error: 'contractHash must be text' })
      .regex(/^[0-9a-f]{64}$/, 'contractHash must be a SHA-256 in hex')
      .nullish(),
    emailCode: emailCodeField,
  },
  {
    error:
      'emailCode is required: the 6-digit code mailed to confirm your address',
  },
);

const tags = ['deal link (creator)'];
const errors = {
  400: errorSchema,
  403: errorSchema,
  404: errorSchema,
  409: errorSchema,
};

/** The context of a command sent through the deal's link (no account: the link is the actor). */
const creator = (
  request: Parameters<typeof commandContext>[0],
  dealId: number,
) => commandContext(request, { kind: 'creator-link', id: `deal-${dealId}` });

/**
 * The creator's routes: no login, the 128-bit token in the path is the credential. Answers are the
 * link view of the deal (no brand email, no owner or payment ids).
 */
export function dealLinkRoutes(app: ZodApp, deps: DealRouteDeps): void {
  linkPageRoutes(app, deps);
  claimerRoutes(app, deps);
}

/** Whether the brand signed in from this address in the last 30 days (a self-dealing sign for admins). */
function fromBrandAddress(
  ctx: DealRouteDeps['ctx'],
  ownerId: string,
  addressHash: string,
): boolean {
  const since = ctx.clock.now().getTime() - 30 * 24 * 3_600_000;
  return (ctx.queries.accounts.userById(ownerId)?.signIns ?? []).some(
    (s) => s.addressHash === addressHash && Date.parse(s.at) >= since,
  );
}

/** The claim stream starts with the acceptance's claim, the browser's language and the address check. */
async function claimStream(
  ctx: DealRouteDeps['ctx'],
  claims: LinkHolders,
  record: { id: number; ownerId: string },
  request: FastifyRequest,
  actor: ReturnType<typeof commandContext>,
  claim: { secret: ReturnType<typeof newClaim>; email: string },
): Promise<void> {
  const browser = browserFacts(ctx, request);
  const fromBrand = fromBrandAddress(ctx, record.ownerId, browser.addressHash);
  await claims.claim(
    { kind: 'deal', id: record.id },
    {
      language: browser.language ?? 'en',
      fromBrandSignInAddress: fromBrand,
      email: claim.email,
    },
    actor,
    claim.secret,
  );
}

/**
 * Back from bank onboarding: ask the gateway once whether payouts now work, so the page shows the
 * connected account without waiting for its webhook. A failed check only logs: the page still loads.
 */
async function syncBankAfterOnboarding(
  ctx: DealRouteDeps['ctx'],
  request: FastifyRequest,
  record: ReturnType<DealRouteDeps['dealViews']['linkRecord']>,
): Promise<void> {
  const c = record.context;
  if (
    record.state !== 'pending_delivery.accepted' ||
    !c.onboardingAccountId ||
    c.stripeAccountId
  )
    return;
  try {
    const result = await ctx.payments.escrow.syncDealBankAccount(
      record.id,
      creator(request, record.id),
    );
    if (result) await ctx.settle(result.position);
  } catch (error) {
    request.log.warn({ err: error }, 'bank account status check failed');
  }
}

/** The accept page: the deal as the link shows it, and accepting it. */
function linkPageRoutes(app: ZodApp, deps: DealRouteDeps): void {
  const { ctx, dealViews } = deps;
  app.get(
    '/api/deals/token/:token',
    {
      schema: {
        tags,
        params: tokenParam,
        response: { 200: dealSchema, ...errors },
      },
    },
    async (request) => {
      await syncBankAfterOnboarding(
        ctx,
        request,
        dealViews.linkRecord(request.params.token),
      );
      return dealViews.forLink(request.params.token);
    },
  );
  linkAcceptRoute(app, deps);
}

const acceptAnswer = z.object({
  success: z.boolean(),
  deal: dealSchema,
  claimSecret: z.string().optional(),
});

/** Accepting the deal through its link, with the code mailed to the creator's address. */
function linkAcceptRoute(app: ZodApp, { ctx, dealViews }: DealRouteDeps): void {
  const { signedInUser, carriedUsers } = createLinkClaims(ctx);
  const claims = createLinkHolders(ctx);
  const acceptanceEmail = createAcceptanceCode(ctx);
  app.post(
    '/api/deals/accept/:token',
    {
      schema: {
        tags,
        params: tokenParam,
        body: acceptBody,
        description:
          "Accept the deal and its contract with the code mailed to the creator's address (POST /api/deals/link/:token/email/code first): the address is confirmed, and the acceptance records the SHA-256 of the contract's canonical form (docs/api.md).",
        response: { 200: acceptAnswer, ...errors },
      },
    },
    async (request) => {
      const record = dealViews.linkRecord(request.params.token);
      // The brand's own credentials, in whatever form the API reads them, never accept its deal.
      if (carriedUsers(request).includes(record.ownerId))
        throw new DomainError('own_deal_not_acceptable');
      const userId = signedInUser(request);
      const actor = userId
        ? commandContext(request, { kind: 'creator', id: userId })
        : creator(request, record.id);
      // Accepting binds the deal to this browser (a claim secret, answered once; only its hash is
      // stored) and to the signed-in creator, if any.
      const claim = newClaim();
      const contract = dealContract(record.context);
      const command = {
        type: 'AcceptDeal',
        claimSecretHash: claim.hash,
        claimedByUserId: userId,
        ...(contract ? { contractHash: contract.hash } : {}),
        readHash: request.body.contractHash ?? null,
      } as const;
      const guard = dealGuard.link(request.params.token);
      // The deal's own refusals come first; then the address is confirmed: a wrong code accepts nothing.
      await ctx.run.deal.check(record.id, command, guard);
      const language = browserFacts(ctx, request).language ?? 'en';
      const ref = { kind: 'deal', id: record.id } as const;
      const email = await acceptanceEmail(
        ref,
        request.body.emailCode,
        language,
        actor,
      );
      const { position } = await ctx.run.deal(record.id, command, actor, guard);
      await ctx.settle(position);
      await claimStream(ctx, claims, record, request, actor, {
        secret: claim,
        email,
      });
      // The secret is answered once, to the browser that accepted; the page keeps it (docs/api.md).
      return {
        success: true,
        deal: dealViews.forLink(request.params.token),
        claimSecret: claim.secret,
      };
    },
  );
}

/** The deal behind a link, once whoever asks is its claimer (else 403 `deal_claimed_elsewhere`). */
function claimedDeal({ ctx, dealViews }: DealRouteDeps) {
  const { claimOf } = createLinkClaims(ctx);
  const claims = createLinkHolders(ctx);
  return async (token: string, request: FastifyRequest) => {
    const record = dealViews.linkRecord(token);
    await claims.assertHolder(
      { kind: 'deal', id: record.id },
      record.context,
      claimOf(request),
      'deal_claimed_elsewhere',
    );
    return record;
  };
}

/**
 * What only whoever claimed the deal may do through its link: the statement, bank onboarding and
 * its self-billing agreement, delivery.
 */
function claimerRoutes(app: ZodApp, deps: DealRouteDeps): void {
  const { ctx, dealViews } = deps;
  const claimed = claimedDeal(deps);
  dealSelfBillingRoutes(app, deps, claimed);

  documentRoute(app, '/api/deals/link/:token/statement', {
    tags,
    reader: 'link',
    params: tokenParam,
    description:
      "The creator's statement of the deal's payout (no transfer id): only whoever claimed the deal (claim secret or signed-in account).",
    load: async ({ token }, request) => {
      const record = await claimed(token, request);
      return dealStatement(record, dealViews.brandNameOf(record.ownerId));
    },
  });

  app.post(
    '/api/deals/start-onboarding/:token',
    {
      schema: {
        tags,
        params: tokenParam,
        description:
          "Opens (or continues) the creator's bank setup for this deal. `identity` (legal name, address, date of birth, tax id) is recorded with it for the yearly payout report; 400 `payout_identity_incomplete`, `payout_birth_date_invalid`, `payout_tax_id_invalid`.",
        body: onboardingBody,
        response: {
          200: z.object({ url: z.string() }),
          ...errors,
          502: errorSchema,
        },
      },
    },
    async (request) => {
      const record = await claimed(request.params.token, request);
      const { url, position } = await ctx.payments.escrow.startDealOnboarding(
        record.id,
        request.params.token,
        creator(request, record.id),
        request.body?.identity,
      );
      await ctx.settle(position);
      return { url };
    },
  );
  deliverRoute(app, deps);
}

/**
 * The delivery (or, after a change request, the redelivery) of whoever claimed the deal, with its
 * note and links; of the whole deal, or of one milestone of a deal with a plan.
 */
function deliverRoute(app: ZodApp, deps: DealRouteDeps): void {
  const { ctx, dealViews } = deps;
  const claimed = claimedDeal(deps);
  const response = {
    200: z.object({ success: z.boolean(), deal: dealSchema }),
    ...errors,
  };
  const deliver = async (
    request: FastifyRequest & {
      params: { token: string };
      body: z.output<typeof deliveryBody>;
    },
    milestone?: number,
  ) => {
    const record = await claimed(request.params.token, request);
    const command = {
      type: 'DeliverContent',
      reviewPeriodHours: ctx.config.reviewPeriodHours,
      ...deliveryFrom(request.body),
      ...(milestone === undefined ? {} : { milestone }),
    } as const;
    const result = await ctx.run.deal(
      record.id,
      command,
      creator(request, record.id),
      dealGuard.link(request.params.token),
    );
    await ctx.settle(result.position);
    return { success: true, deal: dealViews.forLink(request.params.token) };
  };
  app.post(
    '/api/deals/deliver/:token',
    {
      schema: {
        tags,
        params: tokenParam,
        body: deliveryBody,
        description:
          'Deliver, or after a change request redeliver, with an optional note and up to 5 http(s) links to the published content; the 48 h review starts again.',
        response,
      },
    },
    (request) => deliver(request),
  );
  app.post(
    '/api/deals/deliver/:token/milestones/:milestone',
    {
      schema: {
        tags,
        params: tokenMilestoneParam,
        body: deliveryBody,
        description:
          "Deliver (or redeliver) one milestone of a deal with a plan, with an optional note and up to 5 http(s) links; that milestone's 48 h review starts. 404 milestone_not_found, 409 milestone_not_in_state (e.g. a released milestone).",
        response,
      },
    },
    (request) => deliver(request, request.params.milestone),
  );
}
