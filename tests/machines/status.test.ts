import { describe, expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { emptyDealContext } from '@machines/deal/deal.context';
import { dealMachine } from '@machines/deal/deal.machine';
import { dealStateView } from '@machines/deal/deal.view';
import { emptyPaymentRequestContext } from '@machines/payment-request/payment-request.context';
import { paymentRequestMachine } from '@machines/payment-request/payment-request.machine';
import { paymentRequestStateView } from '@machines/payment-request/payment-request.view';
import { deepestMeta, statusOf, statusOfState } from '@machines/statechart';
import { stateValueFromKey } from '@projections/state-meta';

interface NodeLike {
  path: string[];
  states: Record<string, NodeLike>;
}

/** Every state key of a chart ("pending_delivery.accepted"), leaves and parents alike. */
function stateKeys(machine: AnyStateMachine): string[] {
  const keys: string[] = [];
  const walk = (node: NodeLike): void => {
    if (node.path.length > 0) keys.push(node.path.join('.'));
    for (const child of Object.values(node.states)) walk(child);
  };
  walk(machine.root as unknown as NodeLike);
  return keys;
}

const leaves = (machine: AnyStateMachine) =>
  stateKeys(machine).filter(
    (key) => !stateKeys(machine).some((k) => k.startsWith(`${key}.`)),
  );

describe('a status is derived in one place (statusOfState), the same for a recorded state key and a snapshot', () => {
  const charts = [
    {
      name: 'deal',
      machine: dealMachine,
      context: emptyDealContext,
      view: dealStateView,
    },
    {
      name: 'payment request',
      machine: paymentRequestMachine,
      context: emptyPaymentRequestContext,
      view: paymentRequestStateView,
    },
  ] as const;

  for (const { name, machine, context, view } of charts) {
    it(`given every state of the ${name} chart, then the key's status, the snapshot's status and the view's status are the deepest state meta's status (else the key)`, () => {
      for (const key of leaves(machine)) {
        const snapshot = machine.resolveState({
          value: stateValueFromKey(key),
          context: context as never,
        });
        const expected =
          deepestMeta<{ status?: string }>(snapshot)?.status ?? key;
        expect({ key, status: statusOfState(machine, key) }).toEqual({
          key,
          status: expected,
        });
        expect({ key, status: statusOf(snapshot) }).toEqual({
          key,
          status: expected,
        });
        expect({
          key,
          status: view(snapshot as never, '2026-03-02T10:00:00.000Z').status,
        }).toEqual({ key, status: expected });
      }
    });
  }

  it('given the states whose status is not their own name, then the status is the one the spec shows', () => {
    expect(statusOfState(dealMachine, 'pending_delivery.bank_connected')).toBe(
      'pending_delivery',
    );
    expect(statusOfState(paymentRequestMachine, 'payout_pending')).toBe(
      'completed',
    );
    expect(statusOfState(dealMachine, 'new')).toBe('new');
  });
});
