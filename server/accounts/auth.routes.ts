import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { authAnswerSchema, errorSchema, userSchema } from '@machines/contract/api';
import { userOf } from '../auth/authenticate';
import { DomainError } from '../commands/domain-error';
import { createLimit } from '../http/rate-limits';
import { commandContext, type RouteDeps, type ZodApp } from '../http/route-deps';
import {
  adminLoginBody,
  changePasswordBody,
  loginBody,
  onboardingBody,
  registerBody,
} from './account.schemas';
import { toUserDto } from './user-dto';

const tags = ['auth'];
const security = [{ bearerAuth: [] }];
const errors = { 400: errorSchema, 401: errorSchema, 409: errorSchema, 429: errorSchema };

/**
 * The limits on login and registration: failed attempts per address and identity, per account, and
 * all attempts and registrations per address; `failed` counts a failure and refuses.
 */
function loginLimits(fastify: FastifyInstance, ctx: RouteDeps['ctx']) {
  const { login: loginConfig, rateLimits } = ctx.config;
  // The identity a login names, read only after the body schema passed (the rate-limit
  // check and the count once read different fields; a non-string email could even throw).
  const identity = (request: FastifyRequest): string => {
    const body = request.body as { email?: string; username?: string };
    return `${body.email !== undefined ? 'email' : 'admin'}:${String(body.email ?? body.username)
      .trim()
      .toLowerCase()}`;
  };
  // Only failed attempts count: a user who types the password right is never slowed down…
  const failures = createLimit(fastify, {
    max: loginConfig.maxFailures,
    windowMs: loginConfig.windowMs,
    key: (r) => `login-fail|${r.ip}|${identity(r)}`,
    message: 'Too many failed login attempts',
  });
  // …per address, and per account across all addresses (a botnet guessing one password).
  const accountFailures = createLimit(fastify, {
    max: loginConfig.maxAccountFailures,
    windowMs: loginConfig.windowMs,
    key: (r) => `login-fail-account|${identity(r)}`,
    message: 'Too many failed login attempts for this account',
  });
  // Every attempt counts per address: a spray of random emails is slowed before it costs a hash each.
  const attemptsPerIp = createLimit(fastify, {
    max: rateLimits.authPerIp,
    windowMs: rateLimits.windowMs,
    key: (r) => `login|${r.ip}`,
    message: 'Too many login attempts',
  });
  const registrationsPerIp = createLimit(fastify, {
    max: rateLimits.registerPerIp,
    windowMs: rateLimits.windowMs,
    key: (r) => `register|${r.ip}`,
    message: 'Too many registrations',
  });
  const loginThrottle = {
    preValidation: async (request: FastifyRequest, reply: FastifyReply) =>
      attemptsPerIp.hit(request, reply),
    preHandler: async (request: FastifyRequest, reply: FastifyReply) => {
      await failures.check(request, reply);
      await accountFailures.check(request, reply);
    },
  };
  const failed = async (
    request: FastifyRequest,
    code: 'invalid_login' | 'invalid_credentials',
  ): Promise<never> => {
    await failures.count(request);
    await accountFailures.count(request);
    throw new DomainError(code);
  };
  return { registrationsPerIp, loginThrottle, failed };
}

/** Register, login (brand/creator and admin), current user and onboarding (docs/product.md §7 "Auth"). */
export function authRoutes(app: ZodApp, deps: RouteDeps): void {
  const { ctx, accounts, admins } = deps;
  const { registrationsPerIp, loginThrottle, failed } = loginLimits(
    app as unknown as FastifyInstance,
    ctx,
  );

  app.post(
    '/api/auth/register',
    {
      preValidation: async (request, reply) => registrationsPerIp.hit(request, reply),
      schema: { tags, body: registerBody, response: { 201: authAnswerSchema, ...errors } },
    },
    async (request, reply) => {
      const { userId, position } = await accounts.register(request.body, (id) =>
        commandContext(request, { kind: 'brand', id }),
      );
      await ctx.settle(position);
      const user = ctx.queries.accounts.userById(userId)!;
      return reply.status(201).send({
        token: ctx.tokens.signUser(userId, user.sessionVersion ?? 0),
        user: toUserDto(user),
      });
    },
  );

  app.post(
    '/api/auth/login',
    {
      ...loginThrottle,
      schema: { tags, body: loginBody, response: { 200: authAnswerSchema, ...errors } },
    },
    async (request) => {
      const user = await accounts.verifyLogin(request.body.email, request.body.password);
      if (!user) return failed(request, 'invalid_login');
      return {
        token: ctx.tokens.signUser(user.userId, user.sessionVersion ?? 0),
        user: toUserDto(user),
      };
    },
  );

  signedInRoutes(app, deps);

  app.post(
    '/api/auth/admin-login',
    {
      ...loginThrottle,
      schema: {
        tags,
        body: adminLoginBody,
        response: {
          200: z.object({
            token: z.string(),
            admin: z.object({
              id: z.string(),
              username: z.string(),
              role: z.enum(['admin', 'auditor']),
            }),
          }),
          ...errors,
        },
      },
    },
    async (request) => {
      const result = await admins.login(
        request.body.username,
        request.body.password,
        commandContext(request, { kind: 'system', id: 'admin-login' }),
      );
      if (!result) return failed(request, 'invalid_credentials');
      await ctx.settle(result.position);
      return {
        token: ctx.tokens.signAdmin(result.adminId, result.username, result.role),
        admin: { id: result.adminId, username: result.username, role: result.role },
      };
    },
  );
}

/** The signed-in user's own calls: who am I, log out, change the password, complete onboarding. */
function signedInRoutes(app: ZodApp, { ctx, guards, accounts }: RouteDeps): void {
  app.get(
    '/api/auth/me',
    {
      preHandler: guards.requireUser,
      schema: { tags, security, response: { 200: userSchema, ...errors } },
    },
    async (request) => toUserDto(ctx.queries.accounts.userById(userOf(request).userId)!),
  );

  // Revocation: both bump the account's session version, so every token issued before stops working.
  app.post(
    '/api/auth/logout',
    {
      preHandler: guards.requireUser,
      schema: { tags, security, response: { 200: z.object({ success: z.boolean() }), ...errors } },
    },
    async (request) => {
      const { userId } = userOf(request);
      const { position } = await accounts.logout(
        userId,
        commandContext(request, { kind: 'brand', id: userId }),
      );
      await ctx.settle(position);
      return { success: true };
    },
  );

  app.post(
    '/api/auth/change-password',
    {
      preHandler: guards.requireUser,
      schema: {
        tags,
        security,
        body: changePasswordBody,
        response: { 200: authAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const { userId } = userOf(request);
      const { position } = await accounts.changePassword(
        userId,
        request.body,
        commandContext(request, { kind: 'brand', id: userId }),
      );
      await ctx.settle(position);
      const user = ctx.queries.accounts.userById(userId)!;
      // This device stays signed in with a fresh token; every other one is signed out.
      return {
        token: ctx.tokens.signUser(userId, user.sessionVersion ?? 0),
        user: toUserDto(user),
      };
    },
  );

  app.post(
    '/api/auth/complete-onboarding',
    {
      preHandler: guards.requireUser,
      schema: {
        tags,
        security,
        body: onboardingBody,
        response: { 200: z.object({ success: z.boolean(), user: userSchema }), ...errors },
      },
    },
    async (request) => {
      const { userId } = userOf(request);
      const { position } = await accounts.completeOnboarding(
        userId,
        request.body,
        commandContext(request, { kind: 'brand', id: userId }),
      );
      await ctx.settle(position);
      return { success: true, user: toUserDto(ctx.queries.accounts.userById(userId)!) };
    },
  );
}
