import type { nlRequests } from './nl-requests';
import type { nlDealPages } from './nl-deal-pages';

/** The Dutch catalog's keys: payment-request flow, payment page and deal detail page. */
export type nl = typeof nlRequests & typeof nlDealPages;
