import { breakdown, parseEuroToCents } from '@machines/money';
import type { DealTerms } from '@machines/deal/deal.events';
import {
  DEFAULT_REVISION_ROUNDS,
  MAX_BRAND_TERMS_LENGTH,
  MAX_CATEGORY_LENGTH,
  MAX_CONTRACT_DAYS,
  MAX_REVISION_ROUNDS,
  MIN_CONTRACT_DAYS,
  MIN_REVISION_ROUNDS,
  type Exclusivity,
  type UsageRights,
} from '@machines/deal/deal-contract';
import { DomainError } from '../commands/domain-error';
import { milestonePlanRefusal } from '@machines/deal/deal-milestones';
import { isCalendarDate, trimVisible } from '../http/fields';
import type { DealTermsBody } from './deal.schemas';

/** The calendar day (UTC) a deadline names: "2026-04-01" and "2026-04-01T12:00:00+02:00" both give 2026-04-01. */
const dayOf = (deadline: string): string => deadline.slice(0, 10);

/** Deadlines name a day that has not passed (UTC), as payment requests' do; a brand may pick today. */
function assertDeadlinesAhead(body: DealTermsBody, now: Date): void {
  const today = now.toISOString().slice(0, 10);
  if (dayOf(body.deadline) < today) throw new DomainError('deadline_in_past');
  if (
    body.publicationDeadline !== null &&
    dayOf(body.publicationDeadline) < today
  ) {
    throw new DomainError('publication_deadline_in_past');
  }
}

const contractDays = (days: number | null | undefined): number => {
  if (
    typeof days !== 'number' ||
    !Number.isInteger(days) ||
    days < MIN_CONTRACT_DAYS ||
    days > MAX_CONTRACT_DAYS
  )
    throw new DomainError('contract_days_invalid');
  return days;
};

function usageRightsFrom(body: DealTermsBody): UsageRights {
  const given = body.usageRights ?? { kind: 'organic' };
  return given.kind === 'paid_ads'
    ? { kind: 'paid_ads', days: contractDays(given.days) }
    : { kind: given.kind };
}

function exclusivityFrom(body: DealTermsBody): Exclusivity {
  const given = body.exclusivity ?? { kind: 'none' };
  if (given.kind === 'none') return { kind: 'none' };
  const days = contractDays(given.days);
  const category = given.category?.trim() ?? '';
  if (category === '' || category.length > MAX_CATEGORY_LENGTH)
    throw new DomainError('exclusivity_category_required');
  return { kind: 'category', days, category };
}

/**
 * The contract's terms of a create or edit form (machines/deal/deal-contract.ts): revision rounds
 * 0–5 (2 when not given), usage rights (organic when not given), exclusivity (none when not
 * given), the brand's own terms (at most 5,000 characters). Each refusal has its own code.
 */
function contractTermsFrom(
  body: DealTermsBody,
): Pick<
  DealTerms,
  'revisionRounds' | 'usageRights' | 'exclusivity' | 'brandTerms'
> {
  const rounds = body.revisionRounds ?? DEFAULT_REVISION_ROUNDS;
  if (
    !Number.isInteger(rounds) ||
    rounds < MIN_REVISION_ROUNDS ||
    rounds > MAX_REVISION_ROUNDS
  )
    throw new DomainError('revision_rounds_invalid');
  if (
    body.brandTerms !== null &&
    body.brandTerms.length > MAX_BRAND_TERMS_LENGTH
  )
    throw new DomainError('brand_terms_too_long');
  return {
    revisionRounds: rounds,
    usageRights: usageRightsFrom(body),
    exclusivity: exclusivityFrom(body),
    brandTerms: body.brandTerms,
  };
}

/**
 * The milestone plan a brand's form gives, in cents: 1 to 10 milestones with a title, amounts
 * (typed as the amount field is, "80" or "80,50") of at least €1.00 adding up to the deal's
 * amount, due dates that have not passed. A plan of one milestone is the deal itself (nothing is
 * stored: the deal runs as deals always have); none given, none stored.
 */
function milestonesFrom(
  body: DealTermsBody,
  amountCents: number,
  now: Date,
): Pick<DealTerms, 'milestones'> {
  if (body.milestones === undefined) return {};
  const plan = body.milestones.map((m) => {
    const cents =
      m.amount === null || m.amount === undefined
        ? null
        : parseEuroToCents(m.amount);
    if (cents === null) throw new DomainError('milestone_amount_invalid');
    if (m.dueDate !== '' && !isCalendarDate(m.dueDate))
      throw new DomainError('milestone_due_date_invalid');
    return {
      title: trimVisible(m.title),
      deliverables: m.deliverables,
      amountCents: cents,
      dueDate: dayOf(m.dueDate),
    };
  });
  if (plan.some((m) => m.dueDate === ''))
    throw new DomainError('milestone_due_date_invalid');
  const code = milestonePlanRefusal(
    plan,
    amountCents,
    now.toISOString().slice(0, 10),
  );
  if (code !== null) throw new DomainError(code);
  return plan.length > 1 ? { milestones: plan } : {};
}

/**
 * The terms a brand's create or edit form asks for, as the deal's commands take them: deadlines
 * that have not passed, and the amount with its fee and total (machines/money.ts).
 */
export function dealTermsFrom(body: DealTermsBody, now: Date): DealTerms {
  assertDeadlinesAhead(body, now);
  const money = breakdown(body.amount, 'deal');
  return {
    influencer: body.influencer,
    profileLink: body.profileLink,
    title: body.title,
    description: body.description,
    amountCents: money.amountCents,
    feeCents: money.feeCents,
    totalCents: money.totalCents,
    deadline: body.deadline,
    publicationDeadline: body.publicationDeadline,
    deliverables: body.deliverables,
    platforms: body.platforms,
    briefingFiles: body.briefingFiles,
    ...contractTermsFrom(body),
    ...milestonesFrom(body, money.amountCents, now),
  };
}
