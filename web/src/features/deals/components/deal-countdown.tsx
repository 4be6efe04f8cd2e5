import type { DealListItemDto } from '@machines/contract/api';
import { Icon } from '@/components/ui/icon';
import { formatDateTime, formatRemaining } from '@/lib/dates';
import { useNow } from '@/lib/use-now';
import { t, type MessageKey } from '@/i18n';
import { dealClockOf, type DealClock } from '@/features/deals/model/deal-clock';

const texts: Record<
  'brand' | 'creator',
  Record<'review' | 'dispute', MessageKey>
> = {
  brand: { review: 'clock.brand.review', dispute: 'clock.brand.dispute' },
  creator: { review: 'clock.creator.review', dispute: 'clock.creator.dispute' },
};

/**
 * When the running period ends, as a clock time and a countdown: the review after delivery and
 * the dispute period both end with the money going to the creator. Nothing when no period runs.
 * With `clock`, another period than the deal's own: a milestone's (a deal with a plan runs one
 * per milestone).
 */
export function DealCountdown({
  deal,
  side,
  clock: given,
}: {
  deal: DealListItemDto;
  side: 'brand' | 'creator';
  clock?: DealClock | null;
}) {
  const clock = given === undefined ? dealClockOf(deal) : given;
  const now = useNow(1000, clock !== null && !clock.paused);
  if (!clock) return null;
  const left = Date.parse(clock.endsAt) - now;
  return (
    <p
      className="flex items-start gap-2 rounded-lg bg-violet-50 p-3 text-sm text-violet-950"
      data-testid="deal-countdown"
    >
      <Icon name="clock" className="mt-0.5 h-4 w-4" />
      {clock.paused ? (
        <span>{t('clock.paused')}</span>
      ) : (
        <span>
          {t(texts[side][clock.kind], { time: formatDateTime(clock.endsAt) })}{' '}
          <strong className="whitespace-nowrap font-semibold">
            {left > 0
              ? t('clock.left', { left: formatRemaining(left) })
              : t('clock.due')}
          </strong>
        </span>
      )}
    </p>
  );
}
