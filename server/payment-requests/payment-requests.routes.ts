import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { errorSchema, paymentRequestSchema } from '@machines/contract/api';
import { userOf } from '../auth/authenticate';
import { DomainError } from '../commands/domain-error';
import { idParam, tokenParam } from '../http/fields';
import { createLimit } from '../http/rate-limits';
import { commandContext, type ZodApp } from '../http/route-deps';
import type { RequestParts, RequestRouteDeps } from './request-parts';
import { heldRecord } from './held-request';
import { requestLanguage } from '../i18n/request-language';
import { requestBlockStreamIds } from '../notifications/notification-streams';
import { mailboxKey } from '../shared/mailbox';
import { catalogs } from '../notifications/texts';
import {
  EXPIRED_MESSAGE,
  isExpired,
} from '@machines/payment-request/payment-request.commands';
import { requestNotFound } from '../commands/run-command';
import { requestGuard } from '../auth/ownership';
import { createLinkClaims } from '../auth/link-claim';
import { createLinkHolders, type LinkHolders } from '../auth/link-holders';
import { createPaymentRequest } from './new-payment-request';
import {
  createAcceptanceCode,
  emailCodeField,
} from '../link-claims/acceptance-code';
import { releasePaymentRequest } from '../money/request-payouts';
import { toPaymentRequestDto } from './payment-request-dto';
import { requestDocumentRoutes } from './request-documents.routes';
import {
  completeBody,
  createRequestBody,
  rejectBody,
  requestDisputeBody,
} from './payment-request.schemas';

const tags = ['payment requests'];
const security = [{ bearerAuth: [] }];
const errors = {
  400: errorSchema,
  401: errorSchema,
  404: errorSchema,
  409: errorSchema,
  410: errorSchema,
};

/** Accepting answers the browser's claim secret once (docs/api.md). */
const acceptAnswer = z.object({
  success: z.boolean(),
  request: paymentRequestSchema,
  claimSecret: z.string().optional(),
});

/** The brand acting through a request's link (no account: the link is the actor). */
const brandCtx = (request: Parameters<typeof commandContext>[0], id: number) =>
  commandContext(request, {
    kind: 'creator-link',
    id: `payment-request-${id}`,
  });

/** The request behind a link (not found otherwise) and its answers at the clock's now. */
function requestReads(ctx: RequestParts) {
  const now = () => ctx.clock.now().toISOString();
  const byToken = (token: string) => {
    const record = ctx.queries.requests.byToken(token);
    if (!record || record.context.request?.token !== token)
      throw requestNotFound();
    return record;
  };
  const linkDto = (token: string) =>
    toPaymentRequestDto(byToken(token), now(), ctx.config.publicUrl, 'link');
  return { now, byToken, linkDto };
}

/** Each request e-mails an address the creator typed: limited per creator and per address. */
function mailLimits(app: ZodApp, ctx: RequestParts) {
  const { requestsPerCreator, requestsPerRecipient, requestsWindowMs } =
    ctx.config.rateLimits;
  const perCreator = createLimit(app as unknown as FastifyInstance, {
    max: requestsPerCreator,
    windowMs: requestsWindowMs,
    key: (r) => `request-mail-from|${userOf(r).userId}`,
    message: 'Too many payment requests from your account',
    code: 'too_many_requests_from_account',
  });
  const perRecipient = createLimit(app as unknown as FastifyInstance, {
    max: requestsPerRecipient,
    windowMs: requestsWindowMs,
    key: (r) =>
      `request-mail-to|${mailboxKey(String((r.body as { brandEmail?: unknown }).brandEmail))}`,
    message: 'Too many payment requests to this e-mail address',
    code: 'too_many_requests_to_address',
  });
  return { perCreator, perRecipient };
}

/** Creator-made payment requests (docs/product.md §7); the brand acts through the link token without login. */
export function paymentRequestsRoutes(
  app: ZodApp,
  deps: RequestRouteDeps,
): void {
  creatorRoutes(app, deps);
  linkRoutes(app, deps);
  linkActionRoutes(app, deps);
  completionRoutes(app, deps);
  reviewRoutes(app, deps);
  requestDocumentRoutes(app, deps);
}

/** The creator's own requests: making one (e-mailed to the brand) and the list. */
function creatorRoutes(app: ZodApp, deps: RequestRouteDeps): void {
  createRequestRoute(app, deps);
  listRequestsRoute(app, deps);
}

/** A creator makes a request, which is e-mailed to its brand unless the address blocked them. */
function createRequestRoute(
  app: ZodApp,
  { ctx, guards, idempotency }: RequestRouteDeps,
): void {
  const { perCreator, perRecipient } = mailLimits(app, ctx);
  const { now } = requestReads(ctx);
  const publicUrl = ctx.config.publicUrl;

  app.post(
    '/api/payment-requests',
    {
      preHandler: [guards.requireUser, idempotency.preHandler],
      schema: {
        tags,
        security,
        body: createRequestBody,
        description:
          'Creates a request and e-mails its brand. 429 past the per-creator or per-address limit. `brandEmailNotice` is set when the request was not e-mailed (the address blocked this creator).',
        response: {
          201: paymentRequestSchema.extend({
            brandEmailNotice: z.string().optional(),
          }),
          429: errorSchema,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const { userId } = userOf(request);
      await perCreator.hit(request, reply);
      await perRecipient.hit(request, reply);
      const creator = ctx.queries.accounts.userById(userId);
      // Without a name in the payload the brand sees who asks: the creator's company name, else username.
      const { requestId, position } = await createPaymentRequest(
        {
          run: ctx.run,
          clock: ctx.clock,
          nextRequestId: ctx.ids.request,
          expiryDays: ctx.config.requestExpiryDays,
        },
        {
          id: userId,
          fallbackName: creator?.companyName || creator?.username || 'Creator',
        },
        request.body,
        commandContext(request, { kind: 'creator', id: userId }),
      );
      await ctx.settle(position);
      const dto = toPaymentRequestDto(
        ctx.queries.requests.byId(requestId)!,
        now(),
        publicUrl,
        'owner',
      );
      // Neutral words: the creator learns the brand was not e-mailed, not that they were blocked.
      const blocked = requestBlockStreamIds(
        request.body.brandEmail,
        userId,
      ).some(ctx.queries.notifications.isRequestSenderBlocked);
      return reply.status(201).send(
        blocked
          ? {
              ...dto,
              brandEmailNotice:
                catalogs[requestLanguage(request)].mail.notMailed,
            }
          : dto,
      );
    },
  );
}

/** The creator's requests, as their owner sees them. */
function listRequestsRoute(
  app: ZodApp,
  { ctx, guards }: RequestRouteDeps,
): void {
  const { now } = requestReads(ctx);
  const publicUrl = ctx.config.publicUrl;

  app.get(
    '/api/payment-requests',
    {
      preHandler: guards.requireUser,
      schema: {
        tags,
        security,
        response: { 200: z.array(paymentRequestSchema), ...errors },
      },
    },
    async (request) => {
      const at = now();
      return ctx.queries.requests
        .listForCreator(userOf(request).userId)
        .map((r) => toPaymentRequestDto(r, at, publicUrl, 'owner'));
    },
  );
}

/** The brand's side, through the link: the request (answering and paying it: linkActionRoutes). */
function linkRoutes(app: ZodApp, { ctx }: RequestRouteDeps): void {
  const { now, byToken } = requestReads(ctx);
  const publicUrl = ctx.config.publicUrl;

  app.get(
    '/api/payment-requests/token/:token',
    {
      schema: {
        tags,
        params: tokenParam,
        description: `An unpaid request past its expiry answers 410 with the message '${EXPIRED_MESSAGE}'.`,
        response: { 200: paymentRequestSchema, ...errors },
      },
    },
    async (request) => {
      const record = byToken(request.params.token);
      if (isExpired(record.status, record.context.request!.expiresAt, now()))
        throw new DomainError('payment_request_expired');
      return toPaymentRequestDto(record, now(), publicUrl, 'link');
    },
  );
}

/**
 * Accepting binds the link to this browser, as a creator's acceptance binds a deal: a claim secret
 * answered once; codes to continue elsewhere go to the address the brand confirmed in accepting.
 */
function claimForBrand(
  claims: LinkHolders,
  record: { id: number },
  request: Parameters<typeof requestLanguage>[0],
  meta: ReturnType<typeof brandCtx>,
  email: string,
): Promise<string> {
  const facts = {
    language: requestLanguage(request),
    fromBrandSignInAddress: false,
    email,
  };
  return claims.claim({ kind: 'payment-request', id: record.id }, facts, meta);
}

/** The brand's acceptance: the code mailed to the address it confirms (docs/api.md). */
const acceptBody = z.object(
  { emailCode: emailCodeField },
  {
    error:
      'emailCode is required: the 6-digit code mailed to confirm your address',
  },
);

const rejectAnswer = z.object({
  success: z.boolean(),
  request: paymentRequestSchema,
});

/** The brand's actions through the link: accepting or rejecting the request, and paying it. */
function linkActionRoutes(app: ZodApp, deps: RequestRouteDeps): void {
  acceptRoute(app, deps);
  rejectRoute(app, deps);
  checkoutRoute(app, deps);
}

/** The brand accepts with the code mailed to its address; the link is bound to this browser. */
function acceptRoute(app: ZodApp, { ctx }: RequestRouteDeps): void {
  const { byToken, linkDto } = requestReads(ctx);
  const { carriedUsers } = createLinkClaims(ctx);
  const claims = createLinkHolders(ctx);
  const acceptanceEmail = createAcceptanceCode(ctx);

  app.post(
    '/api/payment-requests/accept/:token',
    {
      schema: {
        tags,
        params: tokenParam,
        body: acceptBody,
        description:
          "Accept the request with the code mailed to the brand's address (POST /api/payment-requests/link/:token/email/code first): the address is confirmed; codes to continue on another device go there.",
        response: { 200: acceptAnswer, ...errors },
      },
    },
    async (request) => {
      const record = byToken(request.params.token);
      // The creator's own credentials never accept their request: the brand's link (its payment,
      // its review) would be bound to them, and the brand locked out of it.
      if (carriedUsers(request).includes(record.creatorId))
        throw new DomainError('own_request_not_acceptable');
      const guard = requestGuard.link(request.params.token);
      const meta = brandCtx(request, record.id);
      const command = { type: 'AcceptPaymentRequest' } as const;
      // The request's own refusals come first; then the address: a wrong code accepts nothing.
      await ctx.run.request.check(record.id, command, guard);
      const ref = { kind: 'payment-request', id: record.id } as const;
      const language = requestLanguage(request);
      const email = await acceptanceEmail(
        ref,
        request.body.emailCode,
        language,
        meta,
      );
      const { position } = await ctx.run.request(
        record.id,
        command,
        meta,
        guard,
      );
      await ctx.settle(position);
      const claimSecret = await claimForBrand(
        claims,
        record,
        request,
        meta,
        email,
      );
      return {
        success: true,
        request: linkDto(request.params.token),
        claimSecret,
      };
    },
  );
}

/** The brand declines the request, with a reason: once accepted, only from the browser holding its link. */
function rejectRoute(app: ZodApp, { ctx }: RequestRouteDeps): void {
  const { linkDto } = requestReads(ctx);
  const held = heldRecord(ctx);

  app.post(
    '/api/payment-requests/reject/:token',
    {
      schema: {
        tags,
        params: tokenParam,
        body: rejectBody,
        response: { 200: rejectAnswer, ...errors },
      },
    },
    async (request) => {
      const record = await held(request.params.token, request);
      const command = {
        type: 'RejectPaymentRequest',
        reason: request.body.reason,
      } as const;
      const { position } = await ctx.run.request(
        record.id,
        command,
        brandCtx(request, record.id),
        requestGuard.link(request.params.token),
      );
      await ctx.settle(position);
      return { success: true, request: linkDto(request.params.token) };
    },
  );
}

/**
 * The brand pays: a checkout at the payment provider, whose page the answer names. Only the browser
 * holding the link's claim: a new checkout ends the one open, so anyone else with the link could
 * break the brand's payment.
 */
function checkoutRoute(app: ZodApp, { ctx }: RequestRouteDeps): void {
  const held = heldRecord(ctx);

  app.post(
    '/api/payment-requests/:token/checkout',
    {
      schema: {
        tags,
        params: tokenParam,
        response: {
          200: z.object({ url: z.string() }),
          ...errors,
          502: errorSchema,
        },
      },
    },
    async (request) => {
      const record = await held(request.params.token, request);
      const { url, position } = await ctx.payments.escrow.startRequestCheckout(
        record.id,
        request.params.token,
        brandCtx(request, record.id),
      );
      await ctx.settle(position);
      return { url };
    },
  );
}

/** The creator marks a paid request completed (a note, links to the work): the brand's review starts. */
function completionRoutes(
  app: ZodApp,
  { ctx, guards }: RequestRouteDeps,
): void {
  const { now } = requestReads(ctx);
  const publicUrl = ctx.config.publicUrl;

  app.post(
    '/api/payment-requests/:id/complete',
    {
      preHandler: guards.requireUser,
      schema: {
        tags,
        security,
        params: idParam,
        body: completeBody,
        description:
          'The creator marks a paid request completed, with an optional note and up to 5 http(s) links to the work (PaymentRequestDelivered). The brand then approves or disputes through its link; left alone the money is released after REVIEW_PERIOD_HOURS.',
        response: { 200: paymentRequestSchema, ...errors },
      },
    },
    async (request) => {
      const { userId } = userOf(request);
      const command = {
        type: 'CompletePaymentRequest',
        ...request.body,
        reviewPeriodHours: ctx.config.reviewPeriodHours,
      } as const;
      const cc = commandContext(request, { kind: 'creator', id: userId });
      const { position } = await ctx.run.request(
        request.params.id,
        command,
        cc,
        requestGuard.owner(userId),
      );
      await ctx.settle(position);
      return toPaymentRequestDto(
        ctx.queries.requests.byId(request.params.id)!,
        now(),
        publicUrl,
        'owner',
      );
    },
  );
}

/**
 * The brand approves through its link: 200 once the payout is made, 202 while it is under way,
 * saying what it waits for (the provider's answer, or the creator's bank account).
 */
function approveRoute(
  app: ZodApp,
  { ctx, idempotency }: Pick<RequestRouteDeps, 'ctx' | 'idempotency'>,
  assertBrand: (request: FastifyRequest, id: number) => Promise<unknown>,
): void {
  const { byToken, linkDto } = requestReads(ctx);
  const answer = { ...errors, 502: errorSchema };
  const approved = z.object({
    success: z.boolean(),
    pending: z.boolean(),
    waitingFor: paymentRequestSchema.shape.payoutWaitingFor,
    request: paymentRequestSchema,
  });
  app.post(
    '/api/payment-requests/approve/:token',
    {
      preHandler: idempotency.preHandler,
      schema: {
        tags,
        params: tokenParam,
        description:
          "The brand approves the completed work: the payout to the creator is asked for (or deferred until the creator's payout account is ready). Also during a dispute. 200 once the payout is made; 202 while it is under way, with `waitingFor`: `provider` (the payment provider has not answered yet) or `bank_account` (the creator's payout account is not ready yet).",
        response: { ...answer, 200: approved, 202: approved },
      },
    },
    async (request, reply) => {
      const { id } = byToken(request.params.token);
      await assertBrand(request, id);
      const key = idempotency.intentKey(request);
      const result = await ctx.payments.outcomes.recordOnce(
        { kind: 'payment_request', id },
        key,
        () =>
          releasePaymentRequest(
            ctx,
            id,
            { trigger: 'brand', key },
            brandCtx(request, id),
            requestGuard.link(request.params.token),
          ),
      );
      await ctx.payments.outcomes.transfer(
        { kind: 'payment_request', id },
        key,
        result.position,
      );
      await ctx.settle(await ctx.store.headPosition());
      const dto = linkDto(request.params.token);
      const pending = dto.payoutWaitingFor !== null || dto.payoutPending;
      return reply.status(pending ? 202 : 200).send({
        success: true,
        pending,
        waitingFor: dto.payoutWaitingFor,
        request: dto,
      });
    },
  );
}

/** The brand's review through its link: approving (the payout follows) or disputing with a reason. */
function reviewRoutes(
  app: ZodApp,
  { ctx, idempotency }: RequestRouteDeps,
): void {
  const { byToken, linkDto } = requestReads(ctx);
  const holders = createLinkHolders(ctx);
  const { claimOf } = createLinkClaims(ctx);
  // Only the browser holding the link reviews (another device continues with an e-mail code).
  const assertBrand = (request: FastifyRequest, id: number) =>
    holders.assertHolder(
      { kind: 'payment-request', id },
      { claimSecretHash: null, claimedByUserId: null },
      claimOf(request),
      'request_claimed_elsewhere',
    );
  const answer = {
    200: z.object({ success: z.boolean(), request: paymentRequestSchema }),
    ...errors,
    502: errorSchema,
  };

  approveRoute(app, { ctx, idempotency }, assertBrand);

  app.post(
    '/api/payment-requests/dispute/:token',
    {
      schema: {
        tags,
        params: tokenParam,
        body: requestDisputeBody,
        description:
          'The brand disputes the completed work within the review period, with a reason (1-4000 characters): the money is held for DISPUTE_PERIOD_HOURS, then released to the creator unless an admin resolves it first.',
        response: answer,
      },
    },
    async (request) => {
      const { id } = byToken(request.params.token);
      await assertBrand(request, id);
      const command = {
        type: 'DisputePaymentRequest',
        reason: request.body.reason,
        disputePeriodHours: ctx.config.disputePeriodHours,
      } as const;
      const { position } = await ctx.run.request(
        id,
        command,
        brandCtx(request, id),
        requestGuard.link(request.params.token),
      );
      await ctx.settle(position);
      return { success: true, request: linkDto(request.params.token) };
    },
  );
}
