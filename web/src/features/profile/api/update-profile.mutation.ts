import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/http';
import { profileKey, type Profile } from './get-profile.query';

export interface ProfileInput {
  username: string;
  email: string;
  companyName: string;
  country: string;
  phoneNumber: string;
}

export const updateProfile = (input: ProfileInput) =>
  api<Profile>('/api/user/profile', { method: 'PUT', body: input });

export function useUpdateProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: profileKey });
      void client.invalidateQueries({ queryKey: ['me'] });
    },
  });
}
