export const requestKeys = {
  list: ['payment-requests'] as const,
  byToken: (token: string) => ['payment-request-token', token] as const,
};
