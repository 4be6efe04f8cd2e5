import { mailboxKey } from '../shared/mailbox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { inputRef } from '@machines/errors/input-texts';
import { errorSchema } from '@machines/contract/api';
import type { LinkCodePurpose } from '@machines/link-claim/link-claim.events';
import { DomainError } from '../commands/domain-error';
import { dealNotFound } from '../commands/run-command';
import { emailField, tokenParam } from '../http/fields';
import { createLimit } from '../http/rate-limits';
import {
  commandContext,
  type RouteDeps,
  type ZodApp,
} from '../http/route-deps';
import { requestLanguage } from '../i18n/request-language';
import { createLinkClaims } from '../auth/link-claim';
import {
  createLinkHolders,
  type LinkHolderParts,
  type LinkRef,
  type RecordedClaim,
} from '../auth/link-holders';
import type { TokenService } from '../auth/tokens';
import type { AccountQueries } from '../../projections/accounts.queries';
import type { DealQueries } from '../../projections/deals.queries';
import type { PaymentRequestQueries } from '../../projections/payment-requests.queries';
import { createLinkCodes, maskEmail, type LinkCodeParts } from './link-codes';

/** The parts of the app the link-claim routes use. */
export interface LinkClaimParts extends LinkHolderParts, LinkCodeParts {
  tokens: TokenService;
  queries: {
    accounts: AccountQueries;
    deals: DealQueries;
    requests: PaymentRequestQueries;
  };
}
type Deps = RouteDeps<LinkClaimParts>;

/** The claim service the routes share: who holds a link, and its e-mail codes. */
function linkClaimService(ctx: LinkClaimParts) {
  const holders = createLinkHolders(ctx);
  return { ...holders, ...createLinkCodes(ctx, holders) };
}
type LinkClaimService = ReturnType<typeof linkClaimService>;

const tags = ['link claims'];
const errors = {
  400: errorSchema,
  403: errorSchema,
  404: errorSchema,
  409: errorSchema,
  429: errorSchema,
  503: errorSchema,
};
const HOUR = 3_600_000;
const codeBody = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, inputRef('code_digits')),
});
const claimAnswer = z.object({
  /** `you`: this browser holds the link; `elsewhere`: another device does; `open`: nobody yet. */
  holder: z.enum(['you', 'elsewhere', 'open']),
  /** Where codes go, masked; null when no address is known (nothing to continue with). */
  email: z.string().nullable(),
  emailConfirmed: z.boolean(),
});

/** One link family: how a token becomes its claim, and who the link's actor is. */
interface LinkFamily {
  prefix: string;
  elsewhere: 'deal_claimed_elsewhere' | 'request_claimed_elsewhere';
  resolve(token: string): {
    ref: LinkRef;
    recorded: RecordedClaim;
    knownEmail: string | null;
  };
}

function families({ ctx }: Deps): LinkFamily[] {
  return [
    {
      prefix: '/api/deals/link/:token',
      elsewhere: 'deal_claimed_elsewhere',
      resolve(token) {
        const record = ctx.queries.deals.byToken(token);
        if (!record || record.context.shareableToken !== token)
          throw dealNotFound();
        return {
          ref: { kind: 'deal', id: record.id },
          recorded: record.context,
          knownEmail: null,
        };
      },
    },
    {
      prefix: '/api/payment-requests/link/:token',
      elsewhere: 'request_claimed_elsewhere',
      resolve(token) {
        const record = ctx.queries.requests.byToken(token);
        if (!record || record.context.request?.token !== token)
          throw new DomainError('payment_request_not_found');
        return {
          ref: { kind: 'payment-request', id: record.id },
          recorded: { claimSecretHash: null, claimedByUserId: null },
          knownEmail: record.context.request.brandEmail,
        };
      },
    },
  ];
}

/** Codes cost a mail: a few per link and per address an hour; checks a few more per link. */
function codeLimits(app: ZodApp) {
  const fastify = app as unknown as FastifyInstance;
  const refOf = (r: FastifyRequest) =>
    (r as FastifyRequest & { linkRef?: string }).linkRef ?? '';
  const perLink = createLimit(fastify, {
    max: 5,
    windowMs: HOUR,
    key: (r) => `link-code|${refOf(r)}`,
    message: 'Too many codes asked for this link',
    code: 'too_many_link_codes',
  });
  const perAddress = createLimit(fastify, {
    max: 5,
    windowMs: HOUR,
    key: (r) =>
      `link-code-to|${mailboxKey(String((r.body as { email?: unknown } | undefined)?.email ?? refOf(r)))}`,
    message: 'Too many codes asked for this address',
    code: 'too_many_link_codes',
  });
  const checks = createLimit(fastify, {
    max: 20,
    windowMs: HOUR,
    key: (r) => `link-check|${refOf(r)}|${r.ip}`,
    message: 'Too many codes tried for this link',
    code: 'too_many_link_code_checks',
  });
  return { perLink, perAddress, checks, tag: refOf };
}

/**
 * Confirming a link's address and continuing on another device, for deal links (the creator) and
 * payment-request links (the brand): docs/adr/0020-link-claims-move-by-email-code.md.
 */
export function linkClaimRoutes(app: ZodApp, deps: Deps): void {
  const service = linkClaimService(deps.ctx);
  const limits = codeLimits(app);
  for (const family of families(deps)) {
    claimStateRoute(app, deps, service, family);
    resumeRoutes(app, service, family, limits);
    confirmRoutes(app, deps, service, family, limits);
  }
}

type Limits = ReturnType<typeof codeLimits>;

/** Resolves the link, tags the request with its stream (for the limits) and names its actor. */
function linkOf(
  family: LinkFamily,
  request: FastifyRequest & { params: { token: string } },
) {
  const link = family.resolve(request.params.token);
  const ref = `${link.ref.kind}-${link.ref.id}`;
  (request as FastifyRequest & { linkRef?: string }).linkRef = ref;
  const meta = commandContext(request, { kind: 'creator-link', id: ref });
  return { ...link, meta };
}

function claimStateRoute(
  app: ZodApp,
  deps: Deps,
  service: LinkClaimService,
  family: LinkFamily,
): void {
  const { claimOf } = createLinkClaims(deps.ctx);
  app.get(
    `${family.prefix}/claim`,
    {
      schema: {
        tags,
        params: tokenParam,
        description:
          'Whether this browser (X-Claim-Secret, or the signed-in creator who accepted) holds the link, and where codes to continue elsewhere would go (masked).',
        response: { 200: claimAnswer, ...errors },
      },
    },
    async (request) => {
      const { ref, recorded, knownEmail } = family.resolve(
        request.params.token,
      );
      const { state, holds } = await service.holder(
        ref,
        recorded,
        claimOf(request),
      );
      // Before anyone accepts, an address being confirmed for the acceptance is nobody's yet.
      if (holds === null)
        return { holder: 'open', email: null, emailConfirmed: false } as const;
      const email = state.email ?? knownEmail;
      return {
        holder: holds ? 'you' : 'elsewhere',
        email:
          email && (state.emailConfirmedAt || knownEmail)
            ? maskEmail(email)
            : null,
        emailConfirmed: state.emailConfirmedAt !== null,
      } as const;
    },
  );
}

/** "Continue on this device": a code to the link's address, then the code moves the claim here. */
function resumeRoutes(
  app: ZodApp,
  service: LinkClaimService,
  family: LinkFamily,
  limits: Limits,
): void {
  app.post(
    `${family.prefix}/resume/code`,
    {
      schema: {
        tags,
        params: tokenParam,
        description:
          "Mails a code to the link's address (the creator's confirmed one, or the address a payment request was sent to); answers it masked. 409 `link_email_unknown` when the link has none.",
        response: { 200: z.object({ sentTo: z.string() }), ...errors },
      },
    },
    async (request, reply) => {
      const { ref, meta } = linkOf(family, request);
      await limits.perLink.hit(request, reply);
      return service.sendCode(
        ref,
        { purpose: 'resume', language: requestLanguage(request) },
        meta,
      );
    },
  );

  app.post(
    `${family.prefix}/resume`,
    {
      schema: {
        tags,
        params: tokenParam,
        body: codeBody,
        description:
          'The code moves the claim to this browser: answers its new claim secret once (send it as X-Claim-Secret). The device that held the link loses it at once.',
        response: { 200: z.object({ claimSecret: z.string() }), ...errors },
      },
    },
    async (request, reply) => {
      const { ref, meta } = linkOf(family, request);
      await limits.checks.hit(request, reply);
      const { claimSecret } = await checked(
        service,
        ref,
        'resume',
        request,
        meta,
      );
      return { claimSecret: claimSecret! };
    },
  );
}

const checked = (
  service: LinkClaimService,
  ref: LinkRef,
  purpose: LinkCodePurpose,
  request: FastifyRequest & { body: { code: string } },
  meta: ReturnType<typeof commandContext>,
) =>
  service.checkCode(
    ref,
    { purpose, code: request.body.code, language: requestLanguage(request) },
    meta,
  );

/** The claimer, or anyone with the link while nobody holds it (`open`: about to accept). */
function linkClaimer(
  deps: Deps,
  service: LinkClaimService,
  family: LinkFamily,
) {
  const { claimOf } = createLinkClaims(deps.ctx);
  return async (
    request: FastifyRequest & { params: { token: string } },
    open = false,
  ) => {
    const link = linkOf(family, request);
    const { holds } = await service.holder(
      link.ref,
      link.recorded,
      claimOf(request),
    );
    if (holds === null && !open) throw new DomainError('link_not_claimed');
    if (holds === false) throw new DomainError(family.elsewhere);
    return { ...link, open: holds === null };
  };
}

/**
 * The address codes to continue elsewhere go to: confirmed at acceptance (a code asked while nobody
 * holds the link, given with the acceptance: docs/adr/0030-email-confirmed-at-acceptance.md), or
 * afterwards by the claimer of a link accepted before the acceptance asked for it.
 */
function confirmRoutes(
  app: ZodApp,
  deps: Deps,
  service: LinkClaimService,
  family: LinkFamily,
  limits: Limits,
): void {
  const claimer = linkClaimer(deps, service, family);

  app.post(
    `${family.prefix}/email/code`,
    {
      schema: {
        tags,
        params: tokenParam,
        body: z.object({ email: emailField() }),
        description:
          'A code to confirm an address, answered masked: asked before accepting (the acceptance carries the code) by anyone with the link while nobody holds it, or later by the claimer (X-Claim-Secret) of a link accepted without one.',
        response: { 200: z.object({ sentTo: z.string() }), ...errors },
      },
    },
    async (request, reply) => {
      const { ref, recorded, meta } = await claimer(request, true);
      await limits.perLink.hit(request, reply);
      await limits.perAddress.hit(request, reply);
      const language = requestLanguage(request);
      // A deal accepted before claim streams existed is claimed here from what its acceptance recorded.
      const adopt = recorded.claimSecretHash
        ? {
            link: ref,
            claimSecretHash: recorded.claimSecretHash,
            language,
            fromBrandSignInAddress: false,
          }
        : undefined;
      const input = {
        purpose: 'confirm' as const,
        email: request.body.email,
        language,
      };
      return service.sendCode(ref, adopt ? { ...input, adopt } : input, meta);
    },
  );

  app.post(
    `${family.prefix}/email/confirm`,
    {
      schema: {
        tags,
        params: tokenParam,
        body: codeBody,
        description:
          'The claimer confirms the address with the code mailed to it.',
        response: {
          200: claimAnswer.pick({ email: true, emailConfirmed: true }),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const { ref, meta } = await claimer(request);
      await limits.checks.hit(request, reply);
      await checked(service, ref, 'confirm', request, meta);
      const state = await service.load(ref);
      return {
        email: state.email ? maskEmail(state.email) : null,
        emailConfirmed: true,
      };
    },
  );
}
