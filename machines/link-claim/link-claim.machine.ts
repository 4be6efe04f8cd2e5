import { assign, setup } from 'xstate';
import type { Language } from '../account/account.events';
import type {
  LinkClaimEvent,
  LinkCodePurpose,
  LinkKind,
} from './link-claim.events';

/** A code mailed and not yet used up: its HMAC, its salt, until when, and wrong tries so far. */
export interface OpenLinkCode {
  purpose: LinkCodePurpose;
  email: string;
  codeHash: string;
  nonce: string;
  expiresAt: string;
  failures: number;
}

export interface LinkClaimContext {
  link: { kind: LinkKind; id: number } | null;
  /** The current claimer's secret (SHA-256); null before the first claim. */
  claimSecretHash: string | null;
  /** Where codes go: the confirmed address (deal) or the address the request was mailed to. */
  email: string | null;
  emailConfirmedAt: string | null;
  language: Language | null;
  fromBrandSignInAddress: boolean;
  code: OpenLinkCode | null;
  moves: number;
}

export const emptyLinkClaimContext: LinkClaimContext = {
  link: null,
  claimSecretHash: null,
  email: null,
  emailConfirmedAt: null,
  language: null,
  fromBrandSignInAddress: false,
  code: null,
  moves: 0,
};

export function evolveLinkClaimContext(
  c: LinkClaimContext,
  event: LinkClaimEvent,
): LinkClaimContext {
  switch (event.type) {
    case 'LinkClaimed': {
      const d = event.data;
      return {
        ...c,
        link: d.link,
        claimSecretHash: d.claimSecretHash,
        language: d.language,
        fromBrandSignInAddress: d.fromBrandSignInAddress,
        // The address its acceptance confirmed (or, before that, a request's address).
        email: d.email ?? c.email,
      };
    }
    case 'LinkEmailCodeSent':
      return { ...c, code: { ...event.data, failures: 0 } };
    case 'LinkEmailCodeRejected':
      if (!c.code) return c;
      return event.data.final
        ? { ...c, code: null }
        : { ...c, code: { ...c.code, failures: event.data.attempt } };
    case 'LinkEmailConfirmed':
      return {
        ...c,
        email: event.data.email,
        emailConfirmedAt: event.metadata.at,
        code: null,
      };
    case 'LinkClaimMoved':
      return {
        ...c,
        claimSecretHash: event.data.claimSecretHash,
        language: event.data.language,
        code: null,
        moves: c.moves + 1,
      };
  }
}

const claimed = ({ context }: { context: LinkClaimContext }) =>
  context.claimSecretHash !== null;
const codeOpen = ({ context }: { context: LinkClaimContext }) =>
  context.code !== null;

/**
 * Who holds a link: unclaimed until its first device claims it, then claimed. Before the claim,
 * whoever accepts confirms an address with a mailed code (the acceptance needs it); once claimed,
 * codes are mailed and checked to confirm the address or move the claim.
 */
export const linkClaimMachine = setup({
  types: { context: {} as LinkClaimContext, events: {} as LinkClaimEvent },
  guards: {
    claimed,
    codeOpen,
    confirmCodeOpen: ({ context }) => context.code?.purpose === 'confirm',
    confirmCode: ({ event }) =>
      event.type === 'LinkEmailCodeSent' && event.data.purpose === 'confirm',
    resumeCodeOpen: ({ context }) => context.code?.purpose === 'resume',
  },
  actions: {
    evolve: assign(({ context, event }) =>
      evolveLinkClaimContext(context, event),
    ),
  },
}).createMachine({
  id: 'linkClaim',
  context: emptyLinkClaimContext,
  initial: 'unclaimed',
  states: {
    unclaimed: {
      on: {
        LinkClaimed: { target: 'claimed', actions: 'evolve' },
        LinkEmailCodeSent: { guard: 'confirmCode', actions: 'evolve' },
        LinkEmailCodeRejected: { guard: 'codeOpen', actions: 'evolve' },
        LinkEmailConfirmed: { guard: 'confirmCodeOpen', actions: 'evolve' },
      },
    },
    claimed: {
      on: {
        LinkEmailCodeSent: { actions: 'evolve' },
        LinkEmailCodeRejected: { guard: 'codeOpen', actions: 'evolve' },
        LinkEmailConfirmed: { guard: 'confirmCodeOpen', actions: 'evolve' },
        LinkClaimMoved: { guard: 'resumeCodeOpen', actions: 'evolve' },
      },
    },
  },
});
