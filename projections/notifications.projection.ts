import type { Database } from 'better-sqlite3';
import type { ProjectedEvent, Projection } from './projection';

/**
 * What the notifications reactor reads besides deals, requests and users: push subscriptions that
 * creators without an account made for one deal, addresses that unsubscribed from email, and the
 * notification due times (the release reminder counts back from the review end; the hold-ageing
 * alert counts forward from the start of a hold). Offsets are configuration, applied by the query.
 */

const dealIdOf = (event: ProjectedEvent): number =>
  typeof (event.data as { dealId?: unknown }).dealId === 'number'
    ? (event.data as { dealId: number }).dealId
    : Number(/^deal-(\d+)$/.exec(event.streamId)?.[1] ?? 0);
const heldStates = /^(pending_delivery|delivered|dispute|milestones)/;
const at = (iso: string): number => Date.parse(iso);

// The event types each part reads; every other event passes them by at the cost of a set look-up.
const choiceTypes = new Set([
  'DealLinkPushSubscribed',
  'DealLinkPushUnsubscribed',
  'AdminPushSubscribed',
  'AdminPushUnsubscribed',
  'EmailUnsubscribed',
  'PaymentRequestSenderBlocked',
]);
const linkTypes = new Set([
  'LinkEmailConfirmed',
  'LinkClaimed',
  'LinkClaimMoved',
]);
const timerTypes = new Set([
  'DealCreated',
  'DealUpdated',
  'MilestoneDueReminderDue',
  'ReviewPeriodStarted',
  'ReleaseReminderDue',
  'HoldAgeingAlertDue',
  'ReviewPeriodElapsed',
  'DisputeOpened',
  'DealPutOnHold',
  'ChargebackOpened',
  'DealReleasedFromHold',
  'FundsReleased',
  'DealCompletedManually',
  'DealRefunded',
  'DealDeleted',
  'DealSplitRequested',
]);

/** What recipients chose: push on a deal link, no more e-mail, no more requests from a sender. */
function recipientChoices(db: Database): (event: ProjectedEvent) => void {
  const addLink = db.prepare(
    'INSERT OR REPLACE INTO rm_link_push (deal_id, endpoint, subscription, language) VALUES (?, ?, ?, ?)',
  );
  const removeLink = db.prepare<[number, string]>(
    'DELETE FROM rm_link_push WHERE deal_id = ? AND endpoint = ?',
  );
  const addAdmin = db.prepare<[string, string, string]>(
    'INSERT OR REPLACE INTO rm_admin_push (admin_id, endpoint, subscription) VALUES (?, ?, ?)',
  );
  const removeAdmin = db.prepare<[string, string]>(
    'DELETE FROM rm_admin_push WHERE admin_id = ? AND endpoint = ?',
  );
  const optOut = db.prepare<[string]>(
    'INSERT OR IGNORE INTO rm_email_optouts (stream_id) VALUES (?)',
  );
  const block = db.prepare<[string]>(
    'INSERT OR IGNORE INTO rm_request_blocks (stream_id) VALUES (?)',
  );
  return (event) => {
    if (!choiceTypes.has(event.type)) return;
    const data = event.data as Record<string, unknown>;
    const dealId = dealIdOf(event);
    switch (event.type) {
      case 'DealLinkPushSubscribed': {
        const sub = data.subscription as { endpoint: string };
        return void addLink.run(
          dealId,
          sub.endpoint,
          JSON.stringify(sub),
          String(data.language ?? 'en'),
        );
      }
      case 'DealLinkPushUnsubscribed':
        return void removeLink.run(dealId, String(data.endpoint));
      case 'AdminPushSubscribed': {
        const sub = data.subscription as { endpoint: string };
        return void addAdmin.run(
          String(data.adminId),
          sub.endpoint,
          JSON.stringify(sub),
        );
      }
      case 'AdminPushUnsubscribed':
        return void removeAdmin.run(
          String(data.adminId),
          String(data.endpoint),
        );
      case 'EmailUnsubscribed':
        return void optOut.run(event.streamId);
      case 'PaymentRequestSenderBlocked':
        return void block.run(event.streamId);
      default:
        return;
    }
  };
}

/**
 * The language a link's holder speaks, kept when the link was claimed or moved (rm_link_languages),
 * and the address it confirmed or was mailed to (rm_link_emails).
 */
function linkLanguages(db: Database): (event: ProjectedEvent) => void {
  const set = db.prepare<[string, string]>(
    'INSERT OR REPLACE INTO rm_link_languages (link, language) VALUES (?, ?)',
  );
  const setEmail = db.prepare<[string, string]>(
    'INSERT OR REPLACE INTO rm_link_emails (link, email) VALUES (?, ?)',
  );
  return (event) => {
    if (!linkTypes.has(event.type)) return;
    const link = event.streamId.slice('link-claim-'.length);
    const data = event.data as { language?: string; email?: string };
    if (
      event.type === 'LinkEmailConfirmed' ||
      (event.type === 'LinkClaimed' && data.email)
    )
      setEmail.run(link, String(data.email));
    if (event.type !== 'LinkClaimed' && event.type !== 'LinkClaimMoved') return;
    set.run(link, String(data.language));
  };
}

/** An event's milestone (a deal with a plan), if it names one. */
const milestoneOf = (data: Record<string, unknown>): number | null =>
  typeof data.milestone === 'number' ? data.milestone : null;

/** The release reminder's row: one per deal, or per milestone of a deal with a plan (`release_reminder:<n>`). */
const reminderKind = (milestone: number | null): string =>
  milestone === null ? 'release_reminder' : `release_reminder:${milestone}`;

/** The platform's timezone, in which a due date (a calendar date) ends, as invoices date in it. */
const PLATFORM_TIME_ZONE = 'Europe/Amsterdam';

/** How far `timeZone`'s wall clock is ahead of UTC at the instant `ms`, in ms. */
function zoneOffsetMs(ms: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(ms));
  const n = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  const wall = Date.UTC(
    n('year'),
    n('month') - 1,
    n('day'),
    n('hour'),
    n('minute'),
    n('second'),
  );
  return wall - (ms - (ms % 1_000));
}

/**
 * A milestone's due date as an instant: the end of that day in the platform's timezone (the next
 * day's midnight there, 23:00 or 22:00 UTC), so its reminder 24 h earlier comes as the day begins
 * there, whatever the season.
 */
export function milestoneDueAt(dueDate: string): string {
  const [y, m, d] = dueDate.slice(0, 10).split('-').map(Number) as [
    number,
    number,
    number,
  ];
  const midnight = Date.UTC(y, m - 1, d + 1);
  let at = midnight - zoneOffsetMs(midnight, PLATFORM_TIME_ZONE);
  // Once more at the instant found, in case the offset changed between the two.
  at = midnight - zoneOffsetMs(at, PLATFORM_TIME_ZONE);
  return new Date(at).toISOString();
}

function timerStatements(db: Database) {
  const run = <P extends unknown[]>(sql: string) => {
    const statement = db.prepare<P>(sql);
    return (...params: P) => void statement.run(...params);
  };
  return {
    set: run<[number, string, string, number]>(
      'INSERT OR REPLACE INTO rm_notification_timers (deal_id, kind, at, at_ms) VALUES (?, ?, ?, ?)',
    ),
    setOnce: run<[number, string, string, number]>(
      'INSERT OR IGNORE INTO rm_notification_timers (deal_id, kind, at, at_ms) VALUES (?, ?, ?, ?)',
    ),
    clear: run<[number, string]>(
      'DELETE FROM rm_notification_timers WHERE deal_id = ? AND kind = ?',
    ),
    clearLike: run<[number, string]>(
      'DELETE FROM rm_notification_timers WHERE deal_id = ? AND kind LIKE ?',
    ),
    clearAll: run<[number]>(
      'DELETE FROM rm_notification_timers WHERE deal_id = ?',
    ),
    clearIfLike: run<[number, string, string]>(
      'DELETE FROM rm_notification_timers WHERE deal_id = ? AND kind LIKE ? AND at = ?',
    ),
  };
}
type TimerStatements = ReturnType<typeof timerStatements>;

/** A plan's due-date reminders (`milestone_due:<n>`), set anew with the terms. */
function planDueDates(
  t: TimerStatements,
  dealId: number,
  data: Record<string, unknown>,
): void {
  t.clearLike(dealId, 'milestone_due:%');
  const plan = Array.isArray(data.milestones)
    ? (data.milestones as { dueDate: string }[])
    : [];
  plan.forEach(({ dueDate }, i) => {
    const due = milestoneDueAt(dueDate);
    t.set(dealId, `milestone_due:${i + 1}`, due, at(due));
  });
}

/** A hold's resume: the release reminders again, at the extended ends (each milestone's in a plan). */
function resumeReminders(
  t: TimerStatements,
  dealId: number,
  data: Record<string, unknown>,
): void {
  t.clear(dealId, 'hold_ageing');
  if (typeof data.reviewPeriodEndsAt === 'string')
    t.set(
      dealId,
      'release_reminder',
      data.reviewPeriodEndsAt,
      at(data.reviewPeriodEndsAt),
    );
  const periods = Array.isArray(data.milestones)
    ? (data.milestones as {
        milestone: number;
        reviewPeriodEndsAt: string | null;
      }[])
    : [];
  for (const p of periods)
    if (p.reviewPeriodEndsAt !== null)
      t.set(
        dealId,
        reminderKind(p.milestone),
        p.reviewPeriodEndsAt,
        at(p.reviewPeriodEndsAt),
      );
}

/**
 * When a deal's release reminders, its milestones' due-date reminders and its hold-ageing alert
 * fall due (rm_notification_timers). An event about one milestone of a plan moves only that
 * milestone's rows; the deal's own outcome clears them all.
 */
function notificationTimers(db: Database): (event: ProjectedEvent) => void {
  const t = timerStatements(db);
  const holdSince = (dealId: number, event: ProjectedEvent) => {
    // No reminder while the clock stands still; it comes back with the extended end.
    t.clearLike(dealId, 'release_reminder%');
    t.setOnce(dealId, 'hold_ageing', event.metadata.at, at(event.metadata.at));
  };
  return (event) => {
    if (!timerTypes.has(event.type)) return;
    const data = event.data as Record<string, unknown>;
    const dealId = dealIdOf(event);
    const milestone = milestoneOf(data);
    switch (event.type) {
      case 'DealCreated':
      case 'DealUpdated':
        return planDueDates(t, dealId, data);
      case 'MilestoneDueReminderDue':
        return t.clear(dealId, `milestone_due:${String(data.milestone)}`);
      case 'ReviewPeriodStarted':
        // A delivered milestone needs no due-date reminder any more.
        if (milestone !== null) t.clear(dealId, `milestone_due:${milestone}`);
        return t.set(
          dealId,
          reminderKind(milestone),
          String(data.endsAt),
          at(String(data.endsAt)),
        );
      case 'ReleaseReminderDue':
        return t.clearIfLike(dealId, 'release_reminder%', String(data.endsAt));
      case 'HoldAgeingAlertDue':
        return t.clearIfLike(dealId, 'hold_ageing', String(data.heldSince));
      case 'ReviewPeriodElapsed':
      case 'DisputeOpened':
        return t.clear(dealId, reminderKind(milestone));
      case 'DealPutOnHold':
        return holdSince(dealId, event);
      case 'ChargebackOpened':
        return heldStates.test(event.metadata.state ?? '')
          ? holdSince(dealId, event)
          : undefined;
      case 'DealReleasedFromHold':
        return resumeReminders(t, dealId, data);
      case 'FundsReleased':
      case 'DealRefunded':
      case 'DealSplitRequested':
        if (milestone === null) return t.clearAll(dealId);
        t.clear(dealId, reminderKind(milestone));
        return t.clear(dealId, `milestone_due:${milestone}`);
      case 'DealCompletedManually':
      case 'DealDeleted':
        return t.clearAll(dealId);
      default:
        return;
    }
  };
}

export const notificationsProjection: Projection = {
  name: 'notifications',
  version: 7,
  // A link's address and language, from its claim stream alone.
  refoldTables: ['rm_link_emails', 'rm_link_languages'],
  // Only the notifications reactor's due-time query reads it; the timers' own writes go by deal.
  deferredIndexes: ['rm_notification_timers_due'],
  setup(db) {
    db.exec(`
      CREATE TABLE IF NOT EXISTS rm_link_push (
        deal_id INTEGER NOT NULL, endpoint TEXT NOT NULL, subscription TEXT NOT NULL, language TEXT NOT NULL,
        PRIMARY KEY (deal_id, endpoint)) WITHOUT ROWID;
      CREATE TABLE IF NOT EXISTS rm_admin_push (
        admin_id TEXT NOT NULL, endpoint TEXT NOT NULL, subscription TEXT NOT NULL,
        PRIMARY KEY (admin_id, endpoint)) WITHOUT ROWID;
      CREATE TABLE IF NOT EXISTS rm_email_optouts (stream_id TEXT PRIMARY KEY) WITHOUT ROWID;
      CREATE TABLE IF NOT EXISTS rm_request_blocks (stream_id TEXT PRIMARY KEY) WITHOUT ROWID;
      CREATE TABLE IF NOT EXISTS rm_link_languages (link TEXT PRIMARY KEY, language TEXT NOT NULL) WITHOUT ROWID;
      CREATE TABLE IF NOT EXISTS rm_link_emails (link TEXT PRIMARY KEY, email TEXT NOT NULL) WITHOUT ROWID;
      CREATE TABLE IF NOT EXISTS rm_notification_timers (
        deal_id INTEGER NOT NULL, kind TEXT NOT NULL, at TEXT NOT NULL, at_ms INTEGER NOT NULL,
        PRIMARY KEY (deal_id, kind));
      CREATE INDEX IF NOT EXISTS rm_notification_timers_due ON rm_notification_timers (kind, at_ms);`);
  },
  reset(db) {
    db.exec(
      'DROP TABLE IF EXISTS rm_link_push; DROP TABLE IF EXISTS rm_admin_push; DROP TABLE IF EXISTS rm_email_optouts; DROP TABLE IF EXISTS rm_request_blocks; DROP TABLE IF EXISTS rm_link_languages; DROP TABLE IF EXISTS rm_link_emails; DROP TABLE IF EXISTS rm_notification_timers;',
    );
  },
  prepare(db) {
    const choices = recipientChoices(db);
    const timers = notificationTimers(db);
    const languages = linkLanguages(db);
    return (event) => {
      choices(event);
      timers(event);
      languages(event);
    };
  },
};
