import type { FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { languages } from '@machines/account/account.events';
import { WrongExpectedVersion } from '../event-store/event-store';
import type { ZodApp } from '../http/route-deps';
import type { RequestRouteDeps } from './request-parts';
import {
  messagePage,
  signedLinkPage,
} from '../notifications/notification-pages';
import {
  appendNotificationEvent,
  requestBlockStreamId,
} from '../notifications/notification-streams';
import { catalogs } from '../notifications/texts';

const query = z.object({
  token: z.string().max(2_000).default(''),
  lang: z.enum(languages).catch('en').default('en'),
});

/** Records the block once; a block recorded before answers the same. */
async function recordBlock(
  ctx: RequestRouteDeps['ctx'],
  target: { email: string; creatorId: string },
  correlationId: string,
): Promise<void> {
  const account = ctx.queries.accounts.userByEmail(target.email);
  const actor = account
    ? { kind: 'brand' as const, id: account.userId }
    : { kind: 'system' as const, id: 'request-block-link' };
  try {
    const event = {
      type: 'PaymentRequestSenderBlocked',
      data: { creatorId: target.creatorId },
    };
    const { position } = await appendNotificationEvent(
      ctx,
      requestBlockStreamId(target.email, target.creatorId),
      event,
      'no_stream',
      { actor, correlationId },
    );
    await ctx.settle(position);
  } catch (error) {
    // Blocked before: nothing more to record.
    if (!(error instanceof WrongExpectedVersion)) throw error;
  }
}

/**
 * The block link in a payment request e-mail: its recipient stops further requests from that
 * creator to that address. GET only asks (mail scanners follow links); POST blocks, as the page's
 * button. The event's actor is the account behind the address if there is one, else the link.
 */
export function requestBlockRoutes(
  app: ZodApp,
  { ctx }: RequestRouteDeps,
): void {
  const links = ctx.notifications.requestBlocks;
  const html = (reply: FastifyReply, status: number, body: string) =>
    reply.code(status).type('text/html; charset=utf-8').send(body);
  void app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) =>
        done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    const schema = { tags: ['payment requests'], querystring: query };
    scope.get(
      '/api/payment-requests/block-sender',
      { schema },
      async (request, reply) => {
        const t = catalogs[request.query.lang].mail;
        const shown = signedLinkPage(
          links.verify(request.query.token) !== null,
          request.query.lang,
          {
            title: t.block,
            invalid: t.invalidLink,
            body: t.blockConfirmBody,
            button: t.blockButton,
          },
          request.url,
        );
        return html(reply, shown.status, shown.body);
      },
    );
    scope.post(
      '/api/payment-requests/block-sender',
      { schema },
      async (request, reply) => {
        const t = catalogs[request.query.lang].mail;
        const target = links.verify(request.query.token);
        if (!target)
          return html(
            reply,
            400,
            messagePage(request.query.lang, t.block, t.invalidLink),
          );
        await recordBlock(ctx, target, request.id);
        return html(
          reply,
          200,
          messagePage(request.query.lang, t.blockedTitle, t.blockedBody),
        );
      },
    );
  });
}
