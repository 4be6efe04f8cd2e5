import { assign, setup } from 'xstate';
import type { Language, UserEvent } from './account.events';

export interface UserContext {
  userId: string;
  username: string;
  email: string;
  passwordHash: string;
  companyName: string | null;
  country: string | null;
  phoneNumber: string | null;
  createdAt: string | null;
  onboardedAt: string | null;
  payoutAccountId: string | null;
  payoutsEnabled: boolean;
  detailsSubmitted: boolean;
  pushSubscriptions: { endpoint: string; keys: { p256dh: string; auth: string } }[];
  /** Absent in contexts stored before preferences existed: read through `notificationPreferencesOf`. */
  notifications?: { push: boolean; email: boolean };
  language?: Language;
}

/** Both channels are on until the user turns one off; English until a language is chosen. */
export const notificationPreferencesOf = (c: Pick<UserContext, 'notifications'>) => c.notifications ?? { push: true, email: true };
export const languageOf = (c: Pick<UserContext, 'language'>): Language => c.language ?? 'en';

export const emptyUserContext: UserContext = {
  userId: '',
  username: '',
  email: '',
  passwordHash: '',
  companyName: null,
  country: null,
  phoneNumber: null,
  createdAt: null,
  onboardedAt: null,
  payoutAccountId: null,
  payoutsEnabled: false,
  detailsSubmitted: false,
  pushSubscriptions: [],
};

export function evolveUserContext(c: UserContext, event: UserEvent): UserContext {
  switch (event.type) {
    case 'UserRegistered': {
      const d = event.data;
      return { ...c, ...d, createdAt: event.metadata.at };
    }
    case 'OnboardingCompleted':
      return { ...c, ...event.data, onboardedAt: event.metadata.at };
    case 'ProfileUpdated':
      return { ...c, ...event.data };
    case 'PayoutAccountLinked':
      return { ...c, payoutAccountId: event.data.accountId, payoutsEnabled: false, detailsSubmitted: false };
    case 'PayoutAccountStatusChanged':
      return { ...c, payoutsEnabled: event.data.payoutsEnabled, detailsSubmitted: event.data.detailsSubmitted };
    case 'PushSubscriptionAdded':
      return {
        ...c,
        pushSubscriptions: [...c.pushSubscriptions.filter((s) => s.endpoint !== event.data.endpoint), event.data],
      };
    case 'PushSubscriptionRemoved':
      return { ...c, pushSubscriptions: c.pushSubscriptions.filter((s) => s.endpoint !== event.data.endpoint) };
    case 'NotificationPreferencesChanged':
      return { ...c, notifications: { push: event.data.push, email: event.data.email } };
    case 'LanguageChanged':
      return { ...c, language: event.data.language };
  }
}

/** A user account: registered, then onboarded (onboarding may be skipped, which also completes it). */
export const userMachine = setup({
  types: { context: {} as UserContext, events: {} as UserEvent },
  guards: {
    knownAccount: ({ context, event }) => event.type === 'PayoutAccountStatusChanged' && context.payoutAccountId === event.data.accountId,
    subscribed: ({ context, event }) =>
      event.type === 'PushSubscriptionRemoved' && context.pushSubscriptions.some((s) => s.endpoint === event.data.endpoint),
  },
  actions: { evolve: assign(({ context, event }) => evolveUserContext(context, event)) },
}).createMachine({
  id: 'user',
  context: emptyUserContext,
  initial: 'new',
  states: {
    new: { on: { UserRegistered: { target: 'registered', actions: 'evolve' } } },
    registered: {
      on: { OnboardingCompleted: { target: 'onboarded', actions: 'evolve' } },
    },
    onboarded: {},
  },
  on: {
    ProfileUpdated: { guard: ({ context }) => context.userId !== '', actions: 'evolve' },
    PayoutAccountLinked: { guard: ({ context }) => context.userId !== '', actions: 'evolve' },
    PayoutAccountStatusChanged: { guard: 'knownAccount', actions: 'evolve' },
    PushSubscriptionAdded: { guard: ({ context }) => context.userId !== '', actions: 'evolve' },
    PushSubscriptionRemoved: { guard: 'subscribed', actions: 'evolve' },
    NotificationPreferencesChanged: { guard: ({ context }) => context.userId !== '', actions: 'evolve' },
    LanguageChanged: { guard: ({ context }) => context.userId !== '', actions: 'evolve' },
  },
});
