import type { AccountQueries } from '../../projections/accounts.queries';
import { verifyPassword } from '../auth/password';
import {
  hashRecoveryCode,
  newRecoveryCode,
  recoveryCodeMatches,
} from '../auth/recovery-code';
import type { CommandContext } from '../commands/command-bus';
import type { CommandRunner } from '../commands/run-command';
import { DomainError } from '../commands/domain-error';

/**
 * One-time recovery codes of admin accounts (docs/adr/0021-sign-in-throttles-not-lock-outs.md):
 * issued by the CLI, given once at admin sign-in to pass the sign-in throttles.
 */
export function createAdminRecovery({
  run,
  accounts,
}: {
  run: CommandRunner;
  accounts: AccountQueries;
}) {
  return {
    /**
     * A new one-time recovery code for an active account (it replaces an unused one): answered
     * once, kept only as its SHA-256 in AdminRecoveryCodeIssued, by `ctx`'s actor.
     */
    async issueRecoveryCode(username: string, ctx: CommandContext) {
      const account = accounts.adminByUsername(username);
      if (!account) throw new DomainError('admin_not_found');
      if (!account.active) throw new DomainError('admin_already_deactivated');
      const code = newRecoveryCode();
      const result = await run.admin(
        account.context.adminId,
        { type: 'IssueRecoveryCode', codeHash: hashRecoveryCode(code) },
        ctx,
      );
      return {
        code,
        adminId: account.context.adminId,
        position: result.position,
      };
    },

    /** Whether `code` is the unused recovery code of the active account `username`. */
    holdsRecoveryCode(username: string, code: string): boolean {
      const account = accounts.adminByUsername(username);
      return Boolean(
        account?.active &&
          recoveryCodeMatches(code, account.context.recoveryCodeHash),
      );
    },

    /**
     * A sign-in with the account's recovery code: the code is spent whatever the password
     * (AdminRecoveryCodeUsed), so a leaked code buys one guess; with the right password the admin
     * is signed in as by `login`. Null when the password is wrong; `invalid_credentials` when
     * the code is not (or no longer) the account's.
     */
    async recover(
      username: string,
      password: string,
      code: string,
      ctx: CommandContext,
    ) {
      const account = accounts.adminByUsername(username);
      if (!account || !account.active)
        throw new DomainError('invalid_credentials');
      const ok = await verifyPassword(password, account.context.passwordHash);
      const { adminId, role } = account.context;
      // Decided on the stream itself: two sign-ins with one code spend it once.
      const result = await run.admin(
        adminId,
        {
          type: 'UseRecoveryCode',
          codeHash: hashRecoveryCode(code),
          signedIn: ok,
        },
        ok ? { ...ctx, actor: { kind: 'admin', id: adminId } } : ctx,
      );
      if (!ok) return null;
      return {
        adminId,
        username: account.context.username,
        role,
        position: result.position,
      };
    },
  };
}
