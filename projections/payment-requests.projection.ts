import type { Database } from 'better-sqlite3';
import {
  emptyPaymentRequestContext,
  evolvePaymentRequestContext,
  type PaymentRequestContext,
} from '@machines/payment-request/payment-request.context';
import type { PaymentRequestEvent } from '@machines/payment-request/payment-request.events';
import { paymentRequestMachine } from '@machines/payment-request/payment-request.machine';
import { stateKey, statusOfState, step } from '@machines/statechart';
import type { ProjectedEvent, Projection } from './projection';
import { createRowStore } from './row-cache';
import {
  escrowMoneyColumns,
  escrowMoneyValues,
  moneyFlows,
  moneyTablesOf,
  resetMoneyTables,
  setupMoneyTables,
} from './escrow-money';
import { stateValueFromKey } from './state-meta';

interface RequestRow {
  state: string;
  context: PaymentRequestContext;
  /** The insert's created_at (unused once the row exists: the upsert keeps the stored one). */
  createdAt: string;
  /** Position of the row's last event. */
  position: number;
}

const money = moneyTablesOf('rm_request');

/**
 * Payment requests per creator: the folded context (JSON), the machine state reached and what the
 * escrow holds (escrow-money.ts); the requests' money per day and movements beside them.
 */
export const paymentRequestsProjection: Projection = {
  name: 'payment-requests',
  // 2: the folded context gained paymentMethod (receipts); rows folded before it lacked the field.
  // 3: the row carries its escrow's money, and the requests' money tables are kept here.
  version: 3,
  refoldTables: ['rm_payment_requests'],
  deferredIndexes: [
    'rm_payment_requests_creator',
    'rm_payment_requests_created',
    `${money.movements}_year`,
    `${money.movements}_stream`,
  ],
  setup(db) {
    db.exec(`
      CREATE TABLE IF NOT EXISTS rm_payment_requests (
        id INTEGER PRIMARY KEY, creator_id TEXT NOT NULL, status TEXT NOT NULL, state TEXT NOT NULL,
        created_at TEXT NOT NULL, expires_at TEXT NOT NULL, context TEXT NOT NULL, position INTEGER NOT NULL,
        ${escrowMoneyColumns});
      CREATE INDEX IF NOT EXISTS rm_payment_requests_creator ON rm_payment_requests (creator_id, created_at DESC, id DESC);
      CREATE INDEX IF NOT EXISTS rm_payment_requests_created ON rm_payment_requests (created_at DESC, id DESC);`);
    setupMoneyTables(db, money);
  },
  reset(db) {
    db.exec('DROP TABLE IF EXISTS rm_payment_requests;');
    resetMoneyTables(db, money);
  },
  prepare(db: Database) {
    const select = db.prepare<[number], { state: string; context: string }>(
      'SELECT state, context FROM rm_payment_requests WHERE id = ?',
    );
    const upsert = db.prepare(`
      INSERT INTO rm_payment_requests (id, creator_id, status, state, created_at, expires_at, context, position,
        held_cents, disputed_cents, release_at, release_cents)
      VALUES (@id, @creatorId, @status, @state, @createdAt, @expiresAt, @context, @position,
        @held, @disputed, @releaseAt, @releaseCents)
      ON CONFLICT(id) DO UPDATE SET status = excluded.status, state = excluded.state,
        context = excluded.context, position = excluded.position,
        held_cents = excluded.held_cents, disputed_cents = excluded.disputed_cents,
        release_at = excluded.release_at, release_cents = excluded.release_cents`);
    const flows = moneyFlows(db, money);
    // Folded in memory and written once per batch (see createRowStore).
    const rows = createRowStore<number, RequestRow>({
      capacity: 4_096,
      load(id) {
        const row = select.get(id);
        return row
          ? {
              state: row.state,
              context: JSON.parse(row.context) as PaymentRequestContext,
              createdAt: '',
              position: 0,
            }
          : undefined;
      },
      write(id, { state, context, createdAt, position }) {
        const request = context.request!;
        upsert.run({
          id,
          creatorId: request.creatorId,
          status: statusOfState(paymentRequestMachine, state),
          state,
          createdAt,
          expiresAt: request.expiresAt,
          context: JSON.stringify(context),
          position,
          ...escrowMoneyValues({ kind: 'request', context }),
        });
      },
      remove: () => undefined,
    });

    const apply = (event: ProjectedEvent): void => {
      if (!event.streamId.startsWith('payment-request-')) return;
      const id = Number(event.streamId.slice('payment-request-'.length));
      const domainEvent = event as unknown as PaymentRequestEvent;
      const previous = rows.get(id);
      if (!previous && domainEvent.type !== 'PaymentRequestCreated') return;
      const before = previous ?? {
        state: 'new',
        context: emptyPaymentRequestContext,
      };
      const context = evolvePaymentRequestContext(before.context, domainEvent);
      if (!context.request) return;
      flows.record(event, before.context.money, { kind: 'request', context });
      const state = event.metadata.state ?? replayState(before, domainEvent);
      // created_at is only written by the row's insert (the upsert keeps it), as before.
      rows.set(id, {
        state,
        context,
        createdAt: context.createdAt ?? event.metadata.at,
        position: event.position,
      });
    };
    return {
      apply,
      flush(): void {
        rows.flush();
        flows.flush();
      },
      discard(): void {
        rows.discard();
        flows.discard();
      },
    };
  },
};

function replayState(
  row: Pick<RequestRow, 'state' | 'context'>,
  event: PaymentRequestEvent,
): string {
  const snapshot = paymentRequestMachine.resolveState({
    value: stateValueFromKey(row.state),
    context: row.context,
  });
  return stateKey(step(paymentRequestMachine, snapshot, event).value);
}
