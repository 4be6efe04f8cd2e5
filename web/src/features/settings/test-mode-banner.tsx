import { currentSettings, t, useLanguage } from '@/i18n';

/**
 * On every screen while payments use test money (simulated gateway or Stripe test keys). Reads the
 * public settings the app loaded at start (GET /api/settings); re-renders when they arrive.
 */
export function TestModeBanner() {
  useLanguage();
  const settings = currentSettings();
  if (!settings?.testMode) return null;
  return (
    <div
      role="status"
      data-testid="test-mode-banner"
      className="bg-amber-400 px-3 py-1.5 text-center text-xs font-semibold text-black"
    >
      {t('app.testMode')}
      {settings.mailKept && ` ${t('app.testModeMail')}`}
    </div>
  );
}
