import type Database from 'better-sqlite3';
import type { AccountQueries } from '../../projections/accounts.queries';
import type { DealQueries } from '../../projections/deals.queries';
import type { PaymentRequestQueries } from '../../projections/payment-requests.queries';
import type { ProjectionRunner } from '../../projections/runner';
import type { StoredEvent } from '../../projections/projection';
import { StreamNotFound, type EventStore } from '../event-store/event-store';
import type { KeyStore } from '../event-store/key-store';

/** What the read models tell of whose rows a subject's keys sealed values in. */
export interface SubjectQueries {
  accounts: Pick<AccountQueries, 'userById'>;
  deals: Pick<DealQueries, 'listForOwner' | 'listClaimedBy'>;
  requests: Pick<PaymentRequestQueries, 'listForCreator' | 'listForBrandEmail'>;
}

/**
 * The streams whose read-model rows may hold values sealed under a subject's keys, found in the
 * read models before they are refolded: an account's own stream, the deals it owns or claimed, the
 * requests it made or was sent, and the claim streams of those links; a link party's deal or
 * request and its claim stream. Null for any other subject (an admin): then everything is rebuilt.
 */
export function streamsOfSubject(
  queries: SubjectQueries,
  subject: string,
): string[] | null {
  const link = /^(deal|payment-request)-link-(\d+)$/.exec(subject);
  if (link)
    return [`${link[1]}-${link[2]}`, `link-claim-${link[1]}-${link[2]}`];
  const userId = /^user-(.+)$/.exec(subject)?.[1];
  if (!userId) return null;
  const email = queries.accounts.userById(userId)?.email;
  const claimed = queries.deals
    .listClaimedBy(userId)
    .map((r) => `deal-${r.id}`);
  const addressed = email ? queries.requests.listForBrandEmail(email) : [];
  return [
    subject,
    ...queries.deals.listForOwner(userId).map((r) => `deal-${r.id}`),
    ...claimed,
    ...claimed.map((stream) => `link-claim-${stream}`),
    ...queries.requests
      .listForCreator(userId)
      .map((r) => `payment-request-${r.id}`),
    ...addressed.map((r) => `payment-request-${r.id}`),
    ...addressed.map((r) => `link-claim-payment-request-${r.id}`),
  ];
}

/** Every event of a stream; none when it was never written. */
async function eventsOf(
  store: Pick<EventStore, 'readStream'>,
  streamId: string,
) {
  try {
    return (await store.readStream(streamId)) as StoredEvent[];
  } catch (error) {
    if (error instanceof StreamNotFound) return [];
    throw error;
  }
}

/**
 * The read database zeroes what it deletes (read-database.ts) from the moment it is opened; a file
 * written before, by an older version or process, may keep old row versions in free space until it
 * is vacuumed once. After that, truncating the WAL drops the last old page images.
 */
function readDatabaseScrub(readDb: Database.Database): () => void {
  let vacuumed = false;
  return () => {
    if (!vacuumed) readDb.exec('VACUUM');
    vacuumed = true;
    readDb.pragma('wal_checkpoint(TRUNCATE)');
  };
}

/**
 * Read models hold personal values in plain text, folded from events. When a key is erased
 * (PersonalDataKeyErased, by this instance or another: every instance follows the same store),
 * each instance drops the key from its cache and folds again, in place, the rows of the streams
 * that held the subject's values (runner `refold`), where those values now read as markers; a
 * subject whose streams are not known rebuilds everything. The read database overwrites what it
 * deletes with zeros and its WAL is truncated after each round, so no page keeps the old values.
 * Work asked for while some runs is joined into the next round.
 */
export function createReadModelForgetting({
  runner,
  readDb,
  keys,
  store,
  queries,
}: {
  runner: ProjectionRunner;
  readDb: Database.Database;
  keys: KeyStore;
  store: Pick<EventStore, 'readStream'>;
  queries: SubjectQueries;
}) {
  let pending: Set<string> | 'all' | null = null;
  let running: Promise<void> | null = null;
  // Rebuilds replay old erasures: only those past this position ask for more work.
  let seen = 0;
  let stopped = false;

  const scrub = readDatabaseScrub(readDb);

  async function drain(): Promise<void> {
    // After the batch's handler returns: stopping the runner stops the subscription delivering it.
    await new Promise((resolve) => setImmediate(resolve));
    while (pending && !stopped) {
      const work = pending;
      pending = null;
      if (work === 'all') await runner.rebuild();
      else await runner.refold([...work], (stream) => eventsOf(store, stream));
      runner.start();
      scrub();
    }
  }

  function schedule(): void {
    if (running || stopped) return;
    running = drain().finally(() => {
      running = null;
      if (pending) schedule();
    });
    running.catch(() => undefined);
  }

  const off = runner.onApplied((batch) => {
    for (const event of batch) {
      if (event.type !== 'PersonalDataKeyErased' || event.position <= seen)
        continue;
      const data = event.data as {
        subject: string;
        kind: 'profile' | 'fiscal';
      };
      keys.forget(data.subject, data.kind);
      seen = event.position;
      const streams =
        pending === 'all' ? null : streamsOfSubject(queries, data.subject);
      if (!streams) pending = 'all';
      else {
        pending ??= new Set();
        for (const stream of streams) (pending as Set<string>).add(stream);
      }
    }
    if (pending) schedule();
  });

  return {
    /** Resolves once the read models no longer show what the keys erased so far sealed. */
    async forget(): Promise<void> {
      // A round that ends with more asked for starts the next one before its waiters resume.
      while (running) await running;
    },
    /** Stops listening; resolves once the work under way has finished (the app is closing). */
    async stop(): Promise<void> {
      stopped = true;
      off();
      await running?.catch(() => undefined);
    },
  };
}
