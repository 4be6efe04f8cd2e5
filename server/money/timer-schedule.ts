import type { Database } from 'better-sqlite3';
import type { ProjectedEvent, Projection } from '../../projections/projection';

/**
 * The timers reactor's schedule (its own tables in the instance's read database, kept with its
 * checkpoint by the reactor runner), folded from events so it survives restarts: a deal's review end, its dispute end,
 * a payment request's expiry, and a deferred payout (due at once, paused until the creator's payout
 * account reports payouts enabled and while a chargeback holds the request). A row goes when the deal or request moves on, is paused while
 * the deal is on hold or a chargeback on its payment is open (an admin may lift the hold before the
 * card issuer decides; nothing can be paid out until then), and takes the extended end on resume. After its period elapsed a deal row
 * stays as a release retry until the funds are out (a refused transfer retries after 15 minutes).
 */

export type TimerKind =
  | 'review_period'
  | 'dispute_period'
  | 'request_expiry'
  | 'request_review'
  | 'request_dispute'
  | 'deferred_payout'
  /** A milestone's review or dispute period (deals with a plan), by the milestone's number. */
  | `milestone_review:${number}`
  | `milestone_dispute:${number}`;

export interface DueTimer {
  streamId: string;
  kind: TimerKind;
  /** Deal id or payment-request id. */
  entityId: number;
  endsAt: string;
  /** True once the period's elapsed event was appended (only the release is left). */
  elapsed: boolean;
}

export const RELEASE_RETRY_MS = 15 * 60_000;

/** The events that start, move, pause or end a timer: the runner hands only these to the reactor. */
export const timerEventTypes: ReadonlySet<string> = new Set([
  'FundsReleased',
  'DealCompletedManually',
  'DealRefunded',
  'DealDeleted',
  'PaymentRequestPaid',
  'PaymentRequestCompleted',
  'PaymentRequestExpired',
  'PaymentRequestRejected',
  'ReviewPeriodStarted',
  'ReviewPeriodElapsed',
  'DisputeOpened',
  'ChangesRequested',
  'DisputePeriodElapsed',
  'TransferFailed',
  'DealPutOnHold',
  'ChargebackOpened',
  'ChargebackClosed',
  'DealReleasedFromHold',
  'DealSplitRequested',
  'PaymentRequestCreated',
  'PaymentRequestPayoutDeferred',
  'PaymentRequestPayoutFailed',
  'PaymentRequestChargebackOpened',
  'PaymentRequestChargebackClosed',
  'PaymentRequestHoldReleased',
  'PayoutAccountStatusChanged',
  'PaymentRequestDelivered',
  'PaymentRequestReviewElapsed',
  'PaymentRequestDisputeOpened',
  'PaymentRequestDisputeElapsed',
  'PaymentRequestPayoutRequested',
  'PaymentRequestRefunded',
  'PaymentRequestSplitRequested',
]);

const disputeIdOf = (event: ProjectedEvent): string =>
  String((event.data as Record<string, unknown>).disputeId ?? '');
const entityIdOf = (streamId: string): number =>
  Number(/(\d+)$/.exec(streamId)?.[1] ?? 0);
const heldStates = /^(pending_delivery|delivered|changes_requested|dispute)/;
// Parsed only by the few events that need it (not per event: most events of a rebuild touch no timer).
const atOf = (event: ProjectedEvent): number => Date.parse(event.metadata.at);

/**
 * Shaped as a projection (setup, reset, prepare) so the fold reads like every read model's; the
 * timers reactor, not the projection runner, applies it, one event at a time. Every write is
 * idempotent: an event handed over again after a crash leaves the same rows.
 */
export const timerSchedule: Projection = {
  name: 'timers',
  version: 5,
  setup(db) {
    db.exec(`
      CREATE TABLE IF NOT EXISTS timers (
        stream_id TEXT NOT NULL, kind TEXT NOT NULL, entity_id INTEGER NOT NULL,
        ends_at TEXT NOT NULL, due_ms INTEGER NOT NULL, paused INTEGER NOT NULL DEFAULT 0,
        elapsed INTEGER NOT NULL DEFAULT 0, owner_id TEXT, PRIMARY KEY (stream_id, kind));
      CREATE INDEX IF NOT EXISTS timers_due ON timers (paused, due_ms);
      CREATE TABLE IF NOT EXISTS timer_holds (stream_id TEXT PRIMARY KEY);
      CREATE TABLE IF NOT EXISTS timer_chargebacks (
        stream_id TEXT NOT NULL, dispute_id TEXT NOT NULL, PRIMARY KEY (stream_id, dispute_id));
      CREATE TABLE IF NOT EXISTS timer_payout_ready (user_id TEXT PRIMARY KEY);`);
  },
  reset(db) {
    db.exec(
      'DROP TABLE IF EXISTS timers; DROP TABLE IF EXISTS timer_holds; DROP TABLE IF EXISTS timer_chargebacks; DROP TABLE IF EXISTS timer_payout_ready;',
    );
  },
  prepare(db) {
    const t = timerWrites(db);
    return (event) => {
      applyDealTimer(t, event);
      applyRequestTimer(t, event);
    };
  },
};

/** The timer rows' writes, as the events need them. */
function timerWrites(db: Database) {
  const q = timerStatements(db);
  const start = (event: ProjectedEvent, kind: TimerKind, endsAt: string) =>
    q.upsert.run({
      streamId: event.streamId,
      kind,
      entityId: entityIdOf(event.streamId),
      endsAt,
      dueMs: Date.parse(endsAt),
    });
  const finish = (streamId: string) => {
    q.remove.run(streamId);
    q.unhold.run(streamId);
    q.chargebacksEnded.run(streamId);
  };
  const deferPayoutUntil = (event: ProjectedEvent, dueMs: number) => {
    const ownerId = String((event.data as Record<string, unknown>).creatorId);
    q.deferPayout.run({
      streamId: event.streamId,
      entityId: entityIdOf(event.streamId),
      endsAt: event.metadata.at,
      dueMs,
      ownerId,
    });
    q.refreshPayouts.run(event.streamId, '');
  };
  const setHold = (streamId: string) => {
    q.hold.run(streamId);
    q.pause.run(1, streamId);
  };
  /** A chargeback opened on the payment: its periods wait for the card issuer, held or not. */
  const chargebackOpened = (event: ProjectedEvent) => {
    q.chargebackOpened.run(event.streamId, disputeIdOf(event));
    setHold(event.streamId);
  };
  const chargebackClosed = (event: ProjectedEvent) => {
    q.chargebackClosed.run(event.streamId, disputeIdOf(event));
    q.repause.run(event.streamId);
  };

  return {
    q,
    start,
    finish,
    deferPayoutUntil,
    setHold,
    chargebackOpened,
    chargebackClosed,
  };
}

type TimerWrites = ReturnType<typeof timerWrites>;

/**
 * A milestone's review and dispute periods (deals with a plan): started, elapsed, stopped by a
 * change request or a dispute, ended by the milestone's outcome. False for an event naming no milestone.
 */
function applyMilestoneTimer(
  { q, start }: TimerWrites,
  event: ProjectedEvent,
): boolean {
  const data = event.data as Record<string, unknown>;
  if (typeof data.milestone !== 'number') return false;
  const review = `milestone_review:${data.milestone}` as const;
  const dispute = `milestone_dispute:${data.milestone}` as const;
  switch (event.type) {
    case 'ReviewPeriodStarted':
      start(event, review, String(data.endsAt));
      break;
    case 'ReviewPeriodElapsed':
      q.markElapsed.run(atOf(event), event.streamId, review);
      break;
    case 'ChangesRequested':
      q.removeKind.run(event.streamId, review);
      break;
    case 'DisputeOpened':
      q.removeKind.run(event.streamId, review);
      start(event, dispute, String(data.endsAt));
      break;
    case 'DisputePeriodElapsed':
      q.markElapsed.run(atOf(event), event.streamId, dispute);
      break;
    case 'TransferFailed':
      q.retryLater.run(atOf(event) + RELEASE_RETRY_MS, event.streamId);
      break;
    case 'FundsReleased':
    case 'DealRefunded':
    case 'DealSplitRequested':
      q.removeKind.run(event.streamId, review);
      q.removeKind.run(event.streamId, dispute);
      break;
    default:
      break;
  }
  return true;
}

/** The milestone periods a resume extended, as timer kinds and their new ends. */
function milestoneEnds(list: unknown): [TimerKind, unknown][] {
  if (!Array.isArray(list)) return [];
  return (
    list as {
      milestone: number;
      reviewPeriodEndsAt: unknown;
      disputePeriodEndsAt: unknown;
    }[]
  ).flatMap((m): [TimerKind, unknown][] => [
    [`milestone_review:${m.milestone}`, m.reviewPeriodEndsAt],
    [`milestone_dispute:${m.milestone}`, m.disputePeriodEndsAt],
  ]);
}

/** A deal's review and dispute periods, their holds, and the retry after a refused transfer. */
function applyDealTimer(t: TimerWrites, event: ProjectedEvent): void {
  if (applyMilestoneTimer(t, event)) return;
  const { q, start, finish, setHold } = t;
  const data = event.data as Record<string, unknown>;
  switch (event.type) {
    case 'ReviewPeriodStarted':
      return void start(event, 'review_period', String(data.endsAt));
    case 'ReviewPeriodElapsed':
      return void q.markElapsed.run(
        atOf(event),
        event.streamId,
        'review_period',
      );
    // The review stops while the creator works on the changes; the redelivery starts a new one.
    case 'ChangesRequested':
      return void q.removeKind.run(event.streamId, 'review_period');
    case 'DisputeOpened':
      q.removeKind.run(event.streamId, 'review_period');
      return void start(event, 'dispute_period', String(data.endsAt));
    case 'DisputePeriodElapsed':
      return void q.markElapsed.run(
        atOf(event),
        event.streamId,
        'dispute_period',
      );
    case 'TransferFailed':
      return void q.retryLater.run(
        atOf(event) + RELEASE_RETRY_MS,
        event.streamId,
      );
    case 'DealPutOnHold':
      return setHold(event.streamId);
    case 'ChargebackOpened':
      // The machine holds money still in escrow; after release there is nothing left to time.
      if (heldStates.test(event.metadata.state ?? ''))
        t.chargebackOpened(event);
      return;
    case 'ChargebackClosed':
      return t.chargebackClosed(event);
    case 'DealReleasedFromHold':
      q.unhold.run(event.streamId);
      for (const [kind, endsAt] of [
        ['review_period', data.reviewPeriodEndsAt],
        ['dispute_period', data.disputePeriodEndsAt],
        ...milestoneEnds(data.milestones),
      ] as const) {
        if (typeof endsAt === 'string')
          q.extend.run(endsAt, Date.parse(endsAt), event.streamId, kind);
      }
      // A chargeback still open keeps the periods waiting for the card issuer.
      return void q.repause.run(event.streamId);
    case 'FundsReleased':
    case 'DealCompletedManually':
    case 'DealRefunded':
    case 'DealDeleted':
    // A split is the deal's last money effect: no period runs out after it.
    case 'DealSplitRequested':
      return finish(event.streamId);
    default:
      return;
  }
}

/** A payment request's review and dispute periods: started, elapsed (a release retry after a refusal), ended by a release. */
function applyRequestPeriod(
  { q, start }: TimerWrites,
  event: ProjectedEvent,
): void {
  const data = event.data as Record<string, unknown>;
  switch (event.type) {
    case 'PaymentRequestDelivered':
      return void start(
        event,
        'request_review',
        String(data.reviewPeriodEndsAt),
      );
    case 'PaymentRequestReviewElapsed':
      return void q.markElapsed.run(
        atOf(event),
        event.streamId,
        'request_review',
      );
    case 'PaymentRequestDisputeOpened':
      q.removeKind.run(event.streamId, 'request_review');
      return void start(event, 'request_dispute', String(data.endsAt));
    case 'PaymentRequestDisputeElapsed':
      return void q.markElapsed.run(
        atOf(event),
        event.streamId,
        'request_dispute',
      );
    // Released (now or deferred), refunded or split: no period runs out after it.
    case 'PaymentRequestPayoutRequested':
    case 'PaymentRequestRefunded':
    case 'PaymentRequestSplitRequested':
      q.removeKind.run(event.streamId, 'request_review');
      return void q.removeKind.run(event.streamId, 'request_dispute');
    default:
      return;
  }
}

/** A payment request's expiry, its deferred payouts and holds, and the creators whose payouts are ready. */
function applyRequestTimer(t: TimerWrites, event: ProjectedEvent): void {
  const { q, start, deferPayoutUntil } = t;
  const data = event.data as Record<string, unknown>;
  applyRequestPeriod(t, event);
  switch (event.type) {
    case 'PaymentRequestCreated':
      return void start(event, 'request_expiry', String(data.expiresAt));
    case 'PaymentRequestPayoutFailed':
      // A refused payout is asked again by the timer once the account is ready, not at once.
      return deferPayoutUntil(event, atOf(event) + RELEASE_RETRY_MS);
    case 'PaymentRequestPayoutDeferred':
      q.removeKind.run(event.streamId, 'request_review');
      q.removeKind.run(event.streamId, 'request_dispute');
      return deferPayoutUntil(event, atOf(event));
    case 'PaymentRequestChargebackOpened':
      t.chargebackOpened(event);
      return void q.refreshPayouts.run(event.streamId, '');
    case 'PaymentRequestChargebackClosed':
      t.chargebackClosed(event);
      return void q.refreshPayouts.run(event.streamId, '');
    case 'PaymentRequestHoldReleased':
      q.unhold.run(event.streamId);
      // The review or dispute period runs again once no chargeback is open (a deferred payout
      // also waits for its creator).
      q.repause.run(event.streamId);
      return void q.refreshPayouts.run(event.streamId, '');
    case 'PayoutAccountStatusChanged': {
      const userId = event.streamId.replace(/^user-/, '');
      if (data.payoutsEnabled === true) q.ready.run(userId);
      else q.notReady.run(userId);
      return void q.refreshPayouts.run('', userId);
    }
    case 'PaymentRequestPaid':
      // Paid: it no longer expires (only the expiry timer exists before payment).
      return void q.removeKind.run(event.streamId, 'request_expiry');
    case 'PaymentRequestCompleted':
    case 'PaymentRequestRefunded':
    case 'PaymentRequestExpired':
    case 'PaymentRequestRejected':
      return void q.remove.run(event.streamId);
    default:
      return;
  }
}

interface TimerRow {
  stream_id: string;
  kind: TimerKind;
  entity_id: number;
  ends_at: string;
  elapsed: number;
}

/** Timers due at `nowIso`, oldest first; paused (held) timers are never due. */
export function dueTimers(
  db: Database,
  nowIso: string,
  limit: number,
): DueTimer[] {
  const rows = db
    .prepare<
      [number, number],
      TimerRow
    >('SELECT stream_id, kind, entity_id, ends_at, elapsed FROM timers WHERE paused = 0 AND due_ms <= ? ORDER BY due_ms LIMIT ?')
    .all(Date.parse(nowIso), limit);
  return rows.map((r) => ({
    streamId: r.stream_id,
    kind: r.kind,
    entityId: r.entity_id,
    endsAt: r.ends_at,
    elapsed: r.elapsed === 1,
  }));
}

/** Due timers not fired yet (metrics): how many per kind, and the oldest one's due time (ms). */
export function timerBacklog(
  db: Database,
  nowMs: number,
): { counts: Partial<Record<TimerKind, number>>; oldestDueMs: number | null } {
  const rows = db
    .prepare<
      [number],
      { kind: TimerKind; n: number; oldest: number }
    >('SELECT kind, COUNT(*) AS n, MIN(due_ms) AS oldest FROM timers WHERE paused = 0 AND due_ms <= ? GROUP BY kind')
    .all(nowMs);
  const counts: Partial<Record<TimerKind, number>> = {};
  let oldestDueMs: number | null = null;
  for (const row of rows) {
    counts[row.kind] = row.n;
    oldestDueMs =
      oldestDueMs === null ? row.oldest : Math.min(oldestDueMs, row.oldest);
  }
  return { counts, oldestDueMs };
}

/** When the next unpaused timer falls due after `afterMs` (ms since the epoch), or null when none is waiting. */
export function nextDueMs(db: Database, afterMs: number): number | null {
  const row = db
    .prepare<
      [number],
      { due: number | null }
    >('SELECT MIN(due_ms) AS due FROM timers WHERE paused = 0 AND due_ms > ?')
    .get(afterMs);
  return row?.due ?? null;
}

/** Whether the stream's periods wait: it is held, or a chargeback on its payment is open (SQL, 0 or 1). */
const waitsFor = (stream: string): string =>
  `(EXISTS (SELECT 1 FROM timer_holds h WHERE h.stream_id = ${stream})
    OR EXISTS (SELECT 1 FROM timer_chargebacks c WHERE c.stream_id = ${stream}))`;

/** The timers projection's statements over its four tables. */
function timerStatements(db: Database) {
  const upsert = db.prepare(
    `INSERT INTO timers (stream_id, kind, entity_id, ends_at, due_ms, paused, elapsed)
     VALUES (@streamId, @kind, @entityId, @endsAt, @dueMs, ${waitsFor('@streamId')}, 0)
     ON CONFLICT(stream_id, kind) DO UPDATE SET ends_at = excluded.ends_at, due_ms = excluded.due_ms, elapsed = 0`,
  );
  const remove = db.prepare<[string]>('DELETE FROM timers WHERE stream_id = ?');
  const removeKind = db.prepare<[string, string]>(
    'DELETE FROM timers WHERE stream_id = ? AND kind = ?',
  );
  const markElapsed = db.prepare<[number, string, string]>(
    'UPDATE timers SET elapsed = 1, due_ms = ? WHERE stream_id = ? AND kind = ?',
  );
  const retryLater = db.prepare<[number, string]>(
    'UPDATE timers SET due_ms = ? WHERE stream_id = ? AND elapsed = 1',
  );
  const extend = db.prepare<[string, number, string, string]>(
    'UPDATE timers SET ends_at = ?, due_ms = ? WHERE stream_id = ? AND kind = ? AND elapsed = 0',
  );
  const pause = db.prepare<[number, string]>(
    'UPDATE timers SET paused = ? WHERE stream_id = ?',
  );
  /** Pauses a stream's periods while it is held or a chargeback is open, else lets them run. */
  const repause = db.prepare<[string]>(
    `UPDATE timers SET paused = ${waitsFor('timers.stream_id')} WHERE stream_id = ? AND kind <> 'deferred_payout'`,
  );
  const chargebackOpened = db.prepare<[string, string]>(
    'INSERT OR IGNORE INTO timer_chargebacks (stream_id, dispute_id) VALUES (?, ?)',
  );
  const chargebackClosed = db.prepare<[string, string]>(
    'DELETE FROM timer_chargebacks WHERE stream_id = ? AND dispute_id = ?',
  );
  const chargebacksEnded = db.prepare<[string]>(
    'DELETE FROM timer_chargebacks WHERE stream_id = ?',
  );
  const hold = db.prepare<[string]>(
    'INSERT OR IGNORE INTO timer_holds (stream_id) VALUES (?)',
  );
  const unhold = db.prepare<[string]>(
    'DELETE FROM timer_holds WHERE stream_id = ?',
  );
  const deferPayout = db.prepare(
    `INSERT OR IGNORE INTO timers (stream_id, kind, entity_id, ends_at, due_ms, paused, elapsed, owner_id)
     VALUES (@streamId, 'deferred_payout', @entityId, @endsAt, @dueMs, 1, 0, @ownerId)`,
  );
  const ready = db.prepare<[string]>(
    'INSERT OR IGNORE INTO timer_payout_ready (user_id) VALUES (?)',
  );
  const notReady = db.prepare<[string]>(
    'DELETE FROM timer_payout_ready WHERE user_id = ?',
  );
  // A deferred payout runs only when its creator is ready and no chargeback holds the request.
  const refreshPayouts = db.prepare<[string, string]>(
    `UPDATE timers SET paused = (${waitsFor('timers.stream_id')}
       OR NOT EXISTS (SELECT 1 FROM timer_payout_ready r WHERE r.user_id = timers.owner_id))
     WHERE kind = 'deferred_payout' AND (stream_id = ? OR owner_id = ?)`,
  );
  return {
    upsert,
    remove,
    removeKind,
    markElapsed,
    retryLater,
    extend,
    pause,
    repause,
    chargebackOpened,
    chargebackClosed,
    chargebacksEnded,
    hold,
    unhold,
    deferPayout,
    ready,
    notReady,
    refreshPayouts,
  };
}
