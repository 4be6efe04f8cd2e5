import type { ReactNode } from 'react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Switch } from '../../../components/ui/switch';
import { t } from '../../../i18n';
import { usePush } from '../../push/use-push';

/** 'Settings': email and auto-release toggles are local only (docs/product.md §4); push is real. */
export function SettingsCard() {
  const push = usePush();
  const [email, setEmail] = useState(true);
  const [autoRelease, setAutoRelease] = useState(true);
  return (
    <Card className="space-y-4">
      <h2 className="font-semibold">{t('profile.settings')}</h2>
      <Row label={t('profile.emailNotifications')}>
        <Switch label={t('profile.emailNotifications')} checked={email} onChange={setEmail} />
      </Row>
      <Row label={t('profile.pushNotifications')}>
        <Switch
          label={t('profile.pushNotifications')}
          checked={push.subscribed}
          disabled={!push.supported || push.loading}
          onChange={(on) => void (on ? push.enable() : push.disable())}
        />
      </Row>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" disabled={!push.subscribed} onClick={() => void push.testLocal()}>
          {t('profile.testNotification')}
        </Button>
        <Link to="/notifications-test" className="self-center text-sm text-brand-600 underline">
          {t('profile.notificationsTest')}
        </Link>
      </div>
      <Row label={t('profile.autoRelease')}>
        <Switch label={t('profile.autoRelease')} checked={autoRelease} onChange={setAutoRelease} />
      </Row>
    </Card>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-3">
      <span className="text-sm">{label}</span>
      {children}
    </div>
  );
}
