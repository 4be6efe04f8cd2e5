import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { breakdown } from '@machines/money';
import type { DealTerms } from '@machines/deal/deal.events';
import type { CommandContext } from '../commands/command-bus';
import { DomainError } from '../commands/domain-error';
import { dealNotFound, type CommandRunner, type DealResult, type DealState } from '../commands/run-command';
import type { Clock } from '../shared/clock';
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

/** The calendar day (UTC) a deadline names: "2026-04-01" and "2026-04-01T12:00:00+02:00" both give 2026-04-01. */
const dayOf = (deadline: string): string => deadline.slice(0, 10);

/** Deadlines name a day that has not passed (UTC), as payment requests' do; a brand may pick today. */
function assertDeadlinesAhead(body: DealTermsBody, now: Date): void {
  const today = now.toISOString().slice(0, 10);
  if (dayOf(body.deadline) < today) throw new DomainError('deadline_in_past');
  if (body.publicationDeadline !== null && dayOf(body.publicationDeadline) < today) {
    throw new DomainError('publication_deadline_in_past');
  }
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

export interface DealCommandsDeps {
  run: CommandRunner;
  clock: Clock;
  nextDealId: () => Promise<number>;
  periods: { reviewPeriodHours: number; disputePeriodHours: number };
}

/**
 * The deal's commands as routes use them: who may ask (owner, link, admin) and the command; the
 * decisions are machines/deal/deal.commands.ts's. Money commands record an intent (the payments
 * reactor carries it out); `key` is the intent's idempotency key.
 */
export function createDealCommands({ run, clock, nextDealId, periods }: DealCommandsDeps) {
  const owned = (userId: string) => ({ authorize: (s: DealState) => assertOwnedDeal(s, userId) });
  const linked = (token: string) => ({ authorize: (s: DealState) => assertLinkDeal(s, token) });

  return {
    async create(ownerId: string, body: DealTermsBody, ctx: CommandContext) {
      assertDeadlinesAhead(body, clock.now());
      const dealId = await nextDealId();
      const result = await run.deal(dealId, { type: 'CreateDeal', dealId, ownerId, terms: toTerms(body) }, ctx, { newStream: true });
      return { dealId, position: result.position };
    },
    update(dealId: number, userId: string, body: DealTermsBody, ctx: CommandContext): Promise<DealResult> {
      assertDeadlinesAhead(body, clock.now());
      return run.deal(dealId, { type: 'UpdateDealTerms', terms: toTerms(body) }, ctx, owned(userId));
    },
    remove: (dealId: number, userId: string, ctx: CommandContext): Promise<DealResult> => run.deal(dealId, { type: 'DeleteDeal' }, ctx, owned(userId)),
    /** A deal keeps the first token it was given. */
    async generateToken(dealId: number, userId: string, ctx: CommandContext) {
      const result = await run.deal(dealId, { type: 'GenerateShareLink', token: newShareToken() }, ctx, owned(userId));
      return { token: result.snapshot.context.shareableToken!, position: result.position };
    },
    /** The brand's own words (reason and optional description) are kept on the event and shown in the timelines. */
    dispute: (dealId: number, userId: string, reason: string, ctx: CommandContext, description: string | null = null): Promise<DealResult> =>
      run.deal(dealId, { type: 'OpenDispute', reason, description, disputePeriodHours: periods.disputePeriodHours }, ctx, owned(userId)),
    /** The brand replaces the link before anyone accepted it; the old one stops working. */
    async rotateToken(dealId: number, userId: string, ctx: CommandContext) {
      const result = await run.deal(dealId, { type: 'RotateShareLink', token: newShareToken() }, ctx, owned(userId));
      return { token: result.snapshot.context.shareableToken!, position: result.position };
    },
    release: (dealId: number, userId: string, key: string, ctx: CommandContext): Promise<DealResult> =>
      run.deal(dealId, { type: 'ReleaseFunds', trigger: 'brand', key }, ctx, owned(userId)),
    manualComplete: (dealId: number, userId: string, ctx: CommandContext): Promise<DealResult> =>
      run.deal(dealId, { type: 'CompleteManually' }, ctx, owned(userId)),

    /**
     * The creator accepts through the link, which binds the deal to this browser (a claim secret,
     * answered once; only its hash is stored) and to the signed-in creator, if any.
     */
    async accept(dealId: number, token: string, ctx: CommandContext, claimedByUserId: string | null = null) {
      const claimSecret = randomBytes(32).toString('base64url');
      const result = await run.deal(dealId, { type: 'AcceptDeal', claimSecretHash: claimHash(claimSecret), claimedByUserId }, ctx, linked(token));
      return { ...result, claimSecret };
    },
    deliver: (dealId: number, token: string, ctx: CommandContext): Promise<DealResult> =>
      run.deal(dealId, { type: 'DeliverContent', reviewPeriodHours: periods.reviewPeriodHours }, ctx, linked(token)),

    adminRelease: (dealId: number, key: string, ctx: CommandContext): Promise<DealResult> =>
      run.deal(dealId, { type: 'ReleaseFunds', trigger: 'admin', key }, ctx),
    hold: (dealId: number, ctx: CommandContext): Promise<DealResult> =>
      run.deal(dealId, { type: 'PutOnHold', reason: 'Held by an admin for manual review' }, ctx),
    resume: (dealId: number, ctx: CommandContext): Promise<DealResult> => run.deal(dealId, { type: 'ReleaseHold' }, ctx),
    addNote: (dealId: number, note: string, ctx: CommandContext): Promise<DealResult> => run.deal(dealId, { type: 'AddNote', note }, ctx),
    refund: (dealId: number, key: string, ctx: CommandContext): Promise<DealResult> => run.deal(dealId, { type: 'RequestRefund', key }, ctx),
    /** The creator receives `creatorCents`, the brand the rest; `key` derives each part's key. */
    split: (dealId: number, creatorCents: number, key: string, ctx: CommandContext): Promise<DealResult> =>
      run.deal(dealId, { type: 'ResolveWithSplit', creatorCents, key }, ctx),
    retrySplit: (dealId: number, ctx: CommandContext): Promise<DealResult> => run.deal(dealId, { type: 'RetrySplit' }, ctx),
  };
}

export type DealCommands = ReturnType<typeof createDealCommands>;
