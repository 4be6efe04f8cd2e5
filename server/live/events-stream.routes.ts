import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ChangeNotice } from '@machines/contract/api';
import { tokenParam } from '../http/fields';
import type { RouteDeps, ZodApp } from '../http/route-deps';
import { DomainError } from '../commands/domain-error';
import { TooManyRequests } from '../http/rate-limits';
import type { LiveGrant, LiveHolder, LiveRefusal, LiveScope } from './live-hub';

const HEARTBEAT_MS = 15_000;
/** A refused stream may try again after this long (a stream held elsewhere may have closed by then). */
const RETRY_AFTER_SECONDS = 30;
const refusals: Record<LiveRefusal, string> = {
  per_account: 'Too many live-update streams are open for this account; close a tab or try again later',
  per_link: 'Too many live-update streams are open for this link; try again later',
  per_address: 'Too many live-update streams are open from this address; try again later',
  total: 'Too many live-update streams are open on this server; try again later',
};

/**
 * Server-sent events: a `change` event (contract `changeNoticeSchema`) whenever one of the
 * listener's deals or requests changed, a comment heartbeat every 15 s, closed on shutdown.
 */
export function eventsStreamRoutes(app: ZodApp, { ctx, guards, dealViews }: RouteDeps): void {
  const { accounts, deals, requests } = ctx.queries;
  function open(request: FastifyRequest, reply: FastifyReply, scope: LiveScope, grant: LiveGrant, holder: Omit<LiveHolder, 'address'>): void {
    const who = { ...holder, address: request.ip };
    const refused = ctx.live.refusal(who);
    if (refused) {
      reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      throw new TooManyRequests(refusals[refused]);
    }
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    res.write(`retry: 3000\n: connected\n\n`);
    let closed = false;
    const heartbeat = setInterval(() => res.write(': heartbeat\n\n'), HEARTBEAT_MS);
    heartbeat.unref();
    const close = () => {
      if (closed) return;
      closed = true;
      clearInterval(heartbeat);
      remove();
      res.end();
    };
    const remove = ctx.live.add({
      scope,
      grant,
      holder: who,
      send: (notice: ChangeNotice) => {
        if (!closed) res.write(`event: change\ndata: ${JSON.stringify(notice)}\n\n`);
      },
      close,
    });
    request.raw.on('close', close);
  }

  app.get(
    '/api/events/stream',
    {
      preHandler: guards.requireUserOrQueryToken,
      schema: { tags: ['live'], summary: "Change notices for the user's deals and requests (SSE; token as bearer or ?access_token=)" },
    },
    async (request, reply) => {
      const p = request.principal;
      if (p?.kind !== 'user') return;
      const { userId, sessionVersion } = p;
      const holds = () => (accounts.userById(userId)?.sessionVersion ?? 0) === sessionVersion;
      open(request, reply, { kind: 'user', userId }, { stream: `user-${userId}`, holds }, { account: `user:${userId}` });
    },
  );

  app.get(
    '/api/admin/events/stream',
    {
      preHandler: guards.requireAdminReaderOrQueryToken,
      schema: { tags: ['live'], summary: 'Change notices for every deal and payment request (admins and auditors; SSE; token as bearer or ?access_token=)' },
    },
    async (request, reply) => {
      const p = request.principal;
      if (p?.kind !== 'admin') return;
      const { adminId } = p;
      open(
        request,
        reply,
        { kind: 'admin' },
        { stream: `admin-${adminId}`, holds: () => accounts.adminById(adminId)?.active === true },
        { account: `admin:${adminId}` },
      );
    },
  );

  app.get(
    '/api/events/stream/deal/:token',
    {
      schema: { tags: ['live'], summary: 'Change notices for the deal behind a creator link (SSE)', params: tokenParam },
    },
    async (request, reply) => {
      const { token } = request.params;
      const record = dealViews.linkRecord(token);
      const holds = () => deals.byToken(token)?.context.shareableToken === token;
      open(request, reply, { kind: 'deal', dealId: record.id }, { stream: `deal-${record.id}`, holds }, { link: `deal-${record.id}` });
    },
  );

  app.get(
    '/api/events/stream/request/:token',
    {
      schema: { tags: ['live'], summary: 'Change notices for the payment request behind a link (SSE)', params: tokenParam },
    },
    async (request, reply) => {
      const { token } = request.params;
      const record = requests.byToken(token);
      if (!record) throw new DomainError('payment_request_not_found');
      const holds = () => requests.byToken(token)?.id === record.id;
      open(
        request,
        reply,
        { kind: 'payment-request', requestId: record.id },
        { stream: `payment-request-${record.id}`, holds },
        { link: `payment-request-${record.id}` },
      );
    },
  );
}
