import { useCallback, useEffect, useState } from 'react';
import { toast } from '@/components/ui/toast-store';
import { t } from '@/i18n';
import { subscribePush } from './api/push-subscribe';
import { unsubscribePush } from './api/push-unsubscribe';
import { pushSupported, subscribeBrowser } from './browser-subscription';

export { pushSupported };

/** Ends the browser's push subscription and the server's record of it (a server that no longer knows it is fine). */
async function unsubscribeEverywhere(): Promise<void> {
  const registration = await navigator.serviceWorker.getRegistration();
  await (await registration?.pushManager.getSubscription())?.unsubscribe();
  await unsubscribePush().catch(() => undefined);
}

/** A local test notification; it stays until the user interacts with it (docs/product.md §9). */
async function showTestNotification(): Promise<boolean> {
  try {
    const registration = await navigator.serviceWorker.ready;
    await registration.showNotification(t('push.testTitle'), {
      body: t('push.testBody'),
      requireInteraction: true,
      icon: '/icon-192.png',
    });
    return true;
  } catch {
    toast({
      title: t('push.testFailed'),
      description: t('push.testFailedText'),
      variant: 'destructive',
    });
    return false;
  }
}

/**
 * Asks the browser for permission and a subscription, then registers it with the server; says why
 * not in a toast and answers false when either refuses. The browser's own failures are thrown.
 */
async function subscribeEverywhere(
  setPermission: (permission: NotificationPermission) => void,
): Promise<boolean> {
  const { permission: result, subscription } = await subscribeBrowser();
  setPermission(result);
  if (result !== 'granted' || !subscription) {
    toast({
      title: t('push.permissionDenied'),
      description: t('push.permissionDeniedText'),
      variant: 'destructive',
    });
    return false;
  }
  try {
    await subscribePush(subscription.toJSON());
  } catch (error) {
    console.error('Push subscription failed on the server', error);
    toast({
      title: t('push.subscribeFailed'),
      description: t('push.failedText'),
      variant: 'destructive',
    });
    return false;
  }
  return true;
}

/** Push state and the enable/disable flow of docs/product.md §4. */
export function usePush() {
  const supported = pushSupported();
  const [permission, setPermission] = useState<NotificationPermission>(
    supported ? Notification.permission : 'denied',
  );
  const [subscribed, setSubscribed] = useState(false);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    if (!supported) {
      console.info('Service workers not supported');
      console.info('Push messaging not supported');
      return;
    }
    void navigator.serviceWorker
      .getRegistration()
      .then((reg) =>
        reg?.pushManager
          .getSubscription()
          .then((sub) => setSubscribed(sub !== null)),
      );
  }, [supported]);

  const enable = useCallback(async (): Promise<boolean> => {
    setLoading(true);
    try {
      const ok = await subscribeEverywhere(setPermission);
      if (!ok) return false;
      setSubscribed(true);
      toast({ title: t('push.enabled'), description: t('push.enabledText') });
      return true;
    } catch {
      toast({
        title: t('push.error'),
        description: t('push.failedText'),
        variant: 'destructive',
      });
      return false;
    } finally {
      setLoading(false);
    }
  }, []);

  const disable = useCallback(async () => {
    setLoading(true);
    try {
      await unsubscribeEverywhere();
      setSubscribed(false);
      toast({ title: t('push.disabled'), description: t('push.disabledText') });
    } finally {
      setLoading(false);
    }
  }, []);

  return {
    supported,
    permission,
    subscribed,
    loading,
    enable,
    disable,
    testLocal: showTestNotification,
  };
}
