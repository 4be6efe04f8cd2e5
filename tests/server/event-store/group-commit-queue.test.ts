import { describe, expect, it } from 'vitest';
import { createGroupCommitQueue, type BatchOutcome } from '../../../server/event-store/group-commit-queue';

interface Item {
  stream: string;
  n: number;
}

/** A writer whose batches finish only when the test says so, recording each batch it was handed. */
function controlledWriter() {
  const batches: Item[][] = [];
  const finish: (() => void)[] = [];
  const write = (items: Item[]) => {
    batches.push(items);
    return new Promise<BatchOutcome<number>[]>((resolve) => finish.push(() => resolve(items.map((item) => ({ ok: true, value: item.n })))));
  };
  return { batches, finish, write };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('group commit queue with two batches in flight', () => {
  it('shares what waits over both turns, so the second batch is written while the first one still is', async () => {
    const writer = controlledWriter();
    const queue = createGroupCommitQueue(writer.write, 100, { inFlight: 2, keyOf: (item: Item) => item.stream });
    const done = Array.from({ length: 8 }, (_, n) => queue.submit({ stream: `s${n}`, n }));
    await turn();
    await turn();
    expect(writer.batches.map((batch) => batch.map((item) => item.n))).toEqual([
      [0, 1, 2, 3],
      [4, 5, 6, 7],
    ]);
    writer.finish.forEach((finish) => finish());
    expect(await Promise.all(done)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it("keeps one stream's items in submission order: together in one batch, or held until the batch with an earlier one is written", async () => {
    const writer = controlledWriter();
    const queue = createGroupCommitQueue(writer.write, 100, { inFlight: 2, keyOf: (item: Item) => item.stream });
    const first = [queue.submit({ stream: 'a', n: 1 }), queue.submit({ stream: 'a', n: 2 }), queue.submit({ stream: 'b', n: 3 })];
    await turn();
    await turn();
    // Room for two items per batch, but a's two stay together; b goes beside them in the second turn.
    expect(writer.batches).toEqual([
      [
        { stream: 'a', n: 1 },
        { stream: 'a', n: 2 },
      ],
      [{ stream: 'b', n: 3 }],
    ]);
    // b's batch is written; a's later item waits for the batch still holding a's earlier ones.
    writer.finish[1]!();
    const later = [queue.submit({ stream: 'a', n: 4 }), queue.submit({ stream: 'c', n: 5 })];
    await turn();
    await turn();
    expect(writer.batches[2]).toEqual([{ stream: 'c', n: 5 }]);
    writer.finish[0]!();
    await turn();
    await turn();
    expect(writer.batches[3]).toEqual([{ stream: 'a', n: 4 }]);
    writer.finish[2]!();
    writer.finish[3]!();
    expect(await Promise.all([...first, ...later])).toEqual([1, 2, 3, 4, 5]);
    await queue.drain();
  });
});
