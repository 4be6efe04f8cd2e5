import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { Spinner } from '../components/ui/spinner';
import { ToastViewport } from '../components/ui/toast-viewport';
import { TestModeBanner } from '../features/settings/test-mode-banner';
import { AppRoutes } from './app-routes';
import { BottomNav } from './bottom-nav';
import { LiveUpdates } from './live-updates';
import { queryClient } from './query-client';

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <TestModeBanner />
        <LiveUpdates />
        <Suspense fallback={<Spinner />}>
          <AppRoutes />
        </Suspense>
        <BottomNav />
        <ToastViewport />
      </BrowserRouter>
    </QueryClientProvider>
  );
}
