import { z } from 'zod';
import { languageSchema } from '../account/account.events';
import { defineEvent, type EventOf } from '../events/define';

const isoInstant = z.iso.datetime();
const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/);
const email = z.string().min(3).max(320);

/** Which link a claim stream is about: a deal's (the creator) or a payment request's (the brand). */
export const linkKinds = ['deal', 'payment-request'] as const;
export type LinkKind = (typeof linkKinds)[number];

/** What a code is for: confirming the address at acceptance, or moving the claim to a new device. */
export const linkCodePurposes = ['confirm', 'resume'] as const;
export type LinkCodePurpose = (typeof linkCodePurposes)[number];

export const LinkClaimed = defineEvent({
  type: 'LinkClaimed',
  version: 1,
  category: 'link-claim',
  description:
    "The link's first device took its claim (the creator accepting a deal, the brand accepting a payment request): the SHA-256 of the claim secret answered once to that browser, the browser's language, and whether it came from the address the brand last signed in from.",
  schema: z.object({
    link: z.object({
      kind: z.enum(linkKinds),
      id: z.number().int().positive(),
    }),
    claimSecretHash: sha256Hex,
    language: languageSchema,
    fromBrandSignInAddress: z.boolean(),
    /** A payment request's brand: the address its link was mailed to (the address codes go to). */
    email: email.optional(),
  }),
  fields: { claimSecretHash: 'none', email: 'profile' },
  example: {
    link: { kind: 'deal', id: 42 },
    claimSecretHash:
      'b5bb9d8014a0f9b1d61e21e796d78dccdf1352f23cd32812f4850b878ae4944c',
    language: 'nl',
    fromBrandSignInAddress: false,
  },
});

export const LinkEmailCodeSent = defineEvent({
  type: 'LinkEmailCodeSent',
  version: 1,
  category: 'link-claim',
  description:
    'A one-time code was mailed: to confirm an address at acceptance, or to move the claim to another device. Only an HMAC of the code is kept; it expires, and wrong tries are counted.',
  schema: z.object({
    purpose: z.enum(linkCodePurposes),
    email,
    codeHash: sha256Hex,
    nonce: z.string().min(8).max(64),
    expiresAt: isoInstant,
  }),
  fields: { email: 'profile', codeHash: 'none', nonce: 'none' },
  example: {
    purpose: 'confirm',
    email: 'sam@creator.example',
    codeHash:
      '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
    nonce: 'q1w2e3r4t5y6',
    expiresAt: '2026-11-22T10:15:00.000Z',
  },
});

export const LinkEmailCodeRejected = defineEvent({
  type: 'LinkEmailCodeRejected',
  version: 1,
  category: 'link-claim',
  description:
    'A wrong code was given for the open code; `final` when that was the last try and the code is void.',
  schema: z.object({
    attempt: z.number().int().min(1).max(100),
    final: z.boolean(),
  }),
  fields: {},
  example: { attempt: 1, final: false },
});

export const LinkEmailConfirmed = defineEvent({
  type: 'LinkEmailConfirmed',
  version: 1,
  category: 'link-claim',
  description:
    "The link's claimer confirmed this address with the code sent to it: codes to continue on another device go there.",
  schema: z.object({ email }),
  fields: { email: 'profile' },
  example: { email: 'sam@creator.example' },
});

export const LinkClaimMoved = defineEvent({
  type: 'LinkClaimMoved',
  version: 1,
  category: 'link-claim',
  description:
    "The claim moved to another device with a code from the link's address: the new browser's claim secret (SHA-256) replaces the old one, which stops working at once.",
  schema: z.object({ claimSecretHash: sha256Hex, language: languageSchema }),
  fields: { claimSecretHash: 'none' },
  example: {
    claimSecretHash:
      'fcde2b2edba56bf408601fb721fe9b5c338d10ee429ea04fae5511b68fbf8fb9',
    language: 'en',
  },
});

export const linkClaimEventDefinitions = [
  LinkClaimed,
  LinkEmailCodeSent,
  LinkEmailCodeRejected,
  LinkEmailConfirmed,
  LinkClaimMoved,
] as const;

export type LinkClaimEvent = EventOf<
  (typeof linkClaimEventDefinitions)[number]
>;
