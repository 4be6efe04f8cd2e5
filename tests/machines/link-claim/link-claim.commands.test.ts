import { describe, expect, it } from 'vitest';
import {
  decideLinkClaim,
  type LinkClaimCommand,
} from '@machines/link-claim/link-claim.commands';
import type { LinkClaimEvent } from '@machines/link-claim/link-claim.events';
import { linkClaimMachine } from '@machines/link-claim/link-claim.machine';
import { fold, initialOf } from '@machines/statechart';
import { deciderSpec } from '@tests/support/decider-spec';
import { metadata } from '@tests/support/event-factory';

type Of<T extends LinkClaimEvent['type']> = Extract<
  LinkClaimEvent,
  { type: T }
>;
const event = <T extends LinkClaimEvent['type']>(
  type: T,
  data: Of<T>['data'],
): Of<T> => ({ type, data, metadata: metadata() }) as Of<T>;

/**
 * The e-mail code is part of the acceptance (docs/adr/0030-email-confirmed-at-acceptance.md): a
 * code is mailed while nobody holds the link, given with the acceptance, and the claim the
 * acceptance takes carries the address it confirmed.
 */
const { given } = deciderSpec(
  linkClaimMachine,
  (command: LinkClaimCommand, snapshot) =>
    decideLinkClaim(snapshot.context, command),
);
const NOW = '2026-11-22T10:00:00.000Z';
const hashOf = (code: string) => (nonce: string) =>
  `${code}-${nonce}`.padEnd(64, '0');
const sent = (
  email: string,
  code: string,
  expiresAt = '2026-11-22T10:15:00.000Z',
) =>
  event('LinkEmailCodeSent', {
    purpose: 'confirm',
    email,
    nonce: 'nonce-0001',
    codeHash: hashOf(code)('nonce-0001'),
    expiresAt,
  });
const claimed = (email?: string) =>
  event('LinkClaimed', {
    link: { kind: 'deal', id: 42 },
    claimSecretHash: 'b'.repeat(64),
    language: 'en',
    fromBrandSignInAddress: false,
    ...(email ? { email } : {}),
  });
const checkAtAcceptance = (code: string): LinkClaimCommand => ({
  type: 'CheckLinkCode',
  purpose: 'confirm',
  hashOf: hashOf(code),
  now: NOW,
  language: 'en',
  atAcceptance: true,
});
type SendCode = Extract<LinkClaimCommand, { type: 'SendLinkCode' }>;
const sendConfirm = (email: string): SendCode => ({
  type: 'SendLinkCode',
  purpose: 'confirm',
  email,
  codeHash: 'a'.repeat(64),
  nonce: 'nonce-0002',
  now: NOW,
});

describe('the e-mail code at acceptance', () => {
  it('mails a code to the address named while nobody holds the link', () => {
    given([])
      .when(sendConfirm('sam@creator.example'), NOW)
      .then({
        type: 'LinkEmailCodeSent',
        data: { purpose: 'confirm', email: 'sam@creator.example' },
      });
  });

  it('moves nothing while nobody holds the link', () => {
    given([])
      .when({ ...sendConfirm('x@y.example'), purpose: 'resume' }, NOW)
      .thenRefused({
        code: 'conflict',
        id: 'link_not_claimed',
        status: 409,
        message: /./,
      });
  });

  it('confirms the address with the right code before the claim', () => {
    given([sent('sam@creator.example', '123456')])
      .when(checkAtAcceptance('123456'), NOW)
      .then({
        type: 'LinkEmailConfirmed',
        data: { email: 'sam@creator.example' },
      });
  });

  it('counts a wrong code, and refuses an expired one', () => {
    given([sent('sam@creator.example', '123456')])
      .when(checkAtAcceptance('654321'), NOW)
      .then({
        type: 'LinkEmailCodeRejected',
        data: { attempt: 1, final: false },
      });
    given([sent('sam@creator.example', '123456', NOW)])
      .when(checkAtAcceptance('123456'), NOW)
      .thenRefused({
        code: 'bad_request',
        id: 'link_code_expired',
        status: 400,
        message: /./,
      });
  });

  it('refuses a code given with an acceptance once someone holds the link', () => {
    given([
      claimed('sam@creator.example'),
      sent('sam@creator.example', '123456'),
    ])
      .when(checkAtAcceptance('123456'), NOW)
      .thenRefused({
        code: 'conflict',
        id: 'link_already_taken',
        status: 409,
        message: /./,
      });
  });

  it('keeps the address of the acceptance that took the claim, not one confirmed by a loser of the race', () => {
    const history: LinkClaimEvent[] = [
      sent('sam@creator.example', '111111'),
      event('LinkEmailConfirmed', { email: 'sam@creator.example' }),
      sent('eve@stranger.example', '222222'),
      event('LinkEmailConfirmed', { email: 'eve@stranger.example' }),
      claimed('sam@creator.example'),
    ];
    const context = fold(
      linkClaimMachine,
      history,
      initialOf(linkClaimMachine),
    ).context;
    expect(context.email).toBe('sam@creator.example');
    expect(context.emailConfirmedAt).not.toBeNull();
  });
});
