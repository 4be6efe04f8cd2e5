import { createHash, randomUUID } from 'node:crypto';
import type { EventOf } from '@machines/events/define';
import type { InvoiceIssued } from '@machines/documents/invoice.events';
import { calendarOf } from '@machines/documents/year-figures';
import { splitFee } from '@machines/documents/vat';
import {
  StreamNotFound,
  WrongExpectedVersion,
  type EventStore,
} from '../event-store/event-store';
import type { Clock } from '../shared/clock';

export type IssuedInvoice = EventOf<typeof InvoiceIssued>['data'];
/** What an invoice says apart from its number and issue date, which the book assigns. */
export type InvoiceDraft = Omit<IssuedInvoice, 'number' | 'issuedAt'>;

/**
 * A numbering series: the platform's own (`invoices-2026`, numbers `2026-000123`) or a creator's
 * for self-billed invoices (`self-billed-deal-12-2026`, `SB-2026-000001`). Each is gap-free on its
 * own, one stream per calendar year.
 */
export interface InvoiceSeries {
  stream: string;
  prefix: '' | 'SB-';
}
export const platformSeries: InvoiceSeries = { stream: 'invoices', prefix: '' };

const streamOf = (series: InvoiceSeries, year: number) =>
  `${series.stream}-${year}`;
const numberOf = (series: InvoiceSeries, year: number, sequence: number) =>
  `${series.prefix}${year}-${String(sequence).padStart(6, '0')}`;

/** The calendar year of an instant in the platform's time zone (an invoice of 31 Dec 23:30 UTC is January's in Amsterdam). */
const yearOf = (at: Date): number => calendarOf(at).year;

/** A UUID-shaped id from the invoice's key: the same invoice is the same event in every instance. */
function eventIdOf(key: string): string {
  const hex = createHash('sha256').update(`invoice:${key}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * Whose keys seal an invoice's fiscal fields (docs/adr/0033-personal-data-keys-per-person.md): the
 * buyer's, an account or a request's payer through its link. A self-billed invoice names no
 * subject: its stream is the creator's series, which puts it under the creator's keys
 * (server/event-store/personal-data-subject.ts).
 */
function buyerSubject(invoice: IssuedInvoice): { subject?: string } {
  if (invoice.kind === 'self_billed') return {};
  if (invoice.brandUserId) return { subject: `user-${invoice.brandUserId}` };
  const { kind, id } = invoice.subject;
  return kind === 'payment_request'
    ? { subject: `payment-request-link-${id}` }
    : {};
}

/** The invoice as the event that numbers it; its id comes from the key, so a repeat is the same event. */
const issuedEvent = (invoice: IssuedInvoice) => ({
  id: eventIdOf(invoice.key),
  type: 'InvoiceIssued',
  data: invoice,
  metadata: {
    actor: { kind: 'system' as const, id: 'invoices' },
    at: invoice.issuedAt,
    correlationId: randomUUID(),
    causationId: null,
    schemaVersion: 1,
    ...buyerSubject(invoice),
  },
});

interface YearCache {
  revision: number;
  byKey: Map<string, IssuedInvoice>;
}

/** Reads what this instance has not yet read of a year's stream into its cache. */
async function catchUpYear(
  store: EventStore,
  years: Map<string, YearCache>,
  series: InvoiceSeries,
  year: number,
): Promise<YearCache> {
  const stream = streamOf(series, year);
  const cache = years.get(stream) ?? { revision: -1, byKey: new Map() };
  years.set(stream, cache);
  try {
    const events = await store.readStream(stream, {
      fromRevision: cache.revision + 1,
    });
    for (const event of events) {
      const data = event.data as IssuedInvoice;
      cache.byKey.set(data.key, data);
      cache.revision = event.revision;
    }
  } catch (error) {
    if (!(error instanceof StreamNotFound)) throw error;
  }
  return cache;
}

/**
 * The invoice series: one stream per series and calendar year (`invoices-2026`), one
 * `InvoiceIssued` per number. An invoice is appended at the revision this instance read, so its number (revision + 1)
 * is taken by exactly one invoice: a writer that lost the race reads the newcomers and tries the
 * next number. Before taking one it looks for its key (this year and last), so an invoice asked for
 * twice (two instances, a retry after a crash) is issued once. Numbers have no gaps, because the
 * number and the invoice are one event (ADR 0025).
 */
export function createInvoiceBook({
  store,
  clock,
}: {
  store: EventStore;
  clock: Clock;
}) {
  /** What this instance read of each year's stream, by stream name. */
  const years = new Map<string, YearCache>();

  const catchUp = (series: InvoiceSeries, year: number) =>
    catchUpYear(store, years, series, year);

  /**
   * The year's cache, caught up, with this key's invoice if one exists. The key is looked up and the
   * revision taken in the same tick after the last read: with an await between them, another
   * catch-up could read this key's invoice (issued by another instance) into the cache and move the
   * revision past it, and this invoice would then be appended a second time under a new number.
   */
  async function lookUp(series: InvoiceSeries, key: string, year: number) {
    const lastYear = await catchUp(series, year - 1);
    const current = await catchUp(series, year);
    const found = current.byKey.get(key) ?? lastYear.byKey.get(key) ?? null;
    return { found, revision: current.revision };
  }

  async function issue(
    draft: InvoiceDraft,
    series: InvoiceSeries = platformSeries,
  ): Promise<IssuedInvoice> {
    for (let attempt = 0; attempt < 500; attempt++) {
      const now = clock.now();
      const year = yearOf(now);
      const { found, revision } = await lookUp(series, draft.key, year);
      if (found) return found;
      const invoice: IssuedInvoice = {
        ...draft,
        number: numberOf(series, year, revision + 2),
        issuedAt: now.toISOString(),
      };
      try {
        await store.append(
          streamOf(series, year),
          [issuedEvent(invoice)],
          revision < 0 ? 'no_stream' : revision,
        );
        return invoice;
      } catch (error) {
        if (!(error instanceof WrongExpectedVersion)) throw error;
        // Someone took this number: read what they wrote (maybe this very invoice) and go on.
        await new Promise((resolve) =>
          setTimeout(resolve, Math.random() * 5 * Math.min(attempt, 20)),
        );
      }
    }
    throw new Error(`Could not number invoice ${draft.key}`);
  }

  /** The invoice issued under `key` in a year from `fromYear` up to now, or null (nothing issued yet). */
  async function find(
    key: string,
    fromYear: number,
    series: InvoiceSeries = platformSeries,
  ): Promise<IssuedInvoice | null> {
    for (let year = yearOf(clock.now()); year >= fromYear; year--) {
      const found = (await catchUp(series, year)).byKey.get(key);
      if (found) return found;
    }
    return null;
  }

  return { issue, find, yearOf };
}

export type InvoiceBook = ReturnType<typeof createInvoiceBook>;

/**
 * The credit note for the fee a refund or split returned: the invoice's parties and VAT
 * treatment, the returned part split at the invoice's rate, naming the invoice it corrects.
 */
export async function issueCredit(
  book: InvoiceBook,
  invoice: IssuedInvoice,
  returned: { cents: number; at: string } | null,
  credit: { key: string; description: string },
): Promise<void> {
  if (!returned || returned.cents <= 0) return;
  const split = splitFee(returned.cents, invoice.treatment, invoice.vatRateBps);
  await book.issue({
    ...invoice,
    key: credit.key,
    kind: 'credit_note',
    corrects: invoice.number,
    suppliedAt: returned.at,
    description: credit.description,
    grossCents: returned.cents,
    netCents: split.netCents,
    vatCents: split.vatCents,
    vatRateBps: split.rateBps,
  });
}
