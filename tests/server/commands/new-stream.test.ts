import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dealAggregate } from '@server/commands/aggregate';
import { DomainError } from '@server/commands/domain-error';
import { actors, dealHistory } from '@tests/support/event-factory';
import {
  ctxOf,
  draftOf,
  givenStream,
  openPipeline,
  rejectionOf,
  type Pipeline,
} from '@tests/support/pipeline';

/** `newStream`: a freshly allocated id needs no read; `no_stream` is what verifies it. */
let p: Pipeline;
beforeEach(() => {
  p = openPipeline('new-stream');
});
afterEach(async () => {
  await p.close();
});

const stream = 'deal-42';

describe('execute with newStream', () => {
  it('given no stream, when a deal is created as new, then it is appended without reading the stream', async () => {
    const reads: string[] = [];
    const readStream = p.store.readStream.bind(p.store);
    p.store.readStream = (id, options) => (
      reads.push(id),
      readStream(id, options)
    );

    const result = await p.bus.execute(
      dealAggregate,
      stream,
      () => [draftOf(dealHistory.created())],
      ctxOf(actors.brand),
      { newStream: true },
    );

    expect(reads).toEqual([]);
    expect(result.revision).toBe(0);
    expect((await p.store.readStream(stream)).map((e) => e.type)).toEqual([
      'DealCreated',
    ]);
  });

  it('given the stream exists after all, when created as new, then the command is decided on the real stream and refused', async () => {
    await givenStream(p, dealAggregate, stream, [dealHistory.created()]);
    const fresh = p.newBus();

    const error = await rejectionOf(
      fresh.execute(
        dealAggregate,
        stream,
        () => [draftOf(dealHistory.created())],
        ctxOf(actors.brand),
        { newStream: true },
      ),
    );

    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).kind).toBe('illegal_transition');
    expect((await p.store.readStream(stream)).map((e) => e.type)).toEqual([
      'DealCreated',
    ]);
  });
});
