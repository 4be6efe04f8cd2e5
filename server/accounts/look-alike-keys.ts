import type { AccountQueries } from '../../projections/accounts.queries';
import type { CommandContext } from '../commands/command-bus';
import type { UniqueKind, UniqueValues } from '../commands/unique-values';

/**
 * Gives every account its look-alike keys (usernames, admin names, e-mail addresses), so a
 * look-alike of an account registered before those keys existed is refused as well. Run at start,
 * once the read models have caught up; an account that already holds its keys costs one read each.
 * Two look-alikes registered before both keep working; only the first one gets the key.
 */
export async function adoptLookAlikeKeys({
  unique,
  accounts,
}: {
  unique: UniqueValues;
  accounts: AccountQueries;
}) {
  const ctx: CommandContext = {
    actor: { kind: 'system', id: 'look-alike-keys' },
  };
  let clashes = 0;
  const adopt = async (kind: UniqueKind, value: string, ownerId: string) => {
    if (!(await unique.adopt(kind, value, ownerId, ctx))) clashes++;
  };
  for (const user of accounts.allUsers()) {
    await adopt('username', user.username, user.userId);
    await adopt('email', user.email, user.userId);
  }
  for (const { context } of accounts.allAdmins())
    await adopt('admin-username', context.username, context.adminId);
  return { clashes };
}
