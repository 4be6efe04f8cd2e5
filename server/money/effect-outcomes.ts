import type { AnyStateMachine, SnapshotFrom } from 'xstate';
import type { CommandBus } from '../commands/command-bus';
import { DomainError } from '../commands/domain-error';
import type { EscrowTarget } from '../commands/run-command';
import type { ReactorRunner } from '../reactors/reactor-runner';
import { sideOf, type EscrowSide } from './escrow-sides';

/** Where a deal's and a request's context keep their refund (the same fields on both). */
interface RefundFields {
  pendingRefund: { key: string } | null;
  refundId: string | null;
  lastRefundError: { key: string; code: string; message: string } | null;
}

export interface EffectOutcomesDeps {
  bus: CommandBus;
  reactors: Pick<ReactorRunner, 'processed'>;
  /** How long a money route waits for the gateway's answer before it answers "under way" (202). */
  timeoutMs?: number;
}

/** What became of an intent a money route recorded, once the payments reactor has handled it. */
export type EffectOutcome = 'done' | 'pending';

interface Answer {
  pending: boolean;
  refused: { code: string; message: string } | null;
}

/**
 * A money route records an intent and waits here until the payments reactor has carried it out
 * (or the wait times out): a refused transfer or refund is answered as the refusal it was (409,
 * with the gateway's code in the message, as the web app expects); an answer still pending is
 * "under way" and completes in the background, with no second effect on a retry.
 */
export function createEffectOutcomes({ bus, reactors, timeoutMs = 10_000 }: EffectOutcomesDeps) {
  // The gateway's messages start with its code (gateway-error-messages.ts), as the web app and admins expect.
  const refusal = (error: { code: string; message: string }) =>
    new DomainError('gateway_refused', { gatewayCode: error.code, detail: error.message });

  async function outcome<M extends AnyStateMachine>(
    side: EscrowSide<M>,
    id: number,
    position: number,
    answer: (s: SnapshotFrom<M>) => Answer,
  ) {
    // Only this deal's or request's intents count: another one's outage does not hold the answer.
    await reactors.processed(position, timeoutMs, undefined, side.aggregate.streamId(id));
    const { pending, refused } = answer(
      (await bus.load(side.aggregate, side.aggregate.streamId(id))).snapshot,
    );
    if (pending) return 'pending';
    if (refused) throw refusal(refused);
    return 'done';
  }

  return {
    /** A deal's release or a request's payout. */
    transfer(target: EscrowTarget, key: string, position: number): Promise<EffectOutcome> {
      const side = sideOf(target.kind);
      return outcome(side, target.id, position, (s) => ({
        pending: side.pendingTransfer(s, target.id)?.key === key,
        refused: side.refusedTransfer(s, key),
      }));
    },

    /** A split's two effects: pending while either part waits; a refused part is shown on the deal or request (its `split`), not thrown. */
    split(target: EscrowTarget, position: number): Promise<EffectOutcome> {
      const side = sideOf(target.kind);
      return outcome(side, target.id, position, (s) => {
        const split = side.ledger(s).split;
        return {
          pending: split?.transfer === 'pending' || split?.refund === 'pending',
          refused: null,
        };
      });
    },

    refund(target: EscrowTarget, key: string, position: number): Promise<EffectOutcome> {
      const side = sideOf(target.kind);
      return outcome(side, target.id, position, (s) => {
        const c = s.context as RefundFields;
        return {
          pending: c.pendingRefund?.key === key,
          refused: c.lastRefundError?.key === key && c.refundId === null ? c.lastRefundError : null,
        };
      });
    },
  };
}

export type EffectOutcomes = ReturnType<typeof createEffectOutcomes>;
