import { z } from 'zod';
import { defineEvent, type EventOf } from '../events/define';
import { payoutIdentitySchema } from './payout-identity';

const optionalText = z.string().max(200).nullable();
export const countryCodeSchema = z.string().regex(/^[A-Z]{2}$/);

export const UserRegistered = defineEvent({
  type: 'UserRegistered',
  version: 1,
  category: 'user',
  description:
    'A brand or creator registered with email and password (scrypt hash, never the password).',
  schema: z.object({
    userId: z.string().min(1),
    username: z.string().min(3).max(50),
    email: z.string().min(3).max(320),
    passwordHash: z.string().min(1),
    companyName: optionalText,
    country: countryCodeSchema.nullable(),
    phoneNumber: z.string().max(40).nullable(),
    /** The browser's language at registration: the person's language until they choose one. */
    language: z.enum(['en', 'nl']).optional(),
  }),
  fields: {
    userId: 'none',
    username: 'profile',
    email: 'profile',
    passwordHash: 'profile',
    companyName: 'profile',
    country: 'profile',
    phoneNumber: 'profile',
  },
  example: {
    userId: 'u_7f3a',
    username: 'acme',
    email: 'team@acme.example',
    passwordHash: 'scrypt$16384$8$1$c2FsdA$aGFzaA',
    companyName: 'Acme',
    country: 'NL',
    phoneNumber: null,
  },
});

export const OnboardingCompleted = defineEvent({
  type: 'OnboardingCompleted',
  version: 1,
  category: 'user',
  description:
    'The user finished (or skipped) onboarding; the optional fields may be empty.',
  schema: z.object({
    companyName: optionalText,
    country: countryCodeSchema.nullable(),
    phoneNumber: z.string().max(40).nullable(),
  }),
  fields: {
    companyName: 'profile',
    country: 'profile',
    phoneNumber: 'profile',
  },
  example: {
    companyName: 'Acme',
    country: 'NL',
    phoneNumber: '+31 6 1234 5678',
  },
});

export const ProfileUpdated = defineEvent({
  type: 'ProfileUpdated',
  version: 1,
  category: 'user',
  description:
    'The user edited the profile (full replacement of the profile fields).',
  schema: z.object({
    username: z.string().min(2).max(50),
    email: z.string().min(3).max(320),
    companyName: optionalText,
    country: countryCodeSchema.nullable(),
    phoneNumber: z.string().max(40).nullable(),
  }),
  fields: {
    username: 'profile',
    email: 'profile',
    companyName: 'profile',
    country: 'profile',
    phoneNumber: 'profile',
  },
  example: {
    username: 'acme',
    email: 'hello@acme.example',
    companyName: 'Acme BV',
    country: 'NL',
    phoneNumber: null,
  },
});

/** The languages of screens and messages. */
export const languages = ['en', 'nl'] as const;
export type Language = (typeof languages)[number];
export const languageSchema = z.enum(languages);

export const LanguageChosen = defineEvent({
  type: 'LanguageChosen',
  version: 1,
  category: 'user',
  description:
    'The user chose the language of screens and messages (profile, language switch or notification settings); kept in the profile, so it follows them to every device and their notifications.',
  schema: z.object({ language: languageSchema }),
  fields: {},
  example: { language: 'nl' },
});

export const PayoutAccountLinked = defineEvent({
  type: 'PayoutAccountLinked',
  version: 1,
  category: 'user',
  description:
    'A connected payout account was opened for the user (creators paid by payment request), with the identity the creator gave for the yearly payout report; recorded again for the same account when the creator corrects that identity.',
  schema: z.object({
    accountId: z.string().min(1),
    identity: payoutIdentitySchema.optional(),
  }),
  fields: {
    accountId: 'none',
    'identity.legalName': 'fiscal',
    'identity.address': 'fiscal',
    'identity.birthDate': 'fiscal',
    'identity.taxId': 'fiscal',
  },
  example: {
    accountId: 'acct_9Z',
    identity: {
      legalName: 'Sanne de Vries',
      address: 'Damrak 1, 1012 LG Amsterdam, NL',
      birthDate: '1996-04-12',
      taxId: '123456782',
    },
  },
});

export const PayoutAccountStatusChanged = defineEvent({
  type: 'PayoutAccountStatusChanged',
  version: 1,
  category: 'user',
  description:
    "The payout account's capability changed (payouts_enabled / details_submitted).",
  schema: z.object({
    accountId: z.string().min(1),
    payoutsEnabled: z.boolean(),
    detailsSubmitted: z.boolean(),
  }),
  fields: { accountId: 'none' },
  example: {
    accountId: 'acct_9Z',
    payoutsEnabled: true,
    detailsSubmitted: true,
  },
});

export const PushSubscriptionAdded = defineEvent({
  type: 'PushSubscriptionAdded',
  version: 1,
  category: 'user',
  description: 'A browser push subscription was registered for the user.',
  schema: z.object({
    endpoint: z.url().max(2_000),
    keys: z.object({
      p256dh: z.string().min(1).max(200),
      auth: z.string().min(1).max(100),
    }),
  }),
  fields: {
    endpoint: 'profile',
    'keys.p256dh': 'profile',
    'keys.auth': 'profile',
  },
  example: {
    endpoint: 'https://push.example/abc',
    keys: { p256dh: 'BN...', auth: 'xyz' },
  },
});

export const PushSubscriptionRemoved = defineEvent({
  type: 'PushSubscriptionRemoved',
  version: 1,
  category: 'user',
  description:
    'A push subscription was removed (by the user, or because the push service said it is gone).',
  schema: z.object({ endpoint: z.string().min(1).max(2_000) }),
  fields: { endpoint: 'profile' },
  example: { endpoint: 'https://push.example/abc' },
});

export const PasswordChanged = defineEvent({
  type: 'PasswordChanged',
  version: 1,
  category: 'user',
  description:
    'The user set a new password (scrypt hash); every token issued before it stops working.',
  schema: z.object({ passwordHash: z.string().min(1) }),
  fields: { passwordHash: 'profile' },
  example: { passwordHash: 'scrypt$16384$8$1$c2FsdA$aGFzaA' },
});

export const SessionsRevoked = defineEvent({
  type: 'SessionsRevoked',
  version: 1,
  category: 'user',
  description:
    'The user logged out: every token issued before it stops working, on every device.',
  schema: z.object({ reason: z.enum(['logout']) }),
  fields: {},
  example: { reason: 'logout' },
});

export const AccountErased = defineEvent({
  type: 'AccountErased',
  version: 1,
  category: 'user',
  description:
    "The account was erased on its owner's request (from the profile, or by an admin): it can no longer sign in, every token stops working, its push devices are dropped, and its profile key is deleted next (PersonalDataKeyErased), so its personal fields read as erased. Its money facts stay.",
  schema: z.object({
    pushSubscriptionsRemoved: z.number().int().nonnegative(),
  }),
  fields: {},
  example: { pushSubscriptionsRemoved: 1 },
});

/** Which documents are e-mailed (machines/account/document-mail.ts). */
const documentMailSchema = z.object({
  receipt: z.boolean(),
  invoice: z.boolean(),
  creditNote: z.boolean(),
  statement: z.boolean(),
  selfBilled: z.boolean(),
});

export const NotificationPreferencesChanged = defineEvent({
  type: 'NotificationPreferencesChanged',
  version: 1,
  category: 'user',
  description:
    'The user switched push or email notifications on or off (profile toggles, or the email unsubscribe link), or chose which documents are e-mailed (`documents`, absent before it could be chosen: all of them).',
  schema: z.object({
    push: z.boolean(),
    email: z.boolean(),
    documents: documentMailSchema.optional(),
  }),
  fields: {},
  example: {
    push: true,
    email: true,
    documents: {
      receipt: true,
      invoice: true,
      creditNote: true,
      statement: true,
      selfBilled: false,
    },
  },
});

export const SignedIn = defineEvent({
  type: 'SignedIn',
  version: 1,
  category: 'user',
  description:
    "The user signed in (or registered). Only an HMAC of the address it came from is kept (the last five), so that a deal link accepted from the brand's own address can be flagged; `language` is the browser's, kept when none was saved yet.",
  schema: z.object({
    addressHash: z.string().regex(/^[0-9a-f]{64}$/),
    language: z.enum(['en', 'nl']).optional(),
  }),
  fields: { addressHash: 'profile' },
  example: {
    addressHash:
      '2c26b46b68ffc68ff99b453c1d30413413422d706483bfa0f98a5e886266e7ae',
    language: 'nl',
  },
});

export const LanguageChanged = defineEvent({
  type: 'LanguageChanged',
  version: 1,
  category: 'user',
  description:
    'Older history only (new history records LanguageChosen): the user chose the language of the app and of their notifications.',
  schema: z.object({ language: languageSchema }),
  fields: {},
  example: { language: 'nl' },
});

export const adminRoles = ['admin', 'auditor'] as const;
export type AdminRole = (typeof adminRoles)[number];

export const AdminAccountCreated = defineEvent({
  type: 'AdminAccountCreated',
  version: 1,
  category: 'admin',
  description:
    'An admin or auditor account was created (CLI, first-start bootstrap, or an admin in the admin area).',
  schema: z.object({
    adminId: z.string().min(1),
    username: z.string().min(1).max(100),
    passwordHash: z.string().min(1),
    role: z.enum(adminRoles),
  }),
  fields: { adminId: 'none', username: 'profile', passwordHash: 'profile' },
  example: {
    adminId: 'a_1',
    username: 'ops',
    passwordHash: 'scrypt$16384$8$1$c2FsdA$aGFzaA',
    role: 'admin',
  },
});

export const AdminLoggedIn = defineEvent({
  type: 'AdminLoggedIn',
  version: 1,
  category: 'admin',
  description: 'An admin signed in (lastLoginAt).',
  schema: z.object({}),
  fields: {},
  example: {},
});

export const AdminDeactivated = defineEvent({
  type: 'AdminDeactivated',
  version: 1,
  category: 'admin',
  description: 'The account can no longer sign in.',
  schema: z.object({ reason: z.string().max(500).nullable() }),
  fields: { reason: 'profile' },
  example: { reason: 'left the team' },
});

export const AdminRecoveryCodeIssued = defineEvent({
  type: 'AdminRecoveryCodeIssued',
  version: 1,
  category: 'admin',
  description:
    'A one-time recovery code was issued for the account (`npm run admin -- recovery-code`); only its SHA-256 is kept, and a new code replaces an unused one.',
  schema: z.object({ codeHash: z.string().regex(/^[0-9a-f]{64}$/) }),
  fields: { codeHash: 'none' },
  example: { codeHash: 'a'.repeat(64) },
});

export const AdminRecoveryCodeUsed = defineEvent({
  type: 'AdminRecoveryCodeUsed',
  version: 1,
  category: 'admin',
  description:
    "The account's recovery code was given at sign-in and is spent: with the right password the admin signed in past the sign-in throttles (signedIn true); with a wrong one it is spent all the same (signedIn false).",
  schema: z.object({ signedIn: z.boolean() }),
  fields: {},
  example: { signedIn: true },
});

/** Reservation streams (`unique-email-<sha256>`, ...) keep emails and usernames unique on the write side. */
export const ValueReserved = defineEvent({
  type: 'ValueReserved',
  version: 1,
  category: 'unique',
  description:
    'A unique value (email, username, admin username) was claimed by an owner stream.',
  schema: z.object({
    kind: z.enum(['email', 'username', 'admin-username']),
    ownerId: z.string().min(1),
  }),
  fields: { ownerId: 'none' },
  example: { kind: 'email', ownerId: 'u_7f3a' },
});

export const ValueReleased = defineEvent({
  type: 'ValueReleased',
  version: 1,
  category: 'unique',
  description:
    'The owner gave the value up (profile change), so another may claim it.',
  schema: z.object({
    kind: z.enum(['email', 'username', 'admin-username']),
    ownerId: z.string().min(1),
  }),
  fields: { ownerId: 'none' },
  example: { kind: 'email', ownerId: 'u_7f3a' },
});

/** Integer ids are handed out in blocks (hi/lo): one append per block keeps creation off a hot stream. */
export const IdBlockReserved = defineEvent({
  type: 'IdBlockReserved',
  version: 1,
  category: 'sequence',
  description:
    'A block of integer ids [from, to] was reserved by one app instance.',
  schema: z.object({
    from: z.number().int().positive(),
    to: z.number().int().positive(),
  }),
  fields: {},
  example: { from: 101, to: 200 },
});

export const accountEventDefinitions = [
  UserRegistered,
  OnboardingCompleted,
  ProfileUpdated,
  LanguageChosen,
  PayoutAccountLinked,
  PayoutAccountStatusChanged,
  PushSubscriptionAdded,
  PushSubscriptionRemoved,
  PasswordChanged,
  SessionsRevoked,
  NotificationPreferencesChanged,
  LanguageChanged,
  SignedIn,
  AccountErased,
] as const;
export const adminEventDefinitions = [
  AdminAccountCreated,
  AdminLoggedIn,
  AdminDeactivated,
  AdminRecoveryCodeIssued,
  AdminRecoveryCodeUsed,
] as const;
export const supportEventDefinitions = [
  ValueReserved,
  ValueReleased,
  IdBlockReserved,
] as const;

export type UserEvent = EventOf<(typeof accountEventDefinitions)[number]>;
export type AdminEvent = EventOf<(typeof adminEventDefinitions)[number]>;
export type SupportEvent = EventOf<(typeof supportEventDefinitions)[number]>;
