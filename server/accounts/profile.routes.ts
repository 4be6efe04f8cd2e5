import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  bankStatusSchema,
  bankStatusWords,
  errorSchema,
  profileSchema,
  userStatsSchema,
} from '@machines/contract/api';
import { userOf } from '../auth/authenticate';
import { createLimit } from '../http/rate-limits';
import { commandContext, type ZodApp } from '../http/route-deps';
import type { AccountRouteDeps } from './account-parts';
import { languageSchema } from '@machines/account/account.events';
import { onboardingBody } from '@machines/account/payout-identity';
import { profileBody } from './account.schemas';

const tags = ['profile'];
const security = [{ bearerAuth: [] }];
const errors = { 400: errorSchema, 401: errorSchema, 409: errorSchema };

/**
 * Profile (docs/product.md §7), its second path used by the profile screen (/api/user/profile, same
 * behaviour), user stats, and the creator's payout-account status and onboarding link.
 */
export function profileRoutes(app: ZodApp, deps: AccountRouteDeps): void {
  const { ctx, guards, accounts } = deps;
  const profileOf = (userId: string) => {
    const u = ctx.queries.accounts.userById(userId)!;
    return {
      username: u.username,
      email: u.email,
      companyName: u.companyName,
      country: u.country,
      phoneNumber: u.phoneNumber,
      language: u.language ?? null,
    };
  };

  for (const path of ['/api/profile', '/api/user/profile']) {
    app.get(
      path,
      {
        preHandler: guards.requireUser,
        schema: { tags, security, response: { 200: profileSchema, ...errors } },
      },
      async (request) => profileOf(userOf(request).userId),
    );

    app.put(
      path,
      {
        preHandler: guards.requireUser,
        schema: {
          tags,
          security,
          body: profileBody,
          response: { 200: profileSchema, ...errors },
        },
      },
      async (request) => {
        const { userId } = userOf(request);
        const { position } = await accounts.updateProfile(
          userId,
          request.body,
          commandContext(request, { kind: 'brand', id: userId }),
        );
        await ctx.settle(position);
        return profileOf(userId);
      },
    );
  }

  app.put(
    '/api/profile/language',
    {
      preHandler: guards.requireUser,
      schema: {
        tags,
        security,
        summary: 'Saves the language of screens and messages in the profile',
        body: z.object({ language: languageSchema }),
        response: { 200: z.object({ language: languageSchema }), ...errors },
      },
    },
    async (request) => {
      const { userId } = userOf(request);
      const { position } = await accounts.chooseLanguage(
        userId,
        request.body.language,
        commandContext(request, { kind: 'brand', id: userId }),
      );
      await ctx.settle(position);
      return { language: request.body.language };
    },
  );

  statsRoutes(app, deps);
  payoutAccountRoutes(app, deps);
}

/** The user's deal counts: in all, and those that ended with the creator paid. */
function statsRoutes(app: ZodApp, { ctx, guards }: AccountRouteDeps): void {
  app.get(
    '/api/user/stats',
    {
      preHandler: guards.requireUser,
      schema: { tags, security, response: { 200: userStatsSchema, ...errors } },
    },
    async (request) => {
      const counts = ctx.queries.deals.countsFor(userOf(request).userId);
      const total = Object.values(counts).reduce((a, b) => a + b, 0);
      return {
        totalDeals: total,
        successfulDeals:
          (counts['completed'] ?? 0) +
          (counts['approved_after_dispute'] ?? 0) +
          (counts['split_resolved'] ?? 0),
      };
    },
  );
}

/** The creator's payout-account status and onboarding link. */
function payoutAccountRoutes(
  app: ZodApp,
  { ctx, guards }: AccountRouteDeps,
): void {
  // Each answer may ask the payment provider (at most once a minute per account): a budget per user.
  const { accountStatusPerUser, windowMs } = ctx.config.rateLimits;
  const statusLimit = createLimit(app as unknown as FastifyInstance, {
    max: accountStatusPerUser,
    windowMs,
    key: (request) => `account-status|${userOf(request).userId}`,
    message: 'Too many payout status checks',
  });
  app.get(
    '/api/stripe/account-status',
    {
      preHandler: [
        guards.requireUser,
        (request, reply) => statusLimit.hit(request, reply),
      ],
      schema: {
        tags: ['payouts'],
        security,
        response: {
          200: bankStatusSchema,
          ...errors,
          429: errorSchema,
          502: errorSchema,
        },
      },
    },
    async (request) => {
      const code = await ctx.payments.escrow.userBankStatus(
        userOf(request).userId,
      );
      return { status: bankStatusWords[code], code };
    },
  );

  app.post(
    '/api/stripe/create-onboarding-link',
    {
      preHandler: guards.requireUser,
      schema: {
        tags: ['payouts'],
        security,
        description:
          'Opens (or continues) bank setup for payment-request payouts. `identity` (legal name, address, date of birth, tax id) is recorded with it for the yearly payout report; 400 `payout_identity_incomplete`, `payout_birth_date_invalid`, `payout_tax_id_invalid`.',
        body: onboardingBody,
        response: {
          200: z.object({ url: z.string() }),
          ...errors,
          502: errorSchema,
        },
      },
    },
    async (request) => {
      const { userId } = userOf(request);
      const { url } = await ctx.payments.escrow.startUserOnboarding(
        userId,
        commandContext(request, { kind: 'creator', id: userId }),
        request.body?.identity,
      );
      await ctx.settle(await ctx.store.headPosition());
      return { url };
    },
  );
}
