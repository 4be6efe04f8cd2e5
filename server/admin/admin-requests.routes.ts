import { z } from 'zod';
import { adminPaymentRequestSchema, errorSchema } from '@machines/contract/api';
import { adminOf } from '../auth/authenticate';
import { DomainError } from '../commands/domain-error';
import { idParam, optionalText } from '../http/fields';
import { commandContext, type ZodApp } from '../http/route-deps';
import type { AdminRouteDeps } from './admin-parts';
import { requestGuard } from '../auth/ownership';
import { toAdminPaymentRequestDto } from './admin-request-dto';

const tags = ['admin'];
const security = [{ bearerAuth: [] }];
const errors = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  409: errorSchema,
};

const releaseHoldBody = z
  .object({ note: optionalText('Note', 1_000) })
  .nullish()
  .transform((b) => ({ note: b?.note ?? null }));

/** Payment requests in the admin area: every creator's requests; releasing a chargeback hold needs the admin role. */
export function adminRequestRoutes(app: ZodApp, { ctx, guards }: AdminRouteDeps): void {
  const read = { preValidation: guards.requireAdminReader };
  const act = { preValidation: guards.requireAdminActor };
  const now = () => ctx.clock.now().toISOString();
  const dto = (id: number) => {
    const record = ctx.queries.requests.byId(id);
    if (!record) throw new DomainError('payment_request_not_found');
    return toAdminPaymentRequestDto(record, now(), ctx.config.publicUrl, ctx.queries.accounts);
  };

  app.get(
    '/api/admin/payment-requests',
    {
      ...read,
      schema: {
        tags,
        security,
        description:
          'Every payment request, newest first, with the creator, the chargeback hold, a deferred payout and refunded duplicate payments.',
        querystring: z.object({
          limit: z.coerce.number().int().min(1).max(1_000).default(500),
          offset: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0),
        }),
        response: { 200: z.array(adminPaymentRequestSchema), ...errors },
      },
    },
    async (request) => {
      const at = now();
      return ctx.queries.requests
        .listAll(request.query.limit, request.query.offset)
        .map((r) => toAdminPaymentRequestDto(r, at, ctx.config.publicUrl, ctx.queries.accounts));
    },
  );

  app.get(
    '/api/admin/payment-requests/:id',
    {
      ...read,
      schema: {
        tags,
        security,
        params: idParam,
        response: { 200: adminPaymentRequestSchema, ...errors },
      },
    },
    async (request) => dto(request.params.id),
  );

  app.post(
    '/api/admin/payment-requests/:id/release-hold',
    {
      ...act,
      schema: {
        tags,
        security,
        params: idParam,
        body: releaseHoldBody,
        description:
          'Resolves a chargeback hold (PaymentRequestHoldReleased): the creator can complete the request, or a deferred payout proceeds. 409 when the request is not on hold.',
        response: {
          200: z.object({ success: z.boolean(), request: adminPaymentRequestSchema }),
          ...errors,
        },
      },
    },
    async (request) => {
      dto(request.params.id);
      const cc = commandContext(request, { kind: 'admin', id: adminOf(request).adminId });
      const command = { type: 'ReleaseChargebackHold', note: request.body.note } as const;
      const result = await ctx.run.request(request.params.id, command, cc, requestGuard.admin);
      await ctx.settle(result.position);
      return { success: true, request: dto(request.params.id) };
    },
  );
}
