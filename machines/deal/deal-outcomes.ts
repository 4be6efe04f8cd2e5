import type { Deciders, EscrowCommand } from '../escrow/escrow-decider';
import { splitOutcome, type DealDraft, type DealSnapshot } from './deal-escrow';
import { milestoneTag } from './deal-milestone-commands';

/**
 * The gateway's answers to a deal's money intents, as the payments reactor records them: the
 * outcome of the release or refund under way (the same key, the milestone it was for), or of a
 * split's part; an answer nothing waits for records nothing.
 */

/** The gateway's answer to a refund of the brand (a deal's own; transfers are the escrow's). */
export type RefundOutcomeCommand =
  | {
      type: 'RecordRefund';
      key: string;
      refundId: string;
      transferReversalId: string | null;
    }
  | { type: 'RecordRefundFailure'; key: string; code: string; message: string };

type OutcomeCommand =
  | Extract<EscrowCommand, { type: 'RecordTransfer' | 'RecordTransferFailure' }>
  | RefundOutcomeCommand;

export const outcomeDeciders: Deciders<
  OutcomeCommand,
  DealSnapshot,
  DealDraft
> = {
  RecordTransfer: ({ key, transferId }, snapshot) => {
    const pending = snapshot.context.pendingRelease;
    if (pending === null || pending.key !== key)
      return splitOutcome(snapshot, key, { transferId }) ?? [];
    return [
      {
        type: 'FundsReleased',
        data: {
          ...milestoneTag(pending),
          trigger: pending.trigger,
          transferId,
          amountCents: pending.amountCents,
          key: pending.key,
        },
      },
    ];
  },
  RecordTransferFailure: ({ key, code, message }, snapshot) => {
    const pending = snapshot.context.pendingRelease;
    if (pending === null || pending.key !== key)
      return splitOutcome(snapshot, key, { code, message }) ?? [];
    return [
      {
        type: 'TransferFailed',
        data: {
          ...milestoneTag(pending),
          trigger: pending.trigger,
          code,
          message,
          key: pending.key,
        },
      },
    ];
  },
  RecordRefund: ({ key, refundId, transferReversalId }, snapshot) => {
    const pending = snapshot.context.pendingRefund;
    if (pending === null || pending.key !== key)
      return splitOutcome(snapshot, key, { refundId }) ?? [];
    return [
      {
        type: 'DealRefunded',
        data: {
          ...milestoneTag(pending),
          refundId,
          amountCents: pending.amountCents,
          transferReversalId,
          key: pending.key,
        },
      },
    ];
  },
  RecordRefundFailure: ({ key, code, message }, snapshot) =>
    snapshot.context.pendingRefund?.key === key
      ? [
          {
            type: 'RefundFailed',
            data: {
              ...milestoneTag(snapshot.context.pendingRefund),
              code,
              message,
              key,
            },
          },
        ]
      : (splitOutcome(snapshot, key, { code, message }) ?? []),
};
