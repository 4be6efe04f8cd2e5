import { z } from 'zod';
import { ADMIN_REVIEW_HOLD } from '@machines/deal/hold-reason';
import { adminCountsSchema, adminDealSchema } from '@machines/contract/api';
import { adminChips, type AdminChip } from '@machines/deal/deal-order';
import { adminOf } from '../auth/authenticate';
import { DomainError } from '../commands/domain-error';
import { StreamNotFound } from '../event-store/event-store';
import { idParam } from '../http/fields';
import { commandContext, type ZodApp } from '../http/route-deps';
import type { AdminRouteDeps } from './admin-parts';
import { dealGuard } from '../auth/ownership';
import type { DealRecord } from '../../projections/deals.queries';
import { adminRequestRoutes } from './admin-requests.routes';
import { createCreatorClaimView } from '../link-claims/self-dealing';
import { verifyStream } from '../event-store/hash-chain';
import { requiredText } from '../http/fields';
import { createActorNames } from '../deals/actor-names';
import { requestLanguage, type Language } from '../i18n/request-language';
import { adminAccountRoutes } from './admin-accounts.routes';
import { adminDisputeRoutes } from './admin-disputes.routes';
import { adminSplitRoutes } from './admin-split.routes';
import { adminMilestoneRoutes } from './admin-milestone.routes';
import {
  adminDealAction,
  adminErrors,
  adminSecurity,
  adminTags,
  type AdminDealAction,
} from './admin-deal-action';
import { dealHistory, disputeTimeline, heldCentsOf } from './deal-history';
import { escrowAccountNames } from '@machines/escrow/escrow-accounts';
import { eventTextSchema } from './disputes';

const DAY = 86_400_000;

const tags = adminTags;
const security = adminSecurity;
const errors = adminErrors;
const chips = Object.keys(adminChips) as [AdminChip, ...AdminChip[]];

// Response shapes of the history, integrity, hold-ageing and money-action routes below.
const actor = z.object({ kind: z.string(), name: z.string() });
const entry = z.object({
  revision: z.number(),
  position: z.number(),
  type: z.string(),
  at: z.string(),
  actor,
  correlationId: z.string(),
  data: z.unknown(),
  state: z.string(),
  recordedState: z.string().nullable(),
  status: z.string(),
  view: z.object({
    status: z.string(),
    step: z.number().nullable(),
    badge: z.string(),
    onHold: z.boolean(),
    can: z.array(z.string()),
    heldCents: z.number(),
  }),
  summary: eventTextSchema,
  ledger: z.object({
    lines: z.array(
      z.object({
        kind: z.enum(['posted', 'reserved', 'settled', 'voided']),
        debit: z.enum(escrowAccountNames),
        credit: z.enum(escrowAccountNames),
        amountCents: z.number(),
      }),
    ),
    reference: z.string().nullable(),
    balances: z.array(
      z.object({
        account: z.enum(escrowAccountNames),
        balanceCents: z.number(),
        pendingCents: z.number(),
      }),
    ),
  }),
});
const chainBreak = z.object({
  streamId: z.string(),
  revision: z.number(),
  position: z.number(),
  type: z.string(),
  reason: z.enum(['mismatch', 'missing']),
});
const ageing = z.object({
  dealId: z.number(),
  title: z.string().nullable(),
  heldSince: z.string(),
  days: z.number(),
  heldCents: z.number(),
});

/** The deal with this id, or deal_not_found (404). */
type DealLookup = (id: number) => DealRecord;

/** The admin area: every deal, chip counts, history; actions need the admin role (auditors read only). */
export function adminRoutes(app: ZodApp, deps: AdminRouteDeps): void {
  const { ctx } = deps;
  const deal: DealLookup = (id) => {
    const record = ctx.queries.deals.byId(id);
    if (!record) throw new DomainError('deal_not_found');
    return record;
  };
  adminDealListRoutes(app, deps);
  adminDealDetailRoute(app, deps, deal);
  const history = adminDealHistoryRoutes(app, deps);
  holdAgeingRoute(app, deps);
  adminDealNoteRoute(app, deps, deal);
  adminDealActionRoutes(app, deps, deal);
  adminSplitRoutes(app, deps, deal);
  adminMilestoneRoutes(app, deps, deal);
  adminRequestRoutes(app, deps);
  adminDisputeRoutes(app, deps, history);
  adminAccountRoutes(app, deps);
}

const adminMeAnswer = z.object({
  id: z.string(),
  username: z.string(),
  role: z.enum(['admin', 'auditor']),
});

const dealListQuery = z.object({
  filter: z
    .enum(chips, { error: `filter must be one of ${chips.join(', ')}` })
    .default('all'),
  limit: z.coerce.number().int().min(1).max(1_000).default(500),
  offset: z.coerce
    .number()
    .int()
    .min(0)
    .max(Number.MAX_SAFE_INTEGER)
    .default(0),
});

/** Who is signed in, the deal list by chip and the chip counts. */
function adminDealListRoutes(
  app: ZodApp,
  { ctx, guards, dealViews }: AdminRouteDeps,
): void {
  const read = { preValidation: guards.requireAdminReader };

  app.get(
    '/api/admin/me',
    {
      ...read,
      schema: {
        tags,
        security,
        response: { 200: adminMeAnswer, ...errors },
      },
    },
    async (request) => {
      const p = adminOf(request);
      return { id: p.adminId, username: p.username, role: p.role };
    },
  );

  app.get(
    '/api/admin/deals',
    {
      ...read,
      schema: {
        tags,
        security,
        querystring: dealListQuery,
        response: { 200: z.array(adminDealSchema), ...errors },
      },
    },
    async (request) =>
      dealViews.adminList(
        request.query.filter as AdminChip,
        request.query.limit,
        request.query.offset,
      ),
  );

  app.get(
    '/api/admin/deals/counts',
    {
      ...read,
      schema: {
        tags,
        security,
        response: { 200: adminCountsSchema, ...errors },
      },
    },
    async () => {
      const c = ctx.queries.deals.countsFor('*');
      const n = (s: string) => c[s] ?? 0;
      return {
        all: Object.values(c).reduce((a, b) => a + b, 0),
        pending_payment: n('pending_payment'),
        in_progress: n('pending_delivery') + n('changes_requested'),
        awaiting_approval: n('delivered'),
        disputed: n('dispute'),
        completed:
          n('completed') + n('approved_after_dispute') + n('split_resolved'),
      };
    },
  );
}

/** One deal as admins see it, with who holds its creator link and any sign of self-dealing. */
function adminDealDetailRoute(
  app: ZodApp,
  { ctx, guards, dealViews }: AdminRouteDeps,
  deal: DealLookup,
) {
  const read = { preValidation: guards.requireAdminReader };
  const creatorClaim = createCreatorClaimView(ctx);
  app.get(
    '/api/admin/deals/:id',
    {
      ...read,
      schema: {
        tags,
        security,
        params: idParam,
        response: { 200: adminDealSchema, ...errors },
      },
    },
    async (request) => {
      const record = deal(request.params.id);
      const view = dealViews.forAdmin(record);
      if (record.context.influencerAcceptedAt === null) return view;
      const brandEmail =
        ctx.queries.accounts.userById(record.ownerId)?.email ?? '';
      return {
        ...view,
        creatorClaim: await creatorClaim(record.id, brandEmail),
      };
    },
  );
}

/** A deal's replayed history, its dispute timeline and its hash-chain check; returns the history for the dispute routes. */
const timelineEntry = z.object({
  at: z.string(),
  type: z.string(),
  actor,
  status: z.string(),
  summary: eventTextSchema,
});

const integrityAnswer = z.object({
  streamId: z.string(),
  ok: z.boolean(),
  events: z.number(),
  head: z.string(),
  firstBreak: chainBreak.nullable(),
});

function adminDealHistoryRoutes(app: ZodApp, { ctx, guards }: AdminRouteDeps) {
  const read = { preValidation: guards.requireAdminReader };
  // The chain covers the stored form (personal fields sealed): the check reads that.
  const readDeal = async (id: number, store = ctx.store) => {
    try {
      return await store.readStream(`deal-${id}`);
    } catch (error) {
      if (error instanceof StreamNotFound)
        throw new DomainError('deal_not_found');
      throw error;
    }
  };
  // Actors are named in the reader's language.
  const history = async (id: number, language: Language = 'en') =>
    dealHistory(
      await readDeal(id),
      createActorNames(ctx.queries.accounts, language),
    );

  app.get(
    '/api/admin/deals/:id/events',
    {
      ...read,
      schema: {
        tags,
        security,
        params: idParam,
        description:
          "The deal's history for the replay timeline: after each event the state, the view (status, step, allowed actions, held amount) replayed through the statechart, who did it (by name) and why.",
        response: { 200: z.array(entry), ...errors },
      },
    },
    async (request) => history(request.params.id, requestLanguage(request)),
  );

  app.get(
    '/api/admin/disputes/:id/timeline',
    {
      ...read,
      schema: {
        tags,
        security,
        params: idParam,
        response: {
          200: z.array(timelineEntry),
          ...errors,
        },
      },
    },
    async (request) =>
      disputeTimeline(
        await history(request.params.id, requestLanguage(request)),
      ),
  );

  app.get(
    '/api/admin/deals/:id/integrity',
    {
      ...read,
      schema: {
        tags,
        security,
        params: idParam,
        description:
          "Checks the deal stream's SHA-256 hash chain and reports the first event that no longer matches (edited, removed or reordered after it was written).",
        response: {
          200: integrityAnswer,
          ...errors,
        },
      },
    },
    async ({ params: { id } }) =>
      verifyStream(`deal-${id}`, await readDeal(id, ctx.storedEvents)),
  );
  return history;
}

/** Deals whose funds have been held for long: an alert list for admins. */
function holdAgeingRoute(app: ZodApp, { ctx, guards }: AdminRouteDeps): void {
  const read = { preValidation: guards.requireAdminReader };

  app.get(
    '/api/admin/deals/hold-ageing',
    {
      ...read,
      schema: {
        tags,
        security,
        description:
          'Deals whose funds have been held in escrow for at least HOLD_AGE_ALERT_DAYS days (default 60), oldest first.',
        response: {
          200: z.object({ alertDays: z.number(), deals: z.array(ageing) }),
          ...errors,
        },
      },
    },
    async () => {
      const now = ctx.clock.now().getTime();
      const days = ctx.config.holdAgeAlertDays;
      const cutoff = new Date(now - days * DAY).toISOString();
      return {
        alertDays: days,
        deals: ctx.queries.deals.heldSince(cutoff).map((r) => ({
          dealId: r.id,
          title: r.context.terms?.title ?? null,
          heldSince: r.context.paidAt!,
          days: Math.floor((now - Date.parse(r.context.paidAt!)) / DAY),
          heldCents: heldCentsOf(r.context),
        })),
      };
    },
  );
}

/** An admin's note on a deal: recorded as an event, no state change. */
function adminDealNoteRoute(
  app: ZodApp,
  { ctx, guards }: AdminRouteDeps,
  deal: DealLookup,
): void {
  const act = { preValidation: guards.requireAdminActor };

  app.post(
    '/api/admin/deals/:id/notes',
    {
      ...act,
      schema: {
        tags,
        security,
        params: idParam,
        body: z.object({ note: requiredText('note', 2_000) }),
        description:
          'Adds an admin note to the deal (DealNoteAdded, authored by the admin); notes show in the history and the dispute timeline. Any state, no state change.',
        response: { 200: z.object({ success: z.boolean() }), ...errors },
      },
    },
    async (request) => {
      deal(request.params.id);
      const cc = commandContext(request, {
        kind: 'admin',
        id: adminOf(request).adminId,
      });
      const result = await ctx.run.deal(
        request.params.id,
        { type: 'AddNote', note: request.body.note },
        cc,
        dealGuard.admin,
      );
      await ctx.settle(result.position);
      return { success: true };
    },
  );
}

/** The money actions on one deal: release, hold, resume, refund. */
function adminDealActionRoutes(
  app: ZodApp,
  deps: AdminRouteDeps,
  deal: DealLookup,
): void {
  const { ctx } = deps;
  const action = (path: string, run: AdminDealAction['run']) =>
    adminDealAction(app, deps, deal, { path, run });
  const outcomes = () => ctx.payments.outcomes;
  action('/api/admin/deals/:id/release', async (id, cc, key) => {
    const r = await outcomes().recordOnce({ kind: 'deal', id }, key, () =>
      ctx.run.deal(
        id,
        { type: 'ReleaseFunds', trigger: 'admin', key },
        cc,
        dealGuard.admin,
      ),
    );
    return {
      position: r.position,
      outcome: outcomes().transfer({ kind: 'deal', id }, key, r.position),
    };
  });
  action('/api/admin/deals/:id/hold', (id, cc) =>
    ctx.run.deal(
      id,
      { type: 'PutOnHold', reason: ADMIN_REVIEW_HOLD },
      cc,
      dealGuard.admin,
    ),
  );
  action('/api/admin/deals/:id/resume', (id, cc) =>
    ctx.run.deal(id, { type: 'ReleaseHold' }, cc, dealGuard.admin),
  );
  action('/api/admin/deals/:id/refund', async (id, cc, key) => {
    const r = await outcomes().recordOnce({ kind: 'deal', id }, key, () =>
      ctx.run.deal(id, { type: 'RequestRefund', key }, cc, dealGuard.admin),
    );
    return {
      position: r.position,
      outcome: outcomes().refund({ kind: 'deal', id }, key, r.position),
    };
  });
}
