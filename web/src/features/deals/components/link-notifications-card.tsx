import { useEffect, useState } from 'react';
import { Card } from '@/components/ui/card';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/toast-store';
import { t } from '@/i18n';
import {
  currentSubscription,
  pushSupported,
  subscribeBrowser,
} from '@/features/push/browser-subscription';
import {
  dealLinkSubscribed,
  subscribeDealLink,
  unsubscribeDealLink,
} from '@/features/deals/api/link-notifications';

/**
 * Push for this deal only, for a creator without an account: the subscription is tied to the
 * deal's link on the server, and turning it off removes it there (the browser keeps its
 * subscription, which other deals may use).
 */
export function LinkNotificationsCard({ token }: { token: string }) {
  const supported = pushSupported();
  const [on, setOn] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!supported) return;
    let live = true;
    void currentSubscription()
      .then((sub) =>
        sub ? dealLinkSubscribed(token, sub.endpoint) : { subscribed: false },
      )
      .then((answer) => live && setOn(answer.subscribed))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [supported, token]);

  const change = async (next: boolean) => {
    setBusy(true);
    try {
      if (next) {
        const { subscription } = await subscribeBrowser();
        if (!subscription) {
          toast({
            title: t('accept.notifyDenied'),
            description: t('accept.notifyDeniedText'),
            variant: 'destructive',
          });
          return;
        }
        await subscribeDealLink(
          token,
          subscription.toJSON(),
          document.documentElement.lang === 'nl' ? 'nl' : 'en',
        );
        setOn(true);
        toast({ title: t('accept.notifyOn') });
      } else {
        const subscription = await currentSubscription();
        if (subscription)
          await unsubscribeDealLink(token, subscription.endpoint);
        setOn(false);
        toast({ title: t('accept.notifyOff') });
      }
    } catch {
      toast({ title: t('accept.notifyFailed'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card>
      <div className="flex items-center justify-between gap-3">
        <div>
          <h2 className="font-semibold">{t('accept.notify')}</h2>
          <p className="text-sm text-slate-600">
            {supported ? t('accept.notifyText') : t('accept.notifyUnsupported')}
          </p>
        </div>
        <Switch
          label={t('accept.notify')}
          checked={on}
          disabled={!supported || busy}
          onChange={(next) => void change(next)}
        />
      </div>
    </Card>
  );
}
