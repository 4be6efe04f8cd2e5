import { describe, expect, it } from 'vitest';
import type { DealDto } from '@machines/contract/api';
import { creatorPaidOut } from '@/features/documents/model/creator-paid-out';

type Milestones = NonNullable<DealDto['milestones']>;
const milestone = (status: string, releasedAt: string | null) =>
  ({ status, releasedAt }) as unknown as Milestones[number];

/** When the link page offers the creator its statement (and looks for a self-billed invoice). */
describe('creatorPaidOut', () => {
  it.each(['completed', 'approved_after_dispute', 'split_resolved'] as const)(
    'a deal that ended %s paid the creator',
    (status) => expect(creatorPaidOut({ status })).toBe(true),
  );

  it.each(['pending_delivery', 'delivered', 'dispute', 'cancelled'] as const)(
    'a deal %s without a plan has paid nothing yet',
    (status) => expect(creatorPaidOut({ status })).toBe(false),
  );

  it('a deal with a plan paid the creator once a milestone was released or split', () => {
    const open = [milestone('delivered', null), milestone('in_progress', null)];
    expect(
      creatorPaidOut({ status: 'pending_delivery', milestones: open }),
    ).toBe(false);
    const released = [
      milestone('released', '2026-03-02T09:00:00.000Z'),
      ...open,
    ];
    expect(
      creatorPaidOut({ status: 'pending_delivery', milestones: released }),
    ).toBe(true);
    const split = [milestone('split', null), ...open];
    expect(creatorPaidOut({ status: 'dispute', milestones: split })).toBe(true);
  });
});
