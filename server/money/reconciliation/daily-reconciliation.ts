import { problems, reconcile, type ReconcileDeps } from './reconcile';
import {
  StreamNotFound,
  WrongExpectedVersion,
  type EventStore,
} from '../../event-store/event-store';
import {
  appendNotificationEvent,
  uuidFrom,
} from '../../notifications/notification-streams';
import type { Clock } from '../../shared/clock';
import { createIntervalTicker } from '../../shared/interval-ticker';

const DAY_MS = 86_400_000;
/** Each daily run looks back two days, so a movement recorded around the previous run is never missed. */
const LOOKBACK_MS = 2 * DAY_MS;
const actor = { kind: 'system' as const, id: 'reconciliation' };

export const reconciliationStreamId = (day: string): string =>
  `reconciliation-${day}`;

export interface DailyReconciliationDeps extends ReconcileDeps {
  store: EventStore;
  clock: Clock;
  /** The UTC hour from which each day's run is due. */
  hourUtc: number;
  intervalMs?: number;
  onError?: (error: unknown) => void;
}

/**
 * Once a day (the first tick at or after `hourUtc`), compares the ledger with the gateway and
 * records the result as ReconciliationCompleted on that day's stream, appended with "no stream"
 * expected and a fixed id: however many instances tick, one result is recorded, and the
 * notifications reactor alerts the admins when it names a mismatch.
 */
export function createDailyReconciliation({
  store,
  gateway,
  clock,
  hourUtc,
  intervalMs = 10 * 60_000,
  onError,
}: DailyReconciliationDeps) {
  async function alreadyRan(streamId: string): Promise<boolean> {
    try {
      await store.readStream(streamId, { maxCount: 1 });
      return true;
    } catch (error) {
      if (error instanceof StreamNotFound) return false;
      throw error;
    }
  }

  /** Runs today's reconciliation if it is due and not recorded yet; resolves true when this call recorded it. */
  async function runTick(): Promise<boolean> {
    const now = clock.now();
    if (now.getUTCHours() < hourUtc) return false;
    const streamId = reconciliationStreamId(now.toISOString().slice(0, 10));
    if (await alreadyRan(streamId)) return false;
    const report = await reconcile(
      { store, gateway },
      { since: new Date(now.getTime() - LOOKBACK_MS), now },
    );
    const byProblem = Object.fromEntries(
      problems.map((p) => [
        p,
        report.mismatches.filter((m) => m.problem === p).length,
      ]),
    );
    const data = {
      since: report.since,
      until: report.until,
      gateway: report.gateway,
      mismatches: report.mismatches.length,
      byProblem,
      unbalanced: report.trialBalance?.unbalanced.length ?? 0,
    };
    try {
      await appendNotificationEvent(
        { store, clock },
        streamId,
        { type: 'ReconciliationCompleted', data, id: uuidFrom(streamId) },
        'no_stream',
        { actor },
      );
      return true;
    } catch (error) {
      if (error instanceof WrongExpectedVersion) return false;
      throw error;
    }
  }

  return createIntervalTicker(runTick, intervalMs, onError);
}

export type DailyReconciliation = ReturnType<typeof createDailyReconciliation>;
