import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { pushEndpointAllowed } from './push.service';
import { languages } from '@machines/account/account.events';
import { errorSchema } from '@machines/contract/api';
import {
  languageOf,
  notificationPreferencesOf,
} from '@machines/account/user.machine';
import { userOf } from '../auth/authenticate';
import { DomainError } from '../commands/domain-error';
import { WrongExpectedVersion } from '../event-store/event-store';
import { tokenParam } from '../http/fields';
import { commandContext, type ZodApp } from '../http/route-deps';
import type { NotificationRouteDeps } from './notification-parts';
import {
  appendNotificationEvent,
  linkPushStreamId,
  optOutStreamId,
} from './notification-streams';
import { catalogs } from './texts';
import { createLinkSubscriptions } from './link-subscriptions';
import { createLinkClaims } from '../auth/link-claim';
import { createLinkHolders } from '../auth/link-holders';
import { signedLinkRoutes } from './signed-link-routes';

const security = [{ bearerAuth: [] }];
const MAX_LINK_SUBSCRIPTIONS = 10;
const errors = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  409: errorSchema,
};
const language = z.enum(languages, { error: 'language must be "en" or "nl"' });
const onOff = (name: string) =>
  z.boolean({ error: `${name} must be true or false` });
/** Which documents are e-mailed with their PDF (machines/account/document-mail.ts). */
const documents = z.object({
  receipt: onOff('documents.receipt'),
  invoice: onOff('documents.invoice'),
  creditNote: onOff('documents.creditNote'),
  statement: onOff('documents.statement'),
  selfBilled: onOff('documents.selfBilled'),
});
const preferences = z.object({
  push: onOff('push'),
  email: onOff('email'),
  documents,
  language,
});
const preferencesChange = preferences
  .omit({ documents: true })
  .partial()
  .extend({ documents: documents.partial().optional() });
const subscription = z.object(
  {
    endpoint: z
      .url({ error: 'subscription.endpoint must be a URL' })
      .max(2_000),
    keys: z.object(
      { p256dh: z.string().min(1).max(200), auth: z.string().min(1).max(100) },
      { error: 'subscription.keys is required' },
    ),
  },
  { error: 'subscription is required' },
);

/**
 * Notification preferences (saved on the account), push for creators without an account (one
 * deal, through its link) and the email unsubscribe link.
 */
export function notificationsRoutes(
  app: ZodApp,
  deps: NotificationRouteDeps,
): void {
  const { ctx, guards } = deps;

  const preferencesOf = (userId: string) => {
    const user = ctx.queries.accounts.userById(userId)!;
    return { ...notificationPreferencesOf(user), language: languageOf(user) };
  };

  app.get(
    '/api/user/notification-preferences',
    {
      preHandler: guards.requireUser,
      schema: {
        tags: ['profile'],
        security,
        response: { 200: preferences, ...errors },
      },
    },
    async (request) => preferencesOf(userOf(request).userId),
  );

  app.put(
    '/api/user/notification-preferences',
    {
      preHandler: guards.requireUser,
      schema: {
        tags: ['profile'],
        security,
        description:
          'Changes what is given: the push and e-mail switches, which documents are e-mailed (`documents`: receipt, invoice, creditNote, statement, selfBilled; each on its own) and the language.',
        body: preferencesChange,
        response: { 200: preferences, ...errors },
      },
    },
    async (request) => {
      const { userId } = userOf(request);
      const result = await ctx.run.user(
        userId,
        { type: 'SetNotifications', ...request.body },
        commandContext(request, { kind: 'brand', id: userId }),
      );
      await ctx.settle(result.position);
      return preferencesOf(userId);
    },
  );
  linkPushRoutes(app, deps);
  unsubscribeRoutes(app, deps);
}

type ClaimedRequest = FastifyRequest<{ Params: { token: string } }>;

/** What the deal link's push routes share: who holds the link's claim, and the link's devices. */
interface LinkPush {
  ofClaimer(
    request: ClaimedRequest,
    options?: { beforeAcceptance?: boolean },
  ): Promise<ReturnType<NotificationRouteDeps['dealViews']['linkRecord']>>;
  subscriptions: ReturnType<typeof createLinkSubscriptions>;
}

/**
 * The link's push devices belong to the claim: once the deal is accepted only the accepting
 * browser (its claim secret) or the signed-in creator who accepted may change them. Before
 * acceptance nobody holds the claim: subscribing waits for it, while turning off a device
 * subscribed then (as an earlier version allowed) stays open to the link.
 */
function claimerLink({
  ctx,
  dealViews,
}: NotificationRouteDeps): LinkPush['ofClaimer'] {
  const claims = createLinkClaims(ctx);
  const holders = createLinkHolders(ctx);
  return async (request, { beforeAcceptance = false } = {}) => {
    const record = dealViews.linkRecord(request.params.token);
    if (record.context.influencerAcceptedAt === null) {
      if (beforeAcceptance) return record;
      throw new DomainError('deal_notifications_not_yet');
    }
    await holders.assertHolder(
      { kind: 'deal', id: record.id },
      record.context,
      claims.claimOf(request),
      'deal_claimed_elsewhere',
    );
    return record;
  };
}

/** Adds the device to the deal's link push. */
async function subscribeDevice(
  ctx: NotificationRouteDeps['ctx'],
  subscriptions: LinkPush['subscriptions'],
  dealId: number,
  body: {
    subscription: z.infer<typeof subscription>;
    language: z.infer<typeof language>;
  },
  meta: ReturnType<typeof commandContext>,
): Promise<void> {
  const known = ctx.queries.notifications.linkSubscriptions(dealId);
  // Bounded per deal; the claimer's newest device replaces its oldest, so the creator always gets one.
  if (
    !known.some((s) => s.endpoint === body.subscription.endpoint) &&
    known.length >= MAX_LINK_SUBSCRIPTIONS
  ) {
    await subscriptions.remove(
      dealId,
      await subscriptions.oldest(
        dealId,
        known.length - MAX_LINK_SUBSCRIPTIONS + 1,
      ),
      'replaced',
      meta,
    );
  }
  const { position } = await appendNotificationEvent(
    ctx,
    linkPushStreamId(dealId),
    {
      type: 'DealLinkPushSubscribed',
      data: {
        dealId,
        subscription: body.subscription,
        language: body.language,
      },
    },
    'any',
    meta,
  );
  await ctx.settle(position);
}

/** Push for one deal, for a creator without an account (the deal link): subscribe, turn off, ask. */
function linkPushRoutes(app: ZodApp, deps: NotificationRouteDeps): void {
  const link: LinkPush = {
    ofClaimer: claimerLink(deps),
    subscriptions: createLinkSubscriptions(deps.ctx),
  };
  linkSubscribeRoute(app, deps, link);
  linkTurnOffRoute(app, deps, link);
  linkStatusRoute(app, deps);
}

/** The link's holder adds this device to the deal's push. */
function linkSubscribeRoute(
  app: ZodApp,
  { ctx }: NotificationRouteDeps,
  link: LinkPush,
): void {
  const linkBody = z.object({ subscription, language: language.default('en') });
  app.post(
    '/api/deals/link/:token/notifications',
    {
      schema: {
        tags: ['deal link (creator)'],
        params: tokenParam,
        body: linkBody,
        response: { 200: z.object({ subscribed: z.boolean() }), ...errors },
      },
    },
    async (request) => {
      const record = await link.ofClaimer(request);
      // As for account subscriptions: only https endpoints of known push services (no SSRF).
      if (
        !pushEndpointAllowed(
          request.body.subscription.endpoint,
          ctx.config.push.allowedHosts,
        )
      ) {
        throw new DomainError('push_endpoint_not_allowed');
      }
      await subscribeDevice(
        ctx,
        link.subscriptions,
        record.id,
        request.body,
        commandContext(request, {
          kind: 'creator-link',
          id: `deal-${record.id}`,
        }),
      );
      return { subscribed: true };
    },
  );
}

/** The link's holder turns push off for one device (a device it knows, else nothing changes). */
function linkTurnOffRoute(
  app: ZodApp,
  { ctx }: NotificationRouteDeps,
  link: LinkPush,
): void {
  app.post(
    '/api/deals/link/:token/notifications/off',
    {
      schema: {
        tags: ['deal link (creator)'],
        params: tokenParam,
        body: z.object({ endpoint: z.string().min(1).max(2_000) }),
        response: { 200: z.object({ subscribed: z.boolean() }), ...errors },
      },
    },
    async (request) => {
      const record = await link.ofClaimer(request, { beforeAcceptance: true });
      const known = ctx.queries.notifications
        .linkSubscriptions(record.id)
        .some((s) => s.endpoint === request.body.endpoint);
      if (known) {
        const meta = commandContext(request, {
          kind: 'creator-link',
          id: `deal-${record.id}`,
        });
        await link.subscriptions.remove(
          record.id,
          [request.body.endpoint],
          'turned_off',
          meta,
        );
      }
      return { subscribed: false };
    },
  );
}

/** Whether a device gets the deal's push (anyone with the link may ask). */
function linkStatusRoute(
  app: ZodApp,
  { ctx, dealViews }: NotificationRouteDeps,
): void {
  app.get(
    '/api/deals/link/:token/notifications',
    {
      schema: {
        tags: ['deal link (creator)'],
        params: tokenParam,
        querystring: z.object({ endpoint: z.string().max(2_000) }),
        response: { 200: z.object({ subscribed: z.boolean() }), ...errors },
      },
    },
    async (request) => {
      const record = dealViews.linkRecord(request.params.token);
      return {
        subscribed: ctx.queries.notifications
          .linkSubscriptions(record.id)
          .some((s) => s.endpoint === request.query.endpoint),
      };
    },
  );
}

/**
 * What a verified unsubscribe link turns off: a user's e-mail preference (push stays as it was),
 * or, for an address without an account, a one-event opt-out stream (a second click finds it and changes nothing).
 */
async function unsubscribeRecipient(
  ctx: NotificationRouteDeps['ctx'],
  recipient: string,
  correlationId: string,
): Promise<void> {
  const meta = {
    actor: { kind: 'system' as const, id: 'unsubscribe-link' },
    correlationId,
  };
  if (recipient.startsWith('user:')) {
    const userId = recipient.slice(5);
    const result = await ctx.run.user(
      userId,
      { type: 'UnsubscribeEmail' },
      meta,
      {
        ifMissing: 'nothing',
      },
    );
    await ctx.settle(result.position);
    return;
  }
  const email = recipient.slice('email:'.length);
  try {
    const { position } = await appendNotificationEvent(
      ctx,
      optOutStreamId(email),
      { type: 'EmailUnsubscribed', data: {} },
      'no_stream',
      meta,
    );
    await ctx.settle(position);
  } catch (error) {
    if (!(error instanceof WrongExpectedVersion)) throw error;
  }
}

/** The unsubscribe link of every mail. */
function unsubscribeRoutes(app: ZodApp, { ctx }: NotificationRouteDeps): void {
  signedLinkRoutes(app, {
    path: '/api/notifications/unsubscribe',
    tag: 'notifications',
    verify: (token) => ctx.notifications.unsubscribe.verify(token),
    texts: (lang) => {
      const t = catalogs[lang].mail;
      return {
        title: t.unsubscribe,
        invalid: t.invalidLink,
        body: t.confirmBody,
        button: t.confirmButton,
        doneTitle: t.unsubscribedTitle,
        doneBody: t.unsubscribedBody,
      };
    },
    act: (recipient, correlationId) =>
      unsubscribeRecipient(ctx, recipient, correlationId),
  });
}
