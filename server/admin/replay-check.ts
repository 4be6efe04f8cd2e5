import type { AnyMachineSnapshot, AnyStateMachine } from 'xstate';
import { dealMachine } from '@machines/deal/deal.machine';
import { decodeEvent, EventDecodeError } from '@machines/events/codec';
import { paymentRequestMachine } from '@machines/payment-request/payment-request.machine';
import { initialOf, stateKey, step } from '@machines/statechart';
import type { EventStore } from '../event-store/event-store';

/**
 * `npm run replay-check`: folds every stored deal and payment request through the statecharts
 * as they are now and lists each stream the current version would refuse (an event its snapshot
 * cannot take, or one the catalogue no longer decodes) or that ends in another state than the
 * writer recorded (`metadata.state`). Run before deploying a machine change.
 */
export interface ReplayProblem {
  streamId: string;
  revision: number;
  position: number;
  type: string;
  kind: 'refused' | 'undecodable' | 'different_state';
  /** The state the writer recorded, and what the current machine reaches (different_state). */
  recorded: string | null;
  replayed: string | null;
  message: string;
}

const machines: [prefix: string, machine: AnyStateMachine][] = [
  ['deal-', dealMachine],
  ['payment-request-', paymentRequestMachine],
];

interface Folding {
  machine: AnyStateMachine;
  snapshot: AnyMachineSnapshot;
  /** Once refused the rest of the stream is not judged: one problem per stream. */
  failed: boolean;
  last: {
    revision: number;
    position: number;
    type: string;
    recorded: string | null;
  } | null;
}

type Stored = Awaited<ReturnType<EventStore['readAll']>>[number];

/** Steps the stream's snapshot with one stored event; the problem if it cannot be decoded or is refused (the stream is then failed). */
function foldOne(f: Folding, r: Stored): ReplayProblem | null {
  const at = {
    streamId: r.streamId,
    revision: r.revision,
    position: r.position,
    type: r.type,
  };
  let event;
  try {
    event = decodeEvent(r);
  } catch (error) {
    if (!(error instanceof EventDecodeError)) throw error;
    f.failed = true;
    return {
      ...at,
      kind: 'undecodable',
      recorded: null,
      replayed: null,
      message: error.message,
    };
  }
  if (!f.snapshot.can(event)) {
    f.failed = true;
    const state = stateKey(f.snapshot.value);
    return {
      ...at,
      kind: 'refused',
      recorded: event.metadata.state ?? null,
      replayed: state,
      message: `the current machine refuses ${r.type} in state ${state}`,
    };
  }
  f.snapshot = step(
    f.machine,
    f.snapshot,
    event as never,
  ) as AnyMachineSnapshot;
  f.last = {
    revision: r.revision,
    position: r.position,
    type: r.type,
    recorded: event.metadata.state ?? null,
  };
  return null;
}

/** A stream that folded through but ends in another state than its writer recorded. */
function endStateProblem(streamId: string, f: Folding): ReplayProblem | null {
  if (f.failed || !f.last || f.last.recorded === null) return null;
  const replayed = stateKey(f.snapshot.value);
  if (replayed === f.last.recorded) return null;
  return {
    streamId,
    revision: f.last.revision,
    position: f.last.position,
    type: f.last.type,
    kind: 'different_state',
    recorded: f.last.recorded,
    replayed,
    message: `recorded ${f.last.recorded}, the current machine ends in ${replayed}`,
  };
}

export async function replayCheck(
  store: Pick<EventStore, 'readAll'>,
  pageSize = 5_000,
): Promise<{ streams: number; events: number; problems: ReplayProblem[] }> {
  const streams = new Map<string, Folding>();
  const problems: ReplayProblem[] = [];
  let after = 0;
  let events = 0;
  for (;;) {
    const page = await store.readAll({ after, maxCount: pageSize });
    for (const r of page) {
      const entry = machines.find(([prefix]) => r.streamId.startsWith(prefix));
      if (!entry) continue;
      events += 1;
      let f = streams.get(r.streamId);
      if (!f)
        streams.set(
          r.streamId,
          (f = {
            machine: entry[1],
            snapshot: initialOf(entry[1]) as AnyMachineSnapshot,
            failed: false,
            last: null,
          }),
        );
      if (f.failed) continue;
      const problem = foldOne(f, r);
      if (problem) problems.push(problem);
    }
    // A short page is not the end (an adapter may skip system events): only an empty one is.
    if (page.length === 0) break;
    after = page[page.length - 1]!.position;
  }
  for (const [streamId, f] of streams) {
    const problem = endStateProblem(streamId, f);
    if (problem) problems.push(problem);
  }
  problems.sort((a, b) => a.position - b.position);
  return { streams: streams.size, events, problems };
}
