import { decideDeal, type DealCommand } from '../../machines/deal/deal.commands';
import { decidePaymentRequest, type PaymentRequestCommand } from '../../machines/payment-request/payment-request.commands';
import { dealAggregate, paymentRequestAggregate } from './aggregate';
import type { CommandBus, CommandContext, CommandResult, Loaded } from './command-bus';
import { deterministicId } from './deterministic-id';
import { DomainError } from './domain-error';
import type { dealMachine } from '../../machines/deal/deal.machine';
import type { paymentRequestMachine } from '../../machines/payment-request/payment-request.machine';

export type DealState = Loaded<typeof dealMachine>;
export type PaymentRequestState = Loaded<typeof paymentRequestMachine>;
export type DealResult = CommandResult<typeof dealMachine>;
export type PaymentRequestResult = CommandResult<typeof paymentRequestMachine>;

export interface RunOptions<S> {
  /** Checks who asks against the loaded state (owner, link token) before the command is decided. */
  authorize?: (state: S) => void;
  /** The id was just allocated: the stream cannot exist yet (skips the read). */
  newStream?: boolean;
  /**
   * Fixes the appended events' ids (`<stream>/<dedupeKey>/<type>`), so a second instance, a
   * redelivered webhook or a retried outcome appending "the same" events writes nothing new.
   */
  dedupeKey?: string;
}

export const dealNotFound = () => new DomainError('not_found', 'Deal not found');
export const requestNotFound = () => new DomainError('not_found', 'Payment request not found');

/**
 * Route → command → bus: loads the stream, lets the pure decider of machines/ decide, and appends
 * what the statechart accepts. The one way a deal or payment-request command is run.
 */
export function createCommandRunner(bus: CommandBus) {
  function withIds<T extends { type: string; id?: string }>(streamId: string, drafts: T[], dedupeKey: string | undefined): T[] {
    if (dedupeKey === undefined) return drafts;
    return drafts.map((d) => ({ ...d, id: deterministicId(streamId, dedupeKey, d.type) }));
  }

  return {
    deal(dealId: number, command: DealCommand, ctx: CommandContext, options: RunOptions<DealState> = {}): Promise<DealResult> {
      const streamId = dealAggregate.streamId(dealId);
      return bus.execute(
        dealAggregate,
        streamId,
        (state) => {
          if (!options.newStream && state.revision < 0) throw dealNotFound();
          options.authorize?.(state);
          return withIds(streamId, decideDeal(command, state.snapshot, state.now), options.dedupeKey);
        },
        ctx,
        options.newStream ? { newStream: true } : {},
      );
    },

    request(
      requestId: number,
      command: PaymentRequestCommand,
      ctx: CommandContext,
      options: RunOptions<PaymentRequestState> = {},
    ): Promise<PaymentRequestResult> {
      const streamId = paymentRequestAggregate.streamId(requestId);
      return bus.execute(
        paymentRequestAggregate,
        streamId,
        (state) => {
          if (!options.newStream && state.revision < 0) throw requestNotFound();
          options.authorize?.(state);
          return withIds(streamId, decidePaymentRequest(command, state.snapshot, state.now), options.dedupeKey);
        },
        ctx,
        options.newStream ? { newStream: true } : {},
      );
    },
  };
}

export type CommandRunner = ReturnType<typeof createCommandRunner>;
