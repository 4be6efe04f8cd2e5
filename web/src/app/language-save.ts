import { toast } from '@/components/ui/toast-store';
import { api } from '@/lib/http';
import { t, type Lang } from '@/i18n';
import { queryClient } from './query-client';

/** Saves a chosen language in the signed-in user's profile (loaded on the first switch only). */
export async function saveLanguage(language: Lang): Promise<void> {
  try {
    await api<{ language: Lang }>('/api/profile/language', { method: 'PUT', body: { language } });
    await queryClient.invalidateQueries({ queryKey: ['me'] });
  } catch {
    toast({ title: t('lang.saveError'), variant: 'destructive' });
  }
}
