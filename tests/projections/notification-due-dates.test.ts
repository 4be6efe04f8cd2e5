import { describe, expect, it } from 'vitest';
import { milestoneDueAt } from '@projections/notifications.projection';

/**
 * A milestone's due date is a calendar date; it ends at the next midnight in the platform's
 * timezone (Europe/Amsterdam, as invoices date), and the creator's reminder comes 24 h before
 * that: as the due date begins there, in winter and summer time and on the days the clocks change.
 */
describe("a milestone's due date as an instant", () => {
  it.each([
    ['2026-03-10', '2026-03-10T23:00:00.000Z'],
    ['2026-07-10', '2026-07-10T22:00:00.000Z'],
    // The clocks go forward in the night of 28 to 29 March and back in that of 24 to 25 October.
    ['2026-03-28', '2026-03-28T23:00:00.000Z'],
    ['2026-03-29', '2026-03-29T22:00:00.000Z'],
    ['2026-10-24', '2026-10-24T22:00:00.000Z'],
    ['2026-10-25', '2026-10-25T23:00:00.000Z'],
    ['2026-12-31', '2026-12-31T23:00:00.000Z'],
  ])(
    'given %s, then it ends at %s (midnight after it in Amsterdam)',
    (date, end) => {
      expect(milestoneDueAt(date)).toBe(end);
      // The reminder's 24 h before is the due date itself (never the day before), as the reactor names it.
      expect(milestoneDueAt(date).slice(0, 10)).toBe(date);
    },
  );
});
