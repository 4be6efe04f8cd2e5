import type { FastifyRequest } from 'fastify';
import type {
  PaymentRequestQueries,
  PaymentRequestRecord,
} from '../../projections/payment-requests.queries';
import { createLinkClaims } from '../auth/link-claim';
import { createLinkHolders, type LinkHolderParts } from '../auth/link-holders';
import { DomainError } from '../commands/domain-error';

/** The request behind a link, once its holder is checked (another browser: 403). */
export type HeldRecord = (
  token: string,
  request: FastifyRequest,
) => Promise<PaymentRequestRecord>;

type HeldParts = LinkHolderParts &
  Parameters<typeof createLinkClaims>[0] & {
    queries: { requests: PaymentRequestQueries };
  };

/**
 * A payment request's link, as its brand acts or reads through it: unknown 404; once the brand
 * accepted (the link is claimed), only the claiming browser (its claim secret) or the account it
 * moved to, others 403 `request_claimed_elsewhere`; before that, whoever holds the link.
 */
export function heldRecord(ctx: HeldParts): HeldRecord {
  const holders = createLinkHolders(ctx);
  const { claimOf } = createLinkClaims(ctx);
  return async (token, request) => {
    const record = ctx.queries.requests.byToken(token);
    if (!record || record.context.request?.token !== token)
      throw new DomainError('payment_request_not_found');
    await holders.assertHolder(
      { kind: 'payment-request', id: record.id },
      { claimSecretHash: null, claimedByUserId: null },
      claimOf(request),
      'request_claimed_elsewhere',
    );
    return record;
  };
}
