import type { Database } from 'better-sqlite3';
import type { UserEvent } from '@machines/account/account.events';
import {
  emptyUserContext,
  evolveUserContext,
  type UserContext,
} from '@machines/account/user.machine';
import type { ProjectedEvent, Projection } from './projection';
import { createRowStore } from './row-cache';

/** Users: login by email, profile, owner details for the admin list. Folded with the user machine's evolve. */
export const usersProjection: Projection = {
  name: 'users',
  version: 1,
  refoldTables: ['rm_users'],
  deferredIndexes: ['rm_users_email'],
  setup(db) {
    db.exec(`
      CREATE TABLE IF NOT EXISTS rm_users (
        id TEXT PRIMARY KEY, email_key TEXT NOT NULL, username TEXT NOT NULL, email TEXT NOT NULL,
        company_name TEXT, state TEXT NOT NULL, context TEXT NOT NULL) WITHOUT ROWID;
      CREATE INDEX IF NOT EXISTS rm_users_email ON rm_users (email_key);`);
  },
  reset(db) {
    db.exec('DROP TABLE IF EXISTS rm_users;');
  },
  prepare(db: Database) {
    const select = db.prepare<[string], { context: string; state: string }>(
      'SELECT context, state FROM rm_users WHERE id = ?',
    );
    const upsert = db.prepare(`
      INSERT INTO rm_users (id, email_key, username, email, company_name, state, context)
      VALUES (@id, @emailKey, @username, @email, @companyName, @state, @context)
      ON CONFLICT(id) DO UPDATE SET email_key = excluded.email_key, username = excluded.username, email = excluded.email,
        company_name = excluded.company_name, state = excluded.state, context = excluded.context`);
    // Folded in memory and written once per batch (see createRowStore).
    const rows = createRowStore<
      string,
      { context: UserContext; state: string }
    >({
      capacity: 2_048,
      load(id) {
        const row = select.get(id);
        return row
          ? {
              context: JSON.parse(row.context) as UserContext,
              state: row.state,
            }
          : undefined;
      },
      write(id, { context, state }) {
        upsert.run({
          id,
          emailKey: context.email.trim().toLowerCase(),
          username: context.username,
          email: context.email,
          companyName: context.companyName,
          state,
          context: JSON.stringify(context),
        });
      },
      remove: () => undefined,
    });
    const apply = (event: ProjectedEvent): void => {
      if (!event.streamId.startsWith('user-')) return;
      const id = event.streamId.slice(5);
      const before = rows.get(id)?.context ?? emptyUserContext;
      const context = evolveUserContext(before, event as unknown as UserEvent);
      if (context.userId === '') return;
      rows.set(id, {
        context,
        state:
          event.metadata.state ??
          (context.onboardedAt ? 'onboarded' : 'registered'),
      });
    };
    return { apply, flush: () => rows.flush(), discard: () => rows.discard() };
  },
};
