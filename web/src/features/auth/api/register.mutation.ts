import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/http';
import type { AuthAnswer } from './login.mutation';

export interface RegisterInput {
  username: string;
  email: string;
  password: string;
  companyName: string;
  country: string;
  phoneNumber: string;
}

export const register = (input: RegisterInput) =>
  api<AuthAnswer>('/api/auth/register', {
    method: 'POST',
    body: input,
    auth: 'none',
  });
export const useRegister = () => useMutation({ mutationFn: register });
