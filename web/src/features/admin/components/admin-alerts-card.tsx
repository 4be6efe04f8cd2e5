import { useEffect, useState } from 'react';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/toast-store';
import { errorText } from '@/lib/http';
import { t } from '@/i18n';
import {
  adminPushOff,
  adminPushOn,
  adminPushState,
} from '@/features/admin/api/admin-push';
import { useAdminMe } from '@/features/admin/api/admin-me.query';
import {
  currentSubscription,
  pushSupported,
  subscribeBrowser,
} from '@/features/push/browser-subscription';

/** Turns push on or off for this device; answers the state the server keeps. */
async function turn(on: boolean): Promise<boolean> {
  if (!on) {
    const current = await currentSubscription();
    if (current) await adminPushOff(current.endpoint);
    return false;
  }
  const { permission, subscription } = await subscribeBrowser();
  if (permission !== 'granted' || !subscription)
    throw new Error(t('admin.alerts.denied'));
  return (await adminPushOn(subscription.toJSON())).subscribed;
}

/**
 * Admin alerts on this device: stalled payments and the other admin alerts come by push here,
 * besides the e-mail to the alert addresses. Admins only (an auditor does not act on alerts).
 */
export function AdminAlertsCard() {
  const me = useAdminMe();
  const supported = pushSupported();
  const [on, setOn] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!supported) return;
    void currentSubscription().then(async (sub) => {
      if (sub)
        setOn(
          (await adminPushState(sub.endpoint).catch(() => null))?.subscribed ??
            false,
        );
    });
  }, [supported]);
  if (me.data?.role !== 'admin') return null;
  const change = (next: boolean) => {
    setBusy(true);
    turn(next)
      .then((state) => {
        setOn(state);
        toast({ title: t(state ? 'admin.alerts.on' : 'admin.alerts.off') });
      })
      .catch((error: unknown) =>
        toast({
          title: t('admin.errorTitle'),
          description: errorText(error),
          variant: 'destructive',
        }),
      )
      .finally(() => setBusy(false));
  };
  return (
    <section
      className="rounded-xl border border-slate-200 bg-white p-3 shadow-sm"
      data-testid="admin-alerts"
      aria-labelledby="admin-alerts-title"
    >
      <div className="flex items-center justify-between gap-3">
        <h3 id="admin-alerts-title" className="text-sm font-semibold">
          {t('admin.alerts.title')}
        </h3>
        {supported && (
          <Switch
            label={t('admin.alerts.switch')}
            checked={on}
            onChange={change}
            disabled={busy}
          />
        )}
      </div>
      <p className="mt-1 text-sm text-slate-600">
        {supported ? t('admin.alerts.text') : t('admin.alerts.unsupported')}
      </p>
    </section>
  );
}
