import type { DealDto, DealInput, DealPlatform } from '@machines/contract/api';
import { platforms } from '@machines/deal/deal-options';
import { centsToDecimal, MAX_DEAL_CENTS, parseEuroToCents } from '@machines/money';
import { descriptionText } from '@/features/deals/model/deal-text';
import { currentSettings } from '@/i18n';

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
    confirmed: true,
  };
}

export const amountCents = (amount: string): number | null =>
  amount.trim() === '' ? null : parseEuroToCents(amount);

/** True when the amount is above the €1,750 cap (docs/product.md §5). */
export const overCap = (amount: string): boolean => {
  const cents = amountCents(amount);
  // The cap the running server applies (GET /api/settings); the shared constant until it is known.
  return cents !== null && cents > (currentSettings()?.maxDealCents ?? MAX_DEAL_CENTS);
};

export const missingRequired = (f: DealFormState): boolean =>
  !f.confirmed ||
  f.influencer.trim() === '' ||
  f.description.trim() === '' ||
  !amountCents(f.amount);

const orNull = (v: string): string | null => (v.trim() === '' ? null : v.trim());

export function toDealInput(f: DealFormState): DealInput {
  return {
    influencer: f.influencer.trim(),
    profileLink: orNull(f.profileLink),
    title: orNull(f.title),
    description: f.description.trim(),
    amount: centsToDecimal(amountCents(f.amount) ?? 0),
    deadline: f.deadline,
    publicationDeadline: orNull(f.publicationDeadline),
    deliverables: f.deliverables,
    platforms: f.platforms.filter((p): p is DealPlatform =>
      (platforms as readonly string[]).includes(p),
    ),
    briefingFiles: orNull(f.briefingFiles),
  };
}
