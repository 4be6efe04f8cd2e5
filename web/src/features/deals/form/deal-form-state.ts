import type { DealDto, DealInput, DealPlatform } from '@machines/contract/api';
import { platforms } from '@machines/deal/deal-options';
import {
  DEFAULT_REVISION_ROUNDS,
  type UsageRightsKind,
} from '@machines/deal/deal-contract';
import {
  centsToDecimal,
  MAX_DEAL_CENTS,
  MIN_DEAL_CENTS,
} from '@machines/money';
import { readAmount, type AmountReading } from '@/lib/amount';
import { descriptionText } from '@/features/deals/model/deal-text';
import { currentSettings } from '@/i18n';
import {
  planFromDeal,
  planProblems,
  toMilestoneInputs,
  type MilestoneDraft,
  type PlanDeal,
  type PlanProblem,
} from './milestone-plan';

export interface DealFormState {
  influencer: string;
  profileLink: string;
  title: string;
  description: string;
  amount: string;
  deadline: string;
  publicationDeadline: string;
  deliverables: string[];
  platforms: string[];
  briefingFiles: string;
  /** The contract's terms (machines/deal/deal-contract.ts), as the form's fields hold them. */
  revisionRounds: string;
  usageKind: UsageRightsKind;
  usageDays: string;
  exclusivityKind: 'none' | 'category';
  exclusivityDays: string;
  exclusivityCategory: string;
  brandTerms: string;
  /** The milestone plan: none is the plain deal (one delivery), else 2 to 10 milestones. */
  milestones: MilestoneDraft[];
  confirmed: boolean;
}

export const emptyDealForm: DealFormState = {
  influencer: '',
  profileLink: '',
  title: '',
  description: '',
  amount: '',
  deadline: '',
  publicationDeadline: '',
  deliverables: [],
  platforms: [],
  briefingFiles: '',
  revisionRounds: String(DEFAULT_REVISION_ROUNDS),
  usageKind: 'organic',
  usageDays: '30',
  exclusivityKind: 'none',
  exclusivityDays: '30',
  exclusivityCategory: '',
  brandTerms: '',
  milestones: [],
  confirmed: false,
};

const day = (value: string | null): string => (value ? value.slice(0, 10) : '');

export function formFromDeal(deal: DealDto): DealFormState {
  return {
    influencer: deal.influencer,
    profileLink: deal.profileLink ?? '',
    title: deal.title ?? '',
    description: descriptionText(deal.description),
    amount: deal.amount,
    deadline: day(deal.deadline),
    publicationDeadline: day(deal.publicationDeadline),
    deliverables: deal.deliverables,
    platforms: deal.platforms,
    briefingFiles: deal.briefingFiles ?? '',
    revisionRounds: String(deal.revisionRounds),
    usageKind: deal.usageRights?.kind ?? 'organic',
    usageDays:
      deal.usageRights?.kind === 'paid_ads'
        ? String(deal.usageRights.days)
        : '30',
    exclusivityKind: deal.exclusivity.kind,
    exclusivityDays:
      deal.exclusivity.kind === 'category'
        ? String(deal.exclusivity.days)
        : '30',
    exclusivityCategory:
      deal.exclusivity.kind === 'category' ? deal.exclusivity.category : '',
    brandTerms: deal.brandTerms ?? '',
    milestones: planFromDeal(deal),
    confirmed: true,
  };
}

/** A deal's bounds: a card payment's least, and the cap the running server applies (docs/product.md §5). */
export const dealAmountBounds = () => ({
  minCents: MIN_DEAL_CENTS,
  // GET /api/settings; the shared constant until it is known.
  maxCents: currentSettings()?.maxDealCents ?? MAX_DEAL_CENTS,
});

export const readDealAmount = (amount: string): AmountReading =>
  readAmount(amount, dealAmountBounds());

export const missingRequired = (f: DealFormState): boolean =>
  !f.confirmed ||
  f.influencer.trim() === '' ||
  f.description.trim() === '' ||
  readDealAmount(f.amount).problem === 'empty';

/** What the plan is checked against: the deal's amount as typed, the cap, today and the deal's deadline. */
export const planDeal = (f: DealFormState, today: string): PlanDeal => ({
  amountCents: readDealAmount(f.amount).cents,
  maxCents: dealAmountBounds().maxCents,
  today,
  deadline: f.deadline,
});

/** The plan's problems (none for the plain deal). */
export const formPlanProblems = (
  f: DealFormState,
  today: string,
): PlanProblem[] => planProblems(f.milestones, planDeal(f, today));

const orNull = (v: string): string | null =>
  v.trim() === '' ? null : v.trim();

export function toDealInput(f: DealFormState): DealInput {
  return {
    influencer: f.influencer.trim(),
    profileLink: orNull(f.profileLink),
    title: orNull(f.title),
    description: f.description.trim(),
    amount: centsToDecimal(readDealAmount(f.amount).cents ?? 0),
    deadline: f.deadline,
    publicationDeadline: orNull(f.publicationDeadline),
    deliverables: f.deliverables,
    platforms: f.platforms.filter((p): p is DealPlatform =>
      (platforms as readonly string[]).includes(p),
    ),
    briefingFiles: orNull(f.briefingFiles),
    revisionRounds: Number(f.revisionRounds),
    usageRights: {
      kind: f.usageKind,
      days: f.usageKind === 'paid_ads' ? Number(f.usageDays) : null,
    },
    exclusivity:
      f.exclusivityKind === 'none'
        ? { kind: 'none' }
        : {
            kind: 'category',
            days: Number(f.exclusivityDays),
            category: f.exclusivityCategory.trim(),
          },
    brandTerms: orNull(f.brandTerms),
    ...planInput(f),
  };
}

/** The plan when the deal is split; the plain deal sends none, exactly as before plans existed. */
function planInput(f: DealFormState): Pick<DealInput, 'milestones'> {
  const milestones = toMilestoneInputs(
    f.milestones,
    dealAmountBounds().maxCents,
  );
  return milestones ? { milestones } : {};
}
