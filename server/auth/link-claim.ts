import { createHash, randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { AccountQueries } from '../../projections/accounts.queries';
import { USER_AUDIENCE, type TokenService } from './tokens';

/** Where the accept page sends the claim secret it got once (docs/api.md). */
const CLAIM_SECRET_HEADER = 'x-claim-secret';

/** SHA-256 hex of a claim secret: only the hash is stored (on CreatorAccepted). */
export const claimHash = (secret: string): string =>
  createHash('sha256').update(secret).digest('hex');

/**
 * The claim a creator's acceptance binds the deal to: a secret answered once to the accepting
 * browser, and its hash for the event.
 */
export function newClaim(): { secret: string; hash: string } {
  const secret = randomBytes(32).toString('base64url');
  return { secret, hash: claimHash(secret) };
}

/**
 * Who speaks on a link page besides the link: a signed-in creator (optional, the link alone is
 * enough to accept) and the claim secret the accepting browser kept. Onboarding, delivery and the
 * link's push devices act only for whoever holds the claim (link-holders.ts).
 */
export function createLinkClaims(ctx: {
  tokens: TokenService;
  queries: { accounts: AccountQueries };
}) {
  const signedInUser = (request: FastifyRequest): string | null => {
    const match = /^Bearer\s+(\S+)$/i.exec(
      String(request.headers.authorization ?? '').trim(),
    );
    if (!match) return null;
    try {
      const principal = ctx.tokens.verify(match[1]!, USER_AUDIENCE);
      if (principal.kind !== 'user') return null;
      const user = ctx.queries.accounts.userById(principal.userId);
      return user && (user.sessionVersion ?? 0) === principal.sessionVersion
        ? principal.userId
        : null;
    } catch {
      return null;
    }
  };
  /**
   * The users whose credentials a request carries in any form the API reads (bearer header,
   * `?access_token=`), checked by signature even when expired: a brand may not act on its own link.
   */
  const carriedUsers = (request: FastifyRequest): string[] => {
    const header = /^Bearer\s+(\S+)$/i.exec(
      String(request.headers.authorization ?? '').trim(),
    );
    const query = (request.query as Record<string, unknown> | undefined)?.[
      'access_token'
    ];
    const tokens = [header?.[1], typeof query === 'string' ? query : undefined];
    return tokens.flatMap((token) => {
      const userId = token ? ctx.tokens.subjectOf(token, USER_AUDIENCE) : null;
      return userId ? [userId] : [];
    });
  };
  return {
    signedInUser,
    carriedUsers,
    claimOf(request: FastifyRequest): {
      secret: string | null;
      userId: string | null;
    } {
      const header = request.headers[CLAIM_SECRET_HEADER];
      const secret =
        typeof header === 'string' && header.length <= 200 ? header : null;
      return { secret, userId: signedInUser(request) };
    },
  };
}
