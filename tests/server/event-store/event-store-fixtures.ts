import { randomUUID } from 'node:crypto';
import type {
  EventData,
  EventStore,
  RecordedEvent,
} from '@server/event-store/event-store';

/** Fresh stream names, so the suite can share one KurrentDB server with earlier runs. */
export function newStream(prefix = 'contract'): string {
  return `${prefix}-${randomUUID().replaceAll('-', '')}`;
}

export function newEvent(
  type = 'Tested',
  data: Record<string, unknown> = {},
): EventData {
  return {
    id: randomUUID(),
    type,
    data: { ...data, nested: { list: [1, 'two', null], flag: true } },
    metadata: {
      actor: 'contract',
      at: '2025-01-01T00:00:00.000Z',
      correlationId: randomUUID(),
      causationId: null,
    },
  };
}

export function newEvents(count: number, type = 'Tested'): EventData[] {
  return Array.from({ length: count }, (_, n) => newEvent(type, { n }));
}

/** Awaits the rejection and returns the error, failing if the promise resolves. */
export async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the promise to reject, but it resolved');
}

export async function eventually(
  check: () => boolean,
  timeoutMs = 10_000,
  what = 'condition',
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Reads every event after `after` page by page (the way a projection rebuild does). */
export async function readAllPaged(
  store: EventStore,
  after: number,
  pageSize: number,
): Promise<RecordedEvent[]> {
  const all: RecordedEvent[] = [];
  for (;;) {
    const page = await store.readAll({ after, maxCount: pageSize });
    if (page.length === 0) return all;
    all.push(...page);
    after = page[page.length - 1]!.position;
  }
}

export function expectStrictlyIncreasing(positions: number[]): boolean {
  return positions.every(
    (position, i) => i === 0 || position > positions[i - 1]!,
  );
}
