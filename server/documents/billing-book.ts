import { randomUUID } from 'node:crypto';
import type { Actor } from '@machines/events/metadata';
import type { BillingDetails } from '@machines/documents/billing-details';
import { StreamNotFound, WrongExpectedVersion, type EventStore } from '../event-store/event-store';
import type { CommandContext } from '../commands/command-bus';
import type { Clock } from '../shared/clock';

/** The stream of a user's billing details: one `BillingDetailsChanged` per save, the last one counts. */
export const billingStreamOf = (userId: string) => `billing-${userId}`;

const sameDetails = (a: BillingDetails, b: BillingDetails): boolean =>
  a.company === b.company &&
  a.addressLines.join('\n') === b.addressLines.join('\n') &&
  a.postcode === b.postcode &&
  a.city === b.city &&
  a.country === b.country &&
  (a.vatId ?? null) === (b.vatId ?? null);

/**
 * A brand's billing details, kept on a stream of their own (the buyer on its fee invoices): read
 * whole from the last event, saved as a full replacement with the saver as actor. A save that
 * changes nothing records nothing.
 */
export function createBillingBook({ store, clock }: { store: EventStore; clock: Clock }) {
  async function read(
    userId: string,
  ): Promise<{ details: BillingDetails | null; revision: number }> {
    try {
      const events = await store.readStream(billingStreamOf(userId));
      const last = events.at(-1);
      if (!last) return { details: null, revision: -1 };
      const { userId: _user, ...details } = last.data as BillingDetails & { userId: string };
      return { details, revision: last.revision };
    } catch (error) {
      if (error instanceof StreamNotFound) return { details: null, revision: -1 };
      throw error;
    }
  }

  async function save(
    userId: string,
    details: BillingDetails,
    context: CommandContext & { actor: Actor },
  ): Promise<{ position: number }> {
    for (let attempt = 0; ; attempt++) {
      const current = await read(userId);
      if (current.details && sameDetails(current.details, details)) return { position: 0 };
      try {
        const result = await store.append(
          billingStreamOf(userId),
          [
            {
              id: randomUUID(),
              type: 'BillingDetailsChanged',
              data: { userId, ...details },
              metadata: {
                actor: context.actor,
                at: clock.now().toISOString(),
                correlationId: context.correlationId ?? randomUUID(),
                causationId: context.causationId ?? null,
                schemaVersion: 1,
              },
            },
          ],
          current.revision < 0 ? 'no_stream' : current.revision,
        );
        return { position: result.position };
      } catch (error) {
        // A save at the same time on another tab: read it and save over it (last one wins).
        if (!(error instanceof WrongExpectedVersion) || attempt >= 5) throw error;
      }
    }
  }

  return { read: async (userId: string) => (await read(userId)).details, save };
}

export type BillingBook = ReturnType<typeof createBillingBook>;
