import { describe, expect, it } from 'vitest';
import type { DealDto } from '@machines/contract/api';
import { dealMachine } from '@machines/deal/deal.machine';
import { paymentRequestMachine } from '@machines/payment-request/payment-request.machine';
import { shouldShowBottomNav } from '@/app/bottom-nav-rules';
import { filterAndSort } from '@/features/deals/model/deal-sort';
import { descriptionLines } from '@/features/deals/model/deal-text';
import { flagOf, loadCountries } from '@/features/profile/countries';
import { enCore } from '@/i18n/en-core';
import { nlRequests } from '@/i18n/nl-requests';
import { daysRemaining } from '@/lib/dates';

const deal = (id: number, status: DealDto['status'], createdAt: string) =>
  ({ id, status, createdAt }) as DealDto;

/** Every i18n key a machine state's meta names. */
function metaKeys(machine: {
  root: { states: Record<string, unknown> };
}): string[] {
  const keys: string[] = [];
  const walk = (node: {
    meta?: Record<string, unknown>;
    states?: Record<string, unknown>;
  }) => {
    for (const field of ['brandText', 'creatorText', 'text'])
      if (typeof node.meta?.[field] === 'string')
        keys.push(node.meta[field] as string);
    for (const child of Object.values(node.states ?? {}))
      walk(child as typeof node);
  };
  walk(machine.root as never);
  return keys;
}

describe('web rules', () => {
  it('sorts by status then newest first, and filters as docs/product.md §4', () => {
    const list = [
      deal(1, 'completed', '2026-01-01'),
      deal(2, 'pending_payment', '2026-01-01'),
      deal(3, 'delivered', '2026-01-01'),
      deal(4, 'pending_payment', '2026-02-01'),
      deal(5, 'dispute', '2026-01-01'),
    ];
    expect(filterAndSort(list, 'all').map((d) => d.id)).toEqual([
      3, 5, 4, 2, 1,
    ]);
    // Active: every deal whose money is not settled, a disputed one included.
    expect(filterAndSort(list, 'active').map((d) => d.id)).toEqual([
      3, 5, 4, 2,
    ]);
    expect(filterAndSort(list, 'completed').map((d) => d.id)).toEqual([1]);
  });

  it('shows the bottom navigation only where docs/product.md §2 says', () => {
    expect(shouldShowBottomNav('/', true)).toBe(true);
    expect(shouldShowBottomNav('/', false)).toBe(false);
    for (const path of [
      '/accept/x',
      '/pay-request/x',
      '/pay-request-success/x',
      '/admin',
      '/admin/login',
      '/login',
      '/register',
      '/onboarding',
    ]) {
      expect(shouldShowBottomNav(path, true), path).toBe(false);
    }
  });

  it('has a text for every status key the machines name', () => {
    const texts: Record<string, string> = { ...enCore, ...nlRequests };
    for (const key of [
      ...metaKeys(dealMachine),
      ...metaKeys(paymentRequestMachine),
    ])
      expect(texts[key], key).toBeTruthy();
  });

  it('lists every ISO 3166-1 country by its common name, with flags and a white-flag fallback', async () => {
    const en = await loadCountries('en');
    const nl = await loadCountries('nl');
    expect(en).toHaveLength(250);
    expect(nl.map((c) => c.code).sort()).toEqual(en.map((c) => c.code).sort());
    const name = (list: typeof en, code: string) =>
      list.find((c) => c.code === code)?.name;
    expect(name(en, 'GB')).toBe('United Kingdom');
    expect(name(en, 'PE')).toBe('Peru');
    expect(name(nl, 'BE')).toBe('België');
    expect(name(nl, 'NL')).toBe('Nederland');
    expect(en[0]?.name).toBe('Afghanistan');
    expect(flagOf('NL', en)).toBe('🇳🇱');
    expect(flagOf('pe', en)).toBe('🇵🇪');
    expect(flagOf('ZZ', en)).toBe('🏳️');
    expect(flagOf('XX', en)).toBe('🏳️');
  });

  it('shows dash lines as bullets and never counts days below 0', () => {
    expect(descriptionLines('- a\n- b')).toEqual({
      bullets: true,
      lines: ['a', 'b'],
    });
    expect(descriptionLines('plain text').bullets).toBe(false);
    expect(daysRemaining('2000-01-01')).toBe(0);
  });
});
