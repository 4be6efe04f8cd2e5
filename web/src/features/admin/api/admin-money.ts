import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  MoneyOverviewDto,
  ReconciliationReportDto,
} from '@machines/contract/money-api';
import { adminApi } from './admin-api';

export type { ReconciliationReportDto } from '@machines/contract/money-api';

/** The ledger compared with the gateway since a day (YYYY-MM-DD; empty: the server's default of 30 days). */
export const useReconciliation = (since: string) =>
  useQuery(
    queryOptions({
      queryKey: ['admin', 'reconciliation', since],
      queryFn: () =>
        adminApi<ReconciliationReportDto>(
          `/api/admin/reconciliation${since ? `?since=${encodeURIComponent(since)}` : ''}`,
        ),
    }),
  );

export type { MoneyOverviewDto } from '@machines/contract/money-api';

/** Held now, due soon, and the last 90 days of money movements. */
export const useMoneyOverview = () =>
  useQuery(
    queryOptions({
      queryKey: ['admin', 'money-overview'],
      queryFn: () => adminApi<MoneyOverviewDto>('/api/admin/money/overview'),
    }),
  );
