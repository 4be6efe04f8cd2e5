import { payableNowCents } from '../escrow/escrow-limits';
import { statusOf } from '../statechart';
import { creatorDueCents } from './deal-milestone-context';
import {
  chargebackEnd,
  dealCanTake,
  dealEscrow,
  type DealDraft,
  type DealSnapshot,
} from './deal-escrow';

/**
 * A deal's review and dispute periods as its decider moves them: a timer's command that ends one
 * (and asks for the release it triggers), and a hold's end that gives back the time it paused.
 */

export const addHours = (iso: string, hours: number): string =>
  new Date(Date.parse(iso) + hours * 3_600_000).toISOString();

/**
 * A period's end with the release it triggers, or the end alone while the deal cannot take that
 * release yet (another milestone's release or a refund under way: one money effect at a time): the
 * end is recorded on time and the timer, whose row stays due, asks for the release once it can.
 * When a lost chargeback left nothing to release (a plan whose other milestones were paid out from
 * what it left), the period's end ends the deal as the chargeback left it instead (ADR 0040).
 */
export function releaseAfter(
  snapshot: DealSnapshot,
  elapsed: DealDraft,
  release: DealDraft,
  now: string,
): DealDraft[] {
  const after = dealEscrow.next(snapshot, elapsed, now);
  return dealCanTake(after, release, now)
    ? [elapsed, release]
    : [elapsed, ...chargebackEnd(after, now)];
}

/** Running periods are extended by the time they spent on hold, so a hold never shortens one. */
export function resumeDraft(snapshot: DealSnapshot, now: string): DealDraft {
  const c = snapshot.context;
  const status = statusOf(snapshot);
  const hold = c.hold;
  const extend = (
    endsAt: string | null,
    startedAt: string | null,
    running: boolean,
  ): string | null => {
    if (hold === null || !running || endsAt === null) return null;
    const pausedFrom = Math.max(
      Date.parse(hold.since),
      Date.parse(startedAt ?? hold.since),
    );
    return new Date(
      Date.parse(endsAt) + Math.max(0, Date.parse(now) - pausedFrom),
    ).toISOString();
  };
  // Only the milestones whose period was running (and so is extended).
  const milestones = c.milestones
    ?.map((m) => ({
      milestone: m.index,
      reviewPeriodEndsAt: extend(
        m.reviewPeriodEndsAt,
        m.deliveredAt,
        m.status === 'delivered' && m.reviewElapsedAt === null,
      ),
      disputePeriodEndsAt: extend(
        m.disputePeriodEndsAt,
        m.disputeCreatedAt,
        m.status === 'dispute' && m.disputeElapsedAt === null,
      ),
    }))
    .filter(
      (m) => m.reviewPeriodEndsAt !== null || m.disputePeriodEndsAt !== null,
    );
  return {
    type: 'DealReleasedFromHold',
    data: {
      ...(milestones ? { milestones } : {}),
      reviewPeriodEndsAt: extend(
        c.reviewPeriodEndsAt,
        c.reviewPeriodStartsAt,
        status === 'delivered' && c.reviewElapsedAt === null,
      ),
      disputePeriodEndsAt: extend(
        c.disputePeriodEndsAt,
        c.disputeCreatedAt,
        status === 'dispute' && c.disputeElapsedAt === null,
      ),
    },
  };
}

/** A timer's command: the period elapsed, and the release it triggers; asked again after a refused transfer. */
export function elapsePeriod(
  review: boolean,
  key: string,
  snapshot: DealSnapshot,
  now: string,
): DealDraft[] {
  const c = snapshot.context;
  const endsAt = review ? c.reviewPeriodEndsAt : c.disputePeriodEndsAt;
  if (endsAt === null) return [];
  const elapsed: DealDraft = review
    ? { type: 'ReviewPeriodElapsed', data: { endsAt } }
    : { type: 'DisputePeriodElapsed', data: { endsAt } };
  const trigger = review
    ? ('review_period_elapsed' as const)
    : ('dispute_period_elapsed' as const);
  const release: DealDraft = {
    type: 'FundsReleaseRequested',
    data: { trigger, amountCents: payableNowCents(c, creatorDueCents(c)), key },
  };
  if (dealCanTake(snapshot, elapsed, now))
    return releaseAfter(snapshot, elapsed, release, now);
  // Already elapsed and the transfer was refused since: the timer asks again. Never early, never twice at once.
  const alreadyElapsed = review
    ? c.reviewElapsedAt !== null
    : c.disputeElapsedAt !== null;
  return alreadyElapsed && dealCanTake(snapshot, release, now) ? [release] : [];
}
