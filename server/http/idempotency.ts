import { createHash, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { deterministicId } from '../commands/deterministic-id';
import { DomainError } from '../commands/domain-error';
import type { IdempotencyRecords } from './idempotency-records';
import { onSharedState } from './shared-http-state';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Keep a 202 ("under way") answer for replay. Off on the money routes, whose retry finds the
     * intent recorded under the key (`outcomes.recordOnce`) and answers its outcome once known; on
     * for a route whose second run would be refused instead (a split's retry).
     */
    keepUnderWayAnswer?: boolean;
  }
  interface FastifyRequest {
    /** Set on money and creating routes: where this request's answer is remembered under its Idempotency-Key. */
    idempotency: {
      scope: string;
      key: string;
      fingerprint: string;
      release: () => void;
    } | null;
  }
}

const HEADER = 'idempotency-key';
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** Keeps an answer (and now and then drops expired ones); it stands even when it cannot be remembered (the shared store went away). */
function answerKeeper(
  records: IdempotencyRecords,
  ttlMs: number,
  now: () => number,
) {
  let lastPrune = 0;
  return async (
    request: FastifyRequest,
    i: { scope: string; key: string },
    status: number,
    payload: string,
  ): Promise<void> => {
    await records
      .complete(i.scope, i.key, status, payload)
      .catch((error: unknown) =>
        request.log.warn({ err: error }, 'idempotency answer not remembered'),
      );
    if (now() - lastPrune > 3_600_000) {
      lastPrune = now();
      void records.prune(now() - ttlMs).catch(() => undefined);
    }
  };
}

/**
 * A refusal that says "try again": a change that met another one (409 of the kind `concurrency`)
 * or a rate limit (429). Its retry may well succeed, so it is not the key's answer (as Stripe keeps
 * no result for a request that conflicted with another running at the same time).
 */
function isTryAgain(status: number, payload: string): boolean {
  if (status === 429) return true;
  if (status !== 409) return false;
  try {
    return (JSON.parse(payload) as { error?: unknown }).error === 'concurrency';
  } catch {
    return false;
  }
}

/**
 * Answers that did something (or refused for good) are remembered; server errors may be retried,
 * and so may "under way" (202) unless the route keeps it (the retry then answers the money's
 * outcome once known), and so may a refusal that says "try again".
 */
const isKept = (
  request: FastifyRequest,
  reply: FastifyReply,
  payload: string,
): boolean =>
  reply.statusCode < 500 &&
  (reply.statusCode !== 202 ||
    request.routeOptions.config.keepUnderWayAnswer === true) &&
  !isTryAgain(reply.statusCode, payload);

/** Who holds a key: the signed-in user or admin, else the link visitor's address. */
function principalOf(request: FastifyRequest): string {
  const p = request.principal as {
    kind?: string;
    userId?: string;
    adminId?: string;
  } | null;
  if (p?.kind === 'user') return `user:${p.userId}`;
  if (p?.kind === 'admin') return `admin:${p.adminId}`;
  return `link:${request.ip}`;
}

/** The key's scope (caller, route, its params) and the body's fingerprint. */
function keyOf(request: FastifyRequest, key: string) {
  const scope = `${principalOf(request)} ${request.method} ${request.routeOptions.url ?? request.url} ${JSON.stringify(request.params ?? {})}`;
  const fingerprint = createHash('sha256')
    .update(JSON.stringify(request.body ?? null))
    .digest('hex');
  return { scope, key, fingerprint };
}

type Held = Awaited<ReturnType<IdempotencyRecords['claim']>>;

/**
 * Claims the key, waiting while another request (here or on another instance) holds it: the
 * remembered answer when there is one, null once this request holds the key (or the holder is
 * given up on). Real time, not the app clock.
 */
async function claimOrWait(
  records: IdempotencyRecords,
  {
    scope,
    key,
    fingerprint,
  }: { scope: string; key: string; fingerprint: string },
  timing: { ttlMs: number; staleMs: number; pollMs: number; now: () => number },
): Promise<Held> {
  const giveUpAt = Date.now() + timing.staleMs + 5_000;
  for (;;) {
    const t = timing.now();
    const held = await onSharedState(() =>
      records.claim(scope, key, fingerprint, {
        nowMs: t,
        expiredBeforeMs: t - timing.ttlMs,
        staleBeforeMs: t - timing.staleMs,
      }),
    );
    if (!held) return null;
    if (held.fingerprint !== fingerprint)
      throw new DomainError('idempotency_key_reused');
    if (held.status !== null && held.body !== null) return held;
    if (Date.now() > giveUpAt) return null;
    await new Promise((resolve) => setTimeout(resolve, timing.pollMs));
  }
}

/**
 * Safe client retries on the money routes and every creating POST (deals, payment requests,
 * registration, admin accounts), as Stripe does: a request with an `Idempotency-Key`
 * header is answered once; the same key (same caller, same route) gets the first answer again and
 * causes no second effect; the same key with another body is refused (422). Answers are kept for
 * a day in the idempotency records (idempotency-records.ts): the read database for one instance,
 * PostgreSQL or Redis when several share the work, so a retry that reaches another instance gets
 * the same answer. A duplicate sent while the first is still running (on any instance) waits for
 * its answer; a claim whose request died is taken over after `staleMs`. The key also derives the
 * command's intent key, so even then no second intent is recorded (the statechart refuses it).
 */
export function createIdempotency({
  records,
  ttlMs = 24 * 3_600_000,
  staleMs = 30_000,
  pollMs = 20,
  now = () => Date.now(),
}: {
  records: IdempotencyRecords;
  ttlMs?: number;
  staleMs?: number;
  pollMs?: number;
  now?: () => number;
}) {
  const remember = answerKeeper(records, ttlMs, now);

  return {
    /** Route preHandler (after the auth guard): replays a remembered answer, or marks the request to be remembered. */
    async preHandler(
      request: FastifyRequest,
      reply: FastifyReply,
    ): Promise<void> {
      const raw = request.headers[HEADER];
      if (raw === undefined) return;
      const key = Array.isArray(raw) ? raw[0]! : raw;
      if (!KEY_PATTERN.test(key))
        throw new DomainError('idempotency_key_invalid');
      const id = keyOf(request, key);
      const held = await claimOrWait(records, id, {
        ttlMs,
        staleMs,
        pollMs,
        now,
      });
      if (held) {
        reply.header('idempotent-replayed', 'true');
        await reply
          .status(held.status!)
          .type('application/json; charset=utf-8')
          .send(held.body);
        return;
      }
      request.idempotency = {
        ...id,
        release: () =>
          void records.release(id.scope, key).catch(() => undefined),
      };
    },

    /** The intent key of a money command: from the client's Idempotency-Key (same key, same intent), else fresh. */
    intentKey(request: FastifyRequest): string {
      const i = request.idempotency;
      return i ? deterministicId(i.scope, i.key) : randomUUID();
    },

    register(app: FastifyInstance): void {
      app.decorateRequest('idempotency', null);
      app.addHook('onSend', async (request, reply, payload) => {
        const i = request.idempotency;
        if (!i) return payload;
        request.idempotency = null;
        if (typeof payload === 'string' && isKept(request, reply, payload)) {
          await remember(request, i, reply.statusCode, payload);
        } else {
          i.release();
        }
        return payload;
      });
      app.addHook('onResponse', async (request) =>
        request.idempotency?.release(),
      );
    },
  };
}

export type Idempotency = ReturnType<typeof createIdempotency>;
