import { randomBytes } from 'node:crypto';
import { breakdown } from '../../machines/money';
import type { DealTerms } from '../../machines/deal/deal.events';
import type { CommandContext } from '../commands/command-bus';
import { dealNotFound, type CommandRunner, type DealResult, type DealState } from '../commands/run-command';
import type { DealTermsBody } from './deal.schemas';

export { dealNotFound } from '../commands/run-command';

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

export interface DealCommandsDeps {
  run: CommandRunner;
  nextDealId: () => Promise<number>;
  periods: { reviewPeriodHours: number; disputePeriodHours: number };
}

/**
 * The deal's commands as routes use them: who may ask (owner, link, admin) and the command; the
 * decisions are machines/deal/deal.commands.ts's. Money commands record an intent (the payments
 * reactor carries it out); `key` is the intent's idempotency key.
 */
export function createDealCommands({ run, nextDealId, periods }: DealCommandsDeps) {
  const owned = (userId: string) => ({ authorize: (s: DealState) => assertOwnedDeal(s, userId) });
  const linked = (token: string) => ({ authorize: (s: DealState) => assertLinkDeal(s, token) });

  return {
    async create(ownerId: string, body: DealTermsBody, ctx: CommandContext) {
      const dealId = await nextDealId();
      const result = await run.deal(dealId, { type: 'CreateDeal', dealId, ownerId, terms: toTerms(body) }, ctx, { newStream: true });
      return { dealId, position: result.position };
    },
    update: (dealId: number, userId: string, body: DealTermsBody, ctx: CommandContext): Promise<DealResult> =>
      run.deal(dealId, { type: 'UpdateDealTerms', terms: toTerms(body) }, ctx, owned(userId)),
    remove: (dealId: number, userId: string, ctx: CommandContext): Promise<DealResult> => run.deal(dealId, { type: 'DeleteDeal' }, ctx, owned(userId)),
    /** A deal keeps the first token it was given. */
    async generateToken(dealId: number, userId: string, ctx: CommandContext) {
      const result = await run.deal(dealId, { type: 'GenerateShareLink', token: newShareToken() }, ctx, owned(userId));
      return { token: result.snapshot.context.shareableToken!, position: result.position };
    },
    dispute: (dealId: number, userId: string, reason: string, ctx: CommandContext): Promise<DealResult> =>
      run.deal(dealId, { type: 'OpenDispute', reason, description: null, disputePeriodHours: periods.disputePeriodHours }, ctx, owned(userId)),
    release: (dealId: number, userId: string, key: string, ctx: CommandContext): Promise<DealResult> =>
      run.deal(dealId, { type: 'ReleaseFunds', trigger: 'brand', key }, ctx, owned(userId)),
    manualComplete: (dealId: number, userId: string, ctx: CommandContext): Promise<DealResult> =>
      run.deal(dealId, { type: 'CompleteManually' }, ctx, owned(userId)),

    accept: (dealId: number, token: string, ctx: CommandContext): Promise<DealResult> => run.deal(dealId, { type: 'AcceptDeal' }, ctx, linked(token)),
    deliver: (dealId: number, token: string, ctx: CommandContext): Promise<DealResult> =>
      run.deal(dealId, { type: 'DeliverContent', reviewPeriodHours: periods.reviewPeriodHours }, ctx, linked(token)),

    adminRelease: (dealId: number, key: string, ctx: CommandContext): Promise<DealResult> =>
      run.deal(dealId, { type: 'ReleaseFunds', trigger: 'admin', key }, ctx),
    hold: (dealId: number, ctx: CommandContext): Promise<DealResult> =>
      run.deal(dealId, { type: 'PutOnHold', reason: 'Held by an admin for manual review' }, ctx),
    resume: (dealId: number, ctx: CommandContext): Promise<DealResult> => run.deal(dealId, { type: 'ReleaseHold' }, ctx),
    refund: (dealId: number, key: string, ctx: CommandContext): Promise<DealResult> => run.deal(dealId, { type: 'RequestRefund', key }, ctx),
  };
}

export type DealCommands = ReturnType<typeof createDealCommands>;
