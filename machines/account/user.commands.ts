import { DomainError } from '../command-error';
import type { DraftOf } from '../events/define';
import type { Language, UserEvent } from './account.events';
import {
  documentMailKinds,
  type DocumentMailPreferences,
} from './document-mail';
import { sameIdentity, type PayoutIdentity } from './payout-identity';
import {
  languageOf,
  notificationPreferencesOf,
  type UserContext,
  type userMachine,
} from './user.machine';
import type { SnapshotFrom } from 'xstate';

/**
 * Everything a user's own stream records, as commands, and the one pure function that decides each
 * (as deals and requests have): `decideUser(command, snapshot, now) → events`. No I/O: a password
 * arrives hashed, an address as its HMAC, a gateway's account status as read. The statechart
 * checks every event the bus appends. A command that would change nothing records nothing.
 */

type Draft = DraftOf<UserEvent>;
type UserSnapshot = SnapshotFrom<typeof userMachine>;
type Data<T extends UserEvent['type']> = Extract<
  UserEvent,
  { type: T }
>['data'];
type Profile = Data<'ProfileUpdated'>;
type Optional = Data<'OnboardingCompleted'>;

export type UserCommand =
  | { type: 'Register'; user: Data<'UserRegistered'>; addressHash: string }
  | { type: 'CompleteOnboarding'; fields: Optional }
  | { type: 'ChooseLanguage'; language: Language }
  | { type: 'UpdateProfile'; profile: Profile }
  | {
      type: 'RecordSignIn';
      addressHash: string;
      language: Language | undefined;
    }
  | { type: 'RevokeSessions' }
  | { type: 'ChangePassword'; passwordHash: string }
  | {
      type: 'AddPushSubscription';
      subscription: Data<'PushSubscriptionAdded'>;
      max: number;
    }
  /** One endpoint, or every device when none is named. */
  | { type: 'RemovePushSubscriptions'; endpoint?: string }
  | {
      type: 'SetNotifications';
      push?: boolean;
      email?: boolean;
      documents?: Partial<DocumentMailPreferences>;
      language?: Language;
    }
  /** The unsubscribe link in a mail: e-mail off, push as it was. */
  | { type: 'UnsubscribeEmail' }
  /** The gateway's account, with the identity the bank setup asked for when one was given. */
  | { type: 'LinkPayoutAccount'; accountId: string; identity?: PayoutIdentity }
  | {
      type: 'RecordPayoutAccountStatus';
      status: Data<'PayoutAccountStatusChanged'>;
    }
  /** Erasure on the owner's request: the money rule is checked before (server/privacy). */
  | { type: 'EraseAccount' };

const PROFILE_FIELDS = [
  'username',
  'email',
  'companyName',
  'country',
  'phoneNumber',
] as const;
/** Whether a profile save would change nothing the user's stream records. */
export const sameProfile = (current: UserContext, next: Profile): boolean =>
  PROFILE_FIELDS.every(
    (field) => (current[field] ?? null) === (next[field] ?? null),
  );

/** How long a sign-in's address counts as the user's recent one. */
const SIGN_IN_MEMORY_MS = 30 * 24 * 3_600_000;

/**
 * A sign-in: its address's HMAC, and the browser's language when none was saved yet. A sign-in
 * from an address already recorded in the last 30 days records nothing unless it brings the first
 * language.
 */
function signIn(
  c: UserContext,
  command: { addressHash: string; language?: Language },
  now: string,
) {
  const since = Date.parse(now) - SIGN_IN_MEMORY_MS;
  const known = (c.signIns ?? []).some(
    (s) => s.addressHash === command.addressHash && Date.parse(s.at) >= since,
  );
  if (known && (c.language || !command.language)) return [];
  const language =
    c.language || !command.language ? {} : { language: command.language };
  return [
    {
      type: 'SignedIn' as const,
      data: { addressHash: command.addressHash, ...language },
    },
  ];
}

/** Completing again (e.g. from the profile screen) just updates the optional fields. */
function onboarding(snapshot: UserSnapshot, fields: Optional): Draft[] {
  if (snapshot.value !== 'onboarded')
    return [{ type: 'OnboardingCompleted', data: fields }];
  const c = snapshot.context;
  const data = { username: c.username, email: c.email, ...fields };
  return sameProfile(c, data) ? [] : [{ type: 'ProfileUpdated', data }];
}

function addDevice(
  c: UserContext,
  command: Extract<UserCommand, { type: 'AddPushSubscription' }>,
) {
  const { subscription, max } = command;
  const others = c.pushSubscriptions.filter(
    (s) => s.endpoint !== subscription.endpoint,
  );
  if (others.length >= max) throw new DomainError('too_many_devices', { max });
  return [{ type: 'PushSubscriptionAdded' as const, data: subscription }];
}

function notifications(
  c: UserContext,
  command: Extract<UserCommand, { type: 'SetNotifications' }>,
) {
  const now = notificationPreferencesOf(c);
  const next = {
    push: command.push ?? now.push,
    email: command.email ?? now.email,
    documents: { ...now.documents, ...command.documents },
  };
  const language = command.language ?? languageOf(c);
  const drafts: Draft[] = [];
  const documentsChanged = documentMailKinds.some(
    (k) => next.documents[k] !== now.documents[k],
  );
  if (next.push !== now.push || next.email !== now.email || documentsChanged)
    drafts.push({ type: 'NotificationPreferencesChanged', data: next });
  if (language !== languageOf(c))
    drafts.push({ type: 'LanguageChosen', data: { language } });
  return drafts;
}

/** The gateway's account and its status: recorded when they differ from what the stream holds. */
function payouts(
  c: UserContext,
  command: UserCommand & { type: `${string}Payout${string}` },
) {
  if (command.type === 'LinkPayoutAccount') {
    const { accountId, identity } = command;
    const same =
      c.payoutAccountId === accountId &&
      (!identity || sameIdentity(c.payoutIdentity, identity));
    return same
      ? []
      : [
          {
            type: 'PayoutAccountLinked' as const,
            data: identity ? { accountId, identity } : { accountId },
          },
        ];
  }
  const { status } = command;
  const changed =
    c.payoutsEnabled !== status.payoutsEnabled ||
    c.detailsSubmitted !== status.detailsSubmitted;
  return changed
    ? [{ type: 'PayoutAccountStatusChanged' as const, data: status }]
    : [];
}

export function decideUser(
  command: UserCommand,
  snapshot: UserSnapshot,
  now: string,
): Draft[] {
  const c = snapshot.context;
  switch (command.type) {
    case 'Register':
      return [
        { type: 'UserRegistered', data: command.user },
        { type: 'SignedIn', data: { addressHash: command.addressHash } },
      ];
    case 'CompleteOnboarding':
      return onboarding(snapshot, command.fields);
    case 'ChooseLanguage':
      return c.language === command.language
        ? []
        : [{ type: 'LanguageChosen', data: { language: command.language } }];
    case 'UpdateProfile':
      return sameProfile(c, command.profile)
        ? []
        : [{ type: 'ProfileUpdated', data: command.profile }];
    case 'RecordSignIn':
      return signIn(c, command, now);
    case 'RevokeSessions':
      return [{ type: 'SessionsRevoked', data: { reason: 'logout' } }];
    case 'ChangePassword':
      return [
        {
          type: 'PasswordChanged',
          data: { passwordHash: command.passwordHash },
        },
      ];
    case 'AddPushSubscription':
      return addDevice(c, command);
    case 'RemovePushSubscriptions':
      return c.pushSubscriptions
        .filter(
          (s) =>
            command.endpoint === undefined || s.endpoint === command.endpoint,
        )
        .map((s) => ({
          type: 'PushSubscriptionRemoved',
          data: { endpoint: s.endpoint },
        }));
    case 'SetNotifications':
      return notifications(c, command);
    case 'UnsubscribeEmail':
      return notifications(c, { type: 'SetNotifications', email: false });
    case 'LinkPayoutAccount':
    case 'RecordPayoutAccountStatus':
      return payouts(c, command);
    case 'EraseAccount':
      if (c.erased) throw new DomainError('account_erased');
      return [
        {
          type: 'AccountErased',
          data: { pushSubscriptionsRemoved: c.pushSubscriptions.length },
        },
      ];
  }
}
