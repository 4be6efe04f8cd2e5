import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  authAnswerSchema,
  errorSchema,
  userSchema,
} from '@machines/contract/api';
import { userOf } from '../auth/authenticate';
import { isDomainError } from '../commands/domain-error';
import { browserFacts } from '../http/browser-facts';
import { createLimit } from '../http/rate-limits';
import { commandContext, type ZodApp } from '../http/route-deps';
import type { AccountRouteDeps } from './account-parts';
import {
  adminLoginBody,
  changePasswordBody,
  loginBody,
  onboardingBody,
  registerBody,
} from './account.schemas';
import { toUserDto } from './user-dto';
import {
  createLoginThrottle,
  loginIdentity,
  type LoginThrottle,
} from './login-throttle';
import { createSignInWarning } from './sign-in-warning';
import type { UserContext } from '@machines/account/user.machine';

const tags = ['auth'];
const security = [{ bearerAuth: [] }];
const errors = {
  400: errorSchema,
  401: errorSchema,
  409: errorSchema,
  429: errorSchema,
};

/** The sign-in throttles and the registrations per address (docs/adr/0021-sign-in-throttles-not-lock-outs.md). */
function authLimits(
  fastify: FastifyInstance,
  ctx: AccountRouteDeps['ctx'],
  admins: AccountRouteDeps['admins'],
) {
  const { rateLimits, login, notifications } = ctx.config;
  const warn = createSignInWarning({
    mail: ctx.notifications.mail,
    accounts: ctx.queries.accounts,
    adminEmails: notifications.adminEmails,
    windowMs: login.windowMs,
    now: () => ctx.clock.now(),
  });
  const throttle = createLoginThrottle(fastify, ctx, warn);
  const registrationsPerIp = createLimit(fastify, {
    max: rateLimits.registerPerIp,
    windowMs: rateLimits.windowMs,
    key: (r) => `register|${r.ip}`,
    message: 'Too many registrations',
  });
  // The identity a login names, read only after the body schema passed.
  const named = (request: FastifyRequest): string => {
    const body = request.body as { email?: string; username?: string };
    return body.email !== undefined
      ? loginIdentity('email', body.email)
      : loginIdentity('admin', String(body.username));
  };
  // An admin's valid one-time recovery code lets the sign-in past the throttles (ADR 0021).
  const recovering = (request: FastifyRequest): boolean => {
    const body = request.body as { username?: string; recoveryCode?: string };
    return (
      body.recoveryCode !== undefined &&
      admins.holdsRecoveryCode(String(body.username), body.recoveryCode)
    );
  };
  const loginThrottle = {
    preValidation: throttle.attempt,
    preHandler: async (request: FastifyRequest, reply: FastifyReply) =>
      throttle.before(request, reply, named(request), recovering(request)),
  };
  return { registrationsPerIp, loginThrottle, throttle };
}

/** A right password: the sign-in is recorded (its address's HMAC, a first language) and answered with a token. */
async function signInAnswer(
  { ctx, accounts }: AccountRouteDeps,
  request: FastifyRequest,
  user: UserContext,
) {
  const { position } = await accounts.recordSignIn(
    user,
    browserFacts(ctx, request),
    commandContext(request, { kind: 'brand', id: user.userId }),
  );
  await ctx.settle(position);
  return {
    token: ctx.tokens.signUser(user.userId, user.sessionVersion ?? 0),
    user: toUserDto(user),
  };
}

/** Register, login (brand/creator and admin), current user and onboarding (docs/product.md §7 "Auth"). */
export function authRoutes(app: ZodApp, deps: AccountRouteDeps): void {
  const { ctx, accounts, admins } = deps;
  const { registrationsPerIp, loginThrottle, throttle } = authLimits(
    app as unknown as FastifyInstance,
    ctx,
    admins,
  );

  app.post(
    '/api/auth/register',
    {
      preValidation: async (request, reply) =>
        registrationsPerIp.hit(request, reply),
      preHandler: deps.idempotency.preHandler,
      schema: {
        tags,
        body: registerBody,
        response: { 201: authAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { userId, position } = await accounts.register(
        request.body,
        (id) => commandContext(request, { kind: 'brand', id }),
        browserFacts(ctx, request),
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
      schema: {
        tags,
        body: loginBody,
        response: { 200: authAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const user = await accounts.verifyLogin(
        request.body.email,
        request.body.password,
      );
      if (!user) return throttle.failed(request, 'invalid_login');
      return signInAnswer(deps, request, user);
    },
  );

  signedInRoutes(app, deps);
  changePasswordRoute(app, deps, throttle);

  adminLoginRoute(app, deps, loginThrottle, throttle);
}

/** The signed-in user's own calls: who am I, log out, change the password, complete onboarding. */
function signedInRoutes(app: ZodApp, deps: AccountRouteDeps): void {
  const { ctx, guards, accounts } = deps;
  app.get(
    '/api/auth/me',
    {
      preHandler: guards.requireUser,
      schema: { tags, security, response: { 200: userSchema, ...errors } },
    },
    async (request) =>
      toUserDto(ctx.queries.accounts.userById(userOf(request).userId)!),
  );

  // Revocation: both bump the account's session version, so every token issued before stops working.
  app.post(
    '/api/auth/logout',
    {
      preHandler: guards.requireUser,
      schema: {
        tags,
        security,
        response: { 200: z.object({ success: z.boolean() }), ...errors },
      },
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
    '/api/auth/complete-onboarding',
    {
      preHandler: guards.requireUser,
      schema: {
        tags,
        security,
        body: onboardingBody,
        response: {
          200: z.object({ success: z.boolean(), user: userSchema }),
          ...errors,
        },
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
      return {
        success: true,
        user: toUserDto(ctx.queries.accounts.userById(userId)!),
      };
    },
  );
}

/** Changing the password re-authenticates: its wrong current passwords count in the sign-in throttles. */
function changePasswordRoute(
  app: ZodApp,
  { ctx, guards, accounts }: AccountRouteDeps,
  throttle: LoginThrottle,
): void {
  const reauthenticating = async (
    request: FastifyRequest,
    reply: FastifyReply,
  ) => {
    const user = ctx.queries.accounts.userById(userOf(request).userId);
    if (user)
      await throttle.before(request, reply, loginIdentity('email', user.email));
  };
  app.post(
    '/api/auth/change-password',
    {
      preHandler: [guards.requireUser, reauthenticating],
      schema: {
        tags,
        security,
        body: changePasswordBody,
        response: { 200: authAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const { userId } = userOf(request);
      const { position } = await accounts
        .changePassword(
          userId,
          request.body,
          commandContext(request, { kind: 'brand', id: userId }),
        )
        .catch((error: unknown) =>
          isDomainError(error) && error.code === 'wrong_current_password'
            ? throttle.failed(request, 'wrong_current_password')
            : Promise.reject(error),
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
}

/** Admin and auditor sign-in; a one-time recovery code passes the sign-in throttles (ADR 0021). */
function adminLoginRoute(
  app: ZodApp,
  { ctx, admins }: AccountRouteDeps,
  loginThrottle: ReturnType<typeof authLimits>['loginThrottle'],
  throttle: LoginThrottle,
): void {
  app.post(
    '/api/auth/admin-login',
    {
      ...loginThrottle,
      schema: {
        tags,
        description:
          'Admin and auditor sign-in. `recoveryCode`, a one-time code from `npm run admin -- recovery-code <username>`, signs in past the sign-in throttles (with the right password) and is spent by the attempt.',
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
      const { username, password, recoveryCode } = request.body;
      const context = commandContext(request, {
        kind: 'system',
        id: 'admin-login',
      });
      const result = await (recoveryCode === undefined
        ? admins.login(username, password, context)
        : admins
            .recover(username, password, recoveryCode, context)
            .catch((error: unknown) =>
              isDomainError(error) && error.code === 'invalid_credentials'
                ? null
                : Promise.reject(error),
            ));
      if (!result) return throttle.failed(request, 'invalid_credentials');
      await ctx.settle(result.position);
      return {
        token: ctx.tokens.signAdmin(
          result.adminId,
          result.username,
          result.role,
        ),
        admin: {
          id: result.adminId,
          username: result.username,
          role: result.role,
        },
      };
    },
  );
}
