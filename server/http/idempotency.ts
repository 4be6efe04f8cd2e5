import { createHash, randomUUID } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { deterministicId } from '../commands/deterministic-id';
import { DomainError } from '../commands/domain-error';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set on money routes: where this request's answer is remembered under its Idempotency-Key. */
    idempotency: { scope: string; key: string; fingerprint: string; release: () => void } | null;
  }
}

const HEADER = 'idempotency-key';
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/**
 * Safe client retries on the money routes, as Stripe does: a request with an `Idempotency-Key`
 * header is answered once; the same key (same caller, same route) gets the first answer again and
 * causes no second effect; the same key with another body is refused (422). Answers are kept for
 * a day in the read database. The key also derives the command's intent key, so even a retry that
 * reaches another instance records no second intent (the statechart refuses it).
 */
export function createIdempotency({ db, ttlMs = 24 * 3_600_000, now = () => Date.now() }: { db: Database; ttlMs?: number; now?: () => number }) {
  db.exec(`CREATE TABLE IF NOT EXISTS idempotency_keys (
    scope TEXT NOT NULL, key TEXT NOT NULL, fingerprint TEXT NOT NULL, status INTEGER NOT NULL, body TEXT NOT NULL,
    created_ms INTEGER NOT NULL, PRIMARY KEY (scope, key))`);
  const find = db.prepare<[string, string], { fingerprint: string; status: number; body: string; created_ms: number }>(
    'SELECT fingerprint, status, body, created_ms FROM idempotency_keys WHERE scope = ? AND key = ?',
  );
  const save = db.prepare('INSERT OR REPLACE INTO idempotency_keys (scope, key, fingerprint, status, body, created_ms) VALUES (?, ?, ?, ?, ?, ?)');
  const prune = db.prepare<[number]>('DELETE FROM idempotency_keys WHERE created_ms < ?');
  const inFlight = new Map<string, Promise<void>>();
  let lastPrune = 0;

  const principalOf = (request: FastifyRequest): string => {
    const p = request.principal as { kind?: string; userId?: string; adminId?: string } | null;
    if (p?.kind === 'user') return `user:${p.userId}`;
    if (p?.kind === 'admin') return `admin:${p.adminId}`;
    return `link:${request.ip}`;
  };

  return {
    /** Route preHandler (after the auth guard): replays a remembered answer, or marks the request to be remembered. */
    async preHandler(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      const raw = request.headers[HEADER];
      if (raw === undefined) return;
      const key = Array.isArray(raw) ? raw[0]! : raw;
      if (!KEY_PATTERN.test(key)) throw new DomainError('idempotency_key_invalid');
      const scope = `${principalOf(request)} ${request.method} ${request.routeOptions.url ?? request.url} ${JSON.stringify(request.params ?? {})}`;
      const fingerprint = createHash('sha256')
        .update(JSON.stringify(request.body ?? null))
        .digest('hex');
      const slot = `${scope}\u0000${key}`;
      // A duplicate sent while the first is still running waits for its answer.
      while (inFlight.has(slot)) await inFlight.get(slot);
      const hit = find.get(scope, key);
      if (hit && hit.created_ms >= now() - ttlMs) {
        if (hit.fingerprint !== fingerprint) throw new DomainError('idempotency_key_reused');
        reply.header('idempotent-replayed', 'true');
        await reply.status(hit.status).type('application/json; charset=utf-8').send(hit.body);
        return;
      }
      let release = (): void => undefined;
      inFlight.set(slot, new Promise<void>((resolve) => (release = resolve)));
      request.idempotency = {
        scope,
        key,
        fingerprint,
        release: () => {
          inFlight.delete(slot);
          release();
        },
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
        // Answers that did something (or refused for good) are remembered; server errors may be retried.
        if (reply.statusCode < 500 && typeof payload === 'string') {
          save.run(i.scope, i.key, i.fingerprint, reply.statusCode, payload, now());
          if (now() - lastPrune > 3_600_000) {
            lastPrune = now();
            prune.run(now() - ttlMs);
          }
        }
        i.release();
        request.idempotency = null;
        return payload;
      });
      app.addHook('onResponse', async (request) => request.idempotency?.release());
    },
  };
}

export type Idempotency = ReturnType<typeof createIdempotency>;
