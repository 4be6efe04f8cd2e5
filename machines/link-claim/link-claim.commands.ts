import type { DraftOf } from '../events/define';
import { DomainError } from '../command-error';
import type { Language } from '../account/account.events';
import type { LinkClaimEvent, LinkCodePurpose } from './link-claim.events';
import type { LinkClaimContext } from './link-claim.machine';

/** How long a mailed code works, and how many wrong tries it takes. */
export const LINK_CODE_MINUTES = 15;
export const LINK_CODE_MAX_TRIES = 5;

type Draft = DraftOf<LinkClaimEvent>;
type Claim = Extract<Draft, { type: 'LinkClaimed' }>['data'];

export type LinkClaimCommand =
  /** The link's first device: the accepting creator's or the accepting brand's browser. */
  | { type: 'ClaimLink'; claim: Claim }
  /**
   * Mail a code. `confirm` names the address: whoever is about to accept (the link still unclaimed)
   * or the claimer of a link accepted before acceptance asked for it; `resume` (anyone with the
   * link) goes to the link's known address. `adopt` claims first a link accepted before claim
   * streams existed, from the claim its deal recorded.
   */
  | {
      type: 'SendLinkCode';
      purpose: LinkCodePurpose;
      email?: string;
      codeHash: string;
      nonce: string;
      now: string;
      adopt?: Claim;
    }
  /** Check a code: `hashOf(nonce)` is the HMAC of the code given, salted with the open code's nonce. */
  | {
      type: 'CheckLinkCode';
      purpose: LinkCodePurpose;
      hashOf: (nonce: string) => string;
      now: string;
      /** The new device's claim secret (SHA-256) and language, for `resume`. */
      claimSecretHash?: string;
      language: Language;
      /** A `confirm` code given with the acceptance: only while nobody holds the link yet. */
      atAcceptance?: boolean;
    };

const addMinutes = (iso: string, minutes: number) =>
  new Date(Date.parse(iso) + minutes * 60_000).toISOString();

function sendCode(
  c: LinkClaimContext,
  command: Extract<LinkClaimCommand, { type: 'SendLinkCode' }>,
): Draft[] {
  const drafts: Draft[] = [];
  let claimed = c.claimSecretHash !== null;
  if (!claimed && command.adopt) {
    drafts.push({ type: 'LinkClaimed', data: command.adopt });
    claimed = true;
  }
  // Before the claim only the acceptance's own address is confirmed; nothing is resumed.
  if (!claimed && command.purpose !== 'confirm')
    throw new DomainError('link_not_claimed');
  const email =
    command.purpose === 'confirm'
      ? command.email
      : (c.email ?? command.adopt?.email);
  if (!email) throw new DomainError('link_email_unknown');
  drafts.push({
    type: 'LinkEmailCodeSent',
    data: {
      purpose: command.purpose,
      email,
      codeHash: command.codeHash,
      nonce: command.nonce,
      expiresAt: addMinutes(command.now, LINK_CODE_MINUTES),
    },
  });
  return drafts;
}

function checkCode(
  c: LinkClaimContext,
  command: Extract<LinkClaimCommand, { type: 'CheckLinkCode' }>,
): Draft[] {
  // A link someone already accepted is not confirmed again by the acceptance of another.
  if (command.atAcceptance && c.claimSecretHash !== null)
    throw new DomainError('link_already_taken');
  const code = c.code;
  if (!code || code.purpose !== command.purpose)
    throw new DomainError('link_code_invalid');
  if (code.expiresAt <= command.now) throw new DomainError('link_code_expired');
  if (command.hashOf(code.nonce) !== code.codeHash) {
    const attempt = code.failures + 1;
    return [
      {
        type: 'LinkEmailCodeRejected',
        data: { attempt, final: attempt >= LINK_CODE_MAX_TRIES },
      },
    ];
  }
  if (command.purpose === 'confirm')
    return [{ type: 'LinkEmailConfirmed', data: { email: code.email } }];
  if (!command.claimSecretHash) throw new DomainError('link_code_invalid');
  return [
    {
      type: 'LinkClaimMoved',
      data: {
        claimSecretHash: command.claimSecretHash,
        language: command.language,
      },
    },
  ];
}

/** The events a link-claim command records, or the refusal. */
export function decideLinkClaim(
  c: LinkClaimContext,
  command: LinkClaimCommand,
): Draft[] {
  switch (command.type) {
    case 'ClaimLink':
      if (c.claimSecretHash !== null)
        throw new DomainError('link_already_taken');
      return [{ type: 'LinkClaimed', data: command.claim }];
    case 'SendLinkCode':
      return sendCode(c, command);
    case 'CheckLinkCode':
      return checkCode(c, command);
  }
}
