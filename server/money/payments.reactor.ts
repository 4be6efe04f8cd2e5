import { decodeEvent } from '@machines/events/codec';
import {
  dealEscrowEvents,
  paymentRequestEscrowEvents,
} from '@machines/escrow/escrow-events';
import {
  createPaymentsHandler,
  intentRoles,
  type PaymentsHandlerDeps,
} from './payments-handler';
import type { Reactor } from '../reactors/reactor';

export type PaymentsReactorDeps = PaymentsHandlerDeps;

/** The money intents of both escrow aggregates (a deal's release and refund, a request's payout, ...). */
const intents = [dealEscrowEvents, paymentRequestEscrowEvents].flatMap(
  (names) => intentRoles.map((role) => names[role]).filter((t) => t !== null),
);

/** The payments reactor: feeds each money intent to the escrow's payments handler (server/money/payments-handler.ts). */
export function createPaymentsReactor(deps: PaymentsReactorDeps): Reactor {
  const handle = createPaymentsHandler(deps);
  return {
    name: 'payments',
    types: new Set<string>(intents),
    // One deal's or request's intent whose outcome is unknown (provider down) waits alone.
    partition: (event) => event.streamId,
    handle: (event) =>
      handle(event, decodeEvent(event).data as Record<string, unknown>),
  };
}
