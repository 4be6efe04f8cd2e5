import { dealAggregate, paymentRequestAggregate } from '../commands/aggregate';
import type { CommandBus } from '../commands/command-bus';
import { DomainError } from '../commands/domain-error';
import type { ReactorRunner } from '../reactors/reactor-runner';

export interface EffectOutcomesDeps {
  bus: CommandBus;
  reactors: Pick<ReactorRunner, 'processed'>;
  /** How long a money route waits for the gateway's answer before it answers "under way" (202). */
  timeoutMs?: number;
}

/** What became of an intent a money route recorded, once the payments reactor has handled it. */
export type EffectOutcome = 'done' | 'pending';

/**
 * A money route records an intent and waits here until the payments reactor has carried it out
 * (or the wait times out): a refused transfer or refund is answered as the refusal it was (409,
 * with the gateway's code in the message, as the web app expects); an answer still pending is
 * "under way" and completes in the background, with no second effect on a retry.
 */
export function createEffectOutcomes({ bus, reactors, timeoutMs = 10_000 }: EffectOutcomesDeps) {
  const refusal = (error: { code: string; message: string }) =>
    new DomainError('conflict', error.message.startsWith(error.code) ? error.message : `${error.code}: ${error.message}`, { gatewayCode: error.code });

  return {
    async release(dealId: number, key: string, position: number): Promise<EffectOutcome> {
      await reactors.processed(position, timeoutMs);
      const c = (await bus.load(dealAggregate, dealAggregate.streamId(dealId))).snapshot.context;
      if (c.pendingRelease?.key === key) return 'pending';
      if (c.lastTransferError?.key === key && c.transferId === null) throw refusal(c.lastTransferError);
      return 'done';
    },

    async refund(dealId: number, key: string, position: number): Promise<EffectOutcome> {
      await reactors.processed(position, timeoutMs);
      const c = (await bus.load(dealAggregate, dealAggregate.streamId(dealId))).snapshot.context;
      if (c.pendingRefund?.key === key) return 'pending';
      if (c.lastRefundError?.key === key && c.refundId === null) throw refusal(c.lastRefundError);
      return 'done';
    },

    async payout(requestId: number, key: string, position: number): Promise<EffectOutcome> {
      await reactors.processed(position, timeoutMs);
      const c = (await bus.load(paymentRequestAggregate, paymentRequestAggregate.streamId(requestId))).snapshot.context;
      return c.pendingPayout?.key === key ? 'pending' : 'done';
    },
  };
}

export type EffectOutcomes = ReturnType<typeof createEffectOutcomes>;
