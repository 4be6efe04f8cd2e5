import { z } from 'zod';
import { errorSchema } from '@machines/contract/api';
import { userOf } from '../auth/authenticate';
import { DomainError } from '../commands/domain-error';
import { commandContext, type ZodApp } from '../http/route-deps';
import type { NotificationRouteDeps } from './notification-parts';
import { pushEndpointAllowed } from './push.service';

const tags = ['push'];
const security = [{ bearerAuth: [] }];
const errors = { 400: errorSchema, 401: errorSchema, 409: errorSchema };
const sent = z.object({
  success: z.boolean(),
  sent: z.number(),
  failed: z.number(),
});

const subscriptionBody = z.object({
  subscription: z.object(
    {
      endpoint: z
        .url({ error: 'subscription.endpoint must be a URL' })
        .max(2_000),
      keys: z.object(
        {
          p256dh: z.string().min(1).max(200),
          auth: z.string().min(1).max(100),
        },
        { error: 'subscription.keys is required' },
      ),
    },
    { error: 'subscription is required' },
  ),
});

/** Push notifications, authenticated by the bearer token (not a fixed user header, which anyone could send). */
export function pushRoutes(app: ZodApp, deps: NotificationRouteDeps): void {
  const { ctx, guards } = deps;
  const auth = { preHandler: guards.requireUser };

  app.get(
    '/api/push/public-key',
    {
      schema: { tags, response: { 200: z.object({ publicKey: z.string() }) } },
    },
    async () => ({
      publicKey: ctx.push.publicKey,
    }),
  );

  app.post(
    '/api/push/subscribe',
    {
      ...auth,
      schema: {
        tags,
        security,
        body: subscriptionBody,
        response: { 200: z.object({ success: z.boolean() }), ...errors },
      },
    },
    async (request) => {
      const { userId } = userOf(request);
      const { subscription } = request.body;
      if (
        !pushEndpointAllowed(
          subscription.endpoint,
          ctx.config.push.allowedHosts,
        )
      ) {
        throw new DomainError('push_endpoint_not_allowed');
      }
      const max = ctx.config.push.maxSubscriptions;
      const result = await ctx.run.user(
        userId,
        { type: 'AddPushSubscription', subscription, max },
        commandContext(request, { kind: 'brand', id: userId }),
      );
      await ctx.settle(result.position);
      return { success: true };
    },
  );

  pushUnsubscribeRoute(app, deps);
  pushTestRoutes(app, deps);
}

/** A device stops receiving pushes: one endpoint, or every device of the user when none is named. */
function pushUnsubscribeRoute(app: ZodApp, deps: NotificationRouteDeps): void {
  const { ctx, guards } = deps;
  const auth = { preHandler: guards.requireUser };

  app.post(
    '/api/push/unsubscribe',
    {
      ...auth,
      schema: {
        tags,
        security,
        body: z
          .object({ endpoint: z.string().max(2_000).optional() })
          .nullish(),
        response: {
          200: z.object({ success: z.boolean(), removed: z.number() }),
          ...errors,
        },
      },
    },
    async (request) => {
      const { userId } = userOf(request);
      const endpoint = request.body?.endpoint;
      const result = await ctx.run.user(
        userId,
        {
          type: 'RemovePushSubscriptions',
          ...(endpoint === undefined ? {} : { endpoint }),
        },
        commandContext(request, { kind: 'brand', id: userId }),
      );
      const removed = result.events.length;
      await ctx.settle(result.position);
      return { success: true, removed };
    },
  );
}

/** Test pushes: a plain test message and a simulated "deal accepted". */
function pushTestRoutes(app: ZodApp, deps: NotificationRouteDeps): void {
  const { ctx, guards } = deps;
  const auth = { preHandler: guards.requireUser };

  app.post(
    '/api/push/test',
    {
      ...auth,
      schema: {
        tags,
        security,
        body: z
          .object({
            title: z.string().max(200).optional(),
            body: z.string().max(1_000).optional(),
          })
          .nullish(),
        response: { 200: sent, ...errors },
      },
    },
    async (request) => {
      const result = await ctx.push.notifyUser(userOf(request).userId, {
        title: request.body?.title || 'Test Notification',
        body: request.body?.body || 'Push notifications are working.',
        tag: 'test',
      });
      return { success: result.sent > 0, ...result };
    },
  );

  app.post(
    '/api/push/simulate/deal-accepted',
    {
      ...auth,
      schema: {
        tags,
        security,
        body: z
          .object({
            dealId: z.coerce.number().int().positive().optional(),
            influencer: z.string().max(200).optional(),
            amount: z.union([z.string(), z.number()]).optional(),
          })
          .nullish(),
        response: { 200: sent, ...errors },
      },
    },
    async (request) => {
      const b = request.body ?? {};
      const result = await ctx.push.notifyUser(userOf(request).userId, {
        title: 'Deal accepted!',
        body: `${b.influencer ?? 'The creator'} accepted your deal${b.amount !== undefined ? ` of €${String(b.amount)}` : ''}.`,
        url: b.dealId ? `/deals/${b.dealId}` : '/',
        tag: 'deal-accepted',
      });
      return { success: result.sent > 0, ...result };
    },
  );
}
