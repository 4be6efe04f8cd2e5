import type { DealListItemDto } from '@machines/contract/api';
import { HttpError } from '@/lib/http';
import { t, tKey, type MessageKey } from '@/i18n';
import type { DealClock } from './deal-clock';

/** One milestone of a deal with a plan, as the server answers it (its state is the statechart's). */
export type MilestoneDto = NonNullable<DealListItemDto['milestones']>[number];

/** The milestones of a deal with a plan; an empty list for every other deal. */
export const milestonesOf = (deal: DealListItemDto): MilestoneDto[] =>
  deal.milestones ?? [];

/** The period running on a milestone: its review after a delivery, or its dispute. */
export function milestoneClockOf(
  m: MilestoneDto,
  onHold: boolean,
): DealClock | null {
  if (m.status === 'delivered' && m.reviewPeriodEndsAt)
    return { kind: 'review', endsAt: m.reviewPeriodEndsAt, paused: onHold };
  if (m.status === 'dispute' && m.disputePeriodEndsAt)
    return { kind: 'dispute', endsAt: m.disputePeriodEndsAt, paused: onHold };
  return null;
}

/** The milestone's status in words. */
export const milestoneStatusText = (status: string): string =>
  tKey(`milestones.status.${status}`);

/** Where a milestone stands in words: charged back when a lost chargeback ended it, not refunded. */
export const milestoneStandingText = (m: MilestoneDto): string =>
  m.chargedBack
    ? t('milestones.status.charged_back')
    : milestoneStatusText(m.status);

/** The compact tracker's labels; the last one names the outcome once there is one. */
export function milestoneStepLabels(m: MilestoneDto): string[] {
  const outcome = ['released', 'refunded', 'split'].includes(m.status)
    ? milestoneStandingText(m)
    : t('milestones.step.3');
  return [t('milestones.step.1'), t('milestones.step.2'), outcome];
}

const refusals = new Set([
  'milestone_not_in_state',
  'revision_rounds_used',
  'release_already_under_way',
  'milestone_not_found',
]);

/**
 * A refused milestone step as a sentence in the reader's language (the status in words, not its
 * code); null for any other error, which the caller shows as the server's own text.
 */
export function milestoneRefusalText(error: unknown): string | null {
  if (!(error instanceof HttpError)) return null;
  const code = error.serverErrorCode;
  if (code === null || !refusals.has(code)) return null;
  const params = error.serverParams;
  const vars = {
    ...params,
    ...(params.status === undefined
      ? {}
      : { status: milestoneStatusText(String(params.status)) }),
  };
  return t(`milestones.refusal.${code}` as MessageKey, vars);
}
