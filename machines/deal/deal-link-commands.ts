import type { Deciders } from '../escrow/escrow-decider';
import { sameIdentity, type PayoutIdentity } from '../account/payout-identity';
import { acceptRefusal, linkRotationRefusal } from './deal.guards';
import {
  dealCanTake,
  guarded,
  only,
  type DealDraft,
  type DealSnapshot,
} from './deal-escrow';

/**
 * The deal's link and the creator behind it: the link the brand shares (given once, replaced on
 * request), the creator's acceptance through it, and the creator's payout account.
 */
export type LinkCommand =
  | { type: 'GenerateShareLink'; token: string }
  /**
   * Binds the deal to the accepting browser (hash of its claim secret) and, when signed in, the
   * creator account; records the SHA-256 of the contract as it stands (`contractHash`). `readHash`,
   * the hash of the contract the creator read, refuses the acceptance when it differs (`contract_changed`).
   */
  | {
      type: 'AcceptDeal';
      claimSecretHash?: string;
      claimedByUserId?: string | null;
      contractHash?: string;
      readHash?: string | null;
    }
  | { type: 'RotateShareLink'; token: string }
  | {
      type: 'StartBankOnboarding';
      accountId: string;
      identity?: PayoutIdentity;
    }
  | { type: 'ConnectBankAccount'; accountId: string };

export const linkDeciders: Deciders<LinkCommand, DealSnapshot, DealDraft> = {
  // A deal keeps the first link it was given: asking again is answered with that link.
  GenerateShareLink: ({ token }, snapshot, now) =>
    snapshot.context.shareableToken !== null
      ? []
      : only(snapshot, now, 'create_share_link', {
          type: 'ShareLinkGenerated',
          data: { token },
        }),
  AcceptDeal: (command, snapshot, now) => {
    // A brand signed in on its own link would bind the deal (and its payout) to itself.
    const own =
      !!command.claimedByUserId &&
      command.claimedByUserId === snapshot.context.ownerId;
    const code =
      acceptRefusal(snapshot.context, command) ??
      (own ? 'own_deal_not_acceptable' : null);
    return guarded(snapshot, now, 'accept_deal', code, {
      type: 'CreatorAccepted',
      data: {
        ...(command.claimSecretHash
          ? { claimSecretHash: command.claimSecretHash }
          : {}),
        ...(command.claimedByUserId
          ? { claimedByUserId: command.claimedByUserId }
          : {}),
        ...(command.contractHash ? { contractHash: command.contractHash } : {}),
      },
    });
  },
  RotateShareLink: ({ token }, snapshot, now) => {
    const code = linkRotationRefusal(snapshot.context);
    if (code === null && snapshot.context.shareableToken === null)
      return only(snapshot, now, 'create_share_link', {
        type: 'ShareLinkGenerated',
        data: { token },
      });
    return guarded(snapshot, now, 'replace_share_link', code, {
      type: 'ShareLinkRotated',
      data: { token },
    });
  },
  // A second visit continues the same onboarding; it is recorded again only to correct the identity.
  StartBankOnboarding: ({ accountId, identity }, snapshot, now) =>
    snapshot.context.onboardingAccountId === accountId &&
    (!identity || sameIdentity(snapshot.context.payoutIdentity, identity))
      ? []
      : only(snapshot, now, 'start_bank_setup', {
          type: 'BankOnboardingStarted',
          data: identity ? { accountId, identity } : { accountId },
        }),
  ConnectBankAccount: ({ accountId }, snapshot, now) => {
    if (snapshot.context.stripeAccountId === accountId) return [];
    const connected: DealDraft = {
      type: 'BankAccountConnected',
      data: { accountId },
    };
    // A gateway report the deal cannot use (another account, wrong state) is ignored, not an error.
    return dealCanTake(snapshot, connected, now) ? [connected] : [];
  },
};
