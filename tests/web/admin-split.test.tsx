import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminDealDto, DealDto } from '@machines/contract/api';
import { SplitStatus } from '@/features/admin/components/split-status';
import { dealSubject } from '@/features/admin/api/admin-split';
import {
  canSplit,
  splitCentsFrom,
  splitNeedsRetry,
  type AdminSplit,
} from '@/features/admin/model/admin-split';
import { statusText } from '@/features/deals/model/deal-split';
import { filterAndSort } from '@/features/deals/model/deal-sort';
import { adminChips } from '@machines/deal/deal-order';
import { loadTexts, setLanguage, t } from '@/i18n';

// A €250 deal: the brand paid €270.50 (8.2 % fee). The creator gets €150, so the fee kept is
// round(2050 × 150 / 250) = €12.30 and the brand gets €270.50 − €150 − €12.30 = €108.20 back.
const split: AdminSplit = {
  creatorCents: 15_000,
  refundCents: 10_820,
  feeKeptCents: 1_230,
  transfer: 'succeeded',
  refund: 'failed',
  transferFailure: null,
  refundFailure: 'charge_already_refunded: the charge was refunded elsewhere',
  requestedAt: '2026-03-01T10:00:00.000Z',
  by: 'ops-admin',
};
const adminDeal = (
  status: string,
  onHold: boolean,
  withSplit: AdminSplit | null = null,
) =>
  ({
    id: 7,
    status,
    onHold,
    amountCents: 25_000,
    totalAmountCents: 27_050,
    stripeAccountId: 'acct_1',
    split: withSplit,
    // No chargeback, and the escrow holds the whole payment.
    machine: { value: status, context: { chargebacks: [] } },
  }) as unknown as AdminDealDto;

function render(node: React.ReactNode): string {
  return renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      {node}
    </QueryClientProvider>,
  );
}

describe('the creator amount typed in the split dialog', () => {
  it('given euros with a dot or a comma, then it is read as exact integer cents', () => {
    expect(splitCentsFrom('150')).toBe(15_000);
    expect(splitCentsFrom(' 150,5 ')).toBe(15_050);
    expect(splitCentsFrom('€ 0.29')).toBe(29);
    expect(splitCentsFrom('0.1')).toBe(10);
    expect(splitCentsFrom('1234.07')).toBe(123_407);
  });

  it('given anything that is not a plain amount with at most two decimals, then there is no amount', () => {
    for (const text of [
      '',
      '   ',
      '12.345',
      '1e3',
      '-5',
      '12,50,1',
      'abc',
      '1.234,50',
    ])
      expect(splitCentsFrom(text), text).toBeNull();
  });
});

describe('when the split action shows', () => {
  it('given a dispute, or a hold while the money is held, then it shows; otherwise not', () => {
    expect(canSplit(adminDeal('dispute', false))).toBe(true);
    expect(canSplit(adminDeal('delivered', true))).toBe(true);
    expect(canSplit(adminDeal('pending_delivery', true))).toBe(true);
    expect(canSplit(adminDeal('delivered', false))).toBe(false);
    expect(canSplit(adminDeal('completed', false))).toBe(false);
    expect(canSplit(adminDeal('pending_payment', false))).toBe(false);
    // Held before the creator connected a bank account: there is nowhere to pay a part into.
    expect(
      canSplit({
        ...adminDeal('pending_delivery', true),
        stripeAccountId: null,
      }),
    ).toBe(false);
  });

  it('given a deal with a plan in a dispute, then it shows and splits everything not yet released', () => {
    const milestone = (
      index: number,
      amountCents: number,
      feeCents: number,
      status: string,
    ) => ({
      index,
      amountCents,
      feeCents,
      status,
    });
    const plan = {
      ...adminDeal('dispute', false),
      milestones: [
        milestone(1, 10_000, 820, 'released'),
        milestone(2, 8_000, 656, 'dispute'),
        milestone(3, 7_000, 574, 'in_progress'),
      ],
    } as unknown as AdminDealDto;
    expect(canSplit(plan)).toBe(true);
    expect(dealSubject(plan)).toEqual({
      kind: 'deals',
      id: 7,
      rest: true,
      amountCents: 15_000,
      totalAmountCents: 15_000 + 656 + 574,
    });
  });

  it('given a split already asked for, then it does not show again (a failed part is retried instead)', () => {
    expect(canSplit(adminDeal('dispute', false, split))).toBe(false);
    expect(splitNeedsRetry(split)).toBe(true);
    expect(
      splitNeedsRetry({ ...split, refund: 'succeeded', refundFailure: null }),
    ).toBe(false);
    expect(
      splitNeedsRetry({ ...split, refund: 'pending', refundFailure: null }),
    ).toBe(false);
  });
});

describe('a split deal in the lists', () => {
  it('given a resolved split, then it sorts with the completed deals and shows under Completed for the brand and the admin', () => {
    const deal = (id: number, status: string) =>
      ({ id, status, createdAt: '2026-01-01' }) as DealDto;
    const list = [
      deal(1, 'cancelled'),
      deal(2, 'split_resolved'),
      deal(3, 'dispute'),
      deal(4, 'completed'),
    ];
    expect(filterAndSort(list, 'all').map((d) => d.id)).toEqual([3, 2, 4, 1]);
    expect(filterAndSort(list, 'completed').map((d) => d.id)).toEqual([2, 4]);
    // Only the dispute is still open: a split deal is settled.
    expect(filterAndSort(list, 'active').map((d) => d.id)).toEqual([3]);
    expect(adminChips.completed).toContain('split_resolved');
  });
});

describe('the split on screen', () => {
  beforeAll(async () => {
    await setLanguage('en', { persist: false });
    await loadTexts(['admin']);
  });

  it('given a split whose refund failed, then the admin sees the amounts, each part’s state, the reason and Retry', () => {
    const html = render(
      <SplitStatus
        subject={dealSubject(adminDeal('dispute', false, split))}
        split={split}
        readOnly={false}
      />,
    );
    expect(html).toContain(
      'Transfer to the creator: <span class="font-semibold tabular-nums">€150.00</span>',
    );
    expect(html).toContain(
      'Refund to the brand: <span class="font-semibold tabular-nums">€108.20</span>',
    );
    expect(html).toContain('€12.30');
    expect(html).toMatch(
      /data-testid="split-transfer" data-state="succeeded".*Succeeded/,
    );
    expect(html).toMatch(
      /data-testid="split-refund" data-state="failed".*Failed/,
    );
    expect(html).toContain(
      'Reason: charge_already_refunded: the charge was refunded elsewhere',
    );
    expect(html).toContain('>Retry</button>');
  });

  it('given an auditor, or no failed part, then there is no Retry', () => {
    expect(
      render(
        <SplitStatus
          subject={dealSubject(adminDeal('dispute', false, split))}
          split={split}
          readOnly
        />,
      ),
    ).not.toContain('Retry');
    const done = {
      ...split,
      refund: 'succeeded' as const,
      refundFailure: null,
    };
    const html = render(
      <SplitStatus
        subject={dealSubject(adminDeal('split_resolved', false, done))}
        split={done}
        readOnly={false}
      />,
    );
    expect(html).not.toContain('Retry');
    expect(html).not.toContain('Reason:');
  });

  it('given a resolved split, then the brand and the creator read their own amount in English and in Dutch', async () => {
    const deal = {
      split: { creatorCents: 15_000, refundCents: 10_820, feeKeptCents: 1_230 },
    } as unknown as DealDto;
    expect(statusText(deal, 'deal.brand.split_resolved')).toBe(
      'Dispute resolved: you were refunded €108.20',
    );
    expect(statusText(deal, 'deal.creator.split_resolved')).toBe(
      'Dispute resolved: you receive €150.00',
    );
    expect(t('admin.status.split_resolved')).toBe('Resolved With Split');
    await setLanguage('nl', { persist: false });
    expect(statusText(deal, 'deal.brand.split_resolved')).toBe(
      'Geschil opgelost: je krijgt €\u00a0108,20 terug',
    );
    expect(statusText(deal, 'deal.creator.split_resolved')).toBe(
      'Geschil opgelost: je ontvangt €\u00a0150,00',
    );
    expect(t('admin.status.split_resolved')).toBe('Opgelost met verdeling');
    await setLanguage('en', { persist: false });
  });

  it('given a deal with a plan resolved by a milestone split, then its status names no amount and leaves no placeholder, in English and in Dutch', async () => {
    // The milestone's split is done: the deal keeps no deal-wide split.
    const deal = {
      status: 'split_resolved',
      split: null,
      milestones: [{ index: 1, status: 'released' }],
    } as unknown as DealDto;
    for (const key of [
      'deal.brand.split_resolved',
      'deal.creator.split_resolved',
    ]) {
      expect(statusText(deal, key)).toBe(
        'Dispute resolved with a split: each milestone shows its outcome',
      );
    }
    await setLanguage('nl', { persist: false });
    expect(statusText(deal, 'deal.brand.split_resolved')).toBe(
      'Geschil opgelost met een verdeling: elke mijlpaal toont zijn uitkomst',
    );
    await setLanguage('en', { persist: false });
  });
});
