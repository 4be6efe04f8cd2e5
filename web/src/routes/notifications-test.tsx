import { Button } from '@/components/ui/button';
import { Page } from '@/components/ui/page';
import { sendTestPush } from '@/features/push/api/push-test';
import { simulateDealAcceptedPush } from '@/features/push/api/push-simulate-deal-accepted';
import { usePushLog } from '@/features/push/push-log';
import { usePush } from '@/features/push/use-push';
import { PushLogCard, PushStateCard } from '@/features/push/components/push-test-cards';
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
        <PushStateCard push={push} />
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
        <PushLogCard log={log} />
      </div>
    </Page>
  );
}
