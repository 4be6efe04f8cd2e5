import { toast } from '@/components/ui/toast-store';
import { api } from '@/lib/http';
import { t, type Lang } from '@/i18n';
import { queryClient } from './query-client';

/** A choice made on this device that the profile has not confirmed yet (the save may be cut off). */
const UNSAVED_KEY = 'lang-unsaved';

export function markUnsaved(language: Lang | null): void {
  try {
    if (language === null) localStorage.removeItem(UNSAVED_KEY);
    else localStorage.setItem(UNSAVED_KEY, language);
  } catch {
    // Storage blocked: the save below is the only record.
  }
}

/** The language chosen on this device whose save to the profile did not finish, if any. */
export function unsavedLanguage(): Lang | null {
  try {
    const value = localStorage.getItem(UNSAVED_KEY);
    return value === 'en' || value === 'nl' ? value : null;
  } catch {
    return null;
  }
}

/**
 * Saves a chosen language in the signed-in user's profile. Until the server confirms it, the choice
 * is remembered as unsaved: a page left mid-save (a link followed at once) would otherwise load the
 * profile's old language and switch the screen back; ProfileLanguage saves it again instead.
 */
export async function saveLanguage(language: Lang): Promise<void> {
  markUnsaved(language);
  try {
    await api<{ language: Lang }>('/api/profile/language', {
      method: 'PUT',
      body: { language },
    });
    markUnsaved(null);
    await queryClient.invalidateQueries({ queryKey: ['me'] });
  } catch {
    toast({ title: t('lang.saveError'), variant: 'destructive' });
  }
}
