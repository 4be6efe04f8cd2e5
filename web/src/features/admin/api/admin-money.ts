import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReconciliationReportDto } from '../../../../../machines/contract/money-api';
import { adminApi } from './admin-api';

export type { ReconciliationReportDto } from '../../../../../machines/contract/money-api';

/** The ledger compared with the gateway since a day (YYYY-MM-DD; empty: the server's default of 30 days). */
export const useReconciliation = (since: string) =>
  useQuery(
    queryOptions({
      queryKey: ['admin', 'reconciliation', since],
      queryFn: () => adminApi<ReconciliationReportDto>(`/api/admin/reconciliation${since ? `?since=${encodeURIComponent(since)}` : ''}`),
    }),
  );
