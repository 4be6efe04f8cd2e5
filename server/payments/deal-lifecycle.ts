import type { DealContext } from '../../machines/deal/deal.context';
import { dealAggregate } from '../commands/aggregate';
import type { CommandContext, Draft } from '../commands/command-bus';
import { DomainError } from '../commands/domain-error';
import type { DealResult } from './escrow.types';
import { addHours, requireStream, type EscrowRuntime } from './escrow-support';

/** The commands that start, pause, extend or end a deal's timers without moving money. */
export function createDealLifecycle(rt: EscrowRuntime) {
  const run = (dealId: number, ctx: CommandContext, decide: (c: DealContext, now: string, state: string) => Draft[]) =>
    rt.bus.execute(
      dealAggregate,
      dealAggregate.streamId(dealId),
      ({ snapshot, revision, now }) => {
        requireStream(revision, 'Deal');
        return decide(snapshot.context, now, dealAggregate.describe(snapshot));
      },
      ctx,
    );

  return {
    /** Delivery starts the review period (48 h by default); the machine requires a connected bank account. */
    deliver: (dealId: number, ctx: CommandContext): Promise<DealResult> =>
      run(dealId, ctx, (_c, now) => [
        { type: 'ContentDelivered', data: {} },
        { type: 'ReviewPeriodStarted', data: { startsAt: now, endsAt: addHours(now, rt.config.reviewPeriodHours) } },
      ]),

    /** The brand's own words (reason and optional description) are kept on the event and shown in the timelines. */
    openDispute: (dealId: number, reason: string, ctx: CommandContext, description: string | null = null): Promise<DealResult> =>
      run(dealId, ctx, (_c, now) => [
        {
          type: 'DisputeOpened',
          data: { reason: reason.trim() || 'Not satisfied with deliverables', description: description?.trim() || null, endsAt: addHours(now, rt.config.disputePeriodHours) },
        },
      ]),

    hold: (dealId: number, ctx: CommandContext): Promise<DealResult> =>
      run(dealId, ctx, () => [{ type: 'DealPutOnHold', data: { source: 'admin', reason: 'Held by an admin for manual review' } }]),

    /** Running periods are extended by the time they spent on hold, so a hold never shortens one. */
    resume: (dealId: number, ctx: CommandContext): Promise<DealResult> =>
      run(dealId, ctx, (c, now, status) => {
        if (c.hold === null) return [{ type: 'DealReleasedFromHold', data: { reviewPeriodEndsAt: null, disputePeriodEndsAt: null } }];
        const extend = (endsAt: string | null, startedAt: string | null, running: boolean): string | null => {
          if (!running || endsAt === null) return null;
          const pausedFrom = Math.max(Date.parse(c.hold!.since), Date.parse(startedAt ?? c.hold!.since));
          return new Date(Date.parse(endsAt) + Math.max(0, Date.parse(now) - pausedFrom)).toISOString();
        };
        return [
          {
            type: 'DealReleasedFromHold',
            data: {
              reviewPeriodEndsAt: extend(c.reviewPeriodEndsAt, c.reviewPeriodStartsAt, status === 'delivered' && c.reviewElapsedAt === null),
              disputePeriodEndsAt: extend(c.disputePeriodEndsAt, c.disputeCreatedAt, status === 'dispute' && c.disputeElapsedAt === null),
            },
          },
        ];
      }),

    /** Test mode only (spec §8): completes a deal whose payout cannot be made, without a transfer. */
    manualComplete: (dealId: number, ctx: CommandContext): Promise<DealResult> => {
      if (!rt.gateway.testMode) {
        return Promise.reject(new DomainError('not_available', 'Manual completion is only available while payments run in test mode'));
      }
      return run(dealId, ctx, () => [{ type: 'DealCompletedManually', data: { reason: 'Payout could not be made; completed manually in test mode' } }]);
    },
  };
}
