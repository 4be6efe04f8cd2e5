import { z } from 'zod';
import { languages } from '../account/account.events';
import { defineEvent } from '../events/define';

const isoInstant = z.iso.datetime();
export const notificationChannels = ['push', 'email'] as const;
export type NotificationChannel = (typeof notificationChannels)[number];

/**
 * Claim of one notification: appended with "no stream" expected to `notification-<hash>` before
 * the message goes out, so a redelivered event, a restart or a second app instance never sends it twice.
 */
export const NotificationSent = defineEvent({
  type: 'NotificationSent',
  version: 1,
  category: 'notification',
  description:
    'One notification (event, recipient, channel) was claimed and handed to its sender.',
  schema: z.object({
    eventId: z.string().min(1),
    recipient: z.string().min(1).max(400),
    channel: z.enum(notificationChannels),
    kind: z.string().min(1).max(60),
    /**
     * The causing event's global position, and until when this first attempt is the claimer's: with
     * no outcome by then, another instance takes it over. Absent in claims written before leases.
     */
    position: z.number().int().positive().optional(),
    leaseUntil: isoInstant.optional(),
  }),
  fields: { eventId: 'none', recipient: 'profile', kind: 'none' },
  example: {
    eventId: '6f1c2b9e-0c1a-4c51-9a43-5b7f1f0f4a11',
    recipient: 'user:u_7f3a',
    channel: 'push',
    kind: 'content_delivered',
    position: 1042,
    leaseUntil: '2026-11-22T10:10:00.000Z',
  },
});

const attempt = z.number().int().min(1).max(10);

/** The sender accepted the claimed notification (the SMTP server or the push service answered). */
export const NotificationDelivered = defineEvent({
  type: 'NotificationDelivered',
  version: 1,
  category: 'notification',
  description:
    'The sender accepted a claimed notification; its claim is closed.',
  schema: z.object({ attempt }),
  fields: {},
  example: { attempt: 1 },
});

/** An attempt failed; unless it was the last, the notification is taken over again at `retryAt`. */
export const NotificationSendFailed = defineEvent({
  type: 'NotificationSendFailed',
  version: 1,
  category: 'notification',
  description:
    'An attempt to send a claimed notification failed (or its claimer gave no answer before its lease ended); after the last attempt the claim is closed.',
  schema: z.object({
    attempt,
    reason: z.string().min(1).max(300),
    final: z.boolean(),
    retryAt: isoInstant.optional(),
  }),
  fields: { reason: 'profile' },
  example: {
    attempt: 1,
    reason: 'connect ECONNREFUSED 10.0.0.5:587',
    final: false,
    retryAt: '2026-11-22T10:10:00.000Z',
  },
});

/**
 * Another attempt was taken over, appended at the claim stream's revision: of several instances
 * whose lease timer fired, exactly one appends it and sends.
 */
export const NotificationRetaken = defineEvent({
  type: 'NotificationRetaken',
  version: 1,
  category: 'notification',
  description:
    'An instance took over a claimed notification whose lease ended without an outcome, or whose attempt failed, and sends it again.',
  schema: z.object({ attempt, leaseUntil: isoInstant }),
  fields: {},
  example: { attempt: 2, leaseUntil: '2026-11-22T10:20:00.000Z' },
});

export const ReleaseReminderDue = defineEvent({
  type: 'ReleaseReminderDue',
  version: 1,
  category: 'notification',
  description:
    'The configured time before a review period ends was reached; the brand is reminded of the automatic release.',
  schema: z.object({ dealId: z.number().int().positive(), endsAt: isoInstant }),
  fields: {},
  example: { dealId: 42, endsAt: '2026-11-22T10:00:00.000Z' },
});

export const MilestoneDueReminderDue = defineEvent({
  type: 'MilestoneDueReminderDue',
  version: 1,
  category: 'notification',
  description:
    "24 hours before a milestone's due date (its start, UTC) were reached; the creator is reminded to deliver it.",
  schema: z.object({
    dealId: z.number().int().positive(),
    milestone: z.number().int().min(1).max(10),
    dueDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  }),
  fields: { dueDate: 'none' },
  example: { dealId: 42, milestone: 2, dueDate: '2026-11-24' },
});

export const HoldAgeingAlertDue = defineEvent({
  type: 'HoldAgeingAlertDue',
  version: 1,
  category: 'notification',
  description:
    'A deal stayed on hold longer than the configured age; admins are alerted.',
  schema: z.object({
    dealId: z.number().int().positive(),
    heldSince: isoInstant,
  }),
  fields: {},
  example: { dealId: 42, heldSince: '2026-11-20T10:00:00.000Z' },
});

const pushSubscription = z.object({
  endpoint: z.url().max(2_000),
  keys: z.object({
    p256dh: z.string().min(1).max(200),
    auth: z.string().min(1).max(100),
  }),
});

export const DealLinkPushSubscribed = defineEvent({
  type: 'DealLinkPushSubscribed',
  version: 1,
  category: 'notification',
  description:
    'A creator without an account turned on push for one deal from its accept page (tied to the link token).',
  schema: z.object({
    dealId: z.number().int().positive(),
    subscription: pushSubscription,
    language: z.enum(languages),
  }),
  fields: {
    'subscription.endpoint': 'profile',
    'subscription.keys.p256dh': 'profile',
    'subscription.keys.auth': 'profile',
  },
  example: {
    dealId: 42,
    subscription: {
      endpoint: 'https://push.example/abc',
      keys: { p256dh: 'BN...', auth: 'xyz' },
    },
    language: 'nl',
  },
});

export const DealLinkPushUnsubscribed = defineEvent({
  type: 'DealLinkPushUnsubscribed',
  version: 1,
  category: 'notification',
  description:
    "A device stopped getting push for the deal: the creator turned it off, the push service said it is gone, the creator added a device beyond the ten slots (the oldest is replaced), or the brand rotated the link (the old link's devices are dropped).",
  schema: z.object({
    dealId: z.number().int().positive(),
    endpoint: z.string().min(1).max(2_000),
    /** Absent in events written before reasons were recorded. */
    reason: z
      .enum(['turned_off', 'gone', 'replaced', 'link_rotated', 'erased'])
      .optional(),
  }),
  fields: { endpoint: 'profile' },
  example: {
    dealId: 42,
    endpoint: 'https://push.example/abc',
    reason: 'turned_off',
  },
});

/**
 * An admin turned on alerts by push on one device (the admin area's switch): the stream
 * `alert-push-admin-<adminId>` holds that admin's devices; every admin alert goes to them as well as by
 * e-mail to the alert addresses.
 */
export const AdminPushSubscribed = defineEvent({
  type: 'AdminPushSubscribed',
  version: 1,
  category: 'notification',
  description:
    "An admin turned on push alerts on a device: admin alerts (stalled money intents, reconciliation mismatches, ageing holds, failing notifications) reach it besides the alert addresses' e-mail.",
  schema: z.object({
    adminId: z.string().min(1).max(100),
    subscription: pushSubscription,
  }),
  fields: {
    adminId: 'none',
    'subscription.endpoint': 'profile',
    'subscription.keys.p256dh': 'profile',
    'subscription.keys.auth': 'profile',
  },
  example: {
    adminId: 'a_1f2e',
    subscription: {
      endpoint: 'https://push.example/adm',
      keys: { p256dh: 'BN...', auth: 'xyz' },
    },
  },
});

export const AdminPushUnsubscribed = defineEvent({
  type: 'AdminPushUnsubscribed',
  version: 1,
  category: 'notification',
  description:
    'A device stopped getting admin alerts by push: the admin turned it off, or the push service said it is gone.',
  schema: z.object({
    adminId: z.string().min(1).max(100),
    endpoint: z.string().min(1).max(2_000),
    reason: z.enum(['turned_off', 'gone']),
  }),
  fields: { adminId: 'none', endpoint: 'profile' },
  example: {
    adminId: 'a_1f2e',
    endpoint: 'https://push.example/adm',
    reason: 'turned_off',
  },
});

export const EmailUnsubscribed = defineEvent({
  type: 'EmailUnsubscribed',
  version: 1,
  category: 'notification',
  description:
    'An address without an account used the unsubscribe link; no further notification email goes to it.',
  schema: z.object({}),
  fields: {},
  example: {},
});

/**
 * The recipient of a payment request e-mail used its block link: further requests from that
 * creator to that address are not mailed. The stream (`request-block-<sha256 of address and
 * creator>`) keeps the address out of the event.
 */
export const PaymentRequestSenderBlocked = defineEvent({
  type: 'PaymentRequestSenderBlocked',
  version: 1,
  category: 'notification',
  description:
    'The recipient of a payment request e-mail blocked further requests from that creator to that address.',
  schema: z.object({ creatorId: z.string().min(1).max(100) }),
  fields: { creatorId: 'none' },
  example: { creatorId: 'u_7f3a' },
});

/**
 * Too many notifications of one channel failed in a window (NOTIFY_FAILURE_ALERT_*): one per
 * channel and window, on its own stream appended with "no stream" expected; the admins are alerted.
 */
export const NotificationFailureRateExceeded = defineEvent({
  type: 'NotificationFailureRateExceeded',
  version: 1,
  category: 'notification',
  description:
    'The share of failed notifications of one channel passed NOTIFY_FAILURE_ALERT_RATE in a window (counted by the instance that recorded it); once per channel and window, and the admins are alerted.',
  schema: z.object({
    channel: z.enum(notificationChannels),
    windowStart: isoInstant,
    windowEnd: isoInstant,
    attempts: z.number().int().positive(),
    failed: z.number().int().positive(),
    limitRate: z.number().min(0).max(1),
  }),
  fields: {},
  example: {
    channel: 'email',
    windowStart: '2026-11-22T10:00:00.000Z',
    windowEnd: '2026-11-22T10:15:00.000Z',
    attempts: 12,
    failed: 9,
    limitRate: 0.25,
  },
});

export const notificationEventDefinitions = [
  NotificationFailureRateExceeded,
  NotificationSent,
  NotificationDelivered,
  NotificationSendFailed,
  NotificationRetaken,
  ReleaseReminderDue,
  MilestoneDueReminderDue,
  HoldAgeingAlertDue,
  DealLinkPushSubscribed,
  DealLinkPushUnsubscribed,
  AdminPushSubscribed,
  AdminPushUnsubscribed,
  EmailUnsubscribed,
  PaymentRequestSenderBlocked,
] as const;
