import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createSqliteEventStore } from '@server/event-store/sqlite-event-store';
import { createReactorRunner } from '@server/reactors/reactor-runner';
import type { RecordedEvent } from '@server/event-store/event-store';
import {
  newEvents,
  newStream,
} from '@tests/server/event-store/event-store-fixtures';

const dir = mkdtempSync(join(tmpdir(), 'reactor-runner-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('reactor runner', () => {
  it('retries an event whose wait for the read models fails (as when the store was away), and never ends its subscription over it', async () => {
    const store = createSqliteEventStore({ path: join(dir, 'events.db') });
    const db = new Database(':memory:');
    const handled: RecordedEvent[] = [];
    let waits = 0;
    const runner = createReactorRunner({
      store,
      db,
      retryDelayMs: 5,
      reactors: [
        { name: 'probe', handle: async (event) => void handled.push(event) },
      ],
      before: async () => {
        waits += 1;
        if (waits <= 2)
          throw new Error(
            'Read models did not reach the position within 10000 ms',
          );
      },
    });
    await runner.start();
    const stream = newStream('reactor');
    const { position } = await store.append(stream, newEvents(2), 'no_stream');
    expect(await runner.processed(position, 5_000)).toBe(true);
    expect(handled.map((e) => e.revision)).toEqual([0, 1]);
    expect(waits).toBe(4);
    expect(runner.checkpoint('probe')).toBe(position);
    await runner.stop();
    await store.close();
    db.close();
  });

  it('given a reactor that keeps state, when it has no checkpoint it is reset before its first event, and not again once it has one', async () => {
    const store = createSqliteEventStore({ path: join(dir, 'reset.db') });
    const db = new Database(':memory:');
    let resets = 0;
    const reactor = {
      name: 'stateful',
      reset: () => void (resets += 1),
      handle: async () => undefined,
    };
    const first = createReactorRunner({ store, db, reactors: [reactor] });
    await first.start();
    const { position } = await store.append(
      newStream('reset'),
      newEvents(1),
      'no_stream',
    );
    expect(await first.processed(position, 5_000, 'stateful')).toBe(true);
    await first.stop();
    const again = createReactorRunner({ store, db, reactors: [reactor] });
    await again.start();
    await again.stop();
    expect(resets).toBe(1);
    await store.close();
    db.close();
  });

  it('given a partitioned reactor whose event fails, then the events of other partitions go on at once, the failing one is tried again with back-off, and its partition keeps its order', async () => {
    const store = createSqliteEventStore({ path: join(dir, 'partitions.db') });
    const db = new Database(':memory:');
    const handled: string[] = [];
    let failing = true;
    let tries = 0;
    const runner = createReactorRunner({
      store,
      db,
      retryDelayMs: 10,
      maxRetryDelayMs: 40,
      reactors: [
        {
          name: 'partitioned',
          partition: (event) => event.streamId,
          handle: async (event) => {
            if (event.streamId === 'stuck-1' && failing) {
              tries += 1;
              throw new Error('provider down');
            }
            handled.push(`${event.streamId}@${event.revision}`);
          },
        },
      ],
    });
    await runner.start();
    await store.append('stuck-1', newEvents(1), 'no_stream');
    await store.append('free-1', newEvents(1), 'no_stream');
    await store.append('stuck-1', newEvents(1), 0);
    const { position } = await store.append(
      'free-2',
      newEvents(1),
      'no_stream',
    );
    expect(
      await runner.processed(position, 5_000, 'partitioned', 'free-2'),
    ).toBe(true);
    expect(handled).toEqual(['free-1@0', 'free-2@0']);
    expect(runner.checkpoint('partitioned')).toBe(position);
    expect(runner.unanswered('partitioned').map((u) => u.streamId)).toEqual([
      'stuck-1',
      'stuck-1',
    ]);
    expect(await runner.processed(position, 100)).toBe(false); // the parked ones are not handled yet
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(tries).toBeGreaterThan(1);
    expect(tries).toBeLessThan(15); // backed off, not spinning

    failing = false;
    expect(await runner.processed(position, 5_000)).toBe(true);
    expect(handled).toEqual(['free-1@0', 'free-2@0', 'stuck-1@0', 'stuck-1@1']);
    expect(runner.unanswered('partitioned')).toEqual([]);
    await runner.stop();
    await store.close();
    db.close();
  });
});
