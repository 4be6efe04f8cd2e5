import { describe, expect, it } from 'vitest';
import { paymentRequestAggregate } from '@server/commands/aggregate';
import {
  admin,
  givenRequest,
  requestState,
  submit,
  type Harness,
  requestCreator,
  requestVisitor,
  useHarness,
} from './support/escrow-harness';

describe('payment-request payouts: deferred until the account is ready, held by a chargeback', () => {
  let h: Harness;
  const creator = requestCreator;
  const visitor = requestVisitor;
  useHarness((harness) => (h = harness), { users: ['u_creator'] });

  async function givenPaidRequest() {
    const { requestId } = await givenRequest(h, 'u_creator');
    await h.bus.execute(
      paymentRequestAggregate,
      paymentRequestAggregate.streamId(requestId),
      () => [{ type: 'PaymentRequestAccepted', data: {} }],
      visitor,
    );
    await submit(
      h,
      (await h.escrow.startRequestCheckout(requestId, visitor)).url,
      {
        method: 'card',
        outcome: 'pay',
      },
    );
    return requestId;
  }

  async function connectCreator() {
    const { url } = await h.escrow.startUserOnboarding('u_creator', creator);
    await submit(h, url, { outcome: 'complete' });
  }

  it('given no ready payout account, when the creator completes, then the payout is recorded as deferred and nothing moves', async () => {
    const requestId = await givenPaidRequest();
    await h.escrow.completeAndApprove(requestId, creator);
    const { status, context } = await requestState(h, requestId);
    expect(status).toBe('completed');
    expect(context.payoutDeferredAt).not.toBeNull();
    expect(context.transferId).toBeNull();
    expect(
      await h.types(paymentRequestAggregate.streamId(requestId)),
    ).toContain('PaymentRequestPayoutDeferred');
    await h.tick();
    expect(h.gateway.ledger.transfers).toHaveLength(0);
    await expect(
      h.escrow.completeAndApprove(requestId, creator),
    ).rejects.toMatchObject({
      kind: 'illegal_transition',
    });
  });

  it('given a deferred payout, when account.updated shows payouts enabled, then the reactor transfers exactly once with the request key', async () => {
    const requestId = await givenPaidRequest();
    await h.escrow.completeAndApprove(requestId, creator);
    await connectCreator();
    await h.tick();
    await h.tick();
    await h.escrow.payDeferredPayout(requestId, {
      actor: { kind: 'system', id: 'again' },
    });
    const requested = (
      await h.store.readStream(paymentRequestAggregate.streamId(requestId))
    ).filter((e) => e.type === 'PaymentRequestPayoutRequested');
    expect(requested).toHaveLength(1);
    expect(h.gateway.ledger.transfers).toMatchObject([
      {
        amountCents: 40_000,
        idempotencyKey: (requested[0]!.data as { key: string }).key,
      },
    ]);
    const { status, context } = await requestState(h, requestId);
    expect(status).toBe('completed');
    expect(context.transferId).toBe(h.gateway.ledger.transfers[0]!.id);
    expect(
      (await h.types(paymentRequestAggregate.streamId(requestId))).filter(
        (t) => t === 'PaymentRequestCompleted',
      ),
    ).toHaveLength(1);
  });

  it('given a paid request, when a chargeback arrives, then it is held: the creator cannot complete until it is won and an admin releases the hold', async () => {
    const requestId = await givenPaidRequest();
    await connectCreator();
    await h.gateway.openChargeback(
      (await requestState(h, requestId)).context.chargeId!,
      'fraudulent',
    );
    const held = await requestState(h, requestId);
    expect(held.context.hold).toMatchObject({
      reason: 'Chargeback: fraudulent',
    });
    expect(held.context.chargebacks).toHaveLength(1);
    await expect(
      h.escrow.completeAndApprove(requestId, creator),
    ).rejects.toThrow(/chargeback/);
    expect(h.gateway.ledger.transfers).toHaveLength(0);

    // Released while the chargeback is open: the disputed money is not in escrow, nothing is paid.
    await h.escrow.releaseRequestHold(requestId, 'Evidence sent', admin);
    await expect(
      h.escrow.completeAndApprove(requestId, creator),
    ).rejects.toThrow(/chargeback on this payment is open/);
    await h.gateway.closeChargeback(
      h.gateway.ledger.disputes.at(-1)!.id,
      'won',
    );
    await h.escrow.completeAndApprove(requestId, creator);
    expect((await requestState(h, requestId)).status).toBe('completed');
    expect(h.gateway.ledger.transfers).toHaveLength(1);
  });

  it('given a deferred payout under a chargeback, when the account becomes ready, then nothing is paid until the hold is released and the chargeback won', async () => {
    const requestId = await givenPaidRequest();
    await h.escrow.completeAndApprove(requestId, creator);
    await h.gateway.openChargeback(
      (await requestState(h, requestId)).context.chargeId!,
      'fraudulent',
    );
    await connectCreator();
    await h.tick();
    await h.escrow.payDeferredPayout(requestId, {
      actor: { kind: 'system', id: 'probe' },
    });
    expect(h.gateway.ledger.transfers).toHaveLength(0);
    await h.escrow.releaseRequestHold(requestId, null, admin);
    await h.tick();
    expect(h.gateway.ledger.transfers).toHaveLength(0);
    await h.gateway.closeChargeback(
      h.gateway.ledger.disputes.at(-1)!.id,
      'won',
    );
    await h.escrow.payDeferredPayout(requestId, {
      actor: { kind: 'system', id: 'probe' },
    });
    await h.tick();
    expect(h.gateway.ledger.transfers).toHaveLength(1);
    expect(
      (await requestState(h, requestId)).context.transferId,
    ).not.toBeNull();
  });
});
