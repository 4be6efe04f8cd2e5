import { useEffect } from 'react';
import { toast } from '../../../components/ui/toast-store';
import { t } from '../../../i18n';

const RELOAD_DEAL_MS = 2_000;
const RELOAD_PAGE_MS = 3_000;

/**
 * docs/product.md §4: on `stripe_setup=success` toast, clean the URL, reload the deal after 2 s and the page
 * after 3 s; on `refresh` clean the URL and reload the deal only.
 */
export function useStripeSetupReturn(reloadDeal: () => void): void {
  useEffect(() => {
    const url = new URL(window.location.href);
    const setup = url.searchParams.get('stripe_setup');
    if (setup !== 'success' && setup !== 'refresh') return;
    url.searchParams.delete('stripe_setup');
    window.history.replaceState(null, '', `${url.pathname}${url.search}${url.hash}`);
    if (setup === 'refresh') {
      reloadDeal();
      return;
    }
    toast({ title: t('toast.bankDone') });
    // Not cleared on unmount: StrictMode's second run no longer sees the parameter.
    setTimeout(reloadDeal, RELOAD_DEAL_MS);
    setTimeout(() => window.location.reload(), RELOAD_PAGE_MS);
    // Runs once per visit (the parameter is removed at once); the first reloadDeal is enough.
  }, []);
}
