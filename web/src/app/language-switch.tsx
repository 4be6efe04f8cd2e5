import { useEffect, useRef, useState } from 'react';
import { useMe } from '@/features/auth/api/me.query';
import { dismissToast } from '@/components/ui/toast-store';
import { LANGUAGES, setLanguage, t, useLanguage, type Lang } from '@/i18n';
import { markUnsaved, saveLanguage, unsavedLanguage } from './language-save';
import { useAuthToken } from './use-auth-token';

/**
 * The language switch on every screen (logged out and link pages too). A choice applies at once,
 * is kept on this device and, when signed in, saved in the profile so other devices follow it.
 * Each language is named in itself ("Nederlands") so a reader finds their own.
 */
export function LanguageSwitch() {
  const language = useLanguage();
  const token = useAuthToken();
  const [busy, setBusy] = useState(false);

  const choose = async (next: Lang) => {
    if (next === language || busy) return;
    setBusy(true);
    try {
      await setLanguage(next);
      // A toast holds text in the old language: it goes rather than mix languages on screen.
      dismissToast();
      if (token) await saveLanguage(next);
    } finally {
      setBusy(false);
    }
  };

  return (
    <nav
      aria-label={t('lang.label')}
      className="mx-auto flex max-w-md justify-center gap-1 px-4 pb-24 pt-6 text-sm"
    >
      {LANGUAGES.map((l) => (
        <button
          key={l}
          type="button"
          lang={l}
          aria-pressed={l === language}
          disabled={busy}
          onClick={() => void choose(l)}
          className={`min-h-11 rounded-full px-3 py-2 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${
            l === language
              ? 'bg-slate-900 font-semibold text-white'
              : 'text-slate-700 underline-offset-2 hover:underline'
          }`}
        >
          {t(`lang.${l}`)}
        </button>
      ))}
    </nav>
  );
}

/** Applies the language saved in the profile once the signed-in user is known (and when it changes). */
export function ProfileLanguage() {
  const token = useAuthToken();
  const me = useMe(token !== null);
  const applied = useRef<string | null>(null);
  const saved = me.data?.language ?? null;
  useEffect(() => {
    if (!saved || applied.current === saved) return;
    applied.current = saved;
    // A choice on this device that never reached the profile is newer than the profile's: send it.
    const unsaved = unsavedLanguage();
    if (unsaved !== null && unsaved !== saved) void saveLanguage(unsaved);
    else {
      markUnsaved(null);
      void setLanguage(saved);
    }
  }, [saved]);
  return null;
}
