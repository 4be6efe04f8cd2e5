import { afterEach, describe, expect, it } from 'vitest';
import {
  dealAggregate,
  paymentRequestAggregate,
} from '@server/commands/aggregate';
import { dealGuard } from '@server/auth/ownership';
import {
  GatewayError,
  type PaymentGateway,
} from '@server/money/gateway/payment-gateway';
import type { SimulatedGateway } from '@server/money/gateway/simulated/simulated-gateway';
import {
  admin,
  brand,
  createHarness,
  dealState,
  givenDeliveredDeal,
  givenRequest,
  givenUser,
  requestCreator,
  requestState,
  requestVisitor,
  submit,
  type Harness,
} from './support/escrow-harness';

/** The provider, unreachable for one deal's money only (as a network error, outcome unknown), until `restore`. */
function unreachableFor(streamId: () => string) {
  let down = true;
  let calls = 0;
  const wrap = (gateway: SimulatedGateway): PaymentGateway =>
    new Proxy(gateway, {
      get(target, property, receiver) {
        const value: unknown = Reflect.get(target, property, receiver);
        if (property !== 'transfer' && property !== 'refund') return value;
        return async (input: { transferGroup: string }) => {
          if (down && input.transferGroup === streamId()) {
            calls += 1;
            throw new GatewayError(
              'gateway_unavailable',
              'gateway_unavailable: ECONNRESET',
            );
          }
          return (value as (i: unknown) => Promise<unknown>).call(
            target,
            input,
          );
        };
      },
    });
  return {
    wrap,
    restore: () => void (down = false),
    calls: () => calls,
  };
}

async function paidRequestWithBank(h: Harness): Promise<number> {
  const { requestId } = await givenRequest(h, 'u_creator');
  await h.bus.execute(
    paymentRequestAggregate,
    paymentRequestAggregate.streamId(requestId),
    () => [{ type: 'PaymentRequestAccepted', data: {} }],
    requestVisitor,
  );
  await submit(
    h,
    (await h.escrow.startRequestCheckout(requestId, requestVisitor)).url,
    {
      method: 'card',
      outcome: 'pay',
    },
  );
  return requestId;
}

/** The brand's release intent, recorded without waiting for its outcome. */
const releaseIntent = (h: Harness, dealId: number, key: string) =>
  h.run.deal(
    dealId,
    { type: 'ReleaseFunds', trigger: 'brand', key },
    brand,
    dealGuard.owner('u_brand'),
  );

describe('an intent whose outcome is unknown waits on its own', () => {
  let h: Harness;
  afterEach(async () => {
    await h.close();
  });

  it('given the provider unreachable for one deal, then a refund, a split, a release and a request payout of others complete promptly, and the failed release completes once when it returns', async () => {
    let failing = '';
    const outage = unreachableFor(() => failing);
    h = await createHarness({ reactorGateway: outage.wrap });
    await givenUser(h, 'u_creator');
    const { url } = await h.escrow.startUserOnboarding(
      'u_creator',
      requestCreator,
    );
    await submit(h, url, { outcome: 'complete' });

    const stuck = await givenDeliveredDeal(h);
    const refunded = await givenDeliveredDeal(h);
    const split = await givenDeliveredDeal(h);
    const released = await givenDeliveredDeal(h);
    const requestId = await paidRequestWithBank(h);
    await h.escrow.openDispute(split.dealId, 'Not as agreed', brand);
    failing = dealAggregate.streamId(stuck.dealId);

    // The first intent fails (unknown outcome): it stays pending.
    await releaseIntent(h, stuck.dealId, 'stuck-release');
    await expect.poll(() => outage.calls()).toBeGreaterThan(0);
    expect((await dealState(h, stuck.dealId)).context.pendingRelease?.key).toBe(
      'stuck-release',
    );

    const started = Date.now();
    await h.escrow.refund(refunded.dealId, admin, 'other-refund');
    await h.run.deal(
      split.dealId,
      { type: 'ResolveWithSplit', creatorCents: 15_000, key: 'other-split' },
      admin,
    );
    await h.escrow.releaseFunds(
      released.dealId,
      'brand',
      brand,
      'other-release',
    );
    await h.escrow.completeAndApprove(requestId, requestCreator);
    await h.reactors.processed(
      await h.store.headPosition(),
      5_000,
      'payments',
      dealAggregate.streamId(split.dealId),
    );
    // Each waited for its own outcome only: well under one 10 s wait for the stuck one.
    expect(Date.now() - started).toBeLessThan(5_000);

    expect((await dealState(h, refunded.dealId)).status).toBe('cancelled');
    expect((await dealState(h, split.dealId)).status).toBe('split_resolved');
    expect((await dealState(h, released.dealId)).status).toBe('completed');
    expect((await requestState(h, requestId)).status).toBe('completed');
    expect((await dealState(h, stuck.dealId)).status).not.toBe('completed');
    expect(h.reactors.unanswered('payments').map((u) => u.streamId)).toEqual([
      failing,
    ]);
    // Tried again on its own, with back-off (the first retry comes 200 ms after the failure).
    await expect
      .poll(() => outage.calls(), { timeout: 10_000 })
      .toBeGreaterThan(1);

    outage.restore();
    expect(
      await h.reactors.processed(await h.store.headPosition(), 5_000),
    ).toBe(true);
    expect((await dealState(h, stuck.dealId)).status).toBe('completed');
    const group = h.gateway.ledger.moneyOfGroup(failing);
    expect(group.transfers.map((t) => t.idempotencyKey)).toEqual([
      'stuck-release',
    ]);
    expect(
      (await h.types(failing)).filter((t) => t === 'FundsReleased'),
    ).toHaveLength(1);
    expect(h.reactors.unanswered('payments')).toEqual([]);
  });

  it('given a provider call that hangs for one deal, then a refund of another deal is made at once, the hanging intent is listed as unanswered, and it completes once when the call returns', async () => {
    let hanging = '';
    let answer = (): void => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    h = await createHarness({
      reactorGateway: (gateway) =>
        new Proxy(gateway, {
          get(target, property, receiver) {
            const value: unknown = Reflect.get(target, property, receiver);
            if (property !== 'transfer') return value;
            return async (input: { transferGroup: string }) => {
              if (input.transferGroup === hanging) await answered;
              return (value as (i: unknown) => Promise<unknown>).call(
                target,
                input,
              );
            };
          },
        }),
    });
    const stuck = await givenDeliveredDeal(h);
    const other = await givenDeliveredDeal(h);
    hanging = dealAggregate.streamId(stuck.dealId);
    await releaseIntent(h, stuck.dealId, 'hanging-release');

    const started = Date.now();
    await h.escrow.refund(other.dealId, admin, 'beside-the-hang');
    expect((await dealState(h, other.dealId)).status).toBe('cancelled');
    // The first try of the hanging call is given 3 s, then it goes on parked, apart.
    expect(Date.now() - started).toBeLessThan(6_000);
    expect(h.reactors.unanswered('payments').map((u) => u.streamId)).toEqual([
      hanging,
    ]);

    answer();
    expect(
      await h.reactors.processed(await h.store.headPosition(), 5_000),
    ).toBe(true);
    expect((await dealState(h, stuck.dealId)).status).toBe('completed');
    expect(
      h.gateway.ledger
        .moneyOfGroup(hanging)
        .transfers.map((t) => t.idempotencyKey),
    ).toEqual(['hanging-release']);
    expect(
      (await h.types(hanging)).filter((t) => t === 'FundsReleased'),
    ).toHaveLength(1);
    expect(h.reactors.unanswered('payments')).toEqual([]);
  });

  it('given a parked intent, when the instance restarts, then the new runner tries it again from its database and it completes once', async () => {
    let failing = '';
    const outage = unreachableFor(() => failing);
    h = await createHarness({ reactorGateway: outage.wrap });
    const stuck = await givenDeliveredDeal(h);
    failing = dealAggregate.streamId(stuck.dealId);
    await releaseIntent(h, stuck.dealId, 'parked-release');
    await expect.poll(() => outage.calls()).toBeGreaterThan(0);
    await h.reactors.stop();
    const parked = h.readDb
      .prepare<
        [],
        { partition: string }
      >('SELECT partition FROM reactor_parked_events')
      .all();
    expect(parked).toEqual([{ partition: failing }]);

    outage.restore();
    const { createReactorRunner } = await import(
      '@server/reactors/reactor-runner'
    );
    const { createPaymentsReactor } = await import(
      '@server/money/payments.reactor'
    );
    const restarted = createReactorRunner({
      store: h.store,
      db: h.readDb,
      reactors: [
        createPaymentsReactor({ bus: h.bus, run: h.run, gateway: h.gateway }),
      ],
      retryDelayMs: 20,
    });
    await restarted.start();
    expect(await restarted.processed(await h.store.headPosition(), 5_000)).toBe(
      true,
    );
    await restarted.stop();
    expect((await dealState(h, stuck.dealId)).status).toBe('completed');
    expect(h.gateway.ledger.moneyOfGroup(failing).transfers).toHaveLength(1);
  });
});
