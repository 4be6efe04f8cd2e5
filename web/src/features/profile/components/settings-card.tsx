import type { ReactNode } from 'react';
import { Link } from '@/lib/router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Switch } from '@/components/ui/switch';
import {
  documentMailKinds,
  type DocumentMailKind,
  type DocumentMailPreferences,
} from '@machines/account/document-mail';
import { t, type MessageKey } from '@/i18n';
import { usePush } from '@/features/push/use-push';
import {
  useNotificationPreferences,
  useUpdateNotificationPreferences,
} from '@/features/profile/api/notification-preferences';

/**
 * 'Settings': the email and push toggles are saved on the account and honoured by the server's
 * notifications; push also subscribes this browser. Automatic release is the escrow's rule, told
 * here rather than switched (docs/adr/0026-automatic-release-is-a-rule-not-a-switch.md).
 */
export function SettingsCard() {
  const push = usePush();
  const preferences = useNotificationPreferences();
  const update = useUpdateNotificationPreferences();
  const email = preferences.data?.email ?? true;
  const pushOn = push.subscribed && (preferences.data?.push ?? true);
  const setPush = async (on: boolean) => {
    if (on) {
      if (await push.enable()) update.mutate({ push: true });
    } else {
      await push.disable();
      update.mutate({ push: false });
    }
  };
  return (
    <Card className="space-y-4">
      <h2 className="font-semibold">{t('profile.settings')}</h2>
      <Row label={t('profile.emailNotifications')}>
        <Switch
          label={t('profile.emailNotifications')}
          checked={email}
          disabled={preferences.isPending || update.isPending}
          onChange={(on) => update.mutate({ email: on })}
        />
      </Row>
      <DocumentMails
        documents={preferences.data?.documents}
        disabled={!email || preferences.isPending || update.isPending}
        onChange={(kind, on) => update.mutate({ documents: { [kind]: on } })}
      />
      <Row label={t('profile.pushNotifications')}>
        <Switch
          label={t('profile.pushNotifications')}
          checked={pushOn}
          disabled={!push.supported || push.loading || update.isPending}
          onChange={(on) => void setPush(on)}
        />
      </Row>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          disabled={!push.subscribed}
          onClick={() => void push.testLocal()}
        >
          {t('profile.testNotification')}
        </Button>
        <Link
          to="/notifications-test"
          className="self-center text-sm text-brand-600 underline"
        >
          {t('profile.notificationsTest')}
        </Link>
      </div>
      {/* Not a switch: an escrow must not let a brand hold back a payout without a dispute (ADR 0026). */}
      <div data-testid="auto-release">
        <p className="text-sm font-semibold">{t('profile.autoRelease')}</p>
        <p className="text-sm text-slate-600">{t('profile.autoReleaseText')}</p>
      </div>
    </Card>
  );
}

const documentLabels: Record<DocumentMailKind, MessageKey> = {
  receipt: 'doc.receipt',
  invoice: 'doc.invoice',
  creditNote: 'doc.creditNote',
  statement: 'doc.statement',
  selfBilled: 'doc.selfBilled',
};

/** Which documents come by e-mail with their PDF, each on its own (all while e-mail is on). */
function DocumentMails({
  documents,
  disabled,
  onChange,
}: {
  documents: DocumentMailPreferences | undefined;
  disabled: boolean;
  onChange: (kind: DocumentMailKind, on: boolean) => void;
}) {
  return (
    <fieldset
      className="space-y-2 border-l-2 border-slate-100 pl-3"
      data-testid="document-mails"
    >
      <legend className="text-sm font-medium">
        {t('profile.documentMails')}
      </legend>
      <p className="text-xs text-slate-500">{t('profile.documentMailsHint')}</p>
      {documentMailKinds.map((kind) => (
        <Row key={kind} label={t(documentLabels[kind])}>
          <Switch
            label={`${t('profile.documentMails')}: ${t(documentLabels[kind])}`}
            checked={documents?.[kind] ?? true}
            disabled={disabled}
            onChange={(on) => onChange(kind, on)}
          />
        </Row>
      ))}
    </fieldset>
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
