import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { EffectOutcomes } from '@server/money/effect-outcomes';
import { isSimulated } from '@server/money/gateway/create-gateway';
import { pgTestUrl, useTestDatabase } from '@tests/support/postgres';
import {
  claimHeader,
  createPaidRequest,
  deliverPaidDeal,
} from '@tests/support/flow-helpers';
import {
  bearer,
  createDeal,
  createRootAdmin,
  createTestApp,
  registerUser,
  type TestApp,
} from '@tests/support/test-app';

/**
 * A client retries a money command with the same Idempotency-Key after the instance that took it
 * died: the first request recorded the intent and never answered (its claim on the key stays
 * unanswered until it is stale). The retry gets the answer of the intent already recorded — 202
 * while under way, the outcome once known — never a 409 for money that moved.
 */

/** The instance "dies" after recording the intent: its route never gets to wait for the outcome or answer. */
function dieAfterRecording(t: TestApp): () => void {
  const outcomes = t.ctx.payments.outcomes as {
    -readonly [K in keyof EffectOutcomes]: EffectOutcomes[K];
  };
  const { transfer, refund } = outcomes;
  outcomes.transfer = () => new Promise(() => undefined);
  outcomes.refund = () => new Promise(() => undefined);
  return () => {
    outcomes.transfer = transfer;
    outcomes.refund = refund;
  };
}

/** As `dieAfterRecording`, for a split's wait. */
function dieAfterSplit(t: TestApp): () => void {
  const outcomes = t.ctx.payments.outcomes as {
    -readonly [K in keyof EffectOutcomes]: EffectOutcomes[K];
  };
  const { split } = outcomes;
  outcomes.split = () => new Promise(() => undefined);
  return () => {
    outcomes.split = split;
  };
}

const intentsOf = async (t: TestApp, dealId: number, type: string) =>
  (await t.ctx.store.readStream(`deal-${dealId}`)).filter(
    (e) => e.type === type,
  );

async function deliveredDeal(t: TestApp) {
  const brand = await registerUser(t.app);
  const deal = await createDeal(t.app, brand.token);
  await deliverPaidDeal(t.app, t.ctx, brand.token, deal.id);
  return { brand, dealId: deal.id };
}

/** Sends the release from `first` (which dies), waits until its intent is stored, and lets its claim go stale on `second`'s clock. */
async function releaseOnDyingInstance(
  first: TestApp,
  second: TestApp,
  dealId: number,
  headers: Record<string, string>,
) {
  const revive = dieAfterRecording(first);
  void first.app.inject({
    method: 'POST',
    url: `/api/deals/${dealId}/release`,
    headers,
  });
  await expect
    .poll(
      async () =>
        (await intentsOf(first, dealId, 'FundsReleaseRequested')).length,
    )
    .toBe(1);
  second.clock.advance(31_000);
  return revive;
}

describe('a retry with the same Idempotency-Key after the instance that took it died', () => {
  let t: TestApp;
  afterEach(async () => {
    await t.close();
  });

  it('given the release went through, then the retry answers 200 with the completed deal, not a 409, and nothing moves twice', async () => {
    t = await createTestApp();
    const { brand, dealId } = await deliveredDeal(t);
    const headers = {
      ...bearer(brand.token),
      'idempotency-key': `release-${dealId}`,
    };
    const revive = await releaseOnDyingInstance(t, t, dealId, headers);
    revive();
    await t.ctx.quiesce();

    const retry = await t.app.inject({
      method: 'POST',
      url: `/api/deals/${dealId}/release`,
      headers,
    });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json()).toMatchObject({
      success: true,
      pending: false,
      deal: { status: 'completed' },
    });
    expect(await intentsOf(t, dealId, 'FundsReleaseRequested')).toHaveLength(1);
    expect(await intentsOf(t, dealId, 'FundsReleased')).toHaveLength(1);
    const gateway = t.ctx.payments.gateway;
    if (!isSimulated(gateway)) throw new Error('simulated gateway expected');
    expect(
      gateway.ledger.moneyOfGroup(`deal-${dealId}`).transfers,
    ).toHaveLength(1);
    // Remembered now: the next retry is a replay of this answer.
    const replay = await t.app.inject({
      method: 'POST',
      url: `/api/deals/${dealId}/release`,
      headers,
    });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(retry.json());
  });

  it.each([
    ['refund', {}, 'DealRefunded', 'cancelled'],
    [
      'split',
      { creatorCents: 10_000 },
      'SplitRefundSucceeded',
      'split_resolved',
    ],
  ] as const)(
    "given an admin's %s went through, then the retry answers it (200), not deal_already_refunded or split_not_allowed",
    async (action, payload, outcome, status) => {
      t = await createTestApp();
      const { brand, dealId } = await deliveredDeal(t);
      const admin = await createRootAdmin(t);
      if (action === 'split') {
        const disputed = await t.app.inject({
          method: 'POST',
          url: `/api/deals/${dealId}/dispute`,
          headers: bearer(brand.token),
          payload: { reason: 'Not as agreed' },
        });
        expect(disputed.statusCode, disputed.body).toBe(200);
      }
      const request = {
        method: 'POST' as const,
        url: `/api/admin/deals/${dealId}/${action}`,
        headers: { ...bearer(admin), 'idempotency-key': `${action}-${dealId}` },
        payload,
      };
      const revive = dieAfterRecording(t);
      const split = dieAfterSplit(t);
      void t.app.inject(request);
      await expect
        .poll(async () => (await intentsOf(t, dealId, outcome)).length, {
          timeout: 5_000,
        })
        .toBe(1);
      revive();
      split();
      t.clock.advance(31_000);

      const retry = await t.app.inject(request);
      expect(retry.statusCode, retry.body).toBe(200);
      expect(retry.json()).toMatchObject({ success: true, deal: { status } });
      expect(await intentsOf(t, dealId, outcome)).toHaveLength(1);
      const gateway = t.ctx.payments.gateway;
      if (!isSimulated(gateway)) throw new Error('simulated gateway expected');
      expect(
        gateway.ledger.moneyOfGroup(`deal-${dealId}`).refunds,
      ).toHaveLength(1);
    },
  );

  it("given the brand's approval was deferred (no bank account yet), then the retry answers 202 waiting for the bank account, not a 409", async () => {
    t = await createTestApp();
    const creator = await registerUser(t.app);
    const { id, token } = await createPaidRequest(t.app, t.ctx, creator.token);
    const completed = await t.app.inject({
      method: 'POST',
      url: `/api/payment-requests/${id}/complete`,
      headers: bearer(creator.token),
      payload: {},
    });
    expect(completed.statusCode, completed.body).toBe(200);
    const request = {
      method: 'POST' as const,
      url: `/api/payment-requests/approve/${token}`,
      headers: { ...claimHeader(token), 'idempotency-key': `approve-${id}` },
    };
    const revive = dieAfterRecording(t);
    void t.app.inject(request);
    await expect
      .poll(async () =>
        (await t.ctx.store.readStream(`payment-request-${id}`)).map(
          (e) => e.type,
        ),
      )
      .toContain('PaymentRequestPayoutDeferred');
    revive();
    t.clock.advance(31_000);

    const retry = await t.app.inject(request);
    expect(retry.statusCode, retry.body).toBe(202);
    expect(retry.json()).toMatchObject({
      pending: true,
      waitingFor: 'bank_account',
    });
    const deferrals = (
      await t.ctx.store.readStream(`payment-request-${id}`)
    ).filter((e) => e.type === 'PaymentRequestPayoutDeferred');
    expect(deferrals).toHaveLength(1);
  });

  it('given the provider has not answered yet, then the retry answers 202 pending (no second intent), and the outcome once it is known', async () => {
    t = await createTestApp();
    const { brand, dealId } = await deliveredDeal(t);
    const gateway = t.ctx.payments.gateway;
    if (!isSimulated(gateway)) throw new Error('simulated gateway expected');
    gateway.failTransfersWith('gateway_unavailable');
    const headers = {
      ...bearer(brand.token),
      'idempotency-key': `pending-${dealId}`,
    };
    const revive = await releaseOnDyingInstance(t, t, dealId, headers);
    revive();

    const retry = await t.app.inject({
      method: 'POST',
      url: `/api/deals/${dealId}/release`,
      headers,
    });
    expect(retry.statusCode, retry.body).toBe(202);
    expect(retry.json()).toMatchObject({ success: true, pending: true });
    expect(await intentsOf(t, dealId, 'FundsReleaseRequested')).toHaveLength(1);

    gateway.failTransfersWith(null);
    await expect
      .poll(async () => (await intentsOf(t, dealId, 'FundsReleased')).length, {
        timeout: 5_000,
      })
      .toBe(1);
    expect(
      gateway.ledger.moneyOfGroup(`deal-${dealId}`).transfers,
    ).toHaveLength(1);
  });
});

describe.runIf(pgTestUrl)('across instances on one PostgreSQL', () => {
  const database = useTestDatabase();
  it('given instance A took the release and died, when the client retries on instance B, then B answers the release that happened (200), once', async () => {
    const shared = mkdtempSync(join(tmpdir(), 'retry-after-crash-'));
    const env = {
      DATABASE_URL: database().url,
      SIMULATED_GATEWAY_FILE: join(shared, 'simulated-gateway.sqlite'),
    };
    const a = await createTestApp(env);
    const b = await createTestApp(env);
    try {
      const { brand, dealId } = await deliveredDeal(a);
      await b.ctx.settle(await b.ctx.store.headPosition());
      const headers = {
        ...bearer(brand.token),
        'idempotency-key': `across-${dealId}`,
      };
      await releaseOnDyingInstance(a, b, dealId, headers);
      await a.close(); // the instance that took the key is gone, its answer never stored

      const retry = await b.app.inject({
        method: 'POST',
        url: `/api/deals/${dealId}/release`,
        headers,
      });
      expect(retry.statusCode, retry.body).toBe(200);
      expect(retry.json()).toMatchObject({
        success: true,
        deal: { status: 'completed' },
      });
      await b.ctx.quiesce();
      expect(await intentsOf(b, dealId, 'FundsReleaseRequested')).toHaveLength(
        1,
      );
      expect(await intentsOf(b, dealId, 'FundsReleased')).toHaveLength(1);
      const gateway = b.ctx.payments.gateway;
      if (!isSimulated(gateway)) throw new Error('simulated gateway expected');
      expect(
        gateway.ledger.moneyOfGroup(`deal-${dealId}`).transfers,
      ).toHaveLength(1);
    } finally {
      await b.close();
      rmSync(shared, { recursive: true, force: true });
    }
  });
});
