import { escrowedCents } from '../escrow/escrow-ledger';
import type { ErrorCode, ErrorParams } from '../errors/error-catalogue';
import type { SplitParts } from '../money';
import { statusOf } from '../statechart';
import { dealEscrow, refusal, type DealSnapshot } from './deal-escrow';
import { decideMilestone } from './deal-milestone-commands';
import { splitRefusal } from './deal.guards';
import {
  splitBase,
  splitFiguresOf,
  type MilestoneSplitPart,
} from './deal-split-parts';

/**
 * A split as it would be made now: its parts, what it divides (`chargedCents`: what the escrow
 * holds; with a plan, the open milestones' amounts and fee shares) and the creator amount it stays
 * below; with a plan, each open milestone's part. Or the refusal.
 */
export interface SplitPreview extends SplitParts {
  chargedCents: number;
  amountCents: number;
  milestoneParts?: MilestoneSplitPart[];
}

/**
 * What a split giving the creator `creatorCents` would be now, or why not (`splitRefusal`): the one
 * set of checks the split itself and its preview (GET …/split-preview) both go through.
 */
export function previewSplit(
  snapshot: DealSnapshot,
  creatorCents: number,
): SplitPreview {
  const c = snapshot.context;
  const status = statusOf(snapshot);
  const holding = dealEscrow.holding.includes(status);
  const code = splitRefusal(c, {
    creatorCents,
    inDispute: status === 'dispute',
    holding,
  });
  const chargedCents = escrowedCents(c);
  const { amountCents } = splitBase(c);
  if (code !== null) {
    const cents = { creatorCents: String(creatorCents) };
    const params: Partial<Record<ErrorCode, ErrorParams>> = {
      split_amount_invalid: cents,
      split_above_escrow: { ...cents, chargedCents: String(chargedCents) },
      split_whole_amount: { ...cents, amountCents: String(amountCents) },
      split_not_allowed: { status },
    };
    throw refusal(snapshot, code, 'split_funds', params[code]);
  }
  return { creatorCents, ...splitFiguresOf(c, creatorCents), amountCents };
}

/**
 * What a split of milestone `milestone` giving the creator `creatorCents` would be now (GET
 * …/milestones/:n/split-preview): the split's own decision, so the same refusals, and its parts
 * within the milestone's amount and fee share.
 */
export function previewMilestoneSplit(
  snapshot: DealSnapshot,
  milestone: number,
  creatorCents: number,
  now: string,
): SplitPreview {
  const command = {
    type: 'ResolveWithSplit',
    milestone,
    creatorCents,
    key: 'preview',
  } as const;
  const [draft] = decideMilestone(command, snapshot, now);
  if (draft?.type !== 'DealSplitRequested')
    throw new Error('a split decides one split event');
  const { refundCents, feeKeptCents, chargedCents } = draft.data;
  const m = snapshot.context.milestones![milestone - 1]!;
  return {
    creatorCents,
    refundCents,
    feeKeptCents,
    chargedCents,
    amountCents: m.amountCents,
  };
}
