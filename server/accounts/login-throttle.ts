import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '../commands/domain-error';
import { createLimit } from '../http/rate-limits';
import type { AccountParts } from './account-parts';

/** How many slowed attempts the account counter tells apart (the delay has long reached its cap). */
const DELAY_STEPS = 64;

/** The caller's password was wrong: a login, an admin login or a re-authentication. */
type FailureCode =
  | 'invalid_login'
  | 'invalid_credentials'
  | 'wrong_current_password';

/**
 * The sign-in throttles (docs/adr/0021-sign-in-throttles-not-lock-outs.md). Failures count per
 * source (address and identity) and per account:
 * - a source that failed `maxFailures` times is refused (429) for that identity: only the guesser;
 * - an account that failed `maxAccountFailures` times from anywhere is not locked: every further
 *   attempt on it waits before its password is checked, twice as long after each failure, up to
 *   `maxDelayMs`, so the right password still gets in while guessing crawls; the owner is told by
 *   e-mail once per window (`onAccountThrottled`).
 * Identities are `email:<address>` or `admin:<username>`, trimmed and lower-cased.
 */
export function createLoginThrottle(
  fastify: FastifyInstance,
  ctx: Pick<AccountParts, 'config'>,
  onAccountThrottled: (identity: string) => void,
) {
  const { login: settings, rateLimits } = ctx.config;
  const identities = new WeakMap<FastifyRequest, string>();
  const identityOf = (request: FastifyRequest): string =>
    identities.get(request) ?? '';
  // The counters live in shared state (PostgreSQL, Redis) and are keyed by a digest of the
  // identity, so no e-mail address sits in those stores.
  const identityKey = (request: FastifyRequest): string =>
    createHash('sha256').update(identityOf(request)).digest('base64url');
  const failures = createLimit(fastify, {
    max: settings.maxFailures,
    windowMs: settings.windowMs,
    key: (r) => `login-fail|${r.ip}|${identityKey(r)}`,
    message: 'Too many failed login attempts',
  });
  const accountMax = settings.maxAccountFailures + DELAY_STEPS;
  const accountFailures = createLimit(fastify, {
    max: accountMax,
    windowMs: settings.windowMs,
    key: (r) => `login-fail-account|${identityKey(r)}`,
    message: 'Too many failed login attempts for this account',
  });
  // Every attempt counts per address: a spray of random emails is slowed before it costs a hash each.
  const attemptsPerIp = createLimit(fastify, {
    max: rateLimits.authPerIp,
    windowMs: rateLimits.windowMs,
    key: (r) => `login|${r.ip}`,
    message: 'Too many login attempts',
  });

  const delayFor = (accountFailed: number): number => {
    const over = accountFailed - settings.maxAccountFailures;
    if (over < 0) return 0;
    return Math.min(
      settings.maxDelayMs,
      settings.baseDelayMs * 2 ** Math.min(over, 30),
    );
  };

  return {
    /** Every attempt from an address counts (route `preValidation`). */
    attempt: (request: FastifyRequest, reply: FastifyReply) =>
      attemptsPerIp.hit(request, reply),
    /**
     * Before the password is checked: refuses a source that spent its budget on this identity, and
     * waits as long as the account's failures ask. An admin who gives the account's one-time
     * recovery code (`recovering`) is neither refused nor kept waiting; the attempt still counts.
     */
    async before(
      request: FastifyRequest,
      reply: FastifyReply,
      identity: string,
      recovering = false,
    ): Promise<void> {
      identities.set(request, identity);
      if (recovering) return;
      await failures.check(request, reply);
      const wait = delayFor(await accountFailures.used(request));
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    },
    /** Counts a failure for the source and the account, tells the owner once, and refuses. */
    async failed(request: FastifyRequest, code: FailureCode): Promise<never> {
      await failures.count(request);
      const accountFailed = await accountFailures.count(request);
      if (accountFailed === settings.maxAccountFailures)
        onAccountThrottled(identityOf(request));
      throw new DomainError(code);
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;

/** The identity a login names: a user's e-mail address or an admin's username. */
export const loginIdentity = (kind: 'email' | 'admin', name: string): string =>
  `${kind}:${name.trim().toLowerCase()}`;
