import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import type { usePushLog } from '@/features/push/push-log';
import type { usePush } from '@/features/push/use-push';
import { t } from '@/i18n';

/** Browser support, permission and subscription, as the push test page shows them. */
export function PushStateCard({ push }: { push: ReturnType<typeof usePush> }) {
  return (
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
            {push.subscribed
              ? t('notify.subscribed')
              : t('notify.notSubscribed')}
          </dd>
        </div>
      </dl>
    </Card>
  );
}

/** The results of the test buttons, newest last, with Clear. */
export function PushLogCard({ log }: { log: ReturnType<typeof usePushLog> }) {
  return (
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
        <ul
          className="space-y-1 font-mono text-xs"
          aria-live="polite"
          data-testid="push-log"
        >
          {log.lines.map((line, i) => (
            <li key={i} className="break-words">
              {line}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
