import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/http';

export const adminLogin = (input: {
  username: string;
  password: string;
  recoveryCode?: string;
}) =>
  api<{ token: string }>('/api/auth/admin-login', {
    method: 'POST',
    body: input,
    auth: 'none',
  });
export const useAdminLogin = () => useMutation({ mutationFn: adminLogin });
