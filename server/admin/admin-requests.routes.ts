import { z } from 'zod';
import {
  adminPaymentRequestSchema,
  errorSchema,
  splitPreviewSchema,
} from '@machines/contract/api';
import { adminOf } from '../auth/authenticate';
import { DomainError } from '../commands/domain-error';
import { idParam, optionalText } from '../http/fields';
import { commandContext, type ZodApp } from '../http/route-deps';
import type { AdminRouteDeps } from './admin-parts';
import { requestGuard } from '../auth/ownership';
import { toAdminPaymentRequestDto } from './admin-request-dto';
import type { CommandContext } from '../commands/command-bus';
import type { EffectOutcome } from '../money/effect-outcomes';
import {
  previewPaymentRequestSplit,
  releasePaymentRequest,
  splitPaymentRequest,
} from '../money/request-payouts';

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
  .object({ note: optionalText('note', 1_000) })
  .nullish()
  .transform((b) => ({ note: b?.note ?? null }));

const listQuery = z.object({
  limit: z.coerce.number().int().min(1).max(1_000).default(500),
  offset: z.coerce
    .number()
    .int()
    .min(0)
    .max(Number.MAX_SAFE_INTEGER)
    .default(0),
});

/** One request as the admin area shows it, or payment_request_not_found. */
function adminRequestDto(ctx: AdminRouteDeps['ctx'], id: number) {
  const record = ctx.queries.requests.byId(id);
  if (!record) throw new DomainError('payment_request_not_found');
  const now = ctx.clock.now().toISOString();
  return toAdminPaymentRequestDto(
    record,
    now,
    ctx.config.publicUrl,
    ctx.queries.accounts,
  );
}

/** Payment requests in the admin area: every creator's requests; releasing a chargeback hold needs the admin role. */
export function adminRequestRoutes(app: ZodApp, deps: AdminRouteDeps): void {
  const { ctx, guards } = deps;
  adminRequestMoneyRoutes(app, deps);
  requestSplitPreviewRoute(app, deps);
  const read = { preValidation: guards.requireAdminReader };

  app.get(
    '/api/admin/payment-requests',
    {
      ...read,
      schema: {
        tags,
        security,
        description:
          'Every payment request, newest first, with the creator, the chargeback hold, a deferred payout and refunded duplicate payments.',
        querystring: listQuery,
        response: { 200: z.array(adminPaymentRequestSchema), ...errors },
      },
    },
    async (request) => {
      const at = ctx.clock.now().toISOString();
      return ctx.queries.requests
        .listAll(request.query.limit, request.query.offset)
        .map((r) =>
          toAdminPaymentRequestDto(
            r,
            at,
            ctx.config.publicUrl,
            ctx.queries.accounts,
          ),
        );
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
    async (request) => adminRequestDto(ctx, request.params.id),
  );
  releaseHoldRoute(app, deps);
}

/** An admin resolves a chargeback hold on a request. */
function releaseHoldRoute(app: ZodApp, { ctx, guards }: AdminRouteDeps): void {
  app.post(
    '/api/admin/payment-requests/:id/release-hold',
    {
      preValidation: guards.requireAdminActor,
      schema: {
        tags,
        security,
        params: idParam,
        body: releaseHoldBody,
        description:
          'Resolves a chargeback hold (PaymentRequestHoldReleased): the creator can complete the request, or a deferred payout proceeds. 409 when the request is not on hold.',
        response: {
          200: z.object({
            success: z.boolean(),
            request: adminPaymentRequestSchema,
          }),
          ...errors,
        },
      },
    },
    async (request) => {
      adminRequestDto(ctx, request.params.id);
      const cc = commandContext(request, {
        kind: 'admin',
        id: adminOf(request).adminId,
      });
      const command = {
        type: 'ReleaseChargebackHold',
        note: request.body.note,
      } as const;
      const result = await ctx.run.request(
        request.params.id,
        command,
        cc,
        requestGuard.admin,
      );
      await ctx.settle(result.position);
      return {
        success: true,
        request: adminRequestDto(ctx, request.params.id),
      };
    },
  );
}

const actionAnswer = z.object({
  success: z.boolean(),
  pending: z.boolean(),
  /** A release: what the payout waits for (`bank_account`: the creator has no ready payout account), as the brand's approval answers. */
  waitingFor: adminPaymentRequestSchema.shape.payoutWaitingFor,
  request: adminPaymentRequestSchema,
});

interface RequestAction {
  path: string;
  description: string;
  body?: z.ZodType;
  /** A retry under the same key replays "under way" (the action records no intent of its own to answer). */
  keepUnderWayAnswer?: boolean;
  /** The action pays the creator out: while that payout waits (e.g. for their payout account), the answer is 202 and says what for. */
  paysOut?: boolean;
  /** Records the command; settles once the payments reactor answered ('pending' while under way). */
  run: (
    id: number,
    cc: CommandContext,
    key: string,
    body: unknown,
  ) => Promise<EffectOutcome>;
}

/** The admin's money actions on a request, each recording its command and waiting for its outcome. */
function requestActions(ctx: AdminRouteDeps['ctx']): RequestAction[] {
  const { run, bus, payments } = ctx;
  const outcomes = () => payments.outcomes;
  const target = (id: number) => ({ kind: 'payment_request', id }) as const;
  return [
    {
      path: 'release',
      description:
        "Releases the request's money to the creator (a payout now, or deferred until their payout account is ready); also during a hold. 202 with `waitingFor` while the payout waits: `bank_account` when the creator has no ready payout account (no payout is started; it follows once they add one).",
      paysOut: true,
      run: async (id, cc, key) => {
        const r = await outcomes().recordOnce(target(id), key, () =>
          releasePaymentRequest(
            { bus, run },
            id,
            { trigger: 'admin', key },
            cc,
            requestGuard.admin,
          ),
        );
        return outcomes().transfer(target(id), key, r.position);
      },
    },
    {
      path: 'refund',
      description:
        'Refunds the brand what the escrow holds (PaymentRequestRefundRequested).',
      run: async (id, cc, key) => {
        const command = { type: 'RefundPaymentRequest', key } as const;
        const r = await outcomes().recordOnce(target(id), key, () =>
          run.request(id, command, cc, requestGuard.admin),
        );
        return outcomes().refund(target(id), key, r.position);
      },
    },
    {
      path: 'split',
      description:
        'Resolves a disputed (or held) request with a split: the creator receives `creatorCents`, the brand the rest less the fee kept in proportion.',
      body: z.object({
        creatorCents: z.number({
          error: 'creatorCents must be a number of cents',
        }),
      }),
      run: async (id, cc, key, body) => {
        const { creatorCents } = body as { creatorCents: number };
        const r = await outcomes().recordOnce(target(id), key, () =>
          splitPaymentRequest({ bus, run }, id, { creatorCents, key }, cc),
        );
        return outcomes().split(target(id), r.position);
      },
    },
    {
      path: 'split/retry',
      description:
        'Asks again for the refused part(s) of a split, under their original keys.',
      keepUnderWayAnswer: true,
      run: async (id, cc) => {
        const r = await run.request(
          id,
          { type: 'RetryRequestSplit' },
          cc,
          requestGuard.admin,
        );
        return outcomes().split(target(id), r.position);
      },
    },
  ];
}

/**
 * An admin resolves a request as a deal: release to the creator, refund the brand, split, and
 * retry a refused part of a split. Admins only (auditors are refused before the body is read),
 * under the `Idempotency-Key`; 202 while the gateway is still working on it.
 */
function adminRequestMoneyRoutes(
  app: ZodApp,
  { ctx, guards, idempotency }: AdminRouteDeps,
): void {
  const dto = (id: number) => adminRequestDto(ctx, id);
  const actions = requestActions(ctx);
  for (const action of actions) {
    app.post(
      `/api/admin/payment-requests/:id/${action.path}`,
      {
        preValidation: guards.requireAdminActor,
        preHandler: idempotency.preHandler,
        config: { keepUnderWayAnswer: action.keepUnderWayAnswer === true },
        schema: {
          tags,
          security,
          params: idParam,
          ...(action.body ? { body: action.body } : {}),
          description: action.description,
          response: {
            200: actionAnswer,
            202: actionAnswer,
            ...errors,
            502: errorSchema,
          },
        },
      },
      async (request, reply) => {
        const id = request.params.id;
        dto(id);
        const cc = commandContext(request, {
          kind: 'admin',
          id: adminOf(request).adminId,
        });
        const key = idempotency.intentKey(request);
        const pending =
          (await action.run(id, cc, key, request.body)) === 'pending';
        await ctx.settle(await ctx.store.headPosition());
        const answer = dto(id);
        const failed =
          answer.split?.transfer === 'failed' ||
          answer.split?.refund === 'failed';
        const waitingFor = action.paysOut ? answer.payoutWaitingFor : null;
        const waiting = pending || waitingFor !== null;
        return reply.status(waiting ? 202 : 200).send({
          success: !failed,
          pending: waiting,
          waitingFor,
          request: answer,
        });
      },
    );
  }
}

/** What a split of the request would move now, with the split's own refusals (as for deals). */
function requestSplitPreviewRoute(
  app: ZodApp,
  { ctx, guards }: AdminRouteDeps,
): void {
  app.get(
    '/api/admin/payment-requests/:id/split-preview',
    {
      preValidation: guards.requireAdminActor,
      schema: {
        tags,
        security,
        params: idParam,
        querystring: z.object({
          creatorCents: z.coerce.number({
            error: 'creatorCents must be a number of cents',
          }),
        }),
        description:
          "What a split giving the creator `creatorCents` would move now: the creator's part, the fee kept (in proportion, rounded half up), the brand's refund and what the escrow holds; the same refusals as the split itself.",
        response: { 200: splitPreviewSchema, ...errors },
      },
    },
    async (request) =>
      previewPaymentRequestSplit(
        ctx.bus,
        request.params.id,
        request.query.creatorCents,
      ),
  );
}
