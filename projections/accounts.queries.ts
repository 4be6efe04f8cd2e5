import type { Database } from 'better-sqlite3';
import type { AdminContext } from '@machines/account/admin.machine';
import type { UserContext } from '@machines/account/user.machine';

export interface AdminRecord {
  active: boolean;
  context: AdminContext;
}

/** Users and admin accounts: lookups for login, profile and the admin list's owner details. */
export function createAccountQueries(db: Database) {
  const userById = db.prepare<[string], { context: string }>(
    'SELECT context FROM rm_users WHERE id = ?',
  );
  const emailById = db.prepare<[string], { email: string }>(
    'SELECT email FROM rm_users WHERE id = ?',
  );
  const userByEmail = db.prepare<[string], { context: string }>(
    'SELECT context FROM rm_users WHERE email_key = ? LIMIT 1',
  );
  // An admin's look-up for a person's data export: rare, a scan is fine.
  const userByUsername = db.prepare<[string], { context: string }>(
    'SELECT context FROM rm_users WHERE lower(username) = ? LIMIT 1',
  );
  const adminById = db.prepare<[string], { state: string; context: string }>(
    'SELECT state, context FROM rm_admins WHERE id = ?',
  );
  const adminByName = db.prepare<[string], { state: string; context: string }>(
    "SELECT state, context FROM rm_admins WHERE username_key = ? ORDER BY state = 'active' DESC LIMIT 1",
  );
  const allUsers = db.prepare<[], { context: string }>(
    'SELECT context FROM rm_users ORDER BY id',
  );
  const adminCount = db.prepare<[], { n: number }>(
    'SELECT count(*) AS n FROM rm_admins',
  );
  const allAdmins = db.prepare<[], { state: string; context: string }>(
    'SELECT state, context FROM rm_admins ORDER BY username_key, id',
  );
  const user = (row: { context: string } | undefined) =>
    row ? (JSON.parse(row.context) as UserContext) : null;
  const admin = (
    row: { state: string; context: string } | undefined,
  ): AdminRecord | null =>
    row
      ? {
          active: row.state !== 'deactivated',
          context: JSON.parse(row.context) as AdminContext,
        }
      : null;
  return {
    userById: (id: string) => user(userById.get(id)),
    /** A user's e-mail address alone (the gateway's account forms). */
    emailOf: (id: string): string | null => emailById.get(id)?.email ?? null,
    userByEmail: (email: string) =>
      user(userByEmail.get(email.trim().toLowerCase())),
    /** A user by username, case-insensitively (an admin's data-export look-up). */
    userByUsername: (username: string) =>
      user(userByUsername.get(username.trim().toLowerCase())),
    adminById: (id: string) => admin(adminById.get(id)),
    adminByUsername: (username: string) =>
      admin(adminByName.get(username.trim().toLowerCase())),
    adminCount: () => adminCount.get()?.n ?? 0,
    /** Every user account (start-up chores that walk them all). */
    allUsers: () => allUsers.all().map((row) => user(row)!),
    /** Every admin and auditor account, active or not, by username. */
    allAdmins: () => allAdmins.all().map((row) => admin(row)!),
  };
}

export type AccountQueries = ReturnType<typeof createAccountQueries>;
