import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ChangeNotice } from '../../machines/contract/api';
import { tokenParam } from '../http/fields';
import type { RouteDeps, ZodApp } from '../http/route-deps';
import type { LiveScope } from './live-hub';
import { DomainError } from '../commands/domain-error';

const HEARTBEAT_MS = 15_000;

/**
 * Server-sent events: a `change` event (contract `changeNoticeSchema`) whenever one of the
 * listener's deals or requests changed, a comment heartbeat every 15 s, closed on shutdown.
 */
export function eventsStreamRoutes(app: ZodApp, { ctx, guards, dealViews }: RouteDeps): void {
  function open(request: FastifyRequest, reply: FastifyReply, scope: LiveScope): void {
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
      if (p?.kind === 'user') open(request, reply, { kind: 'user', userId: p.userId });
    },
  );

  app.get(
    '/api/admin/events/stream',
    {
      preHandler: guards.requireAdminReaderOrQueryToken,
      schema: { tags: ['live'], summary: 'Change notices for every deal and payment request (admins and auditors; SSE; token as bearer or ?access_token=)' },
    },
    async (request, reply) => {
      open(request, reply, { kind: 'admin' });
    },
  );

  app.get(
    '/api/events/stream/deal/:token',
    {
      schema: { tags: ['live'], summary: 'Change notices for the deal behind a creator link (SSE)', params: tokenParam },
    },
    async (request, reply) => {
      const record = dealViews.linkRecord(request.params.token);
      open(request, reply, { kind: 'deal', dealId: record.id });
    },
  );

  app.get(
    '/api/events/stream/request/:token',
    {
      schema: { tags: ['live'], summary: 'Change notices for the payment request behind a link (SSE)', params: tokenParam },
    },
    async (request, reply) => {
      const record = ctx.queries.requests.byToken(request.params.token);
      if (!record) throw new DomainError('payment_request_not_found');
      open(request, reply, { kind: 'payment-request', requestId: record.id });
    },
  );
}
