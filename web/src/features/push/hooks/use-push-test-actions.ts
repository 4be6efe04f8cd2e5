import { sendTestPush } from '@/features/push/api/push-test';
import { simulateDealAcceptedPush } from '@/features/push/api/push-simulate-deal-accepted';
import { usePushLog } from '@/features/push/push-log';
import { usePush } from '@/features/push/use-push';
import { t } from '@/i18n';

/** The push test page's state and its buttons' actions, each writing its outcome to the log. */
export function usePushTestActions() {
  const push = usePush();
  const log = usePushLog();
  const outcome = (label: string, ok: boolean, detail: string) =>
    log.add(
      ok
        ? t('notify.logOk', { label })
        : t('notify.logFailed', { label, detail }),
    );

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
    outcome(
      t('notify.labelLocal'),
      await push.testLocal(),
      t('notify.notShown'),
    );
  const server = () =>
    log.runServer(t('notify.labelServer'), () =>
      sendTestPush(t('push.testTitle'), t('push.testBody')),
    );
  const dealAccepted = () =>
    log.runServer(t('notify.labelDealAccepted'), () =>
      simulateDealAcceptedPush({
        dealId: 1,
        influencer: '@creator',
        amount: '100.00',
      }),
    );
  return { push, log, enable, disable, local, server, dealAccepted };
}
