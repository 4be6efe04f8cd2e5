import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { authAnswerSchema, errorSchema, userSchema } from '../../machines/contract/api';
import { userOf } from '../auth/authenticate';
import { DomainError } from '../commands/domain-error';
import { commandContext, type RouteDeps, type ZodApp } from '../http/route-deps';
import { adminLoginBody, loginBody, onboardingBody, registerBody } from './account.schemas';
import { toUserDto } from './user-dto';

const tags = ['auth'];
const security = [{ bearerAuth: [] }];
const errors = { 400: errorSchema, 401: errorSchema, 409: errorSchema, 429: errorSchema };

/** Register, login (brand/creator and admin), current user and onboarding (docs/product.md §7 "Auth"). */
export function authRoutes(app: ZodApp, { ctx, guards, accounts, admins }: RouteDeps): void {
  // Only failed attempts count: a user who types the password right is never slowed down.
  const failures = app.createRateLimit({
    max: ctx.config.login.maxFailures,
    timeWindow: ctx.config.login.windowMs,
    keyGenerator: (request: FastifyRequest) => {
      const body = request.body as { email?: unknown; username?: unknown } | undefined;
      return `${request.ip}|${String(body?.email ?? body?.username ?? '').trim().toLowerCase()}`;
    },
  });
  const throttled = async (request: FastifyRequest) => {
    const state = await failures(request, { increment: false });
    // `isAllowed` only means allow-listed; `remaining` 0 means the failures used the whole budget.
    if (!state.isAllowed && state.remaining === 0) {
      throw Object.assign(new Error(`Too many failed login attempts; try again in ${state.ttlInSeconds} seconds`), { statusCode: 429 });
    }
  };
  const failed = async (request: FastifyRequest, message: string): Promise<never> => {
    await failures(request);
    throw new DomainError('unauthorized', message);
  };

  app.post('/api/auth/register', {
    schema: { tags, body: registerBody, response: { 201: authAnswerSchema, ...errors } },
  }, async (request, reply) => {
    const { userId, position } = await accounts.register(request.body, (id) => commandContext(request, { kind: 'brand', id }));
    await ctx.settle(position);
    const user = ctx.queries.accounts.userById(userId)!;
    return reply.status(201).send({ token: ctx.tokens.signUser(userId), user: toUserDto(user) });
  });

  app.post('/api/auth/login', {
    preValidation: throttled,
    schema: { tags, body: loginBody, response: { 200: authAnswerSchema, ...errors } },
  }, async (request) => {
    const user = await accounts.verifyLogin(request.body.email, request.body.password);
    if (!user) return failed(request, 'Invalid email or password');
    return { token: ctx.tokens.signUser(user.userId), user: toUserDto(user) };
  });

  app.get('/api/auth/me', {
    preHandler: guards.requireUser,
    schema: { tags, security, response: { 200: userSchema, ...errors } },
  }, async (request) => toUserDto(ctx.queries.accounts.userById(userOf(request).userId)!));

  app.post('/api/auth/complete-onboarding', {
    preHandler: guards.requireUser,
    schema: { tags, security, body: onboardingBody, response: { 200: z.object({ success: z.boolean(), user: userSchema }), ...errors } },
  }, async (request) => {
    const { userId } = userOf(request);
    const { position } = await accounts.completeOnboarding(userId, request.body, commandContext(request, { kind: 'brand', id: userId }));
    await ctx.settle(position);
    return { success: true, user: toUserDto(ctx.queries.accounts.userById(userId)!) };
  });

  app.post('/api/auth/admin-login', {
    preValidation: throttled,
    schema: {
      tags, body: adminLoginBody,
      response: { 200: z.object({ token: z.string(), admin: z.object({ id: z.string(), username: z.string(), role: z.enum(['admin', 'auditor']) }) }), ...errors },
    },
  }, async (request) => {
    const result = await admins.login(request.body.username, request.body.password, commandContext(request, { kind: 'system', id: 'admin-login' }));
    if (!result) return failed(request, 'Invalid credentials');
    await ctx.settle(result.position);
    return {
      token: ctx.tokens.signAdmin(result.adminId, result.username, result.role),
      admin: { id: result.adminId, username: result.username, role: result.role },
    };
  });
}
