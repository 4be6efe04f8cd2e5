import { z } from 'zod';
import { errorSchema } from '@machines/contract/api';
import { adminOf, userOf } from '../auth/authenticate';
import { createLinkClaims } from '../auth/link-claim';
import { createLinkHolders, type LinkHolderParts } from '../auth/link-holders';
import { verifyPassword } from '../auth/password';
import type { TokenService } from '../auth/tokens';
import { DomainError } from '../commands/domain-error';
import { dealNotFound } from '../commands/run-command';
import { tokenParam } from '../http/fields';
import {
  commandContext,
  type RouteDeps,
  type ZodApp,
} from '../http/route-deps';
import { eraseDealLink, eraseUser, type ErasureParts } from './erasure';

type Deps = RouteDeps<
  ErasureParts & LinkHolderParts & { tokens: TokenService }
>;

const errors = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  409: errorSchema,
};
const response = { 200: z.object({ erased: z.literal(true) }), ...errors };
const refusal =
  'Refused with 409 `erasure_money_held` (params.count) while money is held for or owed to the person in a deal or payment request (any of escrow, payable, refundable or disputed not at zero); an account also with 409 `erasure_requests_open` (params.count) while a payment request it made or was sent can still be paid, and with 409 `erasure_checkout_open` (params.count) while a deal it owns has a checkout open that can still be paid (delete the deal first).';

/**
 * Erasure on request (docs/privacy.md): the signed-in user with their password, a creator through
 * the deal link this browser claimed, an admin for a user on their request (auditors 403).
 */
export function erasureRoutes(app: ZodApp, deps: Deps): void {
  selfErasureRoute(app, deps);
  linkErasureRoute(app, deps);
  adminErasureRoute(app, deps);
}

function selfErasureRoute(app: ZodApp, { ctx, guards }: Deps): void {
  app.post(
    '/api/profile/erase',
    {
      preHandler: guards.requireUser,
      schema: {
        tags: ['profile'],
        security: [{ bearerAuth: [] }],
        body: z.object({ password: z.string().min(1).max(200) }),
        description: `Forgets the signed-in user: the account signs in no more, its profile key (and those of the links it acted through) is deleted, its devices and mail files are removed, and the read models show a pseudonym; money facts stay. 403 \`wrong_current_password\`. ${refusal}`,
        response,
      },
    },
    async (request) => {
      const { userId } = userOf(request);
      const user = ctx.queries.accounts.userById(userId);
      if (
        !user ||
        !(await verifyPassword(request.body.password, user.passwordHash))
      )
        throw new DomainError('wrong_current_password');
      await eraseUser(
        ctx,
        userId,
        commandContext(request, { kind: 'brand', id: userId }),
      );
      return { erased: true as const };
    },
  );
}

function linkErasureRoute(app: ZodApp, { ctx }: Deps): void {
  const { claimOf } = createLinkClaims(ctx);
  const holders = createLinkHolders(ctx);
  app.post(
    '/api/deals/link/:token/erase',
    {
      schema: {
        tags: ['link claims'],
        params: tokenParam,
        description: `Forgets a creator known only through this deal link: only the browser holding the link's claim (403 \`erasure_link_unclaimed\` before anyone accepted, \`deal_claimed_elsewhere\` for another browser). ${refusal}`,
        response,
      },
    },
    async (request) => {
      const record = ctx.queries.deals.byToken(request.params.token);
      if (!record || record.context.shareableToken !== request.params.token)
        throw dealNotFound();
      const ref = { kind: 'deal', id: record.id } as const;
      const { holds } = await holders.holder(
        ref,
        record.context,
        claimOf(request),
      );
      if (holds === null) throw new DomainError('erasure_link_unclaimed');
      if (!holds) throw new DomainError('deal_claimed_elsewhere');
      const actor = { kind: 'creator-link', id: `deal-${record.id}` } as const;
      await eraseDealLink(ctx, record, commandContext(request, actor));
      return { erased: true as const };
    },
  );
}

function adminErasureRoute(app: ZodApp, { ctx, guards }: Deps): void {
  app.post(
    '/api/admin/users/erase',
    {
      preValidation: guards.requireAdminActor,
      schema: {
        tags: ['admin'],
        security: [{ bearerAuth: [] }],
        body: z.object({ user: z.string().trim().min(1).max(320) }),
        description: `Forgets a user on their request (by e-mail or otherwise): \`user\` is their username or e-mail address. Admins only (auditors 403 \`auditor_read_only\`); recorded with the admin as actor; 404 \`user_not_found\`. ${refusal}`,
        response,
      },
    },
    async (request) => {
      const { adminId } = adminOf(request);
      const wanted = request.body.user;
      const user = wanted.includes('@')
        ? ctx.queries.accounts.userByEmail(wanted)
        : ctx.queries.accounts.userByUsername(wanted);
      if (!user || user.erased) throw new DomainError('user_not_found');
      await eraseUser(
        ctx,
        user.userId,
        commandContext(request, { kind: 'admin', id: adminId }),
      );
      return { erased: true as const };
    },
  );
}
