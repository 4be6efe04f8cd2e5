import { describe, expect, it } from 'vitest';
import {
  createGroupCommitQueue,
  type BatchOutcome,
} from '@server/event-store/group-commit-queue';

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
    return new Promise<BatchOutcome<number>[]>((resolve) =>
      finish.push(() =>
        resolve(items.map((item) => ({ ok: true, value: item.n }))),
      ),
    );
  };
  return { batches, finish, write };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('group commit queue with two batches in flight', () => {
  it('writes what arrives during a batch at once in a second one, and a burst in one batch', async () => {
    const writer = controlledWriter();
    const queue = createGroupCommitQueue(writer.write, 100, {
      inFlight: 2,
      keyOf: (item: Item) => item.stream,
    });
    const submit = (from: number, count: number) =>
      Array.from({ length: count }, (_, i) =>
        queue.submit({ stream: `s${from + i}`, n: from + i }),
      );
    const burst = submit(0, 4);
    await turn();
    const during = submit(4, 3);
    await turn();
    // Both turns are taken: the next items wait for the first free one.
    const later = submit(7, 2);
    await turn();
    expect(writer.batches.map((batch) => batch.map((item) => item.n))).toEqual([
      [0, 1, 2, 3],
      [4, 5, 6],
    ]);
    writer.finish[0]!();
    await turn();
    await turn();
    expect(writer.batches[2]!.map((item) => item.n)).toEqual([7, 8]);
    writer.finish[1]!();
    writer.finish[2]!();
    expect(await Promise.all([...burst, ...during, ...later])).toEqual([
      0, 1, 2, 3, 4, 5, 6, 7, 8,
    ]);
  });

  it("keeps one stream's items in submission order: a later one waits until the batch with an earlier one is written", async () => {
    const writer = controlledWriter();
    const queue = createGroupCommitQueue(writer.write, 100, {
      inFlight: 2,
      keyOf: (item: Item) => item.stream,
    });
    const first = [
      queue.submit({ stream: 'a', n: 1 }),
      queue.submit({ stream: 'b', n: 2 }),
    ];
    await turn();
    const later = [
      queue.submit({ stream: 'a', n: 3 }),
      queue.submit({ stream: 'c', n: 4 }),
    ];
    await turn();
    await turn();
    // The second turn is free, but a's later item may not overtake its earlier one: c goes alone.
    expect(writer.batches).toEqual([
      [
        { stream: 'a', n: 1 },
        { stream: 'b', n: 2 },
      ],
      [{ stream: 'c', n: 4 }],
    ]);
    writer.finish[1]!();
    await turn();
    await turn();
    expect(writer.batches).toHaveLength(2);
    writer.finish[0]!();
    await turn();
    await turn();
    expect(writer.batches[2]).toEqual([{ stream: 'a', n: 3 }]);
    writer.finish[2]!();
    expect(await Promise.all([...first, ...later])).toEqual([1, 2, 3, 4]);
    await queue.drain();
  });

  it('given a burst that finds nothing being written, then it goes out as two halves on the two turns; a backlog above the limit, or a burst while the store is shared, goes out whole', async () => {
    let alone = true;
    const writer = controlledWriter();
    const queue = createGroupCommitQueue(writer.write, 100, {
      inFlight: 2,
      keyOf: (item: Item) => item.stream,
      splitBurst: { min: 4, max: 10, when: () => alone },
    });
    const submit = (from: number, count: number) =>
      Array.from({ length: count }, (_, i) =>
        queue.submit({ stream: `s${from + i}`, n: from + i }),
      );
    const sizes = () => writer.batches.map((batch) => batch.length);
    const finishAll = async () => {
      for (const finish of writer.finish.splice(0)) finish();
      await turn();
      await turn();
    };

    const burst = submit(0, 6);
    await turn();
    await turn();
    expect(sizes()).toEqual([3, 3]);
    await finishAll();

    const small = submit(6, 3); // below min: one batch
    await turn();
    await finishAll();
    const backlog = submit(9, 12); // above max: one batch
    await turn();
    await finishAll();
    alone = false;
    const shared = submit(21, 6); // another writer is about: one batch
    await turn();
    await finishAll();
    expect(sizes()).toEqual([3, 3, 3, 12, 6]);
    expect(
      await Promise.all([...burst, ...small, ...backlog, ...shared]),
    ).toEqual(Array.from({ length: 27 }, (_, i) => i));
  });
});
