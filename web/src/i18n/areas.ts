/**
 * The text areas and the catalog modules each one loads (`web/src/i18n/<lang>-<name>.ts`). Data only:
 * the app's loaders and the build's route preloads (web/build/route-preloads.ts) both read it.
 */
export type Area =
  | 'core'
  | 'brand'
  | 'account'
  | 'admin'
  | 'requests'
  | 'dispute'
  | 'milestones'
  | 'link-panels';

export const areaCatalogs: Record<Area, readonly string[]> = {
  core: ['core'],
  brand: ['brand'],
  account: ['account'],
  admin: ['admin'],
  requests: ['requests', 'deal-pages'],
  // A dispute's conversation: loaded with its panel, on whichever page shows one.
  dispute: ['dispute'],
  // A deal's milestones: loaded with their panel, only on pages showing a deal with a plan.
  milestones: ['milestones'],
  // The panels a deal link shows after a step (acceptance code, claim, self-billing, notifications):
  // loaded with them there; the profile and the payment-request link pages, which show them at once,
  // list the area in the route table.
  'link-panels': ['link-panels'],
};
