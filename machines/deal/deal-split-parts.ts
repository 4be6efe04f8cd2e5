import { escrowedCents } from '../escrow/escrow-ledger';
import { splitFeeCents } from '../money';
import type { DealContext } from './deal-context.types';
import { feeShares } from './deal-milestones';
import { settled, type Milestone } from './milestone.machine';

/**
 * What a whole-deal split moves. A deal without a plan splits its amount, keeping the fee in
 * proportion within what the escrow holds. A deal with a plan splits everything not yet released:
 * the open milestones' amounts and fee shares. The creator's part is shared over the open
 * milestones in proportion to their amounts (largest remainder, `feeShares`), and each milestone
 * is then split as its own split would be: its fee share kept in proportion of its creator part,
 * the rest of its amount and fee share refunded. The deal's figures are the milestones' sums.
 */

/** One open milestone's part of a whole-deal split of a deal with a plan. */
export interface MilestoneSplitPart {
  milestone: number;
  creatorCents: number;
  feeKeptCents: number;
  refundCents: number;
}

/** A whole-deal split's figures (the creator part is the admin's); `milestoneParts` only with a plan. */
export interface SplitFigures {
  feeKeptCents: number;
  refundCents: number;
  chargedCents: number;
  milestoneParts?: MilestoneSplitPart[];
}

/** The milestones a whole-deal split settles: those without an outcome yet. */
const openOf = (c: Pick<DealContext, 'milestones'>): Milestone[] =>
  (c.milestones ?? []).filter((m) => !settled(m));

/**
 * What a whole-deal split divides: the creator amount it must stay below, and what it moves
 * (`chargedCents`). With a plan, the open milestones' amounts and those with their fee shares.
 */
export function splitBase(c: DealContext): {
  amountCents: number;
  chargedCents: number;
} {
  if (c.milestones === undefined)
    return {
      amountCents: c.amounts?.amountCents ?? 0,
      chargedCents: escrowedCents(c),
    };
  const open = openOf(c);
  const amountCents = open.reduce((s, m) => s + m.amountCents, 0);
  return {
    amountCents,
    chargedCents: amountCents + open.reduce((s, m) => s + m.feeCents, 0),
  };
}

/**
 * The open milestones' parts of a split giving the creator `creatorCents` (0 < creatorCents <
 * their amounts): the creator's part in proportion to each milestone's amount, rounded so the
 * parts add up exactly (a milestone's part never exceeds its amount), then each milestone's
 * fee kept in proportion (rounded half up) and the rest of its amount and fee share refunded.
 */
export function milestoneSplitPartsOf(
  milestones: readonly Milestone[],
  creatorCents: number,
): MilestoneSplitPart[] {
  const open = milestones.filter((m) => !settled(m));
  const shares = feeShares(
    open.map((m) => m.amountCents),
    creatorCents,
  );
  return open.map((m, i) => {
    const part = shares[i]!;
    const feeKeptCents = splitFeeCents(m.amountCents, m.feeCents, part);
    return {
      milestone: m.index,
      creatorCents: part,
      feeKeptCents,
      refundCents: m.amountCents + m.feeCents - part - feeKeptCents,
    };
  });
}

/** The figures of a whole-deal split giving the creator `creatorCents` (after `splitRefusal` said yes). */
export function splitFiguresOf(
  c: DealContext,
  creatorCents: number,
): SplitFigures {
  const { chargedCents } = splitBase(c);
  if (c.milestones === undefined) {
    const { amountCents, feeCents } = c.amounts!;
    const feeKeptCents = splitFeeCents(amountCents, feeCents, creatorCents);
    return {
      feeKeptCents,
      refundCents: chargedCents - creatorCents - feeKeptCents,
      chargedCents,
    };
  }
  const milestoneParts = milestoneSplitPartsOf(c.milestones, creatorCents);
  return {
    feeKeptCents: milestoneParts.reduce((s, p) => s + p.feeKeptCents, 0),
    refundCents: milestoneParts.reduce((s, p) => s + p.refundCents, 0),
    chargedCents,
    milestoneParts,
  };
}
