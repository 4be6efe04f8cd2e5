import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dealMachine } from '@machines/deal/deal.machine';
import { fold, initialOf, stateKey } from '@machines/statechart';
import { replayCheck } from '@server/admin/replay-check';
import {
  createSqliteEventStore,
  type SqliteEventStore,
} from '@server/event-store/sqlite-event-store';
import { verifyStore } from '@server/event-store/hash-chain';
import {
  dealGiven,
  dealHistory,
  event,
  type AnyEvent,
} from '@tests/support/event-factory';

let dir: string;
let store: SqliteEventStore;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'replay-check-'));
  store = createSqliteEventStore({ path: join(dir, 'events.db') });
});
afterEach(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Appends events as a writer of some machine version did: each stamped with the state that version recorded. */
async function write(
  streamId: string,
  events: { event: AnyEvent; state: string }[],
) {
  await store.append(
    streamId,
    events.map(({ event: e, state }) => ({
      id: randomUUID(),
      type: e.type,
      data: e.data,
      metadata: { ...e.metadata, state },
    })),
    'no_stream',
  );
}

/** Records what the current machine reaches after each event (a stream written by today's version). */
function stamped(events: AnyEvent[]) {
  return events.map((e, i) => ({
    event: e,
    state: stateKey(
      fold(dealMachine, events.slice(0, i + 1) as never, initialOf(dealMachine))
        .value,
    ),
  }));
}

describe('npm run replay-check', () => {
  it('passes streams the current statecharts replay to their recorded state, and lists refused and diverging ones', async () => {
    const current = dealGiven.accepted();
    await write('deal-1', stamped(current));
    // An older machine let the creator deliver before connecting a bank account.
    await write('deal-2', [
      ...stamped(current),
      {
        event: event('ContentDelivered', {}, '2026-03-02T12:00:00.000Z'),
        state: 'delivered',
      },
    ]);
    // An older machine had a "paid" state where today's has pending_delivery.awaiting_acceptance.
    await write('deal-3', [
      { event: dealHistory.created(), state: 'pending_payment' },
      { event: dealHistory.checkout(), state: 'pending_payment' },
      { event: dealHistory.paid(), state: 'paid' },
    ]);
    // A stream whose event no longer decodes (a type the catalogue dropped).
    await write('deal-4', [
      { event: dealHistory.created(), state: 'pending_payment' },
      {
        event: { ...dealHistory.paid(), type: 'PaymentCaptured' } as never,
        state: 'paid',
      },
    ]);

    const { streams, problems } = await replayCheck(store);
    expect(streams).toBe(4);
    expect(problems.map((p) => [p.streamId, p.kind, p.revision])).toEqual([
      ['deal-2', 'refused', 4],
      ['deal-3', 'different_state', 2],
      ['deal-4', 'undecodable', 1],
    ]);
    expect(problems[0]!.message).toBe(
      'the current machine refuses ContentDelivered in state pending_delivery.accepted',
    );
    expect(problems[1]).toMatchObject({
      recorded: 'paid',
      replayed: 'pending_delivery.awaiting_acceptance',
    });
  });
});

describe('npm run verify', () => {
  it('keeps one chain when two processes (two store instances on one file) append to the same stream in turn', async () => {
    const other = createSqliteEventStore({ path: join(dir, 'events.db') });
    try {
      const one = (n: number) => [
        { id: randomUUID(), type: 'Tested', data: { n }, metadata: {} },
      ];
      await store.append('s-1', one(0), 'no_stream');
      await other.append('s-1', one(1), 0);
      await store.append('s-1', one(2), 1);
      await store.append('s-1', one(3), 2);
      await other.append('s-1', one(4), 3);
    } finally {
      await other.close();
    }
    expect(await verifyStore(store)).toEqual({
      streams: 1,
      events: 5,
      breaks: [],
    });
  });

  it('finds every stream intact, then the first break of a stream whose stored event was edited', async () => {
    await write(
      'deal-1',
      stamped([
        dealHistory.created(),
        dealHistory.checkout(),
        dealHistory.paid(),
        dealHistory.accepted(),
      ]),
    );
    await write('deal-2', stamped([dealHistory.created()]));
    expect(await verifyStore(store, 2)).toEqual({
      streams: 2,
      events: 5,
      breaks: [],
    });
    await store.close();

    const file = new Database(join(dir, 'events.db'));
    file
      .prepare(
        "UPDATE events SET metadata = replace(metadata, 'stripe', 'brand') WHERE stream_id = 'deal-1' AND revision = 2",
      )
      .run();
    file.close();
    store = createSqliteEventStore({ path: join(dir, 'events.db') });
    const { breaks } = await verifyStore(store, 2);
    expect(breaks).toEqual([
      {
        streamId: 'deal-1',
        revision: 2,
        position: 3,
        type: 'PaymentSucceeded',
        reason: 'mismatch',
      },
    ]);

    // The command itself, as an operator runs it on the data folder.
    const cli = (script: string) =>
      spawnSync(process.execPath, ['--import', 'tsx', script], {
        cwd: process.cwd(),
        env: { ...process.env, DATA_DIR: dir, LOG_LEVEL: 'silent' },
        encoding: 'utf8',
        timeout: 60_000,
      });
    const verify = cli('server/cli/verify.ts');
    expect(verify.status, verify.stderr).toBe(1);
    expect(verify.stdout).toContain(
      'deal-1 revision 2 (position 3, PaymentSucceeded): content does not match its hash',
    );
    const replay = cli('server/cli/replay-check.ts');
    expect(replay.status, replay.stderr).toBe(0);
    expect(replay.stdout).toContain(
      'OK: 2 deal and payment-request streams (5 events)',
    );
  }, 60_000);
});
