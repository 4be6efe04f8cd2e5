import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context';
import { USER_AUDIENCE } from '../auth/tokens';

/** Where the accept page sends the claim secret it got once (docs/api.md). */
const CLAIM_SECRET_HEADER = 'x-claim-secret';

/**
 * Who speaks on a link page besides the link: a signed-in creator (optional, the link alone is
 * enough to accept) and the claim secret the accepting browser kept. Onboarding, delivery and the
 * link's push devices act only for whoever claimed the deal (`assertClaimer`).
 */
export function createLinkClaims(ctx: Pick<AppContext, 'tokens' | 'queries'>) {
  const signedInUser = (request: FastifyRequest): string | null => {
    const match = /^Bearer\s+(\S+)$/i.exec(String(request.headers.authorization ?? '').trim());
    if (!match) return null;
    try {
      const principal = ctx.tokens.verify(match[1]!, USER_AUDIENCE);
      if (principal.kind !== 'user') return null;
      const user = ctx.queries.accounts.userById(principal.userId);
      return user && (user.sessionVersion ?? 0) === principal.sessionVersion ? principal.userId : null;
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
