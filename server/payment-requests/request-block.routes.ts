import { WrongExpectedVersion } from '../event-store/event-store';
import type { ZodApp } from '../http/route-deps';
import type { RequestRouteDeps } from './request-parts';
import { signedLinkRoutes } from '../notifications/signed-link-routes';
import {
  appendNotificationEvent,
  requestBlockStreamId,
} from '../notifications/notification-streams';
import { catalogs } from '../notifications/texts';

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
  signedLinkRoutes(app, {
    path: '/api/payment-requests/block-sender',
    tag: 'payment requests',
    verify: (token) => links.verify(token),
    texts: (lang) => {
      const t = catalogs[lang].mail;
      return {
        title: t.block,
        invalid: t.invalidLink,
        body: t.blockConfirmBody,
        button: t.blockButton,
        doneTitle: t.blockedTitle,
        doneBody: t.blockedBody,
      };
    },
    act: (target, correlationId) => recordBlock(ctx, target, correlationId),
  });
}
