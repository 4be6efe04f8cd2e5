import type { PublicSettings } from '@machines/contract/public-settings';
import { initialLanguage, setLanguage, setSettings } from '@/i18n';

/**
 * What the first render needs: the core texts of the starting language and the server's public
 * settings (texts name its durations and fees), fetched in parallel. A settings failure does not
 * block the app: it is retried with backoff and the texts fill in when it arrives.
 */
export async function bootstrap(): Promise<void> {
  const language = initialLanguage();
  // One retry: a catalog chunk that failed to load leaves keys on screen, which is worse than a wait.
  const texts = setLanguage(language, { persist: false }).catch(() =>
    setLanguage(language, { persist: false }),
  );
  await Promise.all([texts.catch(() => undefined), loadSettings()]);
}

// A type-only contract keeps zod out of the entry chunk; the route's schema guarantees the shape.
function applySettings(body: PublicSettings): void {
  if (typeof body.reviewPeriodHours !== 'number')
    throw new Error('settings: unexpected answer');
  setSettings(body);
}

async function fetchSettings(): Promise<void> {
  const response = await fetch('/api/settings', {
    headers: { accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`settings: ${response.status}`);
  applySettings((await response.json()) as PublicSettings);
}

/** The server writes the settings into the page (server/web/web-app.plugin.ts); the dev server does not. */
function inlineSettings(): boolean {
  const text = document.getElementById('public-settings')?.textContent;
  if (!text) return false;
  try {
    applySettings(JSON.parse(text) as PublicSettings);
    return true;
  } catch {
    return false;
  }
}

function loadSettings(): Promise<void> {
  if (inlineSettings()) return Promise.resolve();
  return fetchSettings().catch(() => {
    let delay = 1_000;
    const retry = () =>
      void fetchSettings().catch(() => {
        delay = Math.min(delay * 2, 30_000);
        setTimeout(retry, delay);
      });
    setTimeout(retry, delay);
  });
}
