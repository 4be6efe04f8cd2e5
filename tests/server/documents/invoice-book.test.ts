import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { EventStore } from '@server/event-store/event-store';
import { createPostgresEventStore } from '@server/event-store/postgres-event-store';
import { createSqliteEventStore } from '@server/event-store/sqlite-event-store';
import {
  createInvoiceBook,
  type InvoiceDraft,
  type IssuedInvoice,
} from '@server/documents/invoice-book';
import { creatorSeries } from '@server/documents/self-billed-invoices';
import { createTestClock } from '@server/shared/clock';
import { pgTestUrl, useTestDatabase } from '@tests/support/postgres';

const draft = (key: string): InvoiceDraft => ({
  key,
  kind: 'invoice',
  corrects: null,
  subject: { kind: 'deal', id: 1 },
  brandUserId: 'u_1',
  suppliedAt: '2026-03-02T09:00:00.000Z',
  description: 'Escrow service fee',
  seller: {
    name: 'Escrow Deals B.V.',
    address: 'Keizersgracht 1, Amsterdam',
    country: 'NL',
    vatId: 'NL123456789B01',
    kvk: '12345678',
    iban: 'NL91ABNA0417164300',
  },
  buyer: {
    name: 'Acme BV',
    address: 'Damrak 1, Amsterdam',
    country: 'NL',
    vatId: null,
  },
  treatment: 'domestic',
  grossCents: 2050,
  netCents: 1694,
  vatCents: 356,
  vatRateBps: 2100,
});

/** Every invoice number of the year, in stream order. */
async function series(
  store: EventStore,
  year: number,
): Promise<IssuedInvoice[]> {
  return (await store.readStream(`invoices-${year}`)).map(
    (e) => e.data as IssuedInvoice,
  );
}

function expectConsecutive(
  issued: IssuedInvoice[],
  stored: IssuedInvoice[],
  count: number,
): void {
  expect(stored).toHaveLength(count);
  expect(stored.map((i) => i.number)).toEqual(
    Array.from(
      { length: count },
      (_, n) => `2026-${String(n + 1).padStart(6, '0')}`,
    ),
  );
  // Each key once, and every caller was told the number its invoice got.
  expect(new Set(stored.map((i) => i.key)).size).toBe(count);
  const byKey = new Map(stored.map((i) => [i.key, i.number]));
  for (const i of issued) expect(i.number).toBe(byKey.get(i.key));
}

describe('invoice numbers', () => {
  it('are consecutive per calendar year in Amsterdam, and an invoice asked for twice is issued once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'invoice-book-'));
    const store = createSqliteEventStore({ path: join(dir, 'events.db') });
    try {
      const clock = createTestClock('2026-03-02T10:00:00.000Z');
      const book = createInvoiceBook({ store, clock });
      const first = await book.issue(draft('fee:deal-1'));
      expect(first.number).toBe('2026-000001');
      expect((await book.issue(draft('fee:deal-1'))).number).toBe(
        '2026-000001',
      );
      // Another instance (its own book) finds it too.
      const other = createInvoiceBook({ store, clock });
      expect((await other.issue(draft('fee:deal-1'))).number).toBe(
        '2026-000001',
      );
      expect((await other.issue(draft('fee:deal-2'))).number).toBe(
        '2026-000002',
      );
      // 23:30 UTC on 31 December is already the new year in Amsterdam: a new series.
      clock.set('2026-12-31T23:30:00.000Z');
      expect((await book.issue(draft('fee:deal-3'))).number).toBe(
        '2027-000001',
      );
      // A key issued last year is not issued again.
      expect((await book.issue(draft('fee:deal-2'))).number).toBe(
        '2026-000002',
      );
      expect(await series(store, 2026)).toHaveLength(2);
    } finally {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  describe.runIf(pgTestUrl)('on PostgreSQL, across two instances', () => {
    const database = useTestDatabase();

    it('50 invoices issued in parallel (each asked for on both instances) are numbered 1 to 50 with no gap', async () => {
      const stores = [0, 1].map(() =>
        createPostgresEventStore({
          connectionString: database().url,
          poolSize: 4,
        }),
      );
      try {
        const clock = createTestClock('2026-03-02T10:00:00.000Z');
        const books = stores.map((store) =>
          createInvoiceBook({ store, clock }),
        );
        const keys = Array.from({ length: 50 }, (_, n) => `fee:deal-${n + 1}`);
        const issued = await Promise.all(
          keys.flatMap((key) => books.map((book) => book.issue(draft(key)))),
        );
        expectConsecutive(issued, await series(stores[0]!, 2026), 50);
      } finally {
        await Promise.all(stores.map((s) => s.close()));
      }
    }, 120_000);

    it('a creator’s self-billed invoices issued in parallel on both instances are numbered SB-2026-000001 to 30 in its own series, apart from the platform’s', async () => {
      const stores = [0, 1].map(() =>
        createPostgresEventStore({
          connectionString: database().url,
          poolSize: 4,
        }),
      );
      try {
        const clock = createTestClock('2026-03-02T10:00:00.000Z');
        const books = stores.map((store) =>
          createInvoiceBook({ store, clock }),
        );
        const own = creatorSeries('user-u_creator');
        const keys = Array.from({ length: 30 }, (_, n) => `self:deal-${n + 1}`);
        const issued = await Promise.all(
          keys.flatMap((key) =>
            books.map((book) =>
              book.issue({ ...draft(key), kind: 'self_billed' }, own),
            ),
          ),
        );
        // The platform's series holds none of them.
        const platform = await series(stores[0]!, 2026).catch(() => []);
        expect(platform.filter((i) => i.key.startsWith('self:'))).toEqual([]);
        const stored = (
          await stores[1]!.readStream('self-billed-user-u_creator-2026')
        ).map((e) => e.data as IssuedInvoice);
        expect(stored.map((i) => i.number)).toEqual(
          keys.map((_, n) => `SB-2026-${String(n + 1).padStart(6, '0')}`),
        );
        const byKey = new Map(stored.map((i) => [i.key, i.number]));
        for (const i of issued) expect(i.number).toBe(byKey.get(i.key));
      } finally {
        await Promise.all(stores.map((s) => s.close()));
      }
    }, 120_000);
  });
});
