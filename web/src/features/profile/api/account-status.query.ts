import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BankStatusDto } from '@machines/contract/api';
import { api } from '@/lib/http';

/** The payout account's state: its `code` (the spec's words stay in `status` for other clients). */
export const fetchAccountStatus = () =>
  api<BankStatusDto>('/api/stripe/account-status');
export const accountStatusQueryOptions = () =>
  queryOptions({ queryKey: ['account-status'], queryFn: fetchAccountStatus });
export const useAccountStatus = (enabled: boolean) =>
  useQuery({ ...accountStatusQueryOptions(), enabled });
