import type { Database } from 'better-sqlite3';
import type { NotificationChannel } from '@machines/notifications/notification.events';
import {
  WrongExpectedVersion,
  type RecordedEvent,
} from '../event-store/event-store';
import {
  MAX_ATTEMPTS,
  attemptSend,
  type AttemptDeps,
} from './notification-attempts';
import {
  planNotifications,
  recipientKey,
  type NotificationFacts,
} from './notification-plan';
import { appendNotificationEvent } from './notification-streams';
import { createTimedReactor } from '../reactors/due-time-scheduler';

const actor = { kind: 'system' as const, id: 'notification-retries' };

/** The events of a claim stream: the claim, a take-over, and the two outcomes. */
const claimEventTypes: ReadonlySet<string> = new Set([
  'NotificationSent',
  'NotificationRetaken',
  'NotificationDelivered',
  'NotificationSendFailed',
]);

interface OpenClaim {
  stream_id: string;
  event_position: number;
  recipient: string;
  channel: NotificationChannel;
  kind: string;
  revision: number;
  attempt: number;
  claimed_at: string;
}

/** The open claims (no outcome yet, or a failed attempt to try again), in the instance's read database. */
function claimTable(db: Database) {
  const setup = () =>
    db.exec(`
      CREATE TABLE IF NOT EXISTS notification_claims (
        stream_id TEXT PRIMARY KEY, event_position INTEGER NOT NULL, recipient TEXT NOT NULL,
        channel TEXT NOT NULL, kind TEXT NOT NULL, revision INTEGER NOT NULL,
        attempt INTEGER NOT NULL, due_ms INTEGER NOT NULL, claimed_at TEXT NOT NULL);
      CREATE INDEX IF NOT EXISTS notification_claims_due ON notification_claims (due_ms);`);
  setup();
  const open = db.prepare(`INSERT OR IGNORE INTO notification_claims VALUES
    (@stream, @position, @recipient, @channel, @kind, @revision, 1, @due, @at)`);
  // Only a newer revision moves a row, so an event handed over again after a crash changes nothing.
  const move = db.prepare(`UPDATE notification_claims SET revision = @revision,
    attempt = @attempt, due_ms = @due WHERE stream_id = @stream AND revision < @revision`);
  const close = db.prepare(
    'DELETE FROM notification_claims WHERE stream_id = ?',
  );
  const due = db.prepare(
    'SELECT * FROM notification_claims WHERE due_ms <= ? ORDER BY due_ms LIMIT 50',
  );
  const next = db.prepare('SELECT min(due_ms) AS at FROM notification_claims');
  const later = db.prepare(
    'UPDATE notification_claims SET due_ms = ? WHERE stream_id = ? AND revision = ?',
  );
  return {
    fold(event: RecordedEvent): void {
      const data = event.data as Record<string, unknown>;
      const stream = event.streamId;
      const revision = event.revision;
      if (event.type === 'NotificationSent') {
        // Claims written before leases name no position: nothing could send them again.
        if (
          typeof data.position !== 'number' ||
          typeof data.leaseUntil !== 'string'
        )
          return;
        const { recipient, channel, kind } = data as Record<string, string>;
        const due = Date.parse(data.leaseUntil);
        const at =
          (event.metadata as { at?: string } | null)?.at ?? event.recordedAt;
        open.run({
          stream,
          position: data.position,
          recipient,
          channel,
          kind,
          revision,
          due,
          at,
        });
      } else if (event.type === 'NotificationRetaken') {
        const due = Date.parse(data.leaseUntil as string);
        move.run({ stream, revision, attempt: data.attempt, due });
      } else if (
        event.type === 'NotificationDelivered' ||
        data.final === true
      ) {
        close.run(stream);
      } else {
        const due = Date.parse(
          (data.retryAt as string | undefined) ?? event.recordedAt,
        );
        move.run({ stream, revision, attempt: data.attempt, due });
      }
    },
    due: (nowMs: number) => due.all(nowMs) as OpenClaim[],
    nextDueMs: () => (next.get() as { at: number | null }).at,
    later: (claim: OpenClaim, dueMs: number) =>
      later.run(dueMs, claim.stream_id, claim.revision),
    reset(): void {
      db.exec('DROP TABLE IF EXISTS notification_claims');
      setup();
    },
  };
}

export interface NotificationRetriesDeps extends Omit<AttemptDeps, 'actor'> {
  db: Database;
  facts: NotificationFacts;
}

/** Takes one open claim over (or closes it after the last attempt) and sends it again. */
function createRetry(deps: NotificationRetriesDeps) {
  const { store, clock, facts, leaseMs } = deps;
  const attemptDeps: AttemptDeps = { ...deps, actor };
  const append = (claim: OpenClaim, type: string, data: unknown) =>
    appendNotificationEvent(
      { store, clock },
      claim.stream_id,
      { type, data },
      claim.revision,
      {
        actor,
      },
    );

  /** Plans the claim's notification again from its causing event, as it would be sent now. */
  async function replan(claim: OpenClaim) {
    const [event] = await store.readAll({
      after: claim.event_position - 1,
      maxCount: 1,
    });
    if (!event || event.position !== claim.event_position) return undefined;
    return planNotifications(event, facts).find(
      (n) =>
        recipientKey(n.recipient) === claim.recipient &&
        n.kind === claim.kind &&
        n.channels.includes(claim.channel) &&
        (claim.channel !== 'email' || !!n.email),
    );
  }

  return async (claim: OpenClaim, nowMs: number): Promise<void> => {
    if (claim.attempt >= MAX_ATTEMPTS) {
      const reason =
        'no outcome was recorded before the last attempt’s lease ended';
      await append(claim, 'NotificationSendFailed', {
        attempt: claim.attempt,
        reason,
        final: true,
      });
      return;
    }
    const attempt = claim.attempt + 1;
    const leaseUntil = new Date(nowMs + leaseMs).toISOString();
    const { nextExpectedRevision } = await append(
      claim,
      'NotificationRetaken',
      {
        attempt,
        leaseUntil,
      },
    );
    const taken = { ...claim, revision: nextExpectedRevision, attempt };
    const n = await replan(claim);
    if (!n) {
      const reason =
        'no longer to be sent (the recipient’s settings or the deal changed)';
      await append(taken, 'NotificationSendFailed', {
        attempt,
        reason,
        final: true,
      });
      return;
    }
    const claimedAt = new Date(claim.claimed_at);
    await attemptSend(
      attemptDeps,
      {
        streamId: claim.stream_id,
        revision: taken.revision,
        attempt,
        claimedAt,
      },
      n,
      claim.channel,
    );
  };
}

/**
 * Sends again what a claimer left without an outcome: its instance died between the claim and the
 * outcome, or its attempt failed. Every instance folds the claim streams into its table of open
 * claims and sleeps until the next lease ends; then it appends NotificationRetaken at the stream's
 * revision (one instance wins), plans the notification again from the causing event and sends
 * it. After the third attempt the claim is closed as failed.
 */
export function createNotificationRetriesReactor(
  deps: NotificationRetriesDeps,
) {
  const { clock, leaseMs } = deps;
  const claims = claimTable(deps.db);
  const retry = createRetry(deps);

  async function fireDue(): Promise<number> {
    const nowMs = clock.now().getTime();
    let fired = 0;
    for (const claim of claims.due(nowMs)) {
      // Not again before its events come back: the fold then moves or closes the row.
      claims.later(claim, nowMs + leaseMs);
      try {
        await retry(claim, nowMs);
        fired++;
      } catch (error) {
        // Another instance took it over or recorded its outcome first.
        if (!(error instanceof WrongExpectedVersion)) throw error;
      }
    }
    return fired;
  }

  return createTimedReactor({
    name: 'notification-retries',
    types: claimEventTypes,
    fold: claims.fold,
    reset: claims.reset,
    clock,
    fireDue,
    nextDueMs: () => claims.nextDueMs(),
    onError: (error) =>
      console.error(
        'Notification retries:',
        (error as Error)?.message ?? error,
      ),
  });
}
