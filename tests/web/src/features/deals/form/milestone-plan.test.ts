import { describe, expect, it } from 'vitest';
import type { DealDto } from '@machines/contract/api';
import { MAX_DEAL_CENTS } from '@machines/money';
import {
  emptyDealForm,
  formFromDeal,
  formPlanProblems,
  toDealInput,
  type DealFormState,
} from '@/features/deals/form/deal-form-state';
import {
  addMilestone,
  isPlanCode,
  placeRefusal,
  planProblems,
  planSumCents,
  removeMilestone,
  splitPlan,
  updateMilestone,
  utcToday,
  type MilestoneDraft,
} from '@/features/deals/form/milestone-plan';

const today = '2026-11-27';
const part = (
  title: string,
  amount: string,
  dueDate = '2026-12-10',
): MilestoneDraft => ({
  title,
  deliverables: ['1 Instagram Story'],
  amount,
  dueDate,
});
const deal = (amountCents: number | null, deadline = '2026-12-20') => ({
  amountCents,
  maxCents: MAX_DEAL_CENTS,
  today,
  deadline,
});
const form = (change: Partial<DealFormState>): DealFormState => ({
  ...emptyDealForm,
  influencer: '@anna',
  description: 'Two stories',
  amount: '300',
  deadline: '2026-12-20',
  deliverables: ['1 Instagram Story'],
  platforms: ['Instagram'],
  confirmed: true,
  ...change,
});

describe('the milestone plan of the deal form', () => {
  it('given the plain deal, then it has no problems and sends no milestones, exactly as before', () => {
    expect(formPlanProblems(form({}), today)).toEqual([]);
    expect(toDealInput(form({}))).not.toHaveProperty('milestones');
  });

  it('given a split, then two milestones start, the first with the deal deliverables and date', () => {
    const plan = splitPlan({
      deliverables: ['1 TikTok video'],
      deadline: '2026-12-20',
    });
    expect(plan).toEqual([
      {
        title: '',
        deliverables: ['1 TikTok video'],
        amount: '',
        dueDate: '2026-12-20',
      },
      { title: '', deliverables: [], amount: '', dueDate: '' },
    ]);
  });

  it('given milestones added and removed, then at most 10, and down to one it is the plain deal again', () => {
    let plan = splitPlan({ deliverables: [], deadline: '' });
    for (let i = 0; i < 12; i++) plan = addMilestone(plan);
    expect(plan).toHaveLength(10);
    expect(removeMilestone(plan, 3)).toHaveLength(9);
    expect(removeMilestone([part('A', '1'), part('B', '2')], 0)).toEqual([]);
    expect(
      updateMilestone([part('A', '1'), part('B', '2')], 1, { title: 'C' })[1]!
        .title,
    ).toBe('C');
  });

  it('given amounts typed with a comma or a point, then the running sum reads them all', () => {
    expect(
      planSumCents(
        [part('A', '80,50'), part('B', '19.50'), part('C', 'x')],
        MAX_DEAL_CENTS,
      ),
    ).toBe(10_000);
  });

  it('given a fitting plan, then no problems, and the API gets each amount as a decimal', () => {
    const f = form({
      milestones: [part('Draft', '100,50'), part('Final', '199.5')],
    });
    expect(formPlanProblems(f, today)).toEqual([]);
    expect(toDealInput(f).milestones).toEqual([
      {
        title: 'Draft',
        deliverables: ['1 Instagram Story'],
        amount: '100.50',
        dueDate: '2026-12-10',
      },
      {
        title: 'Final',
        deliverables: ['1 Instagram Story'],
        amount: '199.50',
        dueDate: '2026-12-10',
      },
    ]);
  });

  it("given each field's problem, then the server's code on that milestone's field", () => {
    const plan = [
      part(' ', '100'),
      part('B', '0,50', '2026-11-26'),
      part('C', 'abc', ''),
      part('D', '', today),
    ];
    expect(planProblems(plan, deal(null))).toEqual([
      { code: 'milestone_title_required', field: 'title', index: 0 },
      { code: 'milestone_amount_too_small', field: 'amount', index: 1 },
      { code: 'milestone_due_in_past', field: 'dueDate', index: 1 },
      { code: 'milestone_amount_invalid', field: 'amount', index: 2 },
      { code: 'milestone_due_date_invalid', field: 'dueDate', index: 2 },
      { code: 'milestone_amount_invalid', field: 'amount', index: 3 },
    ]);
  });

  it("given a milestone due after the deal's deadline, then the server's code on its due date; due on the deadline is fine", () => {
    const plan = [
      part('A', '100', '2026-12-20'),
      part('B', '150', '2026-12-21'),
    ];
    expect(planProblems(plan, deal(25_000))).toEqual([
      { code: 'milestone_due_after_deadline', field: 'dueDate', index: 1 },
    ]);
    // The deadline may be written with a time: its calendar day counts.
    expect(planProblems(plan, deal(25_000, '2026-12-21T10:00'))).toEqual([]);
    // No deadline typed yet: nothing to compare with.
    expect(planProblems(plan, deal(25_000, ''))).toEqual([]);
    expect(
      formPlanProblems(
        form({ milestones: plan, amount: '250', deadline: '2026-12-20' }),
        today,
      ),
    ).toEqual([
      { code: 'milestone_due_after_deadline', field: 'dueDate', index: 1 },
    ]);
  });

  it('given sums that do not match or pass the cap, then the problem is on the sum line', () => {
    const plan = [part('A', '100'), part('B', '150')];
    expect(planProblems(plan, deal(30_000))).toEqual([
      { code: 'milestones_sum_mismatch', field: 'sum', index: null },
    ]);
    expect(planProblems(plan, deal(25_000))).toEqual([]);
    const big = [part('A', '1000'), part('B', '1000')];
    expect(planProblems(big, deal(200_000))).toEqual([
      { code: 'milestones_above_limit', field: 'sum', index: null },
    ]);
  });

  it("given the server's refusal, then it shows where the same check finds it, else on the code's field", () => {
    const plan = [
      part('A', '100', '2026-12-10'),
      part('B', '200', '2026-12-01'),
    ];
    expect(placeRefusal('milestones_sum_mismatch', plan, deal(40_000))).toEqual(
      {
        code: 'milestones_sum_mismatch',
        field: 'sum',
        index: null,
      },
    );
    // The server's clock is a day on: the milestone due first is the one it finds past.
    expect(placeRefusal('milestone_due_in_past', plan, deal(30_000))).toEqual({
      code: 'milestone_due_in_past',
      field: 'dueDate',
      index: 1,
    });
    expect(
      placeRefusal('milestone_title_required', plan, deal(30_000)),
    ).toEqual({
      code: 'milestone_title_required',
      field: 'title',
      index: 0,
    });
    expect(placeRefusal('milestones_count', plan, deal(30_000)).field).toBe(
      'sum',
    );
  });

  it('given server codes, then only the plan refusals are recognised', () => {
    expect(isPlanCode('milestone_due_in_past')).toBe(true);
    expect(isPlanCode('deadline_in_past')).toBe(false);
    expect(isPlanCode(null)).toBe(false);
  });

  it("given a stored plan, then the edit form holds it as typed fields, today's date in UTC", () => {
    const stored = {
      ...({} as DealDto),
      influencer: '@anna',
      profileLink: null,
      title: null,
      description: 'x',
      amount: '300.00',
      deadline: null,
      publicationDeadline: null,
      deliverables: [],
      platforms: [],
      briefingFiles: null,
      revisionRounds: 1,
      usageRights: { kind: 'organic' },
      exclusivity: { kind: 'none' },
      brandTerms: null,
      milestones: [
        {
          index: 1,
          title: 'A',
          deliverables: [],
          amountCents: 10_050,
          dueDate: '2026-12-10',
        },
        {
          index: 2,
          title: 'B',
          deliverables: ['1 TikTok video'],
          amountCents: 19_950,
          dueDate: '2026-12-11',
        },
      ],
    } as unknown as DealDto;
    expect(formFromDeal(stored).milestones).toEqual([
      { title: 'A', deliverables: [], amount: '100.50', dueDate: '2026-12-10' },
      {
        title: 'B',
        deliverables: ['1 TikTok video'],
        amount: '199.50',
        dueDate: '2026-12-11',
      },
    ]);
    expect(utcToday(new Date('2026-11-27T23:30:00-05:00'))).toBe('2026-11-28');
  });
});
