import type { DealDto } from '@machines/contract/api';
import { getAuthToken } from '@/lib/auth-token';
import { api } from '@/lib/http';
import { claimHeaders } from '@/lib/claim-secret';
import { putLinkDeal } from './accept-deal.mutation';
import { useDealMutation } from './use-deal-mutation';

interface DeliverVars {
  token: string;
  note: string | null;
  links: string[];
  /** One milestone of a deal with a plan; none for the deal's own delivery. */
  milestone?: number;
}

/** A delivery or, after a change request, the redelivery: an optional note and up to 5 links to the published content. */
export const deliverDeal = ({ token, note, links, milestone }: DeliverVars) =>
  api<{ deal: DealDto }>(
    `/api/deals/deliver/${encodeURIComponent(token)}${milestone === undefined ? '' : `/milestones/${milestone}`}`,
    {
      method: 'POST',
      auth: getAuthToken() ? 'user' : 'none',
      headers: claimHeaders(token),
      body: { note, links },
    },
  );
export const useDeliverDeal = () =>
  useDealMutation(deliverDeal, (client, answer, { token }: DeliverVars) =>
    putLinkDeal(client, answer, token),
  );
