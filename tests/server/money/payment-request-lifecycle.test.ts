import { describe, expect, it } from 'vitest';
import { paymentRequestAggregate } from '@server/commands/aggregate';
import {
  givenRequest,
  requestState,
  submit,
  type Harness,
  requestCreator,
  requestVisitor,
  useHarness,
} from './support/escrow-harness';

describe('payment-request lifecycle on the simulated gateway', () => {
  let h: Harness;
  const creator = requestCreator;
  const visitor = requestVisitor;
  useHarness((harness) => (h = harness), { users: ['u_creator'] });

  async function accept(requestId: number) {
    await h.bus.execute(
      paymentRequestAggregate,
      paymentRequestAggregate.streamId(requestId),
      () => [{ type: 'PaymentRequestAccepted', data: {} }],
      visitor,
    );
  }

  it('given an accepted request, when the brand pays by iDEAL, then it is paid and the browser returns to the request success page', async () => {
    const { requestId, token } = await givenRequest(h, 'u_creator');
    await accept(requestId);
    const { url } = await h.escrow.startRequestCheckout(requestId, visitor);
    const response = await submit(h, url, { method: 'ideal', outcome: 'pay' });
    expect(response.headers.location).toBe(
      `http://escrow.test/pay-request-success/${token}`,
    );
    const { status, context } = await requestState(h, requestId);
    expect(status).toBe('paid');
    expect(context.paidCents).toBe(42_000);
  });

  it('given a paid request and a creator with payouts enabled, when the creator completes it, then the amount is transferred once', async () => {
    const { requestId } = await givenRequest(h, 'u_creator');
    await accept(requestId);
    await submit(
      h,
      (await h.escrow.startRequestCheckout(requestId, visitor)).url,
      {
        method: 'card',
        outcome: 'pay',
      },
    );
    expect(await h.escrow.userBankStatus('u_creator')).toBe('not_connected');
    const { url } = await h.escrow.startUserOnboarding('u_creator', creator);
    await submit(h, url, { outcome: 'complete' });
    expect(await h.escrow.userBankStatus('u_creator')).toBe('connected');

    const result = await h.escrow.completeAndApprove(requestId, creator);
    // The command records the payout intent; the payments reactor makes the transfer with its key.
    expect(result.events.map((e) => e.type)).toEqual([
      'PaymentRequestPayoutRequested',
    ]);
    const { status, context } = await requestState(h, requestId);
    expect(status).toBe('completed');
    expect(h.gateway.ledger.transfers).toMatchObject([
      {
        amountCents: 40_000,
        transferGroup: `payment-request-${requestId}`,
        idempotencyKey:
          context.pendingPayout?.key ??
          (result.events[0]!.data as { key: string }).key,
      },
    ]);
    expect(context.transferId).toBe(h.gateway.ledger.transfers[0]?.id);
    await expect(
      h.escrow.completeAndApprove(requestId, creator),
    ).rejects.toMatchObject({
      kind: 'illegal_transition',
    });
    expect(h.gateway.ledger.transfers).toHaveLength(1);
  });

  it('given a creator who left bank setup incomplete, when checking the status, then it is Setup incomplete', async () => {
    const { url } = await h.escrow.startUserOnboarding('u_creator', creator);
    await submit(h, url, { outcome: 'incomplete' });
    expect(await h.escrow.userBankStatus('u_creator')).toBe('setup_incomplete');
  });

  it('given an expired request, when the brand starts checkout, then it is refused with "Payment request has expired"', async () => {
    const { requestId } = await givenRequest(h, 'u_creator', 24);
    await accept(requestId);
    h.clock.advance(24 * 3_600_000);
    await expect(
      h.escrow.startRequestCheckout(requestId, visitor),
    ).rejects.toThrow('Payment request has expired');
  });
});
