import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { breakdown } from '../../machines/money';
import type { DealTerms } from '../../machines/deal/deal.events';
import { dealAggregate } from '../commands/aggregate';
import type { CommandBus, CommandContext, Loaded } from '../commands/command-bus';
import { DomainError } from '../commands/domain-error';
import type { dealMachine } from '../../machines/deal/deal.machine';
import type { DealTermsBody } from './deal.schemas';

type DealState = Loaded<typeof dealMachine>;

export const dealNotFound = () => new DomainError('not_found', 'Deal not found');

/** The deal exists, is not deleted and belongs to `userId`; anything else reads as "not found". */
export function assertOwnedDeal(state: DealState, userId: string): void {
  const c = state.snapshot.context;
  if (state.revision < 0 || c.ownerId !== userId || c.deletedAt !== null) throw dealNotFound();
}

/** The deal behind a creator link: it must exist, carry this very token and not be deleted. */
export function assertLinkDeal(state: DealState, token: string): void {
  const c = state.snapshot.context;
  if (state.revision < 0 || c.shareableToken !== token || c.deletedAt !== null) throw dealNotFound();
}

function toTerms(body: DealTermsBody): DealTerms {
  const money = breakdown(body.amount, 'deal');
  return {
    influencer: body.influencer,
    profileLink: body.profileLink,
    title: body.title,
    description: body.description,
    amountCents: money.amountCents,
    feeCents: money.feeCents,
    totalCents: money.totalCents,
    deadline: body.deadline,
    publicationDeadline: body.publicationDeadline,
    deliverables: body.deliverables,
    platforms: body.platforms,
    briefingFiles: body.briefingFiles,
  };
}

/** 128 bits from the OS RNG, URL-safe: the whole secret of a creator link. */
export const newShareToken = (): string => randomBytes(16).toString('base64url');

/** SHA-256 hex of a claim secret: only the hash is stored (on CreatorAccepted). */
export const claimHash = (secret: string): string => createHash('sha256').update(secret).digest('hex');

/**
 * The deal is claimed (accepted) and this request is not from the claimer: neither the accepting
 * browser's claim secret nor the signed-in creator who accepted. Deals accepted before claims
 * existed carry neither and stay open to the link, as they were.
 */
export function assertClaimer(c: { claimSecretHash: string | null; claimedByUserId: string | null }, claim: { secret: string | null; userId: string | null }): void {
  if (c.claimSecretHash === null && c.claimedByUserId === null) return;
  if (c.claimedByUserId !== null && claim.userId === c.claimedByUserId) return;
  if (c.claimSecretHash !== null && claim.secret !== null) {
    const given = Buffer.from(claimHash(claim.secret), 'hex');
    if (timingSafeEqual(given, Buffer.from(c.claimSecretHash, 'hex'))) return;
  }
  throw new DomainError(
    'forbidden',
    'This deal was accepted in another browser. Open the link in the browser that accepted it (or sign in as the creator who accepted it); if that was not you, contact the brand.',
  );
}

/** Deal commands that move no money (those go through the Escrow). Each returns the append position. */
export function createDealCommands({ bus, nextDealId }: { bus: CommandBus; nextDealId: () => Promise<number> }) {
  const stream = (id: number) => dealAggregate.streamId(id);

  return {
    async create(ownerId: string, body: DealTermsBody, ctx: CommandContext) {
      const dealId = await nextDealId();
      const result = await bus.execute(dealAggregate, stream(dealId), () => [
        { type: 'DealCreated', data: { dealId, ownerId, ...toTerms(body) } },
      ], ctx, { newStream: true });
      return { dealId, position: result.position };
    },

    async update(dealId: number, userId: string, body: DealTermsBody, ctx: CommandContext) {
      const result = await bus.execute(dealAggregate, stream(dealId), (state) => {
        assertOwnedDeal(state, userId);
        return [{ type: 'DealUpdated', data: toTerms(body) }];
      }, ctx);
      return { position: result.position };
    },

    async remove(dealId: number, userId: string, ctx: CommandContext) {
      const result = await bus.execute(dealAggregate, stream(dealId), (state) => {
        assertOwnedDeal(state, userId);
        return [{ type: 'DealDeleted', data: {} }];
      }, ctx);
      return { position: result.position };
    },

    /** Idempotent: a deal keeps the first token it was given. */
    async generateToken(dealId: number, userId: string, ctx: CommandContext) {
      let token = '';
      const result = await bus.execute(dealAggregate, stream(dealId), (state) => {
        assertOwnedDeal(state, userId);
        const existing = state.snapshot.context.shareableToken;
        if (existing) {
          token = existing;
          return [];
        }
        token = newShareToken();
        return [{ type: 'ShareLinkGenerated', data: { token } }];
      }, ctx);
      return { token, position: result.position };
    },

    /**
     * The creator accepts through the link, which binds the deal to this browser (a claim secret,
     * answered once; only its hash is stored) and to the signed-in creator, if any. Accepting
     * again is a no-op, not an error, and hands out no secret.
     */
    async accept(dealId: number, token: string, ctx: CommandContext, claimedByUserId: string | null = null) {
      let claimSecret: string | null = null;
      const result = await bus.execute(dealAggregate, stream(dealId), (state) => {
        assertLinkDeal(state, token);
        claimSecret = null;
        if (state.snapshot.context.influencerAcceptedAt !== null) return [];
        claimSecret = randomBytes(32).toString('base64url');
        return [{ type: 'CreatorAccepted', data: { claimSecretHash: claimHash(claimSecret), ...(claimedByUserId ? { claimedByUserId } : {}) } }];
      }, ctx);
      return { position: result.position, claimSecret: claimSecret as string | null };
    },

    /** The brand replaces the link before anyone accepted it; the old one stops working. */
    async rotateToken(dealId: number, userId: string, ctx: CommandContext) {
      let token = '';
      const result = await bus.execute(dealAggregate, stream(dealId), (state) => {
        assertOwnedDeal(state, userId);
        const c = state.snapshot.context;
        if (c.influencerAcceptedAt !== null) throw new DomainError('conflict', 'The creator already accepted this deal; its link can no longer be replaced');
        token = newShareToken();
        return [{ type: c.shareableToken === null ? 'ShareLinkGenerated' : 'ShareLinkRotated', data: { token } }];
      }, ctx);
      return { token, position: result.position };
    },
  };
}

export type DealCommands = ReturnType<typeof createDealCommands>;
