import { describe, expect, it } from 'vitest';
import type { AnyStateMachine, EventFromLogic, SnapshotFrom } from 'xstate';
import { dealMachine } from '@machines/deal/deal.machine';
import { paymentRequestMachine } from '@machines/payment-request/payment-request.machine';
import { fold, initialOf } from '@machines/statechart';
import { dealGuard, requestGuard, type Guard } from '@server/auth/ownership';
import type { Loaded } from '@server/commands/command-bus';
import {
  dealGiven,
  dealHistory,
  event,
  requestHistory,
} from '@tests/support/event-factory';

/** The stream as the runner hands it to a guard: folded snapshot and revision (-1: no stream). */
function loaded<M extends AnyStateMachine>(
  machine: M,
  events: unknown[],
): Loaded<M> {
  const snapshot = fold(
    machine,
    events as EventFromLogic<M>[],
    initialOf(machine),
  ) as SnapshotFrom<M>;
  return {
    snapshot,
    revision: events.length - 1,
    now: '2026-03-02T12:00:00.000Z',
  } as Loaded<M>;
}

const refusal = <S>(guard: Guard<S>, state: S): string | null => {
  try {
    guard.authorize(state);
    return null;
  } catch (error) {
    return (error as { code?: string }).code ?? String(error);
  }
};

describe('the ownership guards: who may run a command on the loaded stream', () => {
  const owner = dealHistory.created().data.ownerId;
  const token = dealHistory.linked().data.token;
  const deal = loaded(dealMachine, [
    dealHistory.created(),
    dealHistory.linked(),
  ]);
  const deleted = loaded(dealMachine, [...dealGiven.deleted()]);
  const noDeal = loaded(dealMachine, []);

  it("given a deal, when its brand asks, then the owner guard lets it through; another brand's, a deleted or a missing deal reads as not found", () => {
    expect(refusal(dealGuard.owner(owner), deal)).toBeNull();
    expect(refusal(dealGuard.owner('u_someone_else'), deal)).toBe(
      'deal_not_found',
    );
    expect(refusal(dealGuard.owner(owner), deleted)).toBe('deal_not_found');
    expect(refusal(dealGuard.owner(owner), noDeal)).toBe('deal_not_found');
  });

  it('given a deal with a creator link, when that very token asks, then the link guard lets it through; any other token or a deleted deal reads as not found', () => {
    expect(refusal(dealGuard.link(token), deal)).toBeNull();
    expect(refusal(dealGuard.link(`${token}x`), deal)).toBe('deal_not_found');
    expect(
      refusal(
        dealGuard.link(token),
        loaded(dealMachine, [
          dealHistory.created(),
          dealHistory.linked(),
          event('DealDeleted', {}),
        ]),
      ),
    ).toBe('deal_not_found');
  });

  it('given a payment request, when its creator or its link asks, then the guards let them through; anyone else reads as not found', () => {
    const created = requestHistory.created();
    const request = loaded(paymentRequestMachine, [created]);
    expect(
      refusal(requestGuard.owner(created.data.creatorId), request),
    ).toBeNull();
    expect(refusal(requestGuard.owner('u_someone_else'), request)).toBe(
      'payment_request_not_found',
    );
    expect(refusal(requestGuard.link(created.data.token), request)).toBeNull();
    expect(refusal(requestGuard.link('Zk1q9XcL2vT8wAq3Zb7kRX'), request)).toBe(
      'payment_request_not_found',
    );
    expect(
      refusal(
        requestGuard.owner(created.data.creatorId),
        loaded(paymentRequestMachine, []),
      ),
    ).toBe('payment_request_not_found');
  });

  it('given any existing deal or request, when an admin acts, then the admin guard lets it through (the route checked the role)', () => {
    expect(refusal(dealGuard.admin, deal)).toBeNull();
    expect(
      refusal(
        requestGuard.admin,
        loaded(paymentRequestMachine, [requestHistory.created()]),
      ),
    ).toBeNull();
  });
});
