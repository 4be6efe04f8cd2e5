import { z } from 'zod';
import { adminCountsSchema, adminDealSchema, errorSchema } from '../../machines/contract/api';
import type { AdminChip } from '../../machines/deal/deal-order';
import { adminOf } from '../auth/authenticate';
import { DomainError } from '../commands/domain-error';
import { StreamNotFound } from '../event-store/event-store';
import { idParam } from '../http/fields';
import { commandContext, type RouteDeps, type ZodApp } from '../http/route-deps';
import type { EffectOutcome } from '../payments/effect-outcomes';
import { adminRequestRoutes } from './admin-requests.routes';
import { dealHistory, disputeTimeline } from './deal-history';

const tags = ['admin'];
const security = [{ bearerAuth: [] }];
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
const chips = ['all', 'pending_payment', 'in_progress', 'awaiting_approval', 'disputed', 'completed'] as const;

/** The admin area: every deal, chip counts, history; actions need the admin role (auditors read only). */
export function adminRoutes(app: ZodApp, deps: RouteDeps): void {
  const { ctx, guards, dealViews } = deps;
  const read = { preHandler: guards.requireAdminReader };
  const deal = (id: number) => {
    const record = ctx.queries.deals.byId(id);
    if (!record) throw new DomainError('not_found', 'Deal not found');
    return record;
  };

  app.get('/api/admin/me', { ...read, schema: { tags, security, response: { 200: z.object({ id: z.string(), username: z.string(), role: z.enum(['admin', 'auditor']) }), ...errors } } }, async (request) => {
    const p = adminOf(request);
    return { id: p.adminId, username: p.username, role: p.role };
  });

  app.get('/api/admin/deals', {
    ...read,
    schema: {
      tags, security,
      querystring: z.object({
        filter: z.enum(chips, { error: `filter must be one of ${chips.join(', ')}` }).default('all'),
        limit: z.coerce.number().int().min(1).max(1_000).default(500),
        offset: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0),
      }),
      response: { 200: z.array(adminDealSchema), ...errors },
    },
  }, async (request) => dealViews.adminList(request.query.filter as AdminChip, request.query.limit, request.query.offset));

  app.get('/api/admin/deals/counts', { ...read, schema: { tags, security, response: { 200: adminCountsSchema, ...errors } } }, async () => {
    const c = ctx.queries.deals.countsFor('*');
    const n = (s: string) => c[s] ?? 0;
    return {
      all: Object.values(c).reduce((a, b) => a + b, 0),
      pending_payment: n('pending_payment'),
      in_progress: n('pending_delivery'),
      awaiting_approval: n('delivered'),
      disputed: n('dispute'),
      completed: n('completed') + n('approved_after_dispute'),
    };
  });

  app.get('/api/admin/deals/:id', { ...read, schema: { tags, security, params: idParam, response: { 200: adminDealSchema, ...errors } } }, async (request) =>
    dealViews.forAdmin(deal(request.params.id)));

  const history = async (id: number) => {
    try {
      return dealHistory(await ctx.store.readStream(`deal-${id}`));
    } catch (error) {
      if (error instanceof StreamNotFound) throw new DomainError('not_found', 'Deal not found');
      throw error;
    }
  };
  const entry = z.object({
    revision: z.number(), position: z.number(), type: z.string(), at: z.string(),
    actor: z.object({ kind: z.string(), id: z.string() }), correlationId: z.string(), data: z.unknown(), state: z.string(), status: z.string(),
  });
  app.get('/api/admin/deals/:id/events', { ...read, schema: { tags, security, params: idParam, response: { 200: z.array(entry), ...errors } } }, async (request) =>
    history(request.params.id));

  app.get('/api/admin/disputes/:id/timeline', {
    ...read,
    schema: {
      tags, security, params: idParam,
      response: { 200: z.array(z.object({ at: z.string(), type: z.string(), actor: z.object({ kind: z.string(), id: z.string() }), status: z.string(), summary: z.string() })), ...errors },
    },
  }, async (request) => disputeTimeline(await history(request.params.id)));

  type Act = (id: number, cc: ReturnType<typeof commandContext>, key: string) => Promise<{ position: number; outcome?: Promise<EffectOutcome> }>;
  const answer = z.object({ success: z.boolean(), pending: z.boolean().optional(), deal: adminDealSchema });
  /** Admin money actions record an intent and wait for the payments reactor's answer (202 while it is under way). */
  const action = (path: string, run: Act) =>
    app.post(path, {
      preHandler: [guards.requireAdminActor, deps.idempotency.preHandler],
      schema: { tags, security, params: idParam, response: { 200: answer, 202: answer, ...errors, 502: errorSchema } },
    }, async (request, reply) => {
      deal(request.params.id);
      const cc = commandContext(request, { kind: 'admin', id: adminOf(request).adminId });
      const { outcome } = await run(request.params.id, cc, deps.idempotency.intentKey(request));
      const pending = (await outcome) === 'pending';
      await ctx.settle(await ctx.store.headPosition());
      return reply.status(pending ? 202 : 200).send({ success: true, pending, deal: dealViews.forAdmin(deal(request.params.id)) });
    });
  const outcomes = () => ctx.payments.outcomes;
  action('/api/admin/deals/:id/release', async (id, cc, key) => {
    const r = await deps.deals.adminRelease(id, key, cc);
    return { position: r.position, outcome: outcomes().release(id, key, r.position) };
  });
  action('/api/admin/deals/:id/hold', (id, cc) => deps.deals.hold(id, cc));
  action('/api/admin/deals/:id/resume', (id, cc) => deps.deals.resume(id, cc));
  action('/api/admin/deals/:id/refund', async (id, cc, key) => {
    const r = await deps.deals.refund(id, key, cc);
    return { position: r.position, outcome: outcomes().refund(id, key, r.position) };
  });
  adminRequestRoutes(app, deps);
}
