import { useQuery } from '@tanstack/react-query';
import { t } from '../../i18n';
import { api } from '../../lib/http';

interface PublicSettings {
  testMode: boolean;
  paymentsMode: 'simulated' | 'stripe';
}

/** On every screen while payments use test money (simulated gateway or Stripe test keys). */
export function TestModeBanner() {
  const settings = useQuery({
    queryKey: ['settings', 'public'],
    queryFn: () => api<PublicSettings>('/api/settings/public', { auth: 'none' }),
    staleTime: Infinity,
  });
  if (!settings.data?.testMode) return null;
  return (
    <div role="status" data-testid="test-mode-banner" className="bg-amber-400 px-3 py-1.5 text-center text-xs font-semibold text-black">
      {t('app.testMode')}
    </div>
  );
}
