import type { Database } from 'better-sqlite3';
import type { Language } from '@machines/account/account.events';

export interface LinkPushSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface DueNotificationTimer {
  dealId: number;
  kind: 'release_reminder' | 'hold_ageing' | 'milestone_due';
  /** The review end (reminder), the hold start (ageing alert) or the due date's end in the platform's timezone (milestone). */
  at: string;
  /** The milestone of a deal with a plan the row is for (its reminder or due date). */
  milestone?: number;
}

/** A milestone's due-date reminder comes this long before its due date ends (Europe/Amsterdam). */
export const MILESTONE_DUE_REMINDER_MS = 24 * 3_600_000;

/** `release_reminder:2` → the kind and the milestone. */
function timerOf(row: {
  deal_id: number;
  kind: string;
  at: string;
}): DueNotificationTimer {
  const [kind, milestone] = row.kind.split(':');
  return {
    dealId: row.deal_id,
    kind: kind as DueNotificationTimer['kind'],
    at: row.at,
    ...(milestone ? { milestone: Number(milestone) } : {}),
  };
}

/**
 * The release reminders (`release_reminder`, per milestone `release_reminder:<n>`), the milestones'
 * due-date reminders (`milestone_due:<n>`) and the hold-ageing alerts that fall due (rm_notification_timers).
 */
function timerQueries(db: Database) {
  const due = db.prepare<
    [number, number, number, number],
    { deal_id: number; kind: string; at: string }
  >(
    `SELECT deal_id, kind, at FROM rm_notification_timers
     WHERE (kind LIKE 'release_reminder%' AND at_ms <= ?) OR (kind = 'hold_ageing' AND at_ms <= ?)
        OR (kind LIKE 'milestone_due:%' AND at_ms <= ?)
     ORDER BY at_ms LIMIT ?`,
  );
  const next = db.prepare<
    [number, number, number, number, number, number],
    { due: number | null }
  >(
    `SELECT MIN(CASE WHEN kind LIKE 'release_reminder%' THEN at_ms - ?
                     WHEN kind = 'hold_ageing' THEN at_ms + ? ELSE at_ms - ? END) AS due
     FROM rm_notification_timers
     WHERE (kind LIKE 'release_reminder%' AND at_ms > ?) OR (kind = 'hold_ageing' AND at_ms > ?)
        OR (kind LIKE 'milestone_due:%' AND at_ms > ?)`,
  );
  const dueMs = MILESTONE_DUE_REMINDER_MS;
  return {
    /** Reminders whose review ends by `nowMs + reminderMs`, alerts for holds begun by `nowMs - ageingMs`, milestones due within 24 h. */
    dueTimers: (
      nowMs: number,
      reminderMs: number,
      ageingMs: number,
      limit = 100,
    ): DueNotificationTimer[] =>
      due
        .all(nowMs + reminderMs, nowMs - ageingMs, nowMs + dueMs, limit)
        .map(timerOf),
    /** When the next reminder or alert falls due after `nowMs` (ms since the epoch), or null. */
    nextDueMs: (
      nowMs: number,
      reminderMs: number,
      ageingMs: number,
    ): number | null =>
      next.get(
        reminderMs,
        ageingMs,
        dueMs,
        nowMs + reminderMs,
        nowMs - ageingMs,
        nowMs + dueMs,
      )?.due ?? null,
  };
}

/** Reads over the notifications read model (see notifications.projection.ts). */
export function createNotificationQueries(db: Database) {
  const links = db.prepare<[number], { subscription: string }>(
    'SELECT subscription FROM rm_link_push WHERE deal_id = ? ORDER BY endpoint',
  );
  const admins = db.prepare<[], { admin_id: string; subscription: string }>(
    'SELECT admin_id, subscription FROM rm_admin_push ORDER BY admin_id, endpoint',
  );
  const linkLanguage = db.prepare<[number], { language: string }>(
    'SELECT language FROM rm_link_push WHERE deal_id = ? LIMIT 1',
  );
  const claimLanguage = db.prepare<[string], { language: string }>(
    'SELECT language FROM rm_link_languages WHERE link = ?',
  );
  const linkEmail = db.prepare<[string], { email: string }>(
    'SELECT email FROM rm_link_emails WHERE link = ?',
  );
  const optedOut = db.prepare<[string], { n: number }>(
    'SELECT count(*) AS n FROM rm_email_optouts WHERE stream_id = ?',
  );
  const blocked = db.prepare<[string], { n: number }>(
    'SELECT count(*) AS n FROM rm_request_blocks WHERE stream_id = ?',
  );
  return {
    /** Every admin's push devices for alerts (AdminPushSubscribed). */
    adminSubscriptions: (): {
      adminId: string;
      subscription: LinkPushSubscription;
    }[] =>
      admins.all().map((r) => ({
        adminId: r.admin_id,
        subscription: JSON.parse(r.subscription) as LinkPushSubscription,
      })),
    linkSubscriptions: (dealId: number): LinkPushSubscription[] =>
      links
        .all(dealId)
        .map((r) => JSON.parse(r.subscription) as LinkPushSubscription),
    linkLanguage: (dealId: number): Language =>
      linkLanguage.get(dealId)?.language === 'nl' ? 'nl' : 'en',
    /** The language the holder of a link (`deal-7`, `payment-request-3`) had when claiming it, or null. */
    claimLanguage: (link: string): Language | null => {
      const language = claimLanguage.get(link)?.language;
      return language === 'nl' || language === 'en' ? language : null;
    },
    /** The address a link's holder confirmed (or a request's link was mailed to), or null. */
    linkEmail: (link: string): string | null =>
      linkEmail.get(link)?.email ?? null,
    /** `optOutStreamId` is the address's `email-optout-<hash>` stream. */
    isOptedOut: (optOutStreamId: string): boolean =>
      (optedOut.get(optOutStreamId)?.n ?? 0) > 0,
    /** `blockStreamId` is the (address, creator) pair's `request-block-<hash>` stream. */
    isRequestSenderBlocked: (blockStreamId: string): boolean =>
      (blocked.get(blockStreamId)?.n ?? 0) > 0,
    ...timerQueries(db),
  };
}

export type NotificationQueries = ReturnType<typeof createNotificationQueries>;
