import { useMutation } from '@tanstack/react-query';
import type { UserDto } from '@machines/contract/api';
import { api } from '@/lib/http';

export interface AuthAnswer {
  token: string;
  user: UserDto;
}

export const login = (input: { email: string; password: string }) =>
  api<AuthAnswer>('/api/auth/login', {
    method: 'POST',
    body: input,
    auth: 'none',
  });
export const useLogin = () => useMutation({ mutationFn: login });
