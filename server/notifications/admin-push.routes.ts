import { z } from 'zod';
import { errorSchema } from '@machines/contract/api';
import { adminOf } from '../auth/authenticate';
import { DomainError } from '../commands/domain-error';
import { commandContext, type ZodApp } from '../http/route-deps';
import {
  adminPushStreamId,
  appendNotificationEvent,
} from './notification-streams';
import type { NotificationRouteDeps } from './notification-parts';
import { pushEndpointAllowed } from './push.service';

const tags = ['admin'];
const security = [{ bearerAuth: [] }];
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema };
const subscribed = z.object({ subscribed: z.boolean() });
const endpoint = z.string().min(1).max(2_000);
const subscription = z.object({
  endpoint: z.url({ error: 'subscription.endpoint must be a URL' }).max(2_000),
  keys: z.object({
    p256dh: z.string().min(1).max(200),
    auth: z.string().min(1).max(100),
  }),
});

/** An admin's alert devices, read from the notifications read model, and recording a change. */
function adminDevices(ctx: NotificationRouteDeps['ctx']) {
  const mine = (adminId: string) =>
    ctx.queries.notifications
      .adminSubscriptions()
      .filter((d) => d.adminId === adminId);
  const record = async (
    request: Parameters<typeof commandContext>[0],
    adminId: string,
    event: { type: string; data: unknown },
  ) => {
    const meta = commandContext(request, { kind: 'admin', id: adminId });
    const { position } = await appendNotificationEvent(
      ctx,
      adminPushStreamId(adminId),
      event,
      'any',
      meta,
    );
    await ctx.settle(position);
  };
  return { mine, record };
}

/** Whether this device (its push endpoint) gets the admin's alerts. */
function stateRoute(
  app: ZodApp,
  guards: NotificationRouteDeps['guards'],
  mine: ReturnType<typeof adminDevices>['mine'],
): void {
  app.get(
    '/api/admin/push',
    {
      preValidation: guards.requireAdminActor,
      schema: {
        tags,
        security,
        querystring: z.object({ endpoint }),
        description:
          "Whether this device (its push endpoint) gets the admin's alerts.",
        response: { 200: subscribed, ...errors },
      },
    },
    async (request) => ({
      subscribed: mine(adminOf(request).adminId).some(
        (d) => d.subscription.endpoint === request.query.endpoint,
      ),
    }),
  );
}

/**
 * Admin alerts by push (stalled money intents, reconciliation mismatches, ageing holds, failing
 * notifications): an admin turns them on for a device in the admin area; every alert then reaches
 * that device besides the e-mail to the alert addresses (docs/notifications.md).
 */
export function adminPushRoutes(
  app: ZodApp,
  { ctx, guards }: NotificationRouteDeps,
): void {
  const { mine, record } = adminDevices(ctx);

  app.post(
    '/api/admin/push/subscribe',
    {
      preValidation: guards.requireAdminActor,
      schema: {
        tags,
        security,
        body: z.object({ subscription }),
        description:
          'Turns on admin alerts by push for this device (AdminPushSubscribed).',
        response: { 200: subscribed, ...errors },
      },
    },
    async (request) => {
      const { adminId } = adminOf(request);
      const sub = request.body.subscription;
      // As for account subscriptions: only https endpoints of known push services (no SSRF).
      if (!pushEndpointAllowed(sub.endpoint, ctx.config.push.allowedHosts))
        throw new DomainError('push_endpoint_not_allowed');
      await record(request, adminId, {
        type: 'AdminPushSubscribed',
        data: { adminId, subscription: sub },
      });
      return { subscribed: true };
    },
  );

  app.post(
    '/api/admin/push/off',
    {
      preValidation: guards.requireAdminActor,
      schema: {
        tags,
        security,
        body: z.object({ endpoint }),
        description:
          'Turns admin alerts by push off for this device (AdminPushUnsubscribed).',
        response: { 200: subscribed, ...errors },
      },
    },
    async (request) => {
      const { adminId } = adminOf(request);
      if (
        mine(adminId).some(
          (d) => d.subscription.endpoint === request.body.endpoint,
        )
      )
        await record(request, adminId, {
          type: 'AdminPushUnsubscribed',
          data: {
            adminId,
            endpoint: request.body.endpoint,
            reason: 'turned_off',
          },
        });
      return { subscribed: false };
    },
  );

  stateRoute(app, guards, mine);
}
