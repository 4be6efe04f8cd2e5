import { z } from 'zod';
import { inputRef } from '@machines/errors/input-texts';
import { adminRoles } from '@machines/account/account.events';
import { errorSchema } from '@machines/contract/api';
import { adminOf } from '../auth/authenticate';
import { optionalText, requiredText } from '../http/fields';
import { commandContext, type ZodApp } from '../http/route-deps';
import type { AdminRouteDeps } from './admin-parts';

const tags = ['admin'];
const security = [{ bearerAuth: [] }];
const errors = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  409: errorSchema,
};

const account = z.object({
  id: z.string(),
  username: z.string(),
  role: z.enum(adminRoles),
  active: z.boolean(),
  createdAt: z.string().nullable(),
  lastLoginAt: z.string().nullable(),
});
const createBody = z.object({
  username: requiredText('username', 100).refine(
    (v) => /^[\w.@-]+$/.test(v),
    inputRef('username_characters'),
  ),
  password: z
    .string({ error: inputRef('required', 'password') })
    .min(8, inputRef('too_short', 'password', { min: 8 }))
    .max(200, inputRef('too_long', 'password', { max: 200 })),
  role: z.enum(adminRoles, { error: inputRef('unknown_value', 'role') }),
});

const accountParams = z.object({ id: z.string().min(1).max(100) });

/** The reason is optional, and so is the body. */
const deactivateBody = z
  .object({ reason: optionalText('reason', 500) })
  .nullish()
  .transform((b) => ({ reason: b?.reason ?? null }));

/** Admin and auditor accounts over HTTP (the CLI stays for the first one): list, create, deactivate. */
export function adminAccountRoutes(
  app: ZodApp,
  { ctx, guards, admins, idempotency }: AdminRouteDeps,
): void {
  const read = { preValidation: guards.requireAdminReader };
  const act = { preValidation: guards.requireAdminActor };

  app.get(
    '/api/admin/accounts',
    {
      ...read,
      schema: {
        tags,
        security,
        response: { 200: z.array(account), ...errors },
      },
    },
    async () => admins.list(),
  );

  app.post(
    '/api/admin/accounts',
    {
      ...act,
      preHandler: idempotency.preHandler,
      schema: {
        tags,
        security,
        body: createBody,
        description:
          'Creates an admin or auditor account. 409 when the username is taken.',
        response: { 201: account, ...errors },
      },
    },
    async (request, reply) => {
      const { username, password, role } = request.body;
      const { adminId, position } = await admins.create(
        username,
        password,
        role,
        commandContext(request, {
          kind: 'admin',
          id: adminOf(request).adminId,
        }),
      );
      await ctx.settle(position);
      return reply.code(201).send(admins.list().find((a) => a.id === adminId)!);
    },
  );

  app.post(
    '/api/admin/accounts/:id/deactivate',
    {
      ...act,
      schema: {
        tags,
        security,
        params: accountParams,
        body: deactivateBody,
        description:
          'Deactivates an account: it cannot sign in and its current sessions end at once. 409 for your own account or one already deactivated.',
        response: { 200: account, ...errors },
      },
    },
    async (request) => {
      const { position } = await admins.deactivate(
        request.params.id,
        request.body.reason,
        commandContext(request, {
          kind: 'admin',
          id: adminOf(request).adminId,
        }),
      );
      await ctx.settle(position);
      return admins.list().find((a) => a.id === request.params.id)!;
    },
  );
}
