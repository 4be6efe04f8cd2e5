import type { Database } from 'better-sqlite3';
import type { AdminEvent } from '@machines/account/account.events';
import {
  emptyAdminContext,
  evolveAdminContext,
  type AdminContext,
} from '@machines/account/admin.machine';
import type { ProjectedEvent, Projection } from './projection';

/** Admin and auditor accounts (login by username); `state` is the admin machine's (active, deactivated). */
export const adminsProjection: Projection = {
  name: 'admins',
  version: 1,
  refoldTables: ['rm_admins'],
  setup(db) {
    db.exec(`
      CREATE TABLE IF NOT EXISTS rm_admins (
        id TEXT PRIMARY KEY, username_key TEXT NOT NULL, state TEXT NOT NULL, context TEXT NOT NULL) WITHOUT ROWID;
      CREATE INDEX IF NOT EXISTS rm_admins_username ON rm_admins (username_key);`);
  },
  reset(db) {
    db.exec('DROP TABLE IF EXISTS rm_admins;');
  },
  prepare(db: Database) {
    const select = db.prepare<[string], { state: string; context: string }>(
      'SELECT state, context FROM rm_admins WHERE id = ?',
    );
    const upsert = db.prepare(`
      INSERT INTO rm_admins (id, username_key, state, context) VALUES (@id, @usernameKey, @state, @context)
      ON CONFLICT(id) DO UPDATE SET username_key = excluded.username_key, state = excluded.state, context = excluded.context`);
    return (event: ProjectedEvent) => {
      if (!event.streamId.startsWith('admin-')) return;
      const id = event.streamId.slice(6);
      const row = select.get(id);
      const before = row
        ? (JSON.parse(row.context) as AdminContext)
        : emptyAdminContext;
      const context = evolveAdminContext(
        before,
        event as unknown as AdminEvent,
      );
      const fallback =
        event.type === 'AdminDeactivated' ? 'deactivated' : 'active';
      upsert.run({
        id,
        usernameKey: context.username.trim().toLowerCase(),
        state: event.metadata.state ?? fallback,
        context: JSON.stringify(context),
      });
    };
  },
};
