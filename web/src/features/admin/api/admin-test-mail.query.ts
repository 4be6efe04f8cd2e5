import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminApi } from './admin-api';

export interface TestMail {
  name: string;
  to: string;
  subject: string;
  date: string;
  /** The message's page with its key: opens without sending the admin token. */
  url: string;
}

export const fetchTestMail = () =>
  adminApi<{ mails: TestMail[] }>('/api/admin/test-mail');
export const testMailQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'test-mail'], queryFn: fetchTestMail });
export const useTestMail = () => useQuery(testMailQueryOptions());
