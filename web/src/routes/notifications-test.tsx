import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Page } from '@/components/ui/page';
import { sendTestPush } from '@/features/push/api/push-test';
import { simulateDealAcceptedPush } from '@/features/push/api/push-simulate-deal-accepted';
import { usePushLog } from '@/features/push/push-log';
import { usePush } from '@/features/push/use-push';
import { t } from '@/i18n';

/** Push test page (docs/product.md §2): support, permission, subscription, test buttons and a results log. */
export default function NotificationsTestRoute() {
  const push = usePush();
  const log = usePushLog();
  const outcome = (label: string, ok: boolean, detail: string) =>
    log.add(ok ? t('notify.logOk', { label }) : t('notify.logFailed', { label, detail }));

  const enable = async () => {
    const ok = await push.enable();
    outcome(
      t('notify.labelEnable'),
      ok,
      t('notify.permissionNotGranted', { permission: Notification.permission }),
    );
  };
  const disable = async () => {
    await push.disable();
    outcome(t('notify.labelDisable'), true, '');
  };
  const local = async () =>
    outcome(t('notify.labelLocal'), await push.testLocal(), t('notify.notShown'));

  return (
    <Page title={t('notify.title')}>
      <div className="space-y-4">
        <Card>
          <dl className="space-y-1 text-sm" data-testid="push-state">
            <div className="flex justify-between">
              <dt>{t('notify.support')}</dt>
              <dd data-testid="push-support">
                {push.supported ? t('notify.supported') : t('notify.unsupported')}
              </dd>
            </div>
            <div className="flex justify-between">
              <dt>{t('notify.permission')}</dt>
              <dd data-testid="push-permission">{push.permission}</dd>
            </div>
            <div className="flex justify-between">
              <dt>{t('notify.subscription')}</dt>
              <dd data-testid="push-subscription">
                {push.subscribed ? t('notify.subscribed') : t('notify.notSubscribed')}
              </dd>
            </div>
          </dl>
        </Card>
        <div className="grid gap-2">
          <Button disabled={!push.supported || push.loading} onClick={() => void enable()}>
            {t('notify.enable')}
          </Button>
          <Button
            variant="secondary"
            disabled={!push.subscribed || push.loading}
            onClick={() => void disable()}
          >
            {t('notify.disable')}
          </Button>
          <Button variant="secondary" disabled={!push.supported} onClick={() => void local()}>
            {t('notify.local')}
          </Button>
          <Button
            variant="secondary"
            onClick={() =>
              void log.runServer(t('notify.labelServer'), () =>
                sendTestPush(t('push.testTitle'), t('push.testBody')),
              )
            }
          >
            {t('notify.server')}
          </Button>
          <Button
            variant="secondary"
            onClick={() =>
              void log.runServer(t('notify.labelDealAccepted'), () =>
                simulateDealAcceptedPush({ dealId: 1, influencer: '@creator', amount: '100.00' }),
              )
            }
          >
            {t('notify.dealAccepted')}
          </Button>
        </div>
        <Card>
          <div className="mb-2 flex items-center justify-between">
            <h2 className="font-semibold">{t('notify.log')}</h2>
            <Button variant="ghost" onClick={log.clear}>
              {t('notify.clear')}
            </Button>
          </div>
          {log.lines.length === 0 ? (
            <p className="text-sm text-slate-500">{t('notify.empty')}</p>
          ) : (
            <ul className="space-y-1 font-mono text-xs" aria-live="polite" data-testid="push-log">
              {log.lines.map((line, i) => (
                <li key={i} className="break-words">
                  {line}
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>
    </Page>
  );
}
