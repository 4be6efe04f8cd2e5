import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { errorSchema } from '@machines/contract/api';
import { personalDataExportSchema } from '@machines/contract/privacy-api';
import { DATA_EXPORTS_PER_HOUR } from '@machines/privacy/export-limit';
import { adminOf, userOf } from '../auth/authenticate';
import { createLinkClaims } from '../auth/link-claim';
import { createLinkHolders, type LinkHolderParts } from '../auth/link-holders';
import type { TokenService } from '../auth/tokens';
import { DomainError } from '../commands/domain-error';
import { dealNotFound } from '../commands/run-command';
import { tokenParam } from '../http/fields';
import { createLimit } from '../http/rate-limits';
import {
  commandContext,
  type RouteDeps,
  type ZodApp,
} from '../http/route-deps';
import { dealLinkExport, recordExport, userExport } from './export-subjects';
import type { ExportParts } from './personal-data-export';

/** The parts of the app the export routes use. */
export interface ExportRouteParts extends ExportParts, LinkHolderParts {
  tokens: TokenService;
}
type Deps = RouteDeps<ExportRouteParts>;

const errors = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  429: errorSchema,
};
const response = { 200: personalDataExportSchema, ...errors };
const HOUR = 3_600_000;

type Tagged = FastifyRequest & { exportSubject?: string };

/** One limit per person whose data is exported: the key is set once the subject is known. */
function exportLimit(app: ZodApp) {
  const limit = createLimit(app as unknown as FastifyInstance, {
    max: DATA_EXPORTS_PER_HOUR,
    windowMs: HOUR,
    key: (r) => `data-export|${(r as Tagged).exportSubject ?? ''}`,
    message: 'Too many data exports for this person',
    code: 'too_many_exports',
  });
  return (request: FastifyRequest, reply: FastifyReply, subject: string) => {
    (request as Tagged).exportSubject = subject;
    return limit.hit(request, reply);
  };
}

/**
 * A person's data as JSON (docs/privacy.md): a signed-in user's own, a creator's through the deal
 * link this browser claimed, and any user's for an admin acting on their request (auditors read
 * deals and accounts but do not export a person's data: 403 `auditor_read_only`). Each export is
 * recorded as a PersonalDataExported event with its actor; at most DATA_EXPORTS_PER_HOUR per person.
 */
export function exportRoutes(app: ZodApp, deps: Deps): void {
  const limited = exportLimit(app);
  selfExportRoute(app, deps, limited);
  linkExportRoute(app, deps, limited);
  adminExportRoute(app, deps, limited);
}

type Limited = ReturnType<typeof exportLimit>;

function selfExportRoute(
  app: ZodApp,
  { ctx, guards }: Deps,
  limited: Limited,
): void {
  app.post(
    '/api/profile/export',
    {
      preHandler: guards.requireUser,
      schema: {
        tags: ['profile'],
        security: [{ bearerAuth: [] }],
        description:
          'Everything the service holds about the signed-in user, as JSON: profile, deals and payment requests they are a party to with their events (as they may read them), documents, notification preferences and deliveries, sign-ins, agreements, push subscriptions (host only) and the personal values the events hold. Recorded as PersonalDataExported; 429 `too_many_exports`.',
        response,
      },
    },
    async (request, reply) => {
      const { userId } = userOf(request);
      await limited(request, reply, `user-${userId}`);
      const exported = await userExport(ctx, userId, 'self');
      await recordExport(
        ctx,
        exported,
        commandContext(request, { kind: 'brand', id: userId }),
      );
      return exported;
    },
  );
}

/** Only the browser holding the link's claim: anyone else with the link could otherwise read it. */
function linkExportRoute(app: ZodApp, { ctx }: Deps, limited: Limited): void {
  const { claimOf } = createLinkClaims(ctx);
  const holders = createLinkHolders(ctx);
  app.post(
    '/api/deals/link/:token/export',
    {
      schema: {
        tags: ['link claims'],
        params: tokenParam,
        description:
          "A creator's data through their deal link: only the browser that holds the link's claim (X-Claim-Secret, or the signed-in creator who accepted); 403 `link_export_unclaimed` before anyone accepted, `deal_claimed_elsewhere` for another browser.",
        response,
      },
    },
    async (request, reply) => {
      const record = ctx.queries.deals.byToken(request.params.token);
      if (!record || record.context.shareableToken !== request.params.token)
        throw dealNotFound();
      const ref = { kind: 'deal', id: record.id } as const;
      const { holds } = await holders.holder(
        ref,
        record.context,
        claimOf(request),
      );
      if (holds === null) throw new DomainError('link_export_unclaimed');
      if (!holds) throw new DomainError('deal_claimed_elsewhere');
      await limited(request, reply, `deal-link-${record.id}`);
      const exported = await dealLinkExport(ctx, record);
      const actor = { kind: 'creator-link', id: `deal-${record.id}` } as const;
      await recordExport(ctx, exported, commandContext(request, actor));
      return exported;
    },
  );
}

function adminExportRoute(
  app: ZodApp,
  { ctx, guards }: Deps,
  limited: Limited,
): void {
  app.post(
    '/api/admin/users/export',
    {
      preValidation: guards.requireAdminActor,
      schema: {
        tags: ['admin'],
        security: [{ bearerAuth: [] }],
        body: z.object({ user: z.string().trim().min(1).max(320) }),
        description:
          "A user's data export for a request they made (by e-mail or otherwise): `user` is their username or e-mail address. Admins only (auditors 403 `auditor_read_only`); the same content the user gets, read through the admin redaction rule; recorded with the admin as actor; 404 `user_not_found`.",
        response,
      },
    },
    async (request, reply) => {
      const { adminId } = adminOf(request);
      const wanted = request.body.user;
      const user = wanted.includes('@')
        ? ctx.queries.accounts.userByEmail(wanted)
        : ctx.queries.accounts.userByUsername(wanted);
      if (!user) throw new DomainError('user_not_found');
      await limited(request, reply, `user-${user.userId}`);
      const exported = await userExport(ctx, user.userId, 'admin');
      await recordExport(
        ctx,
        exported,
        commandContext(request, { kind: 'admin', id: adminId }),
      );
      return exported;
    },
  );
}
