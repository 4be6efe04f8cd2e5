import type { NotificationChannel } from '@machines/notifications/notification.events';
import type { Actor } from '@machines/events/metadata';
import {
  WrongExpectedVersion,
  type EventStore,
} from '../event-store/event-store';
import type { PushService } from './push.service';
import type { Clock } from '../shared/clock';
import { renderEmail } from './email-template';
import type { MailSender } from './mail-sender';
import type { RenderMailDocument } from './mail-document';
import { recipientKey, type PlannedNotification } from './notification-plan';
import { appendNotificationEvent } from './notification-streams';
import type { RequestBlockLinks, UnsubscribeLinks } from './unsubscribe-link';

/** Attempts per notification: the first, then two more, a lease apart. */
export const MAX_ATTEMPTS = 3;

export interface NotificationSenderDeps {
  push: Pick<PushService, 'notifyUser' | 'notifyDealLink' | 'notifyAdmins'>;
  mail: Pick<MailSender, 'send'>;
  unsubscribe: Pick<UnsubscribeLinks, 'urlFor'>;
  requestBlocks: Pick<RequestBlockLinks, 'urlFor'>;
  publicUrl: string;
  /** Draws the PDF a document mail carries. */
  renderDocument: RenderMailDocument;
}

/** One claimed notification, as its claim stream records it. */
export interface Claim {
  streamId: string;
  /** The claim stream's revision the next outcome is appended at. */
  revision: number;
  attempt: number;
  /** When it was first claimed: the mail's Date, the same on every attempt. */
  claimedAt: Date;
}

export type SendNotification = (
  n: PlannedNotification,
  channel: NotificationChannel,
  claim: Claim,
) => Promise<void>;

/**
 * Renders and sends one notification on one channel. The claim stream's id is the message's key: the
 * Message-ID of a mail and the topic of a push, so a copy sent again after a lost answer can be
 * recognised (mail systems drop a repeated Message-ID; a push service replaces an unfetched topic).
 */
export function createNotificationSender(
  deps: NotificationSenderDeps,
): SendNotification {
  const { push, mail, unsubscribe, requestBlocks, publicUrl, renderDocument } =
    deps;
  return async (n, channel, claim) => {
    const open = `${publicUrl}${n.url}`;
    const key = claim.streamId;
    if (channel === 'email') {
      if (!n.email) return;
      const block = n.blockCreatorId
        ? { block: requestBlocks.urlFor(n.email, n.blockCreatorId, n.language) }
        : {};
      const links = {
        open,
        unsubscribe: unsubscribe.urlFor(recipientKey(n.recipient), n.language),
        ...block,
      };
      const attachments = n.document
        ? [await renderDocument(n.document, n.language)]
        : [];
      await mail.send({
        ...renderEmail({ ...n, email: n.email }, links),
        key,
        date: claim.claimedAt,
        ...(attachments.length ? { attachments } : {}),
      });
      return;
    }
    const message = { title: n.title, body: n.body, url: n.url, tag: n.kind };
    const topic = { topic: key.replace(/^notification-/, '') };
    const result =
      n.recipient.kind === 'user'
        ? await push.notifyUser(n.recipient.userId, message, topic)
        : n.recipient.kind === 'deal-link'
          ? await push.notifyDealLink(n.recipient.dealId, message, topic)
          : n.recipient.kind === 'admins'
            ? await push.notifyAdmins(message, topic)
            : { sent: 0, failed: 0 };
    // A push service that refused every device is an attempt that failed, so it is tried again.
    if (result.sent === 0 && result.failed > 0)
      throw new Error(`every push subscription failed (${result.failed})`);
  };
}

export interface AttemptDeps {
  store: EventStore;
  clock: Clock;
  send: SendNotification;
  leaseMs: number;
  actor: Actor;
  onSendError?: (
    error: unknown,
    n: PlannedNotification,
    channel: NotificationChannel,
  ) => void;
}

/**
 * Sends a claimed notification and records the outcome at the claim's revision: delivered, or
 * failed (closed after the last attempt, else tried again a lease later). An outcome refused at
 * that revision means the lease ran out and another instance took over; its copy carries the same key.
 */
export async function attemptSend(
  deps: AttemptDeps,
  claim: Claim,
  n: PlannedNotification,
  channel: NotificationChannel,
): Promise<void> {
  const { store, clock, actor } = deps;
  let outcome: { type: string; data: unknown };
  try {
    await deps.send(n, channel, claim);
    outcome = {
      type: 'NotificationDelivered',
      data: { attempt: claim.attempt },
    };
  } catch (error) {
    deps.onSendError?.(error, n, channel);
    const final = claim.attempt >= MAX_ATTEMPTS;
    const reason =
      ((error as Error)?.message || String(error)).slice(0, 300) ||
      'send failed';
    const retryAt = new Date(
      clock.now().getTime() + deps.leaseMs,
    ).toISOString();
    outcome = {
      type: 'NotificationSendFailed',
      data: {
        attempt: claim.attempt,
        reason,
        final,
        ...(final ? {} : { retryAt }),
      },
    };
  }
  try {
    await appendNotificationEvent(
      { store, clock },
      claim.streamId,
      outcome,
      claim.revision,
      {
        actor,
      },
    );
  } catch (error) {
    if (!(error instanceof WrongExpectedVersion)) throw error;
  }
}
