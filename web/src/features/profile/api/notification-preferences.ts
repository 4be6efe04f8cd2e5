import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { DocumentMailPreferences } from '@machines/account/document-mail';
import { api } from '@/lib/http';

export interface NotificationPreferences {
  push: boolean;
  email: boolean;
  /** Which documents are e-mailed with their PDF, each on its own. */
  documents: DocumentMailPreferences;
  language: 'en' | 'nl';
}

/** A change: any of the switches, some of the document kinds. */
export type NotificationPreferencesChange = Partial<
  Omit<NotificationPreferences, 'documents'>
> & {
  documents?: Partial<DocumentMailPreferences>;
};

export const notificationPreferencesKey = ['notification-preferences'] as const;
export const fetchNotificationPreferences = () =>
  api<NotificationPreferences>('/api/user/notification-preferences');
export const notificationPreferencesQueryOptions = () =>
  queryOptions({
    queryKey: notificationPreferencesKey,
    queryFn: fetchNotificationPreferences,
  });
export const useNotificationPreferences = () =>
  useQuery(notificationPreferencesQueryOptions());

export const updateNotificationPreferences = (
  input: NotificationPreferencesChange,
) =>
  api<NotificationPreferences>('/api/user/notification-preferences', {
    method: 'PUT',
    body: input,
  });

/** Saves a change on the server; the toggles show the server's answer. */
export function useUpdateNotificationPreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationPreferences,
    onSuccess: (answer) =>
      client.setQueryData(notificationPreferencesKey, answer),
  });
}
