/**
 * The text areas and the catalog modules each one loads (`web/src/i18n/<lang>-<name>.ts`). Data only:
 * the app's loaders and the build's route preloads (web/build/route-preloads.ts) both read it.
 */
export type Area = 'core' | 'brand' | 'account' | 'admin' | 'requests' | 'dispute' | 'milestones';

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
};
