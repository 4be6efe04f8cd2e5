import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  emptyDealForm,
  readDealAmount,
} from '@/features/deals/form/deal-form-state';
import { MilestonePlanFields } from '@/features/deals/form/milestone-plan-fields';
import type {
  MilestoneDraft,
  PlanProblem,
} from '@/features/deals/form/milestone-plan';
import type { DealForm } from '@/features/deals/hooks/use-deal-form';
import { loadTexts, setLanguage } from '@/i18n';

const part = (
  title: string,
  amount: string,
  dueDate: string,
): MilestoneDraft => ({
  title,
  deliverables: [],
  amount,
  dueDate,
});

/** The plan's fields as the form shows them, with the given problems and the server's refusal. */
function render(
  milestones: MilestoneDraft[],
  shown: {
    planShown: PlanProblem[];
    refusal: PlanProblem | null;
    tried: boolean;
  },
): string {
  const deal = {
    form: { ...emptyDealForm, amount: '300', milestones },
    set: () => undefined,
    amount: readDealAmount('300'),
    submit: () => undefined,
    editing: false,
    loading: false,
    pending: false,
    ...shown,
  } as DealForm;
  // Amounts are formatted with a no-break space after the euro sign; compared as plain spaces.
  return renderToStaticMarkup(<MilestonePlanFields deal={deal} />).replace(
    /\u00a0/g,
    ' ',
  );
}

/** The markup of milestone `number`'s fieldset. */
const milestone = (html: string, number: number): string =>
  html
    .split(`data-testid="milestone-${number}"`)[1]!
    .split('data-testid="milestone-')[0]!;

describe("the plan's fields", () => {
  beforeAll(async () => {
    await setLanguage('nl', { persist: false });
    await loadTexts(['brand']);
  });

  it('given the plain deal, then only the split button shows, no milestone fields', () => {
    const html = render([], { planShown: [], refusal: null, tried: false });
    expect(html).toContain('Splitsen in mijlpalen');
    expect(html).not.toContain('data-testid="milestone-1"');
  });

  it("given the server's refusal of a due date, then it shows on that milestone's date only, in Dutch", () => {
    const refusal: PlanProblem = {
      code: 'milestone_due_in_past',
      field: 'dueDate',
      index: 1,
    };
    const html = render(
      [part('A', '100', '2026-12-01'), part('B', '200', '2026-11-30')],
      {
        planShown: [refusal],
        refusal,
        tried: true,
      },
    );
    expect(milestone(html, 2)).toContain(
      'De einddatum moet vandaag of later zijn.',
    );
    expect(milestone(html, 2)).toContain('aria-invalid="true"');
    expect(milestone(html, 1)).not.toContain('aria-invalid');
    expect(html).toContain('Samen € 300,00 van € 300,00');
  });

  it("given the server's refusal of an amount, then the amount field says it; a sum mismatch shows on the sum line", () => {
    const refusal: PlanProblem = {
      code: 'milestone_amount_too_small',
      field: 'amount',
      index: 0,
    };
    const amountHtml = render([part('A', '100', ''), part('B', '150', '')], {
      planShown: [refusal],
      refusal,
      tried: true,
    });
    expect(milestone(amountHtml, 1)).toContain(
      'Elke mijlpaal is minstens € 1,00.',
    );
    const sum: PlanProblem = {
      code: 'milestones_sum_mismatch',
      field: 'sum',
      index: null,
    };
    const sumHtml = render([part('A', '100', ''), part('B', '150', '')], {
      planShown: [sum],
      refusal: null,
      tried: true,
    });
    expect(sumHtml.split('data-testid="plan-sum"')[1]).toContain(
      'De bedragen van de mijlpalen moeten samen het bedrag van de deal zijn: € 300,00.',
    );
    expect(sumHtml).toContain('nog € 50,00 te verdelen');
  });
});
