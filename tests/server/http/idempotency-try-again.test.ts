import Database from 'better-sqlite3';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createIdempotency } from '@server/http/idempotency';
import { createSqliteIdempotencyRecords } from '@server/http/idempotency-records';

/*
 * A refusal that says "try again" (another change met this one, or a rate limit) is not kept as
 * the answer of its Idempotency-Key: the client's retry with the same key runs again and gets the
 * real outcome. A refusal for good is kept and replayed, as before.
 */
type Answer = { status: number; body: object };

async function appAnswering(answers: Answer[]) {
  const idempotency = createIdempotency({
    records: createSqliteIdempotencyRecords(new Database(':memory:')),
  });
  const app = Fastify();
  idempotency.register(app);
  let runs = 0;
  app.post(
    '/api/things/:id/release',
    { preHandler: idempotency.preHandler },
    async (_request, reply) => {
      const answer = answers[Math.min(runs++, answers.length - 1)]!;
      return reply.status(answer.status).send(answer.body);
    },
  );
  await app.ready();
  const post = () =>
    app.inject({
      method: 'POST',
      url: '/api/things/7/release',
      headers: { 'idempotency-key': 'key-1' },
      payload: {},
    });
  return { app, post, runs: () => runs };
}

const concurrency = {
  status: 409,
  body: {
    error: 'concurrency',
    code: 'concurrent_change',
    message: 'The deal was changed by someone else; please try again',
  },
};
const released = { status: 200, body: { status: 'completed' } };

describe('Idempotency-Key and a refusal that says try again', () => {
  let close: (() => Promise<unknown>) | null = null;
  afterEach(async () => close?.());

  it('given a 409 concurrent_change, when the client retries with the same key, then the request runs again and answers its outcome', async () => {
    const { app, post, runs } = await appAnswering([concurrency, released]);
    close = () => app.close();
    expect((await post()).statusCode).toBe(409);
    const retry = await post();
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect(retry.json()).toEqual(released.body);
    expect(runs()).toBe(2);
    // The outcome is now the key's answer.
    const again = await post();
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(runs()).toBe(2);
  });

  it('given a 429, when retried with the same key, then it runs again', async () => {
    const limited = {
      status: 429,
      body: { error: 'too_many_requests', code: 'rate_limited' },
    };
    const { app, post, runs } = await appAnswering([limited, released]);
    close = () => app.close();
    expect((await post()).statusCode).toBe(429);
    expect((await post()).statusCode).toBe(200);
    expect(runs()).toBe(2);
  });

  it('given a refusal for good (409 conflict), when retried with the same key, then the first answer is replayed', async () => {
    const refused = {
      status: 409,
      body: { error: 'conflict', code: 'escrow_insufficient' },
    };
    const { app, post, runs } = await appAnswering([refused, released]);
    close = () => app.close();
    expect((await post()).statusCode).toBe(409);
    const retry = await post();
    expect(retry.statusCode).toBe(409);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(runs()).toBe(1);
  });
});
