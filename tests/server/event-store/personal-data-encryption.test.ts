import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { eventDefinition } from '@machines/events/catalog';
import { decodeEvent } from '@machines/events/codec';
import { mapPersonalValues } from '@machines/events/personal-fields';
import { verifyStore } from '@server/event-store/hash-chain';
import { openEventStore } from '@server/event-store/open-event-store';
import type { EncryptedEventStore } from '@server/event-store/personal-data-encryption';
import { sealValue } from '@server/event-store/personal-data-sealing';
import { subjectOf } from '@server/event-store/personal-data-subject';
import { pgTestUrl, useTestDatabase } from '@tests/support/postgres';

const dir = mkdtempSync(join(tmpdir(), 'sealed-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const metadata = (actor = { kind: 'brand', id: 'u_7f3a' }) => ({
  actor,
  at: '2026-03-01T10:00:00.000Z',
  correlationId: randomUUID(),
  causationId: null,
  schemaVersion: 1,
});
const example = (type: string) =>
  eventDefinition(type)!.example as Record<string, unknown>;
const event = (type: string, data = example(type)) => ({
  id: randomUUID(),
  type,
  data,
  metadata: metadata(),
});

function suite(name: string, open: () => Promise<EncryptedEventStore>) {
  describe(name, () => {
    it('stores personal fields sealed, reads them plain, and verify covers the stored form', async () => {
      const store = await open();
      const user = `u_${randomUUID().slice(0, 8)}`;
      const data = {
        ...example('UserRegistered'),
        userId: user,
        email: `${user}@acme.example`,
      };
      await store.append(
        `user-${user}`,
        [event('UserRegistered', data)],
        'no_stream',
      );
      const [stored] = await store.stored.readStream(`user-${user}`);
      const text = JSON.stringify(stored!.data);
      expect(text).not.toContain(`${user}@acme.example`);
      expect(text).not.toContain('Acme');
      expect(stored!.data).toMatchObject({ userId: user, phoneNumber: null });
      // One envelope per event and key: the first value's place holds it, the others point into it.
      const values = Object.values(
        stored!.data as Record<string, unknown>,
      ).filter((v): v is string => typeof v === 'string' && v.startsWith('pd'));
      expect(
        values.filter((v) => v.startsWith(`pd2:p:user-${user}:`)),
      ).toHaveLength(1);
      expect(values.filter((v) => /^pd2:p:#\d+$/.test(v))).toHaveLength(
        values.length - 1,
      );
      const [read] = await store.readStream(`user-${user}`);
      expect(read!.data).toEqual(data);
      expect((await verifyStore(store.stored)).breaks).toEqual([]);
      await store.close();
    });

    it('reads an erased profile as markers the schema takes, keeps the fiscal data, and appends no new key', async () => {
      const store = await open();
      const user = `u_${randomUUID().slice(0, 8)}`;
      await store.append(
        `user-${user}`,
        [event('UserRegistered')],
        'no_stream',
      );
      await store.append(
        `billing-${user}`,
        [event('BillingDetailsChanged')],
        'no_stream',
      );
      expect(await store.keys.erase(`user-${user}`, 'profile')).toBe(true);
      const [read] = await store.readStream(`user-${user}`);
      expect(read!.data).toMatchObject({
        username: '[erased]',
        email: '[erased]',
        country: 'XX',
      });
      expect(() => decodeEvent(read!)).not.toThrow();
      const [billing] = await store.readStream(`billing-${user}`);
      expect(billing!.data).toEqual(example('BillingDetailsChanged'));
      // Written after the erasure: the person's data is not kept, and no new key is made.
      await store.append(`user-${user}`, [event('ProfileUpdated')], 0);
      const stored = await store.stored.readStream(`user-${user}`);
      expect(stored[1]!.data).toMatchObject({
        username: '[erased]',
        country: 'XX',
      });
      expect(await store.keys.keyOf(`user-${user}`, 'profile')).toBeNull();
      expect((await verifyStore(store.stored)).breaks).toEqual([]);
      await store.close();
    });

    it('reads values sealed one by one (stored before the envelope) and erases them with the key', async () => {
      const store = await open();
      const user = `u_${randomUUID().slice(0, 8)}`;
      const subject = `user-${user}`;
      const key = (await store.keys.keyFor(subject, 'profile'))!;
      const data = example('UserRegistered');
      const perValue = mapPersonalValues(
        'UserRegistered',
        data,
        (value, kind) => sealValue(value, key, subject, kind),
      );
      expect(JSON.stringify(perValue)).toContain(`pd1:p:${subject}:`);
      await store.stored.append(
        subject,
        [event('UserRegistered', perValue as never)],
        'no_stream',
      );
      await store.append(subject, [event('ProfileUpdated')], 0);
      expect((await store.readStream(subject)).map((e) => e.data)).toEqual([
        data,
        example('ProfileUpdated'),
      ]);
      await store.keys.erase(subject, 'profile');
      const erased = await store.readStream(subject);
      expect(erased.map((e) => e.data)).toMatchObject([
        { username: '[erased]', email: '[erased]' },
        { username: '[erased]' },
      ]);
      await store.close();
    });

    it('opens an envelope only in its own event: moved to another, it reads as erased', async () => {
      const store = await open();
      const user = `u_${randomUUID().slice(0, 8)}`;
      await store.append(
        `user-${user}`,
        [event('UserRegistered')],
        'no_stream',
      );
      const [stored] = await store.stored.readStream(`user-${user}`);
      await store.stored.append(
        `user-${user}`,
        [event('UserRegistered', stored!.data as never)],
        0,
      );
      const [original, moved] = await store.readStream(`user-${user}`);
      expect(original!.data).toEqual(example('UserRegistered'));
      expect(moved!.data).toMatchObject({
        username: '[erased]',
        email: '[erased]',
      });
      await store.close();
    });

    it('shares keys between instances and reads plain values written before encryption', async () => {
      const [first, second] = [await open(), await open()];
      const user = `u_${randomUUID().slice(0, 8)}`;
      await first.append(
        `user-${user}`,
        [event('UserRegistered')],
        'no_stream',
      );
      await second.stored.append(`user-${user}`, [event('ProfileUpdated')], 0);
      const read = await second.readStream(`user-${user}`);
      expect(read.map((e) => e.data)).toEqual([
        example('UserRegistered'),
        example('ProfileUpdated'),
      ]);
      await Promise.all([first.close(), second.close()]);
    });
  });
}

const sqliteDir = join(dir, 'data');
suite('SQLite', () => Promise.resolve(openEventStore({ dataDir: sqliteDir })));

describe.runIf(pgTestUrl)('PostgreSQL', () => {
  const database = useTestDatabase('escrow_sealed');
  suite('PostgreSQL (PG_TEST_URL)', () =>
    Promise.resolve(
      openEventStore({ dataDir: dir, databaseUrl: database().url }),
    ),
  );
});

it('SQLite: an erased key leaves no copy in the database file after a checkpoint', async () => {
  const store = openEventStore({ dataDir: join(dir, 'erase') });
  await store.append('user-u_1', [event('UserRegistered')], 'no_stream');
  const key = (await store.keys.keyOf('user-u_1', 'profile'))!;
  await store.keys.erase('user-u_1', 'profile');
  await store.close();
  const bytes = readFileSync(join(dir, 'erase', 'events.db'));
  expect(bytes.includes(key)).toBe(false);
});

describe('whose keys an event is sealed under', () => {
  it.each([
    ['user-u_1', { kind: 'system', id: 's' }, 'user-u_1'],
    ['billing-u_1', { kind: 'admin', id: 'a_1' }, 'user-u_1'],
    [
      'billing-payment-request-4',
      { kind: 'system', id: 's' },
      'payment-request-link-4',
    ],
    ['self-billing-deal-12', { kind: 'system', id: 's' }, 'deal-link-12'],
    ['self-billed-user-u_1-2026', { kind: 'system', id: 's' }, 'user-u_1'],
    ['self-billed-deal-12-2027', { kind: 'system', id: 's' }, 'deal-link-12'],
    [
      'link-claim-payment-request-3',
      { kind: 'system', id: 's' },
      'payment-request-link-3',
    ],
    ['deal-12', { kind: 'creator-link', id: 'deal-12' }, 'deal-link-12'],
    ['deal-12', { kind: 'creator', id: 'u_2' }, 'user-u_2'],
    ['deal-12', { kind: 'admin', id: 'a_1' }, 'admin-a_1'],
    ['invoice-2026', { kind: 'system', id: 's' }, 'platform'],
  ])('%s by %o → %s', (stream, actor, subject) => {
    expect(subjectOf(stream, metadata(actor))).toBe(subject);
  });

  it('takes the writer’s explicit subject first', () => {
    expect(subjectOf('deal-1', { ...metadata(), subject: 'user-u_9' })).toBe(
      'user-u_9',
    );
  });
});
