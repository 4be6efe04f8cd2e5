import type { DealDto, DealInput, DealPlatform } from '@machines/contract/api';
import { platforms } from '@machines/deal/deal-options';
import { centsToDecimal, MAX_DEAL_CENTS, MIN_DEAL_CENTS } from '@machines/money';
import { readAmount, type AmountReading } from '@/lib/amount';
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

const orNull = (v: string): string | null => (v.trim() === '' ? null : v.trim());

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
  };
}
