import { assign, setup } from 'xstate';
import type { Language, UserEvent } from './account.events';
import type { DocumentMailPreferences } from './document-mail';
import type { PayoutIdentity } from './payout-identity';

export interface UserContext {
  userId: string;
  username: string;
  email: string;
  passwordHash: string;
  companyName: string | null;
  country: string | null;
  phoneNumber: string | null;
  /** Chosen language; null (or absent in contexts stored before it existed) = follow the browser. */
  language?: 'en' | 'nl' | null;
  createdAt: string | null;
  onboardedAt: string | null;
  payoutAccountId: string | null;
  /** The identity given at bank setup, for the yearly payout report (absent before it was asked). */
  payoutIdentity?: PayoutIdentity | null;
  payoutsEnabled: boolean;
  detailsSubmitted: boolean;
  pushSubscriptions: {
    endpoint: string;
    keys: { p256dh: string; auth: string };
  }[];
  /** Bumped by logout and password change; a token carries the version it was issued at. */
  sessionVersion: number;
  /** Absent in contexts stored before preferences existed: read through `notificationPreferencesOf`. */
  notifications?: {
    push: boolean;
    email: boolean;
    documents?: DocumentMailPreferences;
  };
  /** HMACs of the addresses of the last five sign-ins, newest last (absent before sign-ins were recorded). */
  signIns?: { addressHash: string; at: string }[];
  /** Set by AccountErased: the account signs in no more and shows as a pseudonym. */
  erased?: boolean;
}

const everyDocument: DocumentMailPreferences = {
  receipt: true,
  invoice: true,
  creditNote: true,
  statement: true,
  selfBilled: true,
};

/**
 * Both channels are on until the user turns one off, and every document is e-mailed until the
 * user turns its kind off; English until a language is chosen.
 */
export const notificationPreferencesOf = (
  c: Pick<UserContext, 'notifications'>,
) => ({
  push: c.notifications?.push ?? true,
  email: c.notifications?.email ?? true,
  documents: { ...everyDocument, ...c.notifications?.documents },
});
export const languageOf = (c: Pick<UserContext, 'language'>): Language =>
  c.language ?? 'en';

export const emptyUserContext: UserContext = {
  userId: '',
  username: '',
  email: '',
  passwordHash: '',
  companyName: null,
  country: null,
  phoneNumber: null,
  language: null,
  createdAt: null,
  onboardedAt: null,
  payoutAccountId: null,
  payoutsEnabled: false,
  detailsSubmitted: false,
  pushSubscriptions: [],
  sessionVersion: 0,
};

export function evolveUserContext(
  c: UserContext,
  event: UserEvent,
): UserContext {
  switch (event.type) {
    case 'UserRegistered': {
      const d = event.data;
      return { ...c, ...d, createdAt: event.metadata.at };
    }
    case 'OnboardingCompleted':
      return { ...c, ...event.data, onboardedAt: event.metadata.at };
    case 'ProfileUpdated':
      return { ...c, ...event.data };
    case 'LanguageChosen':
    case 'LanguageChanged':
      return { ...c, language: event.data.language };
    case 'PayoutAccountLinked': {
      // The same account again only corrects the identity: its payout status stands.
      const same = c.payoutAccountId === event.data.accountId;
      return {
        ...c,
        payoutAccountId: event.data.accountId,
        payoutIdentity: event.data.identity ?? c.payoutIdentity ?? null,
        payoutsEnabled: same && c.payoutsEnabled,
        detailsSubmitted: same && c.detailsSubmitted,
      };
    }
    case 'PayoutAccountStatusChanged':
      return {
        ...c,
        payoutsEnabled: event.data.payoutsEnabled,
        detailsSubmitted: event.data.detailsSubmitted,
      };
    case 'PushSubscriptionAdded':
      return {
        ...c,
        pushSubscriptions: [
          ...c.pushSubscriptions.filter(
            (s) => s.endpoint !== event.data.endpoint,
          ),
          event.data,
        ],
      };
    case 'PushSubscriptionRemoved':
      return {
        ...c,
        pushSubscriptions: c.pushSubscriptions.filter(
          (s) => s.endpoint !== event.data.endpoint,
        ),
      };
    case 'PasswordChanged':
      return {
        ...c,
        passwordHash: event.data.passwordHash,
        sessionVersion: (c.sessionVersion ?? 0) + 1,
      };
    case 'SessionsRevoked':
      return { ...c, sessionVersion: (c.sessionVersion ?? 0) + 1 };
    case 'NotificationPreferencesChanged':
      return { ...c, notifications: { ...c.notifications, ...event.data } };
    case 'AccountErased':
      return erasedContext(c);
    case 'SignedIn':
      return {
        ...c,
        language: c.language ?? event.data.language ?? null,
        signIns: [
          ...(c.signIns ?? []).slice(-4),
          { addressHash: event.data.addressHash, at: event.metadata.at },
        ],
      };
  }
}

/**
 * An erased account: a pseudonym instead of the name and address (admins still tell accounts
 * apart), no password, no devices, no sign-ins, every token revoked.
 */
function erasedContext(c: UserContext): UserContext {
  return {
    ...c,
    username: `erased-${c.userId}`,
    email: `erased-${c.userId}@erased.invalid`,
    passwordHash: '',
    companyName: null,
    phoneNumber: null,
    pushSubscriptions: [],
    signIns: [],
    sessionVersion: (c.sessionVersion ?? 0) + 1,
    erased: true,
  };
}

/** Registered and not erased: what every change to the account needs. */
const active = ({ context }: { context: UserContext }) =>
  context.userId !== '' && context.erased !== true;

/** A user account: registered, then onboarded (onboarding may be skipped, which also completes it). */
export const userMachine = setup({
  types: { context: {} as UserContext, events: {} as UserEvent },
  guards: {
    knownAccount: ({ context, event }) =>
      event.type === 'PayoutAccountStatusChanged' &&
      context.payoutAccountId === event.data.accountId,
    subscribed: ({ context, event }) =>
      event.type === 'PushSubscriptionRemoved' &&
      context.pushSubscriptions.some((s) => s.endpoint === event.data.endpoint),
  },
  actions: {
    evolve: assign(({ context, event }) => evolveUserContext(context, event)),
  },
}).createMachine({
  id: 'user',
  context: emptyUserContext,
  initial: 'new',
  states: {
    new: {
      on: { UserRegistered: { target: 'registered', actions: 'evolve' } },
    },
    registered: {
      on: { OnboardingCompleted: { target: 'onboarded', actions: 'evolve' } },
    },
    onboarded: {},
    erased: {},
  },
  on: {
    ProfileUpdated: { guard: active, actions: 'evolve' },
    LanguageChosen: { guard: active, actions: 'evolve' },
    PayoutAccountLinked: { guard: active, actions: 'evolve' },
    PayoutAccountStatusChanged: { guard: 'knownAccount', actions: 'evolve' },
    PushSubscriptionAdded: { guard: active, actions: 'evolve' },
    PushSubscriptionRemoved: { guard: 'subscribed', actions: 'evolve' },
    PasswordChanged: { guard: active, actions: 'evolve' },
    SessionsRevoked: { guard: active, actions: 'evolve' },
    NotificationPreferencesChanged: { guard: active, actions: 'evolve' },
    LanguageChanged: { guard: active, actions: 'evolve' },
    SignedIn: { guard: active, actions: 'evolve' },
    AccountErased: { guard: active, target: '.erased', actions: 'evolve' },
  },
});
