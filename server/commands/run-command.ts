import { decideAdmin } from '@machines/account/admin.commands';
import { decideUser } from '@machines/account/user.commands';
import { decideDeal } from '@machines/deal/deal.commands';
import { decideLinkClaim } from '@machines/link-claim/link-claim.commands';
import { decidePaymentRequest } from '@machines/payment-request/payment-request.commands';
import type { AnyStateMachine, SnapshotFrom } from 'xstate';
import type { EscrowCommand } from '@machines/escrow/escrow-decider';
import {
  adminAggregate,
  dealAggregate,
  linkClaimAggregate,
  paymentRequestAggregate,
  userAggregate,
  type Aggregate,
} from './aggregate';
import type {
  CommandBus,
  CommandContext,
  CommandResult,
  Draft,
  Loaded,
} from './command-bus';
import { deterministicId } from './deterministic-id';
import { DomainError } from './domain-error';
import type { dealMachine } from '@machines/deal/deal.machine';
import type { paymentRequestMachine } from '@machines/payment-request/payment-request.machine';
import type { LinkClaimCommand } from '@machines/link-claim/link-claim.commands';
import type { linkClaimMachine } from '@machines/link-claim/link-claim.machine';

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
  /**
   * When the stream does not exist yet: refuse with the aggregate's not-found code (the default),
   * record nothing (an unsubscribe link or a webhook for an account since gone), or decide on the
   * empty state (a first claim, a new account).
   */
  ifMissing?: 'refuse' | 'nothing' | 'decide';
}

export const dealNotFound = () => new DomainError('deal_not_found');
export const requestNotFound = () =>
  new DomainError('payment_request_not_found');
const userNotFound = () => new DomainError('user_not_found');
const adminNotFound = () => new DomainError('admin_not_found');

/** An escrow aggregate a command can be addressed to by kind (webhooks and the payments reactor know both). */
export type EscrowTarget =
  | { kind: 'deal'; id: number }
  | { kind: 'payment_request'; id: number };

/** A deduplicated command's events get ids derived from its key: a retry records nothing new. */
function withIds<T extends { type: string; id?: string }>(
  streamId: string,
  drafts: T[],
  dedupeKey: string | undefined,
): T[] {
  if (dedupeKey === undefined) return drafts;
  return drafts.map((d) => ({
    ...d,
    id: deterministicId(streamId, dedupeKey, d.type),
  }));
}

/** Runs the commands of one aggregate through its decider. */
function aggregateRunner<
  M extends AnyStateMachine,
  C,
  D extends { type: string; id?: string },
>(
  bus: CommandBus,
  aggregate: Aggregate<M>,
  decide: (command: C, snapshot: SnapshotFrom<M>, now: string) => D[],
  notFound: () => DomainError,
  missing: RunOptions<unknown>['ifMissing'] = 'refuse',
) {
  const run = (
    id: number | string,
    command: C,
    ctx: CommandContext,
    options: RunOptions<Loaded<M>> = {},
  ): Promise<CommandResult<M>> => {
    const streamId = aggregate.streamId(id);
    const ifMissing = options.newStream
      ? 'decide'
      : (options.ifMissing ?? missing);
    return bus.execute(
      aggregate,
      streamId,
      (state) => {
        if (state.revision < 0 && ifMissing === 'refuse') throw notFound();
        if (state.revision < 0 && ifMissing === 'nothing') return [];
        options.authorize?.(state);
        return withIds(
          streamId,
          decide(command, state.snapshot, state.now),
          options.dedupeKey,
        ) as unknown as Draft<M>[];
      },
      ctx,
      options.newStream ? { newStream: true } : {},
    );
  };
  /**
   * Decides the command on the current state without recording anything: throws its refusal.
   * A command that spends something first (an acceptance's e-mail code) is refused before it.
   */
  const check = async (
    id: number | string,
    command: C,
    options: Pick<RunOptions<Loaded<M>>, 'authorize'> = {},
  ): Promise<void> => {
    const state = await bus.load(aggregate, aggregate.streamId(id));
    if (state.revision < 0) throw notFound();
    options.authorize?.(state);
    decide(command, state.snapshot, state.now);
  };
  return Object.assign(run, { check });
}

/**
 * Route → command → bus: loads the stream, lets the pure decider of machines/ decide, and appends
 * what the statechart accepts. The one way a deal or payment-request command is run.
 */
export function createCommandRunner(bus: CommandBus) {
  const deal = aggregateRunner(bus, dealAggregate, decideDeal, dealNotFound);
  const request = aggregateRunner(
    bus,
    paymentRequestAggregate,
    decidePaymentRequest,
    requestNotFound,
  );
  return {
    deal,
    request,
    /** A user's own stream: profile, sign-ins, sessions, devices, notifications, payout account. */
    user: aggregateRunner(bus, userAggregate, decideUser, userNotFound),
    /** An admin or auditor account. */
    admin: aggregateRunner(bus, adminAggregate, decideAdmin, adminNotFound),
    /** Who holds a deal's or request's link (`deal-7`, `payment-request-3`); a first claim starts it. */
    linkClaim: aggregateRunner(
      bus,
      linkClaimAggregate,
      (
        command: LinkClaimCommand,
        snapshot: SnapshotFrom<typeof linkClaimMachine>,
      ) => decideLinkClaim(snapshot.context, command),
      userNotFound,
      'decide',
    ),
    /** A money command for whichever escrow aggregate it names. */
    escrow(
      target: EscrowTarget,
      command: EscrowCommand,
      ctx: CommandContext,
      options: { dedupeKey?: string; authorize?: (state: never) => void } = {},
    ): Promise<{ position: number }> {
      return target.kind === 'deal'
        ? deal(target.id, command, ctx, options as RunOptions<DealState>)
        : request(
            target.id,
            command,
            ctx,
            options as RunOptions<PaymentRequestState>,
          );
    },
  };
}

export type CommandRunner = ReturnType<typeof createCommandRunner>;
