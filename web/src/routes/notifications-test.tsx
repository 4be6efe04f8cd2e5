import { Button } from '@/components/ui/button';
import { Page } from '@/components/ui/page';
import { usePushTestActions } from '@/features/push/hooks/use-push-test-actions';
import {
  PushLogCard,
  PushStateCard,
} from '@/features/push/components/push-test-cards';
import { t } from '@/i18n';

/** Push test page (docs/product.md §2): support, permission, subscription, test buttons and a results log. */
export default function NotificationsTestRoute() {
  const { push, log, enable, disable, local, server, dealAccepted } =
    usePushTestActions();

  return (
    <Page title={t('notify.title')}>
      <div className="space-y-4">
        <PushStateCard push={push} />
        <div className="grid gap-2">
          <Button
            disabled={!push.supported || push.loading}
            onClick={() => void enable()}
          >
            {t('notify.enable')}
          </Button>
          <Button
            variant="secondary"
            disabled={!push.subscribed || push.loading}
            onClick={() => void disable()}
          >
            {t('notify.disable')}
          </Button>
          <Button
            variant="secondary"
            disabled={!push.supported}
            onClick={() => void local()}
          >
            {t('notify.local')}
          </Button>
          <Button variant="secondary" onClick={() => void server()}>
            {t('notify.server')}
          </Button>
          <Button variant="secondary" onClick={() => void dealAccepted()}>
            {t('notify.dealAccepted')}
          </Button>
        </div>
        <PushLogCard log={log} />
      </div>
    </Page>
  );
}
