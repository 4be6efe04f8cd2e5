import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@server/event-store/event-store';
import type { Reactor } from '@server/reactors/reactor';
import { createReactorRunner } from '@server/reactors/reactor-runner';
import {
  createDeal,
  createTestApp,
  registerUser,
  type TestApp,
} from '@tests/support/test-app';

/* The reactor runner as the notifications reactor uses it: starts at the head the first time, waits for the read models, keeps a checkpoint, retries a failure. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

function recorder(
  name: string,
  failFirst = 0,
): Reactor & { seen: RecordedEvent[]; failures: number } {
  let failures = 0;
  const seen: RecordedEvent[] = [];
  return {
    name,
    seen,
    get failures() {
      return failures;
    },
    async handle(event) {
      if (failures < failFirst) {
        failures++;
        throw new Error('not yet');
      }
      seen.push(event);
    },
  };
}

async function start(reactor: Reactor) {
  const runner = createReactorRunner({
    store: t.ctx.store,
    db: t.ctx.readDb,
    reactors: [reactor],
    firstStart: 'head',
    before: (event) => t.ctx.runner.waitForPosition(event.position),
    retryDelayMs: 5,
  });
  await runner.start();
  return runner;
}

describe('reactor runner, first start at the head', () => {
  it('starts at the head when new, resumes from its checkpoint, and retries a failing event until it succeeds', async () => {
    const brand = await registerUser(t.app);
    await createDeal(t.app, brand.token);
    const head = await t.ctx.store.headPosition();

    const first = recorder('test-reactor', 2);
    const sub = await start(first);
    await createDeal(t.app, brand.token);
    const afterSecond = await t.ctx.store.headPosition();
    await expect.poll(() => first.seen.at(-1)?.position).toBe(afterSecond);
    expect(first.seen.every((e) => e.position > head)).toBe(true);
    expect(first.failures).toBe(2);
    expect(new Set(first.seen.map((e) => e.id)).size).toBe(first.seen.length);
    await sub.stop();

    await createDeal(t.app, brand.token);
    const again = recorder('test-reactor');
    const resumed = await start(again);
    const last = await t.ctx.store.headPosition();
    await expect.poll(() => again.seen.at(-1)?.position).toBe(last);
    expect(again.seen[0]!.position).toBeGreaterThan(afterSecond);
    await resumed.stop();
  });
});
