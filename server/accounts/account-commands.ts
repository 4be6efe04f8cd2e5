import { randomUUID } from 'node:crypto';
import type { UserContext } from '@machines/account/user.machine';
import type { Language } from '@machines/account/account.events';
import type { AccountQueries } from '../../projections/accounts.queries';
import { decoyHash, hashPassword, verifyPassword } from '../auth/password';
import { userAggregate } from '../commands/aggregate';
import type { CommandBus, CommandContext } from '../commands/command-bus';
import { DomainError } from '../commands/domain-error';
import { uniqueStreamId, type UniqueValues } from '../commands/unique-values';
import type { ProfileBody, RegisterBody } from './account.schemas';

const stream = (userId: string) => userAggregate.streamId(userId);

const PROFILE_FIELDS = ['username', 'email', 'companyName', 'country', 'phoneNumber'] as const;
/** Whether a profile save would change nothing the user's stream records. */
const sameProfile = (current: UserContext, next: ProfileBody): boolean =>
  PROFILE_FIELDS.every((field) => (current[field] ?? null) === (next[field] ?? null));

/** Onboarding, language and profile changes of a registered user. */
function profileCommands(bus: CommandBus, unique: UniqueValues) {
  return {
    async completeOnboarding(
      userId: string,
      fields: { companyName: string | null; country: string | null; phoneNumber: string | null },
      ctx: CommandContext,
    ) {
      const result = await bus.execute(
        userAggregate,
        stream(userId),
        (state) => {
          if (state.revision < 0) throw new DomainError('user_not_found');
          // Completing again (e.g. from the profile screen) just updates the optional fields.
          if (state.snapshot.value === 'onboarded') {
            const c = state.snapshot.context;
            const data = { username: c.username, email: c.email, ...fields };
            return sameProfile(c, data) ? [] : [{ type: 'ProfileUpdated', data }];
          }
          return [{ type: 'OnboardingCompleted', data: fields }];
        },
        ctx,
      );
      return { position: result.position };
    },

    /** Saves the chosen language; choosing the language already saved appends nothing. */
    async chooseLanguage(userId: string, language: 'en' | 'nl', ctx: CommandContext) {
      const result = await bus.execute(
        userAggregate,
        stream(userId),
        (state) => {
          if (state.revision < 0) throw new DomainError('user_not_found');
          return state.snapshot.context.language === language
            ? []
            : [{ type: 'LanguageChosen', data: { language } }];
        },
        ctx,
      );
      return { position: result.position };
    },

    async updateProfile(userId: string, body: ProfileBody, ctx: CommandContext) {
      const current = (await bus.load(userAggregate, stream(userId))).snapshot.context;
      if (!current.userId) throw new DomainError('user_not_found');
      // Saving the profile unchanged (a double click, a retrying client) records nothing.
      if (sameProfile(current, body)) return { position: 0 };
      // Compared by look-alike key: a respelling of one's own name claims and gives up nothing.
      const emailChanged =
        uniqueStreamId('email', current.email) !== uniqueStreamId('email', body.email);
      const nameChanged =
        uniqueStreamId('username', current.username) !== uniqueStreamId('username', body.username);
      if (emailChanged) await unique.reserve('email', body.email, userId, ctx, 'email_taken');
      if (nameChanged) {
        try {
          await unique.reserve('username', body.username, userId, ctx, 'username_taken');
        } catch (error) {
          if (emailChanged) await unique.release('email', body.email, userId, ctx);
          throw error;
        }
      }
      const result = await bus.execute(
        userAggregate,
        stream(userId),
        () => [{ type: 'ProfileUpdated', data: body }],
        ctx,
      );
      // The old values are given up only once the new ones are recorded.
      if (emailChanged) await unique.release('email', current.email, userId, ctx);
      if (nameChanged) await unique.release('username', current.username, userId, ctx);
      return { position: result.position };
    },
  };
}

/** How long a sign-in's address counts as the user's recent one. */
const SIGN_IN_MEMORY_MS = 30 * 24 * 3_600_000;

/** What a sign-in records: the address it came from (HMAC), and a first language. */
function signInCommands(bus: CommandBus) {
  return {
    /**
     * A sign-in: its address's HMAC, and the browser's language when none was saved yet. A sign-in
     * from an address already recorded in the last 30 days records nothing unless it brings the first
     * language.
     */
    async recordSignIn(
      user: UserContext,
      browser: { language: Language | undefined; addressHash: string },
      ctx: CommandContext,
    ) {
      const result = await bus.execute(
        userAggregate,
        stream(user.userId),
        ({ snapshot, now }) => {
          const c = snapshot.context;
          const since = Date.parse(now) - SIGN_IN_MEMORY_MS;
          const known = (c.signIns ?? []).some(
            (s) => s.addressHash === browser.addressHash && Date.parse(s.at) >= since,
          );
          if (known && (c.language || !browser.language)) return [];
          const language = c.language || !browser.language ? {} : { language: browser.language };
          return [{ type: 'SignedIn', data: { addressHash: browser.addressHash, ...language } }];
        },
        ctx,
      );
      return { position: result.position };
    },
  };
}

/** A user's sessions and password: either change ends every token the user holds. */
function sessionCommands(bus: CommandBus) {
  return {
    /** Ends every session of the user (all devices). */
    async logout(userId: string, ctx: CommandContext) {
      const result = await bus.execute(
        userAggregate,
        stream(userId),
        (state) => {
          if (state.revision < 0) throw new DomainError('user_not_found');
          return [{ type: 'SessionsRevoked', data: { reason: 'logout' } }];
        },
        ctx,
      );
      return { position: result.position };
    },

    async changePassword(
      userId: string,
      body: { currentPassword: string; newPassword: string },
      ctx: CommandContext,
    ) {
      const current = (await bus.load(userAggregate, stream(userId))).snapshot.context;
      if (!current.userId) throw new DomainError('user_not_found');
      if (!(await verifyPassword(body.currentPassword, current.passwordHash)))
        throw new DomainError('wrong_current_password');
      const passwordHash = await hashPassword(body.newPassword);
      const result = await bus.execute(
        userAggregate,
        stream(userId),
        () => [{ type: 'PasswordChanged', data: { passwordHash } }],
        ctx,
      );
      return { position: result.position };
    },
  };
}

/** Registration, login and profile changes. A login records its sign-in (signInCommands). */
export function createAccountCommands({
  bus,
  unique,
  accounts,
}: {
  bus: CommandBus;
  unique: UniqueValues;
  accounts: AccountQueries;
}) {
  return {
    /** `browser`: the browser's language (the person's until they choose) and its address's HMAC. */
    async register(
      body: RegisterBody,
      ctxFor: (userId: string) => CommandContext,
      browser: { language: Language | undefined; addressHash: string },
    ) {
      const userId = `u_${randomUUID().replace(/-/g, '')}`;
      const ctx = ctxFor(userId);
      await unique.reserve('email', body.email, userId, ctx, 'email_taken');
      try {
        await unique.reserve('username', body.username, userId, ctx, 'username_taken');
      } catch (error) {
        await unique.release('email', body.email, userId, ctx);
        throw error;
      }
      const passwordHash = await hashPassword(body.password);
      const { password: _password, ...profile } = body;
      const stated = browser.language ? { language: browser.language } : {};
      const result = await bus.execute(
        userAggregate,
        stream(userId),
        () => [
          {
            type: 'UserRegistered',
            data: { userId, ...profile, passwordHash, ...stated },
          },
          { type: 'SignedIn', data: { addressHash: browser.addressHash } },
        ],
        ctx,
      );
      return { userId, position: result.position };
    },

    /** Null for an unknown email or a wrong password; both take the same time. */
    async verifyLogin(email: string, password: string): Promise<UserContext | null> {
      const user = accounts.userByEmail(email);
      const ok = await verifyPassword(password, user?.passwordHash ?? (await decoyHash()));
      return user && ok ? user : null;
    },

    ...sessionCommands(bus),
    ...profileCommands(bus, unique),
    ...signInCommands(bus),
  };
}

export type AccountCommands = ReturnType<typeof createAccountCommands>;
