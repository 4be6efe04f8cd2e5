import { randomUUID } from 'node:crypto';
import type { Actor } from '@machines/events/metadata';
import type { BillingDetails } from '@machines/documents/billing-details';
import {
  StreamNotFound,
  WrongExpectedVersion,
  type EventStore,
  type RecordedEvent,
} from '../event-store/event-store';
import type { CommandContext } from '../commands/command-bus';
import type { Clock } from '../shared/clock';

/** The stream of a user's billing details: one `BillingDetailsChanged` per save, the last one counts. */
export const billingStreamOf = (userId: string) => `billing-${userId}`;

/** A whole stream and its last revision (none and -1 before its first event). */
export async function readAll(
  store: EventStore,
  stream: string,
): Promise<{ events: RecordedEvent[]; revision: number }> {
  try {
    const events = await store.readStream(stream);
    return { events, revision: events.at(-1)?.revision ?? -1 };
  } catch (error) {
    if (error instanceof StreamNotFound) return { events: [], revision: -1 };
    throw error;
  }
}

/** One event with its actor, appended at the revision read; the position it got. */
export async function appendAsActor(
  store: EventStore,
  clock: Clock,
  write: {
    stream: string;
    type: string;
    data: unknown;
    revision: number;
    context: CommandContext & { actor: Actor };
  },
): Promise<number> {
  const { context } = write;
  const result = await store.append(
    write.stream,
    [
      {
        id: randomUUID(),
        type: write.type,
        data: write.data,
        metadata: {
          actor: context.actor,
          at: clock.now().toISOString(),
          correlationId: context.correlationId ?? randomUUID(),
          causationId: context.causationId ?? null,
          schemaVersion: 1,
        },
      },
    ],
    write.revision < 0 ? 'no_stream' : write.revision,
  );
  return result.position;
}

/** Runs a read-then-append again when another save on the same stream came first (last one wins). */
export async function retryOnRace<T>(save: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await save();
    } catch (error) {
      if (!(error instanceof WrongExpectedVersion) || attempt >= 5) throw error;
    }
  }
}

const sameDetails = (a: BillingDetails, b: BillingDetails): boolean =>
  a.company === b.company &&
  a.addressLines.join('\n') === b.addressLines.join('\n') &&
  a.postcode === b.postcode &&
  a.city === b.city &&
  a.country === b.country &&
  (a.vatId ?? null) === (b.vatId ?? null);

/**
 * Who billing details belong to: an account (its deals' invoices) or the payer of one payment
 * request (no account: given through the request's link, for that request's invoices).
 */
export type BillingPayer = { userId: string } | { requestId: number };

const streamOfPayer = (payer: BillingPayer) =>
  'userId' in payer
    ? billingStreamOf(payer.userId)
    : billingStreamOf(`payment-request-${payer.requestId}`);

/**
 * A brand's billing details, kept on a stream of their own (the buyer on its fee invoices): read
 * whole from the last event, saved as a full replacement with the saver as actor. A save that
 * changes nothing records nothing.
 */
export function createBillingBook({
  store,
  clock,
}: {
  store: EventStore;
  clock: Clock;
}) {
  async function read(
    payer: BillingPayer,
  ): Promise<{ details: BillingDetails | null; revision: number }> {
    const { events, revision } = await readAll(store, streamOfPayer(payer));
    const last = events.at(-1);
    if (!last) return { details: null, revision };
    const {
      userId: _user,
      requestId: _request,
      ...details
    } = last.data as BillingDetails & { userId?: string; requestId?: number };
    return { details, revision };
  }

  function save(
    payer: BillingPayer,
    details: BillingDetails,
    context: CommandContext & { actor: Actor },
  ): Promise<{ position: number }> {
    // A save at the same time on another tab: read it and save over it (last one wins).
    return retryOnRace(async () => {
      const current = await read(payer);
      if (current.details && sameDetails(current.details, details))
        return { position: 0 };
      const position = await appendAsActor(store, clock, {
        stream: streamOfPayer(payer),
        type: 'BillingDetailsChanged',
        data: { ...payer, ...details },
        revision: current.revision,
        context,
      });
      return { position };
    });
  }

  return {
    /** An account's billing details (null until given). */
    read: async (userId: string) => (await read({ userId })).details,
    /** A payment request payer's billing details (null until given). */
    readForRequest: async (requestId: number) =>
      (await read({ requestId })).details,
    save,
  };
}

export type BillingBook = ReturnType<typeof createBillingBook>;
