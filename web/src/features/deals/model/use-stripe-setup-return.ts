import { useEffect } from 'react';
import { toast } from '@/components/ui/toast-store';
import { t } from '@/i18n';

/**
 * Back from bank setup (`stripe_setup=success` or `refresh`): clean the URL and refresh the deal's
 * data; on success also say so. Never reloads the page: a reload would discard whatever the creator
 * tapped meanwhile (the spec's 2 s / 3 s reloads lost deliveries), and the live stream keeps the
 * page current anyway.
 */
export function useStripeSetupReturn(refreshDeal: () => void): void {
  useEffect(() => {
    const url = new URL(window.location.href);
    const setup = url.searchParams.get('stripe_setup');
    if (setup !== 'success' && setup !== 'refresh') return;
    url.searchParams.delete('stripe_setup');
    window.history.replaceState(
      window.history.state,
      '',
      `${url.pathname}${url.search}${url.hash}`,
    );
    refreshDeal();
    if (setup === 'success') toast({ title: t('toast.bankDone') });
    // Runs once per visit (the parameter is removed at once).
  }, []);
}
