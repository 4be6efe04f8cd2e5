import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ChangeNotice } from '@machines/contract/api';
import { tokenParam } from '../http/fields';
import type { ZodApp } from '../http/route-deps';
import type { LiveRouteDeps } from './live-parts';
import { DomainError } from '../commands/domain-error';
import { TooManyRequests } from '../http/rate-limits';
import type { Clock } from '../shared/clock';
import type {
  LiveGrant,
  LiveHolder,
  LiveHub,
  LiveRefusal,
  LiveScope,
} from './live-hub';

const HEARTBEAT_MS = 15_000;
/** setTimeout's longest delay; a token living longer is checked again then. */
const MAX_TIMER_MS = 2 ** 31 - 1;
/** A refused stream may try again after this long (a stream held elsewhere may have closed by then). */
const RETRY_AFTER_SECONDS = 30;
const refusals: Record<LiveRefusal, string> = {
  per_account:
    'Too many live-update streams are open for this account; close a tab or try again later',
  per_link:
    'Too many live-update streams are open for this link; try again later',
  per_address:
    'Too many live-update streams are open from this address; try again later',
  links_total:
    'Too many live-update streams are open for links on this server; try again later',
  total:
    'Too many live-update streams are open on this server; try again later',
};

/** A signed-in stream's token: it ends when the token expires. */
interface TokenExpiry {
  clock: Clock;
  atMs: number;
}

/** Ends the stream when its token expires (re-armed when the expiry lies beyond setTimeout's range). */
function closeAtExpiry(expiry: TokenExpiry, close: () => void): () => void {
  let timer: NodeJS.Timeout | undefined;
  const arm = () => {
    const left = expiry.atMs - expiry.clock.now().getTime();
    if (left <= 0) return close();
    // Within range the timer itself says the time has come (the clock is only read to plan).
    timer = setTimeout(
      left > MAX_TIMER_MS ? arm : close,
      Math.min(left, MAX_TIMER_MS),
    );
    timer.unref();
  };
  arm();
  return () => clearTimeout(timer);
}

/**
 * Opens a server-sent-event stream for `scope`, unless a cap on open streams refuses it (429): the
 * hub sends it change notices and ends it when the grant no longer holds or, for a signed-in
 * stream, when its token expires; a heartbeat keeps it open.
 */
function open(
  live: LiveHub,
  request: FastifyRequest,
  reply: FastifyReply,
  scope: LiveScope,
  grant: LiveGrant,
  holder: Omit<LiveHolder, 'address'>,
  expiry?: TokenExpiry,
): void {
  const who = { ...holder, address: request.ip };
  const refused = live.refusal(who);
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
  const heartbeat = setInterval(
    () => res.write(': heartbeat\n\n'),
    HEARTBEAT_MS,
  );
  heartbeat.unref();
  let stopExpiry = (): void => undefined;
  const close = () => {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    stopExpiry();
    remove();
    res.end();
  };
  const remove = live.add({
    scope,
    grant,
    holder: who,
    send: (notice: ChangeNotice) => {
      if (!closed)
        res.write(`event: change\ndata: ${JSON.stringify(notice)}\n\n`);
    },
    close,
  });
  request.raw.on('close', close);
  if (expiry) stopExpiry = closeAtExpiry(expiry, close);
}

/** The streams of a signed-in user (their deals and requests) and of an admin or auditor (everything). */
function accountStreamRoutes(
  app: ZodApp,
  { ctx, guards }: LiveRouteDeps,
): void {
  const { accounts } = ctx.queries;
  app.get(
    '/api/events/stream',
    {
      preHandler: guards.requireUserOrQueryToken,
      schema: {
        tags: ['live'],
        summary:
          "Change notices for the user's deals and requests (SSE; token as bearer or ?access_token=)",
      },
    },
    async (request, reply) => {
      const p = request.principal;
      if (p?.kind !== 'user') return;
      const { userId, sessionVersion } = p;
      const holds = () =>
        (accounts.userById(userId)?.sessionVersion ?? 0) === sessionVersion;
      open(
        ctx.live,
        request,
        reply,
        { kind: 'user', userId },
        { stream: `user-${userId}`, holds },
        { account: `user:${userId}` },
        { clock: ctx.clock, atMs: p.expiresAtMs },
      );
    },
  );

  app.get(
    '/api/admin/events/stream',
    {
      preHandler: guards.requireAdminReaderOrQueryToken,
      schema: {
        tags: ['live'],
        summary:
          'Change notices for every deal and payment request (admins and auditors; SSE; token as bearer or ?access_token=)',
      },
    },
    async (request, reply) => {
      const p = request.principal;
      if (p?.kind !== 'admin') return;
      const { adminId } = p;
      open(
        ctx.live,
        request,
        reply,
        { kind: 'admin' },
        {
          stream: `admin-${adminId}`,
          holds: () => accounts.adminById(adminId)?.active === true,
        },
        { account: `admin:${adminId}` },
        { clock: ctx.clock, atMs: p.expiresAtMs },
      );
    },
  );
}

/** The streams behind a creator's deal link and a payment-request link. */
function linkStreamRoutes(
  app: ZodApp,
  { ctx, dealViews }: LiveRouteDeps,
): void {
  const { deals, requests } = ctx.queries;
  app.get(
    '/api/events/stream/deal/:token',
    {
      schema: {
        tags: ['live'],
        summary: 'Change notices for the deal behind a creator link (SSE)',
        params: tokenParam,
      },
    },
    async (request, reply) => {
      const { token } = request.params;
      const record = dealViews.linkRecord(token);
      const holds = () =>
        deals.byToken(token)?.context.shareableToken === token;
      open(
        ctx.live,
        request,
        reply,
        { kind: 'deal', dealId: record.id },
        { stream: `deal-${record.id}`, holds },
        { link: `deal-${record.id}` },
      );
    },
  );

  app.get(
    '/api/events/stream/request/:token',
    {
      schema: {
        tags: ['live'],
        summary: 'Change notices for the payment request behind a link (SSE)',
        params: tokenParam,
      },
    },
    async (request, reply) => {
      const { token } = request.params;
      const record = requests.byToken(token);
      if (!record) throw new DomainError('payment_request_not_found');
      const holds = () => requests.byToken(token)?.id === record.id;
      open(
        ctx.live,
        request,
        reply,
        { kind: 'payment-request', requestId: record.id },
        { stream: `payment-request-${record.id}`, holds },
        { link: `payment-request-${record.id}` },
      );
    },
  );
}

/**
 * Server-sent events: a `change` event (contract `changeNoticeSchema`) whenever one of the
 * listener's deals or requests changed, a comment heartbeat every 15 s, closed on shutdown.
 */
export function eventsStreamRoutes(app: ZodApp, deps: LiveRouteDeps): void {
  accountStreamRoutes(app, deps);
  linkStreamRoutes(app, deps);
}
