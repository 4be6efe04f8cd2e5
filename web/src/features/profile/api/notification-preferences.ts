import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/http';

export interface NotificationPreferences {
  push: boolean;
  email: boolean;
  language: 'en' | 'nl';
}

export const notificationPreferencesKey = ['notification-preferences'] as const;
export const fetchNotificationPreferences = () =>
  api<NotificationPreferences>('/api/user/notification-preferences');
export const notificationPreferencesQueryOptions = () =>
  queryOptions({ queryKey: notificationPreferencesKey, queryFn: fetchNotificationPreferences });
export const useNotificationPreferences = () => useQuery(notificationPreferencesQueryOptions());

export const updateNotificationPreferences = (input: Partial<NotificationPreferences>) =>
  api<NotificationPreferences>('/api/user/notification-preferences', {
    method: 'PUT',
    body: input,
  });

/** Saves a change on the server; the toggles show the server's answer. */
export function useUpdateNotificationPreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationPreferences,
    onSuccess: (answer) => client.setQueryData(notificationPreferencesKey, answer),
  });
}
