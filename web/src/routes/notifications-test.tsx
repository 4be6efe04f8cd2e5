import { useState } from 'react';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { Page } from '../components/ui/page';
import { sendTestPush } from '../features/push/api/push-test';
import { simulateDealAcceptedPush } from '../features/push/api/push-simulate-deal-accepted';
import { usePush } from '../features/push/use-push';
import { errorText } from '../lib/http';
import { t } from '../i18n';

/** Push test page (spec §2): support, permission, subscription, test buttons and a results log. */
export default function NotificationsTestRoute() {
  const push = usePush();
  const [log, setLog] = useState<string[]>([]);
  const add = (line: string) => setLog((l) => [`${new Date().toLocaleTimeString('en-US')} ${line}`, ...l]);
  const run = async (label: string, action: () => Promise<unknown>) => {
    try {
      await action();
      add(`✓ ${label}`);
    } catch (error) {
      add(`✗ ${label} failed: ${errorText(error)}`);
    }
  };

  return (
    <Page title={t('notify.title')}>
      <div className="space-y-4">
        <Card>
          <dl className="space-y-1 text-sm">
            <div className="flex justify-between"><dt>{t('notify.support')}</dt><dd>{push.supported ? t('notify.supported') : t('notify.unsupported')}</dd></div>
            <div className="flex justify-between"><dt>{t('notify.permission')}</dt><dd>{push.permission}</dd></div>
            <div className="flex justify-between"><dt>{t('notify.subscription')}</dt><dd>{push.subscribed ? t('notify.subscribed') : t('notify.notSubscribed')}</dd></div>
          </dl>
        </Card>
        <div className="grid gap-2">
          <Button disabled={!push.supported || push.loading} onClick={() => void push.enable().then((ok) => add(ok ? '✓ Enabled' : '✗ Enable failed'))}>{t('notify.enable')}</Button>
          <Button variant="secondary" disabled={!push.subscribed || push.loading} onClick={() => void push.disable().then(() => add('✓ Disabled'))}>{t('notify.disable')}</Button>
          <Button variant="secondary" disabled={!push.supported} onClick={() => void push.testLocal().then((ok) => add(ok ? '✓ Local notification shown' : '✗ Local notification failed'))}>{t('notify.local')}</Button>
          <Button variant="secondary" onClick={() => void run('Server notification', () => sendTestPush(t('push.testTitle'), t('push.testBody')))}>{t('notify.server')}</Button>
          <Button variant="secondary" onClick={() => void run('Deal-accepted notification', () => simulateDealAcceptedPush({ dealId: 1, influencer: '@creator', amount: '100.00' }))}>{t('notify.dealAccepted')}</Button>
        </div>
        <Card>
          <div className="mb-2 flex items-center justify-between">
            <h2 className="font-semibold">{t('notify.log')}</h2>
            <Button variant="ghost" onClick={() => setLog([])}>{t('notify.clear')}</Button>
          </div>
          {log.length === 0 ? <p className="text-sm text-slate-500">{t('notify.empty')}</p> : (
            <ul className="space-y-1 font-mono text-xs" aria-live="polite">
              {log.map((line, i) => <li key={i} className="break-words">{line}</li>)}
            </ul>
          )}
        </Card>
      </div>
    </Page>
  );
}
