import type { Database } from 'better-sqlite3';
import { transition } from 'xstate';
import {
  emptyPaymentRequestContext,
  evolvePaymentRequestContext,
  type PaymentRequestContext,
} from '../machines/payment-request/payment-request.context';
import type { PaymentRequestEvent } from '../machines/payment-request/payment-request.events';
import { paymentRequestMachine, type PaymentRequestStateMeta } from '../machines/payment-request/payment-request.machine';
import { stateKey } from '../machines/statechart';
import type { ProjectedEvent, Projection } from './projection';
import { createRowCache } from './row-cache';
import { metaByStateKey, stateValueFromKey } from './state-meta';

const metaOf = metaByStateKey<PaymentRequestStateMeta>(paymentRequestMachine);
export const requestStatusOfState = (state: string): string => metaOf.get(state)?.status ?? state;

interface RequestRow {
  state: string;
  context: PaymentRequestContext;
}

/** Payment requests per creator: the folded context (JSON) and the machine state reached. */
export const paymentRequestsProjection: Projection = {
  name: 'payment-requests',
  version: 1,
  setup(db) {
    db.exec(`
      CREATE TABLE IF NOT EXISTS rm_payment_requests (
        id INTEGER PRIMARY KEY, creator_id TEXT NOT NULL, status TEXT NOT NULL, state TEXT NOT NULL,
        created_at TEXT NOT NULL, expires_at TEXT NOT NULL, context TEXT NOT NULL, position INTEGER NOT NULL);
      CREATE INDEX IF NOT EXISTS rm_payment_requests_creator ON rm_payment_requests (creator_id, created_at DESC, id DESC);
      CREATE INDEX IF NOT EXISTS rm_payment_requests_created ON rm_payment_requests (created_at DESC, id DESC);`);
  },
  reset(db) {
    db.exec('DROP TABLE IF EXISTS rm_payment_requests;');
  },
  prepare(db: Database) {
    const cache = createRowCache<number, RequestRow>();
    const select = db.prepare<[number], { state: string; context: string }>('SELECT state, context FROM rm_payment_requests WHERE id = ?');
    const upsert = db.prepare(`
      INSERT INTO rm_payment_requests (id, creator_id, status, state, created_at, expires_at, context, position)
      VALUES (@id, @creatorId, @status, @state, @createdAt, @expiresAt, @context, @position)
      ON CONFLICT(id) DO UPDATE SET status = excluded.status, state = excluded.state,
        context = excluded.context, position = excluded.position`);

    return (event: ProjectedEvent) => {
      if (!event.streamId.startsWith('payment-request-')) return;
      const id = Number(event.streamId.slice('payment-request-'.length));
      const domainEvent = event as unknown as PaymentRequestEvent;
      let previous = cache.get(id);
      if (!previous) {
        const row = select.get(id);
        if (row) previous = { state: row.state, context: JSON.parse(row.context) as PaymentRequestContext };
      }
      if (!previous && domainEvent.type !== 'PaymentRequestCreated') return;
      const before = previous ?? { state: 'new', context: emptyPaymentRequestContext };
      const context = evolvePaymentRequestContext(before.context, domainEvent);
      const request = context.request;
      if (!request) return;
      const state = event.metadata.state ?? replayState(before, domainEvent);
      upsert.run({
        id, creatorId: request.creatorId, status: requestStatusOfState(state), state,
        createdAt: context.createdAt ?? event.metadata.at, expiresAt: request.expiresAt,
        context: JSON.stringify(context), position: event.position,
      });
      cache.set(id, { state, context });
    };
  },
};

function replayState(row: RequestRow, event: PaymentRequestEvent): string {
  const snapshot = paymentRequestMachine.resolveState({ value: stateValueFromKey(row.state), context: row.context });
  return stateKey(transition(paymentRequestMachine, snapshot, event)[0].value);
}
