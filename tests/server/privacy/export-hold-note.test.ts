import { describe, expect, it } from 'vitest';
import { holdReasonIn, isAdminReviewHold } from '@machines/deal/hold-reason';
import type { RecordedEvent } from '@server/event-store/event-store';
import { exportedEvent, personalDataOf } from '@server/privacy/export-events';

/**
 * Holds stored before the code carry the English sentence: they read in the person's language as
 * the code does, and the stored history itself is not rewritten. A card issuer's reason stays as given.
 */
const LEGACY = 'Held by an admin for manual review';
const held = (reason: string): RecordedEvent => ({
  id: 'e-hold',
  streamId: 'deal-7',
  revision: 9,
  position: 90,
  recordedAt: '2026-03-02T09:00:00.000Z',
  type: 'DealPutOnHold',
  data: { source: 'admin', reason },
  metadata: {
    at: '2026-03-02T09:00:00.000Z',
    actor: { kind: 'admin', id: 'a_1' },
  },
});

describe("an admin's hold note in a data export", () => {
  it('reads the stored English sentence and the code alike, in Dutch and English', () => {
    for (const reason of [LEGACY, 'admin_review']) {
      expect(isAdminReviewHold(reason)).toBe(true);
      expect(holdReasonIn(reason, 'nl')).toBe(
        'Vastgehouden door een beheerder voor handmatige controle',
      );
      expect(holdReasonIn(reason, 'en')).toBe(LEGACY);
    }
    expect(holdReasonIn('Chargeback: fraudulent', 'nl')).toBe(
      'Chargeback: fraudulent',
    );
  });

  it("words a stored English note in a Dutch person's events and list of stored values", () => {
    const event = held(LEGACY);
    const exported = exportedEvent(event, 'party', () => false, 'nl', 'brand');
    expect(exported.data).toEqual({
      source: 'admin',
      reason: 'Vastgehouden door een beheerder voor handmatige controle',
    });
    expect(personalDataOf([event], 'nl')).toEqual([
      {
        field: 'reason',
        privacy: 'profile',
        value: 'Vastgehouden door een beheerder voor handmatige controle',
        source: 'DealPutOnHold',
      },
    ]);
    // The stored event is read, not changed.
    expect(event.data).toEqual({ source: 'admin', reason: LEGACY });
    expect(
      personalDataOf([held('Checking the delivery')], 'nl')[0]!.value,
    ).toBe('Checking the delivery');
  });
});
