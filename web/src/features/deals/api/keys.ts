/** Query keys of the deal feature; invalidation uses their prefixes. */
export const dealKeys = {
  lists: ['deals'] as const,
  list: (filter: string) => ['deals', filter] as const,
  detail: (id: number) => ['deal', id] as const,
  byToken: (token: string) => ['deal-token', token] as const,
  paymentStatus: (id: number) => ['payment-status', id] as const,
  stats: ['dashboard-stats'] as const,
  userStats: ['user-stats'] as const,
};
