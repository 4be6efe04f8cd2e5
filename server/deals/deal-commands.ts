import { randomBytes } from 'node:crypto';
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

    /** The creator accepts through the link; accepting twice is a no-op, not an error. */
    async accept(dealId: number, token: string, ctx: CommandContext) {
      const result = await bus.execute(dealAggregate, stream(dealId), (state) => {
        assertLinkDeal(state, token);
        if (state.snapshot.context.influencerAcceptedAt !== null) return [];
        return [{ type: 'CreatorAccepted', data: {} }];
      }, ctx);
      return { position: result.position };
    },
  };
}

export type DealCommands = ReturnType<typeof createDealCommands>;
