import { payableNowCents } from '../escrow/escrow-limits';
import {
  dispatch,
  type Deciders,
  type EscrowCommand,
} from '../escrow/escrow-decider';
import { escrowedCents, splitKeys } from '../escrow/escrow-ledger';
import type { DealTerms } from './deal.events';
import type { DisputeMessage } from '../escrow/dispute-message';
import {
  changeRequestRefusal,
  holdRefusal,
  refundRefusal,
  releaseRefusal,
} from './deal.guards';
import {
  chargebackEnd,
  closeOpenSession,
  dealCanTake,
  escrow,
  guarded,
  limitRefusal,
  only,
  refusal,
  refused,
  retrySplit,
  type DealDraft,
  type DealSnapshot,
} from './deal-escrow';
import { addHours, elapsePeriod, resumeDraft } from './deal-periods';
import { previewSplit } from './deal-split';
import { creatorDueCents } from './deal-milestone-context';
import { milestoneDeadlineRefusal } from './deal-milestone-guards';
import {
  decideMilestone,
  type MilestoneCommand,
} from './deal-milestone-commands';
import { outcomeDeciders, type RefundOutcomeCommand } from './deal-outcomes';
import { linkDeciders, type LinkCommand } from './deal-link-commands';

/**
 * Everything that can happen to a deal, as commands, and the one pure function that decides each:
 * `decideDeal(command, snapshot, now) → events`. No I/O: what a command needs from outside (a
 * checkout session the gateway opened, a fresh key, the configured hours) arrives in the command.
 * The statechart still checks every event the bus appends. A refusal is the code of the rule that
 * refused: the guards in deal.guards.ts, which the statechart takes the event on, so no reason is
 * worked out twice; a command that repeats one already done is refused too (409).
 */

export type { DealSnapshot } from './deal-escrow';

export type DealCommand =
  | EscrowCommand
  | LinkCommand
  | { type: 'CreateDeal'; dealId: number; ownerId: string; terms: DealTerms }
  | { type: 'UpdateDealTerms'; terms: DealTerms }
  | { type: 'DeleteDeal' }
  /** A delivery, or after a change request a redelivery; both restart the review. */
  | {
      type: 'DeliverContent';
      reviewPeriodHours: number;
      note?: string | null;
      links?: string[];
      milestone?: number;
    }
  /** The brand asks for changes with a note, using one of the deal's included revision rounds. */
  | { type: 'RequestChanges'; note: string; milestone?: number }
  | {
      type: 'OpenDispute';
      reason: string;
      description: string | null;
      disputePeriodHours: number;
      milestone?: number;
    }
  | {
      type: 'ReleaseFunds';
      trigger: 'brand' | 'admin';
      key: string;
      milestone?: number;
    }
  | { type: 'ElapseReviewPeriod'; key: string; milestone?: number }
  | { type: 'ElapseDisputePeriod'; key: string; milestone?: number }
  | { type: 'RequestRefund'; key: string; milestone?: number }
  | RefundOutcomeCommand
  | { type: 'CompleteManually' }
  | { type: 'PutOnHold'; reason: string }
  | { type: 'AddNote'; note: string }
  /** A message in the dispute's conversation (the brand, the creator or an admin), while in dispute. */
  | { type: 'PostDisputeMessage'; message: DisputeMessage }
  | { type: 'ReleaseHold' }
  /** An admin resolves the deal: the creator receives `creatorCents`, the brand the rest of the charge (less the fee in proportion). */
  | {
      type: 'ResolveWithSplit';
      creatorCents: number;
      key: string;
      milestone?: number;
    }
  /** An admin asks again for the refused part(s) of a split, under their original keys. */
  | { type: 'RetrySplit' };

function resolveWithSplit(
  { creatorCents, key }: { creatorCents: number; key: string },
  snapshot: DealSnapshot,
  now: string,
): DealDraft[] {
  const { chargedCents, refundCents, feeKeptCents, milestoneParts } =
    previewSplit(snapshot, creatorCents);
  const data = {
    creatorCents,
    refundCents,
    feeKeptCents,
    chargedCents,
    ...(milestoneParts ? { milestoneParts } : {}),
    ...splitKeys(key),
  };
  return only(snapshot, now, 'split_funds', {
    type: 'DealSplitRequested',
    data,
  });
}

/**
 * The creator's delivery, or after a change request the redelivery of that round, with the note
 * and links they gave (left out when not given); either restarts the review.
 */
function deliverContent(
  command: Extract<DealCommand, { type: 'DeliverContent' }>,
  snapshot: DealSnapshot,
  now: string,
): DealDraft[] {
  const c = snapshot.context;
  const details = {
    ...(command.note ? { note: command.note } : {}),
    ...(command.links?.length ? { links: command.links } : {}),
  };
  const delivery: DealDraft =
    c.revisions.at(-1)?.kind === 'changes_requested'
      ? {
          type: 'ContentRedelivered',
          data: { ...details, round: c.revisionsUsed },
        }
      : { type: 'ContentDelivered', data: details };
  return only(snapshot, now, 'complete_assignment', delivery, {
    type: 'ReviewPeriodStarted',
    data: { startsAt: now, endsAt: addHours(now, command.reviewPeriodHours) },
  });
}

/** One named decision per command. */
const deciders: Deciders<DealCommand, DealSnapshot, DealDraft> = {
  CreateDeal: ({ dealId, ownerId, terms }, snapshot, now) =>
    guarded(snapshot, now, 'create_deal', milestoneDeadlineRefusal(terms), {
      type: 'DealCreated',
      data: { dealId, ownerId, ...terms },
    }),
  UpdateDealTerms: ({ terms }, snapshot, now) => {
    const updated: DealDraft = { type: 'DealUpdated', data: terms };
    const code = milestoneDeadlineRefusal(terms);
    if (code !== null) throw refusal(snapshot, code, 'edit_deal');
    if (!dealCanTake(snapshot, updated, now))
      throw refused(snapshot, 'edit_deal');
    return [...closeOpenSession(snapshot, 'terms_changed'), updated];
  },
  DeleteDeal: (_command, snapshot, now) => {
    const deleted: DealDraft = { type: 'DealDeleted', data: {} };
    if (!dealCanTake(snapshot, deleted, now))
      throw refused(snapshot, 'delete_deal');
    return [...closeOpenSession(snapshot, 'deal_deleted'), deleted];
  },
  RecordCheckoutSession: escrow,
  ConfirmPayment: escrow,
  RecordPaymentFailure: escrow,
  RecordUnexpectedPaymentRefund: escrow,
  RecordChargeback: escrow,
  RecordChargebackOutcome: escrow,
  ...linkDeciders,
  DeliverContent: deliverContent,
  RequestChanges: ({ note }, snapshot, now) => {
    const c = snapshot.context;
    const code = changeRequestRefusal(c);
    if (code === 'revision_rounds_used')
      throw refusal(snapshot, code, 'request_changes', {
        rounds: c.revisionRounds,
      });
    return guarded(snapshot, now, 'request_changes', code, {
      type: 'ChangesRequested',
      data: { note: note.trim(), round: c.revisionsUsed + 1 },
    });
  },
  OpenDispute: (command, snapshot, now) =>
    only(snapshot, now, 'open_dispute', {
      type: 'DisputeOpened',
      data: {
        reason: command.reason.trim() || 'Not satisfied with deliverables',
        description: command.description?.trim() || null,
        endsAt: addHours(now, command.disputePeriodHours),
      },
    }),
  ReleaseFunds: ({ trigger, key }, snapshot, now) => {
    const c = snapshot.context;
    const request: DealDraft = {
      type: 'FundsReleaseRequested',
      data: {
        trigger,
        amountCents: payableNowCents(c, creatorDueCents(c)),
        key,
      },
    };
    // An escrow limit (a chargeback open, too little held) is the first reason given.
    if (!dealCanTake(snapshot, request, now))
      throw (
        limitRefusal(snapshot, request) ??
        refusal(snapshot, releaseRefusal(c, { trigger }), 'release_funds')
      );
    return [request];
  },
  ElapseReviewPeriod: ({ key }, snapshot, now) =>
    elapsePeriod(true, key, snapshot, now),
  ElapseDisputePeriod: ({ key }, snapshot, now) =>
    elapsePeriod(false, key, snapshot, now),
  RequestRefund: ({ key }, snapshot, now) => {
    // A lost chargeback emptied the escrow: the refund ends the deal with nothing to refund.
    const end = chargebackEnd(snapshot, now);
    if (end.length > 0) return end;
    const data = { amountCents: escrowedCents(snapshot.context), key };
    const code = refundRefusal(snapshot.context, data);
    return guarded(snapshot, now, 'refund_payment', code, {
      type: 'RefundRequested',
      data,
    });
  },
  ...outcomeDeciders,
  CompleteManually: (_command, snapshot, now) =>
    only(snapshot, now, 'complete_manually', {
      type: 'DealCompletedManually',
      data: {
        reason: 'Payout could not be made; completed manually in test mode',
      },
    }),
  // Accepted in every state (the statechart's root takes it); the author is the event's actor.
  AddNote: ({ note }, snapshot, now) =>
    only(snapshot, now, 'add_note', { type: 'DealNoteAdded', data: { note } }),
  PostDisputeMessage: ({ message }, snapshot, now) =>
    only(snapshot, now, 'post_dispute_message', {
      type: 'DisputeMessagePosted',
      data: message,
    }),
  PutOnHold: ({ reason }, snapshot, now) =>
    guarded(snapshot, now, 'put_on_hold', holdRefusal(snapshot.context), {
      type: 'DealPutOnHold',
      data: { source: 'admin', reason },
    }),
  ReleaseHold: (_command, snapshot, now) =>
    only(snapshot, now, 'resume_deal', resumeDraft(snapshot, now)),
  ResolveWithSplit: resolveWithSplit,
  RetrySplit: (_command, snapshot, now) => retrySplit(snapshot, now),
};

/** `decideDeal(command, snapshot, now) → events`: dispatches the command to its decision (a milestone's to deal-milestone-commands.ts). */
export function decideDeal(
  command: DealCommand,
  snapshot: DealSnapshot,
  now: string,
): DealDraft[] {
  if ('milestone' in command && command.milestone !== undefined)
    return decideMilestone(command as MilestoneCommand, snapshot, now);
  return dispatch(deciders, command, snapshot, now);
}
