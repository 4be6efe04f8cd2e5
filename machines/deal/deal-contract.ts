import type { MilestonePlanItem } from './deal-milestones';
import type { platforms } from './deal-options';

/**
 * A deal's contract: the terms the brand set (deliverables, money, deadlines) and the collaboration
 * terms around them (revision rounds, usage rights, exclusivity, the brand's own terms), in one
 * canonical form. The creator accepts it; the acceptance records the SHA-256 of `canonicalContract`,
 * so any later change is detectable. The form holds codes and numbers, never words: it is the same
 * whatever language a reader reads it in. Pure data and functions (no zod, no crypto): the web app
 * lays the contract out from it, the server hashes it.
 */

export const MIN_REVISION_ROUNDS = 0;
export const MAX_REVISION_ROUNDS = 5;
/** What a brand gets when it does not choose: two rounds of changes after the first delivery. */
export const DEFAULT_REVISION_ROUNDS = 2;
/** Usage rights and exclusivity run for 1 to 3,650 days (ten years; longer is `perpetual`). */
export const MIN_CONTRACT_DAYS = 1;
export const MAX_CONTRACT_DAYS = 3_650;
export const MAX_CATEGORY_LENGTH = 100;
export const MAX_BRAND_TERMS_LENGTH = 5_000;
/** A change request's note and a delivery's note: up to 2,000 characters. */
export const MAX_REVISION_NOTE_LENGTH = 2_000;
/** A delivery points to at most 5 published pieces of content (http(s) links). */
export const MAX_DELIVERY_LINKS = 5;

export const usageRightsKinds = ['organic', 'paid_ads', 'perpetual'] as const;
export type UsageRightsKind = (typeof usageRightsKinds)[number];
export type UsageRights =
  | { kind: 'organic' }
  | { kind: 'paid_ads'; days: number }
  | { kind: 'perpetual' };

export const exclusivityKinds = ['none', 'category'] as const;
export type Exclusivity =
  | { kind: 'none' }
  | { kind: 'category'; days: number; category: string };

/**
 * The contract's canonical form (its field names and order are part of the hash: change only with a
 * new `form`). `deal-contract/2` is a deal with a milestone plan: the /1 fields and the plan, each
 * milestone's title, deliverables, amount and due date. A deal without a plan keeps /1, byte for byte.
 */
export interface DealContract {
  form: 'deal-contract/1' | 'deal-contract/2';
  dealId: number;
  influencer: string;
  profileLink: string | null;
  title: string | null;
  description: string | string[];
  deliverables: string[];
  platforms: (typeof platforms)[number][];
  briefingFiles: string | null;
  deadline: string;
  publicationDeadline: string | null;
  amountCents: number;
  feeCents: number;
  totalCents: number;
  revisionRounds: number;
  /** null: a deal made before usage rights were part of its terms (nothing was agreed). */
  usageRights: UsageRights | null;
  exclusivity: Exclusivity;
  brandTerms: string | null;
  milestones?: MilestonePlanItem[] | undefined;
}

/** The terms a contract is made of (machines/deal/deal.events.ts `DealTerms`; the new fields optional for older deals). */
export interface ContractTerms
  extends Omit<
    DealContract,
    | 'form'
    | 'dealId'
    | 'revisionRounds'
    | 'usageRights'
    | 'exclusivity'
    | 'brandTerms'
  > {
  revisionRounds?: number | undefined;
  usageRights?: UsageRights | undefined;
  exclusivity?: Exclusivity | undefined;
  brandTerms?: string | null | undefined;
}

/** Revision rounds a deal's terms include; a deal made before rounds existed has none. */
export const revisionRoundsOf = (terms: ContractTerms | null): number =>
  terms?.revisionRounds ?? 0;

/** The contract of a deal's terms; fields a deal made before contracts lacks read as "not agreed". */
export function contractOf(dealId: number, terms: ContractTerms): DealContract {
  const plan = terms.milestones?.map(
    ({ title, deliverables, amountCents, dueDate }) => ({
      title,
      deliverables,
      amountCents,
      dueDate,
    }),
  );
  return {
    form: plan ? 'deal-contract/2' : 'deal-contract/1',
    dealId,
    influencer: terms.influencer,
    profileLink: terms.profileLink,
    title: terms.title,
    description: terms.description,
    deliverables: terms.deliverables,
    platforms: terms.platforms,
    briefingFiles: terms.briefingFiles,
    deadline: terms.deadline,
    publicationDeadline: terms.publicationDeadline,
    amountCents: terms.amountCents,
    feeCents: terms.feeCents,
    totalCents: terms.totalCents,
    revisionRounds: revisionRoundsOf(terms),
    usageRights: terms.usageRights ?? null,
    exclusivity: terms.exclusivity ?? { kind: 'none' },
    brandTerms: terms.brandTerms ?? null,
    milestones: plan,
  };
}

/**
 * One JSON text per value: object keys sorted (by UTF-16 code unit), no white space, `undefined`
 * fields left out, arrays in their order. Two equal contracts give the same bytes, always.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object')
    return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/** The bytes the acceptance's SHA-256 is taken of (UTF-8 of this text). */
export const canonicalContract = (contract: DealContract): string =>
  canonicalJson(contract);
