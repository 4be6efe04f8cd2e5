import type { DealDto } from '@machines/contract/api';
import { api } from '@/lib/http';
import { dealKeys } from './keys';
import { useDealMutation } from './use-deal-mutation';

export const deleteDeal = (id: number) =>
  api<{ success: boolean; id: number }>(`/api/deals/${id}`, {
    method: 'DELETE',
  });

/** The deleted deal leaves every cached list at once. */
export const useDeleteDeal = () =>
  useDealMutation(deleteDeal, (client, _answer, id: number) => {
    client.removeQueries({ queryKey: dealKeys.detail(id) });
    client.setQueriesData<DealDto[]>({ queryKey: dealKeys.lists }, (list) =>
      list?.filter((d) => d.id !== id),
    );
  });
