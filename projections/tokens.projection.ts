import type { Database } from 'better-sqlite3';
import type { ProjectedEvent, Projection } from './projection';

/** Token index: a shareable link token → the deal or payment request it opens. */
export const tokensProjection: Projection = {
  name: 'tokens',
  version: 1,
  setup(db) {
    db.exec(`
      CREATE TABLE IF NOT EXISTS rm_tokens (token TEXT PRIMARY KEY, kind TEXT NOT NULL, ref_id INTEGER NOT NULL) WITHOUT ROWID;
      CREATE INDEX IF NOT EXISTS rm_tokens_ref ON rm_tokens (kind, ref_id);`);
  },
  reset(db) {
    db.exec('DROP TABLE IF EXISTS rm_tokens;');
  },
  prepare(db: Database) {
    const insert = db.prepare(
      'INSERT OR REPLACE INTO rm_tokens (token, kind, ref_id) VALUES (?, ?, ?)',
    );
    const removeRef = db.prepare(
      'DELETE FROM rm_tokens WHERE kind = ? AND ref_id = ?',
    );
    return (event: ProjectedEvent) => {
      switch (event.type) {
        case 'ShareLinkGenerated':
          insert.run(
            (event.data as { token: string }).token,
            'deal',
            Number(event.streamId.slice(5)),
          );
          return;
        case 'ShareLinkRotated':
          // The old link stops working the moment the new one exists.
          removeRef.run('deal', Number(event.streamId.slice(5)));
          insert.run(
            (event.data as { token: string }).token,
            'deal',
            Number(event.streamId.slice(5)),
          );
          return;
        case 'DealDeleted':
          // A deleted deal's link must stop working.
          removeRef.run('deal', Number(event.streamId.slice(5)));
          return;
        case 'PaymentRequestCreated': {
          const data = event.data as { token: string; requestId: number };
          insert.run(data.token, 'payment-request', data.requestId);
          return;
        }
      }
    };
  },
};
