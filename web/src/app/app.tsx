import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense } from 'react';
import { BrowserRouter } from '@/lib/router';
import { Spinner } from '@/components/ui/spinner';
import { ToastViewport } from '@/components/ui/toast-viewport';
import { TestModeBanner } from '@/features/settings/test-mode-banner';
import { AppRoutes } from './app-routes';
import { BottomNav } from './bottom-nav';
import { LanguageSwitch, ProfileLanguage } from './language-switch';
import { LiveUpdates } from './live-updates';
import { queryClient } from './query-client';
import { useLanguage } from '@/i18n';

export function App() {
  // Re-renders every screen when the language changes (texts are read during render).
  useLanguage();
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <TestModeBanner />
        <LiveUpdates />
        <ProfileLanguage />
        {/* At least a screen high, so the language switch below never moves while a screen loads (no layout shift). */}
        <div className="min-h-dvh">
          <Suspense fallback={<Spinner />}>
            <AppRoutes />
          </Suspense>
        </div>
        <LanguageSwitch />
        <BottomNav />
        <ToastViewport />
      </BrowserRouter>
    </QueryClientProvider>
  );
}
