import { describe, expect, it } from 'vitest';
import type { DealDto } from '../../machines/contract/api';
import { dealActorFrom, dealViewOf } from '@/features/deals/model/deal-actor';

// What a list item carries: the state and the guard context (here what is due).
const machine = (value: DealDto['machine']['value']): DealDto['machine'] => ({
  value,
  context: { amounts: { amountCents: 25_000, feeCents: 2_050, totalCents: 27_050 } },
});

describe('deal actor restored from the API snapshot', () => {
  it('reads status, step and the allowed actions from the restored snapshot', () => {
    const actor = dealActorFrom(machine('pending_payment'));
    expect(actor?.getSnapshot().value).toBe('pending_payment');
    const view = dealViewOf({ machine: machine('pending_payment'), state: {} } as DealDto);
    expect(view.status).toBe('pending_payment');
    expect(view.step).toBe(1);
    expect(view.can).toEqual(expect.arrayContaining(['delete', 'checkout']));
    expect(view.can).not.toContain('release');
  });

  it('gives no actor for a snapshot it cannot restore, so the view falls back to the server state', () => {
    expect(dealActorFrom(machine('no_such_state'))).toBeNull();
    const state = {
      status: 'pending_payment',
      step: 1,
      badge: 'yellow',
      brandText: 'x',
      creatorText: 'y',
      onHold: false,
      can: [],
    };
    expect(
      dealViewOf({ machine: machine('no_such_state'), state } as unknown as DealDto).brandText,
    ).toBe('x');
  });
});
