import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { AccountQueries } from '../../projections/accounts.queries';
import { USER_AUDIENCE, type TokenService } from './tokens';
import { DomainError } from '../commands/domain-error';

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
 * The deal is claimed (accepted) and this request is not from the claimer: neither the accepting
 * browser's claim secret nor the signed-in creator who accepted. Deals accepted before claims
 * existed carry neither and stay open to the link, as they were.
 */
export function assertClaimer(
  c: { claimSecretHash: string | null; claimedByUserId: string | null },
  claim: { secret: string | null; userId: string | null },
): void {
  if (c.claimSecretHash === null && c.claimedByUserId === null) return;
  if (c.claimedByUserId !== null && claim.userId === c.claimedByUserId) return;
  if (c.claimSecretHash !== null && claim.secret !== null) {
    const given = Buffer.from(claimHash(claim.secret), 'hex');
    if (timingSafeEqual(given, Buffer.from(c.claimSecretHash, 'hex'))) return;
  }
  throw new DomainError('deal_claimed_elsewhere');
}

/**
 * Who speaks on a link page besides the link: a signed-in creator (optional, the link alone is
 * enough to accept) and the claim secret the accepting browser kept. Onboarding, delivery and the
 * link's push devices act only for whoever claimed the deal (`assertClaimer`).
 */
export function createLinkClaims(ctx: {
  tokens: TokenService;
  queries: { accounts: AccountQueries };
}) {
  const signedInUser = (request: FastifyRequest): string | null => {
    const match = /^Bearer\s+(\S+)$/i.exec(String(request.headers.authorization ?? '').trim());
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
  return {
    signedInUser,
    claimOf(request: FastifyRequest): { secret: string | null; userId: string | null } {
      const header = request.headers[CLAIM_SECRET_HEADER];
      const secret = typeof header === 'string' && header.length <= 200 ? header : null;
      return { secret, userId: signedInUser(request) };
    },
  };
}
