import { timingSafeEqual } from 'node:crypto';
import type { Language } from '@machines/account/account.events';
import type { LinkClaimCommand } from '@machines/link-claim/link-claim.commands';
import type { LinkKind } from '@machines/link-claim/link-claim.events';
import type {
  LinkClaimContext,
  linkClaimMachine,
} from '@machines/link-claim/link-claim.machine';
import type {
  CommandBus,
  CommandContext,
  CommandResult,
} from '../commands/command-bus';
import { linkClaimAggregate } from '../commands/aggregate';
import type { CommandRunner } from '../commands/run-command';
import { DomainError } from '../commands/domain-error';
import { claimHash, newClaim } from './link-claim';

export interface LinkRef {
  kind: LinkKind;
  id: number;
}

/** What a request holds: the claim secret its browser kept, and the signed-in account, if any. */
export interface HeldClaim {
  secret: string | null;
  userId: string | null;
}

/** The claim an aggregate recorded itself (a deal's CreatorAccepted); none for payment requests. */
export interface RecordedClaim {
  claimSecretHash: string | null;
  claimedByUserId: string | null;
}

export interface LinkHolderParts {
  bus: CommandBus;
  run: CommandRunner;
  settle(position: number): Promise<void>;
}

export type RunLinkClaim = (
  ref: LinkRef,
  command: LinkClaimCommand,
  meta: CommandContext,
) => Promise<CommandResult<typeof linkClaimMachine>>;

/** The stream of a link's claim: `link-claim-deal-7`, `link-claim-payment-request-3`. */
export const linkStreamOf = (ref: LinkRef) => `${ref.kind}-${ref.id}`;

const sameHash = (a: string, b: string) =>
  timingSafeEqual(Buffer.from(a, 'hex'), Buffer.from(b, 'hex'));

/** The claim that counts: the claim stream's, else what the aggregate recorded (older links). */
const current = (
  state: LinkClaimContext,
  recorded: RecordedClaim,
): RecordedClaim => ({
  claimSecretHash: state.claimSecretHash ?? recorded.claimSecretHash,
  claimedByUserId: recorded.claimedByUserId,
});

/** Whether `held` is the claim: true, false, or null while nobody claimed the link. */
function holds(claim: RecordedClaim, held: HeldClaim): boolean | null {
  if (claim.claimSecretHash === null && claim.claimedByUserId === null)
    return null;
  if (claim.claimedByUserId !== null && held.userId === claim.claimedByUserId)
    return true;
  return (
    claim.claimSecretHash !== null &&
    held.secret !== null &&
    sameHash(claimHash(held.secret), claim.claimSecretHash)
  );
}

/**
 * Who holds a deal's or payment request's link (docs/adr/0020-link-claims-move-by-email-code.md):
 * its claim stream `link-claim-<kind>-<id>`, read through the command bus, so every instance sees
 * the latest move. Deals accepted before claim streams fall back to the claim their acceptance
 * recorded; links nobody claimed stay open to the link, as they were.
 */
export function createLinkHolders(ctx: LinkHolderParts) {
  const load = async (ref: LinkRef): Promise<LinkClaimContext> =>
    (
      await ctx.bus.load(
        linkClaimAggregate,
        linkClaimAggregate.streamId(linkStreamOf(ref)),
      )
    ).snapshot.context;
  const run: RunLinkClaim = async (ref, command, meta) => {
    const result = await ctx.run.linkClaim(linkStreamOf(ref), command, meta);
    await ctx.settle(result.position);
    return result;
  };
  return {
    load,
    run,
    /** Whether `held` is the link's claimer: true, false, or null while nobody claimed it. */
    async holder(ref: LinkRef, recorded: RecordedClaim, held: HeldClaim) {
      const state = await load(ref);
      return { state, holds: holds(current(state, recorded), held) };
    },
    /** Refuses (403 `elsewhere`) whoever is not the claimer once the link is claimed. */
    async assertHolder(
      ref: LinkRef,
      recorded: RecordedClaim,
      held: HeldClaim,
      elsewhere: 'deal_claimed_elsewhere' | 'request_claimed_elsewhere',
    ): Promise<void> {
      const state = await load(ref);
      if (holds(current(state, recorded), held) === false)
        throw new DomainError(elsewhere);
    },
    /** The first device's claim; answers its secret (only the hash is stored). */
    async claim(
      ref: LinkRef,
      facts: {
        language: Language;
        fromBrandSignInAddress: boolean;
        email?: string;
      },
      meta: CommandContext,
      secret = newClaim(),
    ): Promise<string> {
      const claim = { link: ref, claimSecretHash: secret.hash, ...facts };
      await run(ref, { type: 'ClaimLink', claim }, meta);
      return secret.secret;
    },
  };
}

export type LinkHolders = ReturnType<typeof createLinkHolders>;
