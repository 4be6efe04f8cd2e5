import jwt from 'jsonwebtoken';
import type { AdminRole } from '@machines/account/account.events';
import type { Clock } from '../shared/clock';

/** Who a verified bearer token speaks for. */
export type Principal = (
  | { kind: 'user'; userId: string; sessionVersion: number }
  | { kind: 'admin'; adminId: string; username: string; role: AdminRole }
) & {
  /** When the token stops speaking for anyone (ms since the epoch): a live stream ends then. */
  expiresAtMs: number;
};

const ISSUER = 'escrow-deal-ledger';
/** Separate audiences: a user token never opens admin routes and vice versa. */
export const USER_AUDIENCE = 'escrow:user';
export const ADMIN_AUDIENCE = 'escrow:admin';

export class TokenError extends Error {
  override readonly name = 'TokenError';
}

/** Who verified claims speak for; a user token without a valid session version counts as version 0. */
function principalOf(claims: jwt.JwtPayload, audience: Audience): Principal {
  const subject = typeof claims.sub === 'string' ? claims.sub : '';
  if (!subject) throw new TokenError('Invalid token');
  const expiresAtMs = (claims.exp ?? 0) * 1000;
  if (audience === USER_AUDIENCE) {
    const sv = claims['sv'];
    return {
      kind: 'user',
      userId: subject,
      sessionVersion:
        typeof sv === 'number' && Number.isInteger(sv) && sv >= 0 ? sv : 0,
      expiresAtMs,
    };
  }
  const role =
    claims['role'] === 'admin' || claims['role'] === 'auditor'
      ? claims['role']
      : null;
  if (!role) throw new TokenError('Invalid token');
  const username = String(claims['username'] ?? '');
  return { kind: 'admin', adminId: subject, username, role, expiresAtMs };
}

/** Checks that this secret signed the token for `audience`; `expiry` says how its expiry counts. */
const verifySigned = (
  secret: string,
  token: string,
  audience: string,
  expiry: { ignoreExpiration: true } | { clockTimestamp: number },
) =>
  jwt.verify(token, secret, {
    algorithms: ['HS256'],
    audience,
    issuer: ISSUER,
    ...expiry,
  });

/** The subject of a token this secret signed for `audience`, expired or not; null otherwise. */
function signedSubject(
  secret: string,
  token: string,
  audience: string,
): string | null {
  try {
    const decoded = verifySigned(secret, token, audience, {
      ignoreExpiration: true,
    });
    return typeof decoded === 'string' || typeof decoded.sub !== 'string'
      ? null
      : decoded.sub;
  } catch {
    return null;
  }
}

type Audience = typeof USER_AUDIENCE | typeof ADMIN_AUDIENCE;

/** The claims of a token this secret signed for `audience`, unexpired at `nowSeconds`; throws TokenError otherwise. */
function verifiedClaims(
  secret: string,
  token: string,
  audience: Audience,
  nowSeconds: number,
): jwt.JwtPayload {
  try {
    const decoded = verifySigned(secret, token, audience, {
      clockTimestamp: nowSeconds,
    });
    if (typeof decoded === 'string') throw new TokenError('Invalid token');
    return decoded;
  } catch (error) {
    throw new TokenError(
      error instanceof jwt.TokenExpiredError
        ? 'Token expired'
        : 'Invalid token',
    );
  }
}

/** HS256 tokens with expiry. Time comes from the injected clock, so tests can expire them. */
export function createTokenService({
  secret,
  clock,
  userTtlHours,
  adminTtlHours,
}: {
  secret: string;
  clock: Clock;
  userTtlHours: number;
  adminTtlHours: number;
}) {
  const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);
  const sign = (
    payload: Record<string, unknown>,
    subject: string,
    audience: string,
    ttlHours: number,
  ) =>
    jwt.sign(
      {
        ...payload,
        iat: nowSeconds(),
        exp: nowSeconds() + Math.round(ttlHours * 3600),
      },
      secret,
      {
        algorithm: 'HS256',
        subject,
        audience,
        issuer: ISSUER,
      },
    );

  // Verifying an HMAC costs far more than the rest of a cached read: remember tokens already
  // verified (keyed by the exact string) until their own expiry.
  const verified = new Map<string, { principal: Principal; exp: number }>();

  return {
    /** `sessionVersion` is the account's at issue time: logout and password change bump it (revocation). */
    signUser: (userId: string, sessionVersion: number) =>
      sign({ sv: sessionVersion }, userId, USER_AUDIENCE, userTtlHours),
    signAdmin: (adminId: string, username: string, role: AdminRole) =>
      sign({ role, username }, adminId, ADMIN_AUDIENCE, adminTtlHours),
    /** Who a token with a valid signature speaks for, expired or not; null for anything else. */
    subjectOf: (token: string, audience: Audience) =>
      signedSubject(secret, token, audience),
    /** Throws TokenError for a bad signature, wrong audience or expired token. */
    verify(token: string, audience: Audience): Principal {
      const key = `${audience} ${token}`;
      const hit = verified.get(key);
      if (hit) {
        if (hit.exp > nowSeconds()) return hit.principal;
        verified.delete(key);
        throw new TokenError('Token expired');
      }
      const principal = this.verifyUncached(token, audience);
      const exp = (jwt.decode(token) as jwt.JwtPayload | null)?.exp ?? 0;
      if (verified.size >= 10_000)
        verified.delete(verified.keys().next().value as string);
      verified.set(key, { principal, exp });
      return principal;
    },
    verifyUncached(token: string, audience: Audience): Principal {
      return principalOf(
        verifiedClaims(secret, token, audience, nowSeconds()),
        audience,
      );
    },
  };
}

export type TokenService = ReturnType<typeof createTokenService>;
