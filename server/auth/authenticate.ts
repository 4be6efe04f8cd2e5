import type { FastifyRequest } from 'fastify';
import type { AccountQueries } from '../../projections/accounts.queries';
import type { ErrorCode } from '@machines/errors/error-catalogue';
import { DomainError } from '../commands/domain-error';
import {
  ADMIN_AUDIENCE,
  USER_AUDIENCE,
  TokenError,
  type Principal,
  type TokenService,
} from './tokens';

export type UserPrincipal = Extract<Principal, { kind: 'user' }>;
export type AdminPrincipal = Extract<Principal, { kind: 'admin' }>;

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
}

const unauthorized = (code: ErrorCode) => new DomainError(code);

/** The bearer token of a request; `?access_token=` too where allowed (EventSource cannot send headers). */
export function bearerToken(
  request: FastifyRequest,
  allowQuery = false,
): string | null {
  const header = request.headers.authorization;
  if (typeof header === 'string' && header.trim() !== '') {
    const match = /^Bearer\s+(.+)$/i.exec(header.trim());
    if (!match) throw unauthorized('token_format');
    return match[1]!.trim();
  }
  if (allowQuery) {
    const query = request.query as Record<string, unknown> | undefined;
    const token = query?.['access_token'];
    if (typeof token === 'string' && token !== '') return token;
  }
  return null;
}

/** docs/product.md §8: a token without three dot-separated parts is malformed, before any signature check. */
function assertJwtShape(token: string): void {
  const parts = token.split('.');
  if (parts.length !== 3 || parts.some((p) => p === ''))
    throw unauthorized('token_format');
}

type Audience = typeof USER_AUDIENCE | typeof ADMIN_AUDIENCE;

/** A well-formed token's principal, or 401: expired and invalid tokens are told apart. */
function verifyToken(
  tokens: TokenService,
  token: string,
  audience: Audience,
): Principal {
  assertJwtShape(token);
  try {
    return tokens.verify(token, audience);
  } catch (error) {
    if (error instanceof TokenError)
      throw unauthorized(
        error.message === 'Token expired' ? 'token_expired' : 'token_invalid',
      );
    throw error;
  }
}

/**
 * Users are never deleted (the user machine has no such event), so a token's user is looked up
 * once and its session version remembered instead of reading and parsing its row per request;
 * `forget` drops the entry when logout or a password change bumps the version.
 */
function createSessionVersions(accounts: AccountQueries) {
  const sessionVersions = new Map<string, number>();
  return {
    current(userId: string): number | null {
      const known = sessionVersions.get(userId);
      if (known !== undefined) return known;
      const user = accounts.userById(userId);
      if (!user) return null;
      if (sessionVersions.size >= 100_000) sessionVersions.clear();
      const version = user.sessionVersion ?? 0;
      sessionVersions.set(userId, version);
      return version;
    },
    forget: (userId: string): void => {
      sessionVersions.delete(userId);
    },
  };
}

/** Guards that routes put in `preHandler`: they set `request.principal` or refuse with 401/403. */
export function createAuthGuards({
  tokens,
  accounts,
}: {
  tokens: TokenService;
  accounts: AccountQueries;
}) {
  const sessionVersions = createSessionVersions(accounts);
  const currentSessionVersion = sessionVersions.current;
  const verify = (token: string, audience: Audience): Principal =>
    verifyToken(tokens, token, audience);

  function authenticateUser(
    request: FastifyRequest,
    allowQuery = false,
  ): UserPrincipal {
    const token = bearerToken(request, allowQuery);
    if (!token) throw unauthorized('authentication_required');
    const principal = verify(token, USER_AUDIENCE) as UserPrincipal;
    const version = currentSessionVersion(principal.userId);
    if (version === null) throw unauthorized('token_invalid');
    if (principal.sessionVersion !== version)
      throw unauthorized('session_ended');
    request.principal = principal;
    return principal;
  }

  function authenticateAdmin(
    request: FastifyRequest,
    mode: 'read' | 'act',
    allowQuery = false,
  ): AdminPrincipal {
    const token = bearerToken(request, allowQuery);
    if (!token) throw unauthorized('admin_authentication_required');
    const principal = verify(token, ADMIN_AUDIENCE) as AdminPrincipal;
    const account = accounts.adminById(principal.adminId);
    if (!account || !account.active) throw unauthorized('token_invalid');
    // The role is read from the account, not the token, so a changed role applies at once.
    const role = account.context.role;
    if (mode === 'act' && role !== 'admin')
      throw new DomainError('auditor_read_only');
    request.principal = { ...principal, role };
    return { ...principal, role };
  }

  return {
    /** A user's session version changed (logout, password change): read it afresh next time. */
    forget: sessionVersions.forget,
    authenticateUser,
    authenticateAdmin,
    /** preHandler: a logged-in brand or creator. */
    requireUser: async (request: FastifyRequest) => {
      authenticateUser(request);
    },
    /** preHandler for SSE: also accepts `?access_token=`. */
    requireUserOrQueryToken: async (request: FastifyRequest) => {
      authenticateUser(request, true);
    },
    /** preHandler: an admin or auditor (read-only routes). */
    requireAdminReader: async (request: FastifyRequest) => {
      authenticateAdmin(request, 'read');
    },
    /** preHandler for the admin SSE stream: an admin or auditor, also by `?access_token=`. */
    requireAdminReaderOrQueryToken: async (request: FastifyRequest) => {
      authenticateAdmin(request, 'read', true);
    },
    /** preHandler: an admin who may act (auditors get 403). */
    requireAdminActor: async (request: FastifyRequest) => {
      authenticateAdmin(request, 'act');
    },
  };
}

export type AuthGuards = ReturnType<typeof createAuthGuards>;

/** The user principal a `requireUser` preHandler set. */
export function userOf(request: FastifyRequest): UserPrincipal {
  const p = request.principal;
  if (!p || p.kind !== 'user') throw unauthorized('authentication_required');
  return p;
}

export function adminOf(request: FastifyRequest): AdminPrincipal {
  const p = request.principal;
  if (!p || p.kind !== 'admin')
    throw unauthorized('admin_authentication_required');
  return p;
}
