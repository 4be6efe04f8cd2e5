import { randomUUID } from 'node:crypto';
import type { UserContext } from '@machines/account/user.machine';
import type { Language } from '@machines/account/account.events';
import { sameProfile } from '@machines/account/user.commands';
import type { AccountQueries } from '../../projections/accounts.queries';
import { decoyHash, hashPassword, verifyPassword } from '../auth/password';
import { userAggregate } from '../commands/aggregate';
import type { CommandBus, CommandContext } from '../commands/command-bus';
import type { CommandRunner } from '../commands/run-command';
import { DomainError } from '../commands/domain-error';
import { uniqueStreamId, type UniqueValues } from '../commands/unique-values';
import type { ProfileBody, RegisterBody } from './account.schemas';

const stream = (userId: string) => userAggregate.streamId(userId);

/**
 * Reserves the e-mail address and username a profile change brings; if the username is taken, the
 * address reserved just before is given back. Says which of the two changed.
 */
async function reserveChangedNames(
  unique: UniqueValues,
  current: UserContext,
  body: ProfileBody,
  userId: string,
  ctx: CommandContext,
): Promise<{ email: boolean; username: boolean }> {
  // Compared by look-alike key: a respelling of one's own name claims and gives up nothing.
  const email =
    uniqueStreamId('email', current.email) !==
    uniqueStreamId('email', body.email);
  const username =
    uniqueStreamId('username', current.username) !==
    uniqueStreamId('username', body.username);
  if (email)
    await unique.reserve('email', body.email, userId, ctx, 'email_taken');
  if (username) {
    try {
      await unique.reserve(
        'username',
        body.username,
        userId,
        ctx,
        'username_taken',
      );
    } catch (error) {
      if (email) await unique.release('email', body.email, userId, ctx);
      throw error;
    }
  }
  return { email, username };
}

/** Onboarding, language and profile changes of a registered user. */
function profileCommands(
  bus: CommandBus,
  run: CommandRunner,
  unique: UniqueValues,
) {
  return {
    async completeOnboarding(
      userId: string,
      fields: {
        companyName: string | null;
        country: string | null;
        phoneNumber: string | null;
      },
      ctx: CommandContext,
    ) {
      const result = await run.user(
        userId,
        { type: 'CompleteOnboarding', fields },
        ctx,
      );
      return { position: result.position };
    },

    /** Saves the chosen language; choosing the language already saved appends nothing. */
    async chooseLanguage(
      userId: string,
      language: 'en' | 'nl',
      ctx: CommandContext,
    ) {
      const result = await run.user(
        userId,
        { type: 'ChooseLanguage', language },
        ctx,
      );
      return { position: result.position };
    },

    async updateProfile(
      userId: string,
      body: ProfileBody,
      ctx: CommandContext,
    ) {
      const current = (await bus.load(userAggregate, stream(userId))).snapshot
        .context;
      if (!current.userId) throw new DomainError('user_not_found');
      // Saving the profile unchanged (a double click, a retrying client) records nothing.
      if (sameProfile(current, body)) return { position: 0 };
      const changed = await reserveChangedNames(
        unique,
        current,
        body,
        userId,
        ctx,
      );
      const result = await run.user(
        userId,
        { type: 'UpdateProfile', profile: body },
        ctx,
      );
      // The old values are given up only once the new ones are recorded.
      if (changed.email)
        await unique.release('email', current.email, userId, ctx);
      if (changed.username)
        await unique.release('username', current.username, userId, ctx);
      return { position: result.position };
    },
  };
}

/** What a sign-in records: the address it came from (HMAC), and a first language. */
function signInCommands(run: CommandRunner) {
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
      const result = await run.user(
        user.userId,
        {
          type: 'RecordSignIn',
          addressHash: browser.addressHash,
          language: browser.language,
        },
        ctx,
      );
      return { position: result.position };
    },
  };
}

/** A user's sessions and password: either change ends every token the user holds. */
function sessionCommands(bus: CommandBus, run: CommandRunner) {
  return {
    /** Ends every session of the user (all devices). */
    async logout(userId: string, ctx: CommandContext) {
      const result = await run.user(userId, { type: 'RevokeSessions' }, ctx);
      return { position: result.position };
    },

    async changePassword(
      userId: string,
      body: { currentPassword: string; newPassword: string },
      ctx: CommandContext,
    ) {
      const current = (await bus.load(userAggregate, stream(userId))).snapshot
        .context;
      if (!current.userId) throw new DomainError('user_not_found');
      if (!(await verifyPassword(body.currentPassword, current.passwordHash)))
        throw new DomainError('wrong_current_password');
      const passwordHash = await hashPassword(body.newPassword);
      const result = await run.user(
        userId,
        { type: 'ChangePassword', passwordHash },
        ctx,
      );
      return { position: result.position };
    },
  };
}

/** Registration, login and profile changes. A login records its sign-in (signInCommands). */
export function createAccountCommands({
  bus,
  run,
  unique,
  accounts,
}: {
  bus: CommandBus;
  run: CommandRunner;
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
        await unique.reserve(
          'username',
          body.username,
          userId,
          ctx,
          'username_taken',
        );
      } catch (error) {
        await unique.release('email', body.email, userId, ctx);
        throw error;
      }
      const passwordHash = await hashPassword(body.password);
      const { password: _password, ...profile } = body;
      const stated = browser.language ? { language: browser.language } : {};
      const result = await run.user(
        userId,
        {
          type: 'Register',
          user: { userId, ...profile, passwordHash, ...stated },
          addressHash: browser.addressHash,
        },
        ctx,
        { newStream: true },
      );
      return { userId, position: result.position };
    },

    /** Null for an unknown email or a wrong password; both take the same time. */
    async verifyLogin(
      email: string,
      password: string,
    ): Promise<UserContext | null> {
      const user = accounts.userByEmail(email);
      const ok = await verifyPassword(
        password,
        user?.passwordHash ?? (await decoyHash()),
      );
      return user && ok ? user : null;
    },

    ...sessionCommands(bus, run),
    ...profileCommands(bus, run, unique),
    ...signInCommands(run),
  };
}

export type AccountCommands = ReturnType<typeof createAccountCommands>;
