import type { Database } from 'better-sqlite3';
import type { RecordedEvent } from '../event-store/event-store';

/** An event whose handling failed with an unknown outcome, waiting for its next try apart from the others. */
export interface ParkedEvent {
  reactor: string;
  partition: string;
  event: RecordedEvent;
  /** Tries so far (the first, failed one included). */
  attempts: number;
  /** When to try again (ms since the epoch, real time). */
  nextAtMs: number;
}

interface Row {
  reactor: string;
  position: number;
  partition: string;
  event: string;
  attempts: number;
  next_at: number;
}

/** reactor → partition → its parked events, oldest first, as the database holds them. */
function loadParked(db: Database, reactors: readonly string[]) {
  const byReactor = new Map<string, Map<string, ParkedEvent[]>>(
    reactors.map((r) => [r, new Map()]),
  );
  const load = db.prepare<[string], Row>(
    'SELECT * FROM reactor_parked_events WHERE reactor = ? ORDER BY position',
  );
  for (const reactor of reactors) {
    for (const row of load.all(reactor)) {
      const parked: ParkedEvent = {
        reactor,
        partition: row.partition,
        event: JSON.parse(row.event) as RecordedEvent,
        attempts: row.attempts,
        nextAtMs: row.next_at,
      };
      const partitions = byReactor.get(reactor)!;
      partitions.set(row.partition, [
        ...(partitions.get(row.partition) ?? []),
        parked,
      ]);
    }
  }
  return byReactor;
}

/** The table that keeps parked events across restarts. */
function parkedTable(db: Database) {
  db.exec(`CREATE TABLE IF NOT EXISTS reactor_parked_events (
    reactor TEXT NOT NULL, position INTEGER NOT NULL, partition TEXT NOT NULL, event TEXT NOT NULL,
    attempts INTEGER NOT NULL, next_at INTEGER NOT NULL, PRIMARY KEY (reactor, position))`);
  const insert = db.prepare<[string, number, string, string, number, number]>(
    'INSERT OR REPLACE INTO reactor_parked_events (reactor, position, partition, event, attempts, next_at) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const remove = db.prepare<[string, number]>(
    'DELETE FROM reactor_parked_events WHERE reactor = ? AND position = ?',
  );
  const forget = db.prepare<[string]>(
    'DELETE FROM reactor_parked_events WHERE reactor = ?',
  );
  const save = (p: ParkedEvent) =>
    insert.run(
      p.reactor,
      p.event.position,
      p.partition,
      JSON.stringify(p.event),
      p.attempts,
      p.nextAtMs,
    );
  return { save, remove, forget };
}

/**
 * The parked events of the partitioned reactors (the payments reactor: one partition per deal or
 * request): kept in the read database beside the checkpoints, so a crash forgets none (the
 * checkpoint moves past an event only once it is parked), and mirrored in memory, where the
 * runner asks on every event whether its partition has something parked (it then waits behind it,
 * so the events of one partition keep their order).
 */
export function createParkedEvents(db: Database, reactors: readonly string[]) {
  const { save, remove, forget } = parkedTable(db);
  const byReactor = loadParked(db, reactors);
  const all = (reactor?: string): ParkedEvent[] =>
    [...byReactor.entries()]
      .filter(([name]) => reactor === undefined || name === reactor)
      .flatMap(([, partitions]) => [...partitions.values()].flat());

  return {
    has: (reactor: string, partition: string): boolean =>
      (byReactor.get(reactor)?.get(partition)?.length ?? 0) > 0,
    park(parked: ParkedEvent): void {
      save(parked);
      const partitions = byReactor.get(parked.reactor)!;
      partitions.set(parked.partition, [
        ...(partitions.get(parked.partition) ?? []),
        parked,
      ]);
    },
    /** The first parked event of each partition: the only one that may be tried. */
    heads: (reactor: string): ParkedEvent[] =>
      [...(byReactor.get(reactor)?.values() ?? [])].flatMap((list) =>
        list.slice(0, 1),
      ),
    /** A try failed again: count it and set the next one. */
    postpone(parked: ParkedEvent, nextAtMs: number): void {
      parked.attempts += 1;
      parked.nextAtMs = nextAtMs;
      save(parked);
    },
    /** Handled at last: the next event of its partition (if any) is due at once. */
    done(parked: ParkedEvent, nowMs: number): void {
      remove.run(parked.reactor, parked.event.position);
      const partitions = byReactor.get(parked.reactor)!;
      const rest = (partitions.get(parked.partition) ?? []).filter(
        (p) => p !== parked,
      );
      if (rest.length === 0) partitions.delete(parked.partition);
      else {
        partitions.set(parked.partition, rest);
        if (rest[0]!.nextAtMs > nowMs) rest[0]!.nextAtMs = nowMs;
      }
    },
    /** Whether something parked at or before `position` (of one reactor, or one partition of it) is still waiting. */
    waitingUpTo(
      position: number,
      reactor?: string,
      partition?: string,
    ): boolean {
      return all(reactor).some(
        (p) =>
          p.event.position <= position &&
          (partition === undefined || p.partition === partition),
      );
    },
    all,
    /** A reactor without a checkpoint starts over: what an earlier version parked goes. */
    reset(reactor: string): void {
      forget.run(reactor);
      byReactor.set(reactor, new Map());
    },
  };
}

export type ParkedEvents = ReturnType<typeof createParkedEvents>;
