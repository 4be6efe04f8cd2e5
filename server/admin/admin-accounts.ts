import { randomUUID } from 'node:crypto';
import type { AdminRole } from '@machines/account/account.events';
import type { AccountQueries } from '../../projections/accounts.queries';
import { decoyHash, hashPassword, verifyPassword } from '../auth/password';
import type { CommandContext } from '../commands/command-bus';
import type { CommandRunner } from '../commands/run-command';
import type { UniqueValues } from '../commands/unique-values';
import { DomainError } from '../commands/domain-error';
import { hasInvisibleCharacters } from '../commands/look-alike';
import { createAdminRecovery } from './admin-recovery';

/** A sign-in checks the password even for an unknown name (a decoy hash), so timing tells nothing. */
async function loginAdmin(
  run: CommandRunner,
  accounts: AccountQueries,
  username: string,
  password: string,
  ctx: CommandContext,
) {
  const account = accounts.adminByUsername(username);
  const ok = await verifyPassword(
    password,
    account?.context.passwordHash ?? (await decoyHash()),
  );
  if (!account || !account.active || !ok) return null;
  const { adminId, role } = account.context;
  const result = await run.admin(
    adminId,
    { type: 'RecordAdminLogin' },
    { ...ctx, actor: { kind: 'admin', id: adminId } },
  );
  return {
    adminId,
    username: account.context.username,
    role,
    position: result.position,
  };
}

/** The admin list's rows: what the accounts page shows, never a password hash. */
const listAdmins = (accounts: AccountQueries) =>
  accounts.allAdmins().map(({ active, context: c }) => ({
    id: c.adminId,
    username: c.username,
    role: c.role,
    active,
    createdAt: c.createdAt,
    lastLoginAt: c.lastLoginAt,
  }));

/** Admin and auditor accounts: created by the CLI or the first-start bootstrap; login is recorded. */
export function createAdminAccounts(deps: {
  run: CommandRunner;
  unique: UniqueValues;
  accounts: AccountQueries;
}) {
  const { run, unique, accounts } = deps;
  return {
    ...createAdminRecovery({ run, accounts }),
    /** Null unless the account exists, is active and the password matches; success appends AdminLoggedIn. */
    login: (username: string, password: string, ctx: CommandContext) =>
      loginAdmin(run, accounts, username, password, ctx),
    /** Every admin and auditor account, without password hashes. */
    list: () => listAdmins(accounts),
    async create(
      username: string,
      password: string,
      role: AdminRole,
      ctx: CommandContext,
    ) {
      // The HTTP route allows ASCII names only; the CLI and the first-start bootstrap come here directly.
      if (hasInvisibleCharacters(username))
        throw new DomainError('admin_username_invisible');
      const adminId = `a_${randomUUID().replace(/-/g, '')}`;
      await unique.reserve(
        'admin-username',
        username,
        adminId,
        ctx,
        'admin_username_taken',
      );
      const passwordHash = await hashPassword(password);
      const result = await run.admin(
        adminId,
        {
          type: 'CreateAdmin',
          adminId,
          username: username.trim(),
          passwordHash,
          role,
        },
        ctx,
        { newStream: true },
      );
      return { adminId, position: result.position };
    },

    /**
     * Ends an account: it can no longer sign in, and every token it holds stops working at once
     * (the admin guards read the account's active flag on each request). Nobody deactivates
     * themselves, so the area always keeps the admin who is using it.
     */
    async deactivate(
      adminId: string,
      reason: string | null,
      ctx: CommandContext,
    ) {
      if (ctx.actor.kind === 'admin' && ctx.actor.id === adminId)
        throw new DomainError('cannot_deactivate_self');
      const account = accounts.adminById(adminId);
      if (!account) throw new DomainError('admin_not_found');
      if (!account.active) throw new DomainError('admin_already_deactivated');
      const result = await run.admin(
        adminId,
        { type: 'DeactivateAdmin', reason },
        ctx,
      );
      return { position: result.position };
    },

    /** First start: creates ADMIN_USERNAME once (a no-op when that username already exists). */
    async bootstrap(username: string, password: string): Promise<boolean> {
      if (await unique.ownerOf('admin-username', username)) return false;
      await this.create(username, password, 'admin', {
        actor: { kind: 'system', id: 'bootstrap' },
      });
      return true;
    },
  };
}

export type AdminAccounts = ReturnType<typeof createAdminAccounts>;
