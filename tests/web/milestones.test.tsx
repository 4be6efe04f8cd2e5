import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { prerender } from 'react-dom/static';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DealDto } from '@machines/contract/api';
import { MilestonePlan } from '@/features/deals/components/milestone-plan';
import { MilestonePanel } from '@/features/deals/components/milestone-panel';
import { MilestoneSummaryLine } from '@/features/deals/components/milestone-summary-line';
import type { LinkCommands } from '@/features/deals/hooks/use-link-commands';
import {
  milestoneClockOf,
  milestoneRefusalText,
  milestoneStepLabels,
  type MilestoneDto,
} from '@/features/deals/model/milestones';
import { disputedCents } from '@/features/deals/model/deal-view';
import { HttpError } from '@/lib/http';
import { loadTexts, setLanguage } from '@/i18n';

/**
 * The milestones' screens from the answers the server gives: the running period of each, the
 * tracker's outcome label, the refusals as sentences in each language (the status in words), and
 * the plan showing exactly the actions each milestone's `can` names, for the brand and the creator.
 */
const base: MilestoneDto = {
  index: 1,
  title: 'Story teaser',
  deliverables: ['1 Instagram Story'],
  amountCents: 10_000,
  feeCents: 820,
  dueDate: '2026-03-10',
  status: 'in_progress',
  step: 1,
  revisionRounds: 1,
  revisionsUsed: 0,
  revisions: [],
  deliveredAt: null,
  reviewPeriodEndsAt: null,
  reviewElapsedAt: null,
  disputeCreatedAt: null,
  disputePeriodEndsAt: null,
  disputeElapsedAt: null,
  releaseTrigger: null,
  releasedAt: null,
  transferId: null,
  refundId: null,
  can: [],
};
const delivered: MilestoneDto = {
  ...base,
  status: 'delivered',
  step: 2,
  deliveredAt: '2026-03-02T09:00:00.000Z',
  reviewPeriodEndsAt: '2026-03-04T09:00:00.000Z',
  revisions: [
    {
      kind: 'delivered',
      note: 'Story is live',
      links: ['https://x.example/s/1'],
      at: '2026-03-02T09:00:00.000Z',
    },
  ],
  can: ['requestChanges', 'release', 'dispute'],
};
const planDeal = (milestones: MilestoneDto[]) =>
  ({
    id: 7,
    influencer: '@mila.makes',
    onHold: false,
    amountCents: 25_000,
    milestones,
    milestoneSummary: { released: 1, total: 3, nextDueDate: '2026-03-17' },
  }) as unknown as DealDto;

const refusal = (code: string, params: object) =>
  new HttpError(
    409,
    JSON.stringify({ error: 'illegal_transition', code, params, message: 'x' }),
    'Conflict',
  );

/** The markup once everything it waits for (texts, lazy parts) is there. */
async function render(node: React.ReactNode): Promise<string> {
  const { prelude } = await prerender(
    <QueryClientProvider client={new QueryClient()}>
      {node}
    </QueryClientProvider>,
  );
  return new Response(prelude).text();
}

const creatorCommands = {
  delivering: false,
  deliver: () => undefined,
} as unknown as LinkCommands;

describe('a milestone on its own', () => {
  it('given a delivered milestone, then its review runs until its own end; in dispute, its dispute period; otherwise no clock', () => {
    expect(milestoneClockOf(delivered, false)).toEqual({
      kind: 'review',
      endsAt: '2026-03-04T09:00:00.000Z',
      paused: false,
    });
    const disputed = {
      ...delivered,
      status: 'dispute' as const,
      disputePeriodEndsAt: '2026-03-07T09:00:00.000Z',
    };
    expect(milestoneClockOf(disputed, true)).toEqual({
      kind: 'dispute',
      endsAt: '2026-03-07T09:00:00.000Z',
      paused: true,
    });
    expect(
      milestoneClockOf({ ...delivered, status: 'released', step: 3 }, false),
    ).toBeNull();
    expect(milestoneClockOf(base, false)).toBeNull();
  });
});

describe.each([
  {
    lang: 'en' as const,
    labels: ['Working on it', 'Delivered', 'Split'],
    state:
      'Milestone 2 is now “Released”, so this step is no longer possible. The page shows what you can do now.',
    rounds:
      'The included revision round of this milestone has been used: you can approve it or open a dispute.',
    approve: 'Approve milestone',
    deliver: 'Deliver milestone 1',
    bank: 'Bank account connected',
  },
  {
    lang: 'nl' as const,
    labels: ['Mee bezig', 'Geleverd', 'Verdeeld'],
    state:
      'Mijlpaal 2 staat nu op „Vrijgegeven”, dus deze stap kan niet meer. De pagina toont wat je nu kunt doen.',
    rounds:
      'De inbegrepen revisieronde van deze mijlpaal is gebruikt: je kunt hem goedkeuren of een geschil openen.',
    approve: 'Mijlpaal goedkeuren',
    deliver: 'Mijlpaal 1 leveren',
    bank: 'Bankrekening gekoppeld',
  },
])(
  'the milestones in $lang',
  ({ lang, labels, state, rounds, approve, deliver, bank }) => {
    beforeAll(async () => {
      await setLanguage(lang, { persist: false });
      await loadTexts(['brand', 'requests', 'milestones']);
    });

    it('given a split milestone, then the last step of its tracker names the outcome', () => {
      expect(
        milestoneStepLabels({ ...base, status: 'split', step: 3 }),
      ).toEqual(labels);
    });

    it('given a refusal of a milestone step, then it reads as a sentence with the status in words', () => {
      const notInState = refusal('milestone_not_in_state', {
        action: 'deliver_milestone',
        milestone: '2',
        status: 'released',
      });
      expect(milestoneRefusalText(notInState)).toBe(state);
      expect(
        milestoneRefusalText(refusal('revision_rounds_used', { rounds: '1' })),
      ).toBe(rounds);
      expect(
        milestoneRefusalText(refusal('milestone_not_found', {})),
      ).not.toContain('milestone_');
      expect(milestoneRefusalText(refusal('deal_not_in_state', {}))).toBeNull();
      expect(milestoneRefusalText(new Error('offline'))).toBeNull();
    });

    it('given the brand, then a delivered milestone offers approve, dispute and a change request; one in progress offers nothing', async () => {
      const html = await render(
        <MilestonePlan
          deal={planDeal([delivered, { ...base, index: 2 }])}
          side="brand"
        />,
      );
      expect(html.match(new RegExp(approve, 'g'))).toHaveLength(1);
      expect(html.match(/data-testid="change-note"/g)).toHaveLength(1);
      expect(html).toContain('https://x.example/s/1');
      expect(html).toContain('data-testid="deal-countdown"');
      expect(html).not.toContain(deliver);
    });

    it('given the creator, then only a milestone its statechart lets deliver has the delivery form', async () => {
      const html = await render(
        <MilestonePlan
          deal={planDeal([
            { ...base, can: ['deliver'] },
            { ...delivered, index: 2, can: [] },
          ])}
          side="creator"
          commands={creatorCommands}
        />,
      );
      expect(html).toContain(deliver);
      expect(html.match(/<textarea/g)).toHaveLength(2);
      expect(html).not.toContain(approve);
    });

    it("given the creator who can deliver, then the plan says the bank account is connected, as the deal's own delivery card does", async () => {
      const deal = planDeal([
        { ...base, can: ['deliver'] },
        { ...delivered, index: 2, can: [] },
      ]);
      const line = /data-testid="bank-connected"[^>]*>✓ (?:<!-- -->)?([^<]+)</;
      const creator = await render(
        <MilestonePlan deal={deal} side="creator" commands={creatorCommands} />,
      );
      expect(creator.match(line)?.[1]).toBe(bank);
      // Not for the brand, nor once nothing is left to deliver, nor on a page that delivers elsewhere.
      const brand = await render(<MilestonePlan deal={deal} side="brand" />);
      expect(brand).not.toContain('bank-connected');
      const done = await render(
        <MilestonePlan
          deal={planDeal([{ ...delivered, can: [] }])}
          side="creator"
          commands={creatorCommands}
        />,
      );
      expect(done).not.toContain('bank-connected');
      const elsewhere = await render(
        <MilestonePlan
          deal={deal}
          side="creator"
          commands={creatorCommands}
          elsewhere
        />,
      );
      expect(elsewhere).not.toContain('bank-connected');
    });
  },
);

describe("a dispute conversation's amount", () => {
  it("given a deal with a plan, then it is the latest disputed milestone's; the deal's own dispute is the deal's amount; none while never disputed", () => {
    const second = {
      ...delivered,
      index: 2,
      amountCents: 8_000,
      disputeCreatedAt: '2026-03-05T09:00:00.000Z',
    };
    const third = {
      ...delivered,
      index: 3,
      amountCents: 7_000,
      disputeCreatedAt: '2026-03-06T09:00:00.000Z',
    };
    expect(disputedCents(planDeal([second, third, delivered]))).toBe(7_000);
    expect(disputedCents(planDeal([second]))).toBe(8_000);
    expect(disputedCents(planDeal([delivered]))).toBeNull();
    const single = {
      amountCents: 25_000,
      disputeCreatedAt: '2026-03-05T09:00:00.000Z',
    } as DealDto;
    expect(disputedCents(single)).toBe(25_000);
  });
});

describe('a deal without a plan', () => {
  it('given no milestones, then neither the plan nor the summary renders anything', async () => {
    const deal = { id: 1, onHold: false } as unknown as DealDto;
    expect(await render(<MilestonePanel deal={deal} side="brand" />)).toBe('');
    expect(await render(<MilestoneSummaryLine deal={deal} />)).toBe('');
  });
});
