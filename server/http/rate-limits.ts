import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { USER_AUDIENCE, type TokenService } from '../auth/tokens';
import type { AppConfig } from '../config';
import { onSharedState } from './shared-http-state';
import type { ErrorCode, ErrorParams } from '@machines/errors/error-catalogue';

/** One limit from @fastify/rate-limit's store: `hit` counts and refuses, `check` only refuses. */
export interface Limit {
  /** Counts this request and answers 429 (with Retry-After) once the budget is spent. */
  hit(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** Answers 429 when the budget is already spent, without counting (for failure-only limits). */
  check(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** Counts without refusing (a failed login counts once it is known to have failed); the count so far. */
  count(request: FastifyRequest): Promise<number>;
  /** The count so far in this window, without counting (capped at `max`). */
  used(request: FastifyRequest): Promise<number>;
}

export class TooManyRequests extends Error {
  readonly statusCode = 429;
  /** The catalogue's code for this refusal, when it has its own text (else `too_many_requests`). */
  constructor(
    message: string,
    readonly errorCode?: ErrorCode,
    readonly params: ErrorParams = {},
  ) {
    super(message);
  }
}

/**
 * A named limit keyed by `key(request)`. Several may apply to one route (the plugin's own route
 * hook runs once per request), so each is a `createRateLimit` checker with our own 429 answer.
 */
export function createLimit(
  app: FastifyInstance,
  {
    max,
    windowMs,
    key,
    message,
    code,
  }: {
    max: number;
    windowMs: number;
    key: (request: FastifyRequest) => string;
    message: string;
    code?: ErrorCode;
  },
): Limit {
  const limiter = app.createRateLimit({
    max,
    timeWindow: windowMs,
    keyGenerator: key,
  });
  const refuse = (reply: FastifyReply, seconds: number): never => {
    const wait = Math.max(1, seconds);
    reply.header('retry-after', String(wait));
    throw new TooManyRequests(
      `${message}; try again in ${wait} seconds`,
      code,
      { seconds: wait },
    );
  };
  return {
    async hit(request, reply) {
      const state = await onSharedState(() => limiter(request));
      if (!state.isAllowed && state.isExceeded)
        refuse(reply, state.ttlInSeconds);
    },
    async check(request, reply) {
      const state = await onSharedState(() =>
        limiter(request, { increment: false }),
      );
      if (!state.isAllowed && state.remaining === 0)
        refuse(reply, state.ttlInSeconds);
    },
    async count(request) {
      const state = await onSharedState(() => limiter(request));
      return state.isAllowed ? 0 : max - state.remaining;
    },
    async used(request) {
      const state = await onSharedState(() =>
        limiter(request, { increment: false }),
      );
      return state.isAllowed ? 0 : max - state.remaining;
    },
  };
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Routes that call the payment gateway or the AI service: each call costs money or a quota. */
const COSTLY = [
  /checkout/,
  /onboarding/,
  /\/release/,
  /\/complete$/,
  /^\/api\/ai-assist\//,
  /^\/api\/push\/(test|simulate)/,
];

/**
 * Per-user (or, without a valid token, per-IP) limits on every write, sign-in and account calls
 * included, and tighter ones on writes that reach the gateway or the AI service. Webhooks are
 * exempt: the gateway signs them and retries.
 */
export function registerWriteLimits(
  app: FastifyInstance,
  { config, tokens }: { config: AppConfig; tokens: TokenService },
): void {
  const who = (request: FastifyRequest): string => {
    const header = request.headers.authorization;
    const match =
      typeof header === 'string'
        ? /^Bearer\s+(\S+)$/i.exec(header.trim())
        : null;
    if (match) {
      try {
        const principal = tokens.verify(match[1]!, USER_AUDIENCE);
        if (principal.kind === 'user') return `user:${principal.userId}`;
      } catch {
        // Not a user token: fall back to the address.
      }
    }
    return `ip:${request.ip}`;
  };
  const { writesPerUser, costlyPerUser, windowMs } = config.rateLimits;
  const writes = createLimit(app, {
    max: writesPerUser,
    windowMs,
    key: (r) => `write|${who(r)}`,
    message: 'Too many requests',
  });
  const costly = createLimit(app, {
    max: costlyPerUser,
    windowMs,
    key: (r) => `costly|${who(r)}`,
    message: 'Too many payment or AI requests',
  });
  app.addHook('onRequest', async (request, reply) => {
    if (!WRITE_METHODS.has(request.method)) return;
    const path = request.url.split('?')[0]!;
    if (!path.startsWith('/api/') || path.startsWith('/api/stripe/webhook'))
      return;
    await writes.hit(request, reply);
    if (COSTLY.some((pattern) => pattern.test(path)))
      await costly.hit(request, reply);
  });
}
