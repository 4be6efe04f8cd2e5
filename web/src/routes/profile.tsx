import { useState } from 'react';
import { useNavigate } from '@/lib/router';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Page } from '@/components/ui/page';
import { toast } from '@/components/ui/toast-store';
import { useConfirm } from '@/components/ui/use-confirm';
import { useProfile } from '@/features/profile/api/get-profile.query';
import { useUserStats } from '@/features/profile/api/user-stats.query';
import { BankPanel } from '@/features/profile/components/bank-panel';
import { BillingCard } from '@/features/profile/components/billing-card';
import { accountSelfBilling } from '@/features/documents/api/self-billing';
import { SelfBillingPanel } from '@/features/documents/components/self-billing-card';
import { EditProfileDialog } from '@/features/profile/components/edit-profile-dialog';
import { SettingsCard } from '@/features/profile/components/settings-card';
import { TermsModal } from '@/features/profile/components/terms-modal';
import { HelpCard } from '@/features/profile/components/help-card';
import { UserCard } from '@/features/profile/components/user-card';
import { clearAuthToken } from '@/lib/auth-token';
import { api } from '@/lib/http';
import { t } from '@/i18n';

export default function ProfileRoute() {
  const navigate = useNavigate();
  const client = useQueryClient();
  const profile = useProfile();
  const stats = useUserStats();
  const { ask, dialog } = useConfirm();
  const [editing, setEditing] = useState(false);
  const [terms, setTerms] = useState(false);

  const logout = () =>
    ask(t('confirm.logout'), async () => {
      // Ends the session on the server too (every device's token stops working); leave either way.
      await api('/api/auth/logout', { method: 'POST' }).catch(() => undefined);
      clearAuthToken();
      client.clear();
      toast({
        title: t('toast.loggedOut'),
        description: t('toast.loggedOutText'),
      });
      navigate('/login', { replace: true });
    });

  return (
    <Page title={t('profile.title')} subtitle={t('profile.subtitle')}>
      <div className="space-y-4">
        <UserCard profile={profile} onEdit={() => setEditing(true)} />
        <div className="grid grid-cols-2 gap-3">
          <Card className="text-center">
            <p className="text-2xl font-bold">{stats.data?.totalDeals ?? 0}</p>
            <p className="text-xs text-slate-500">{t('profile.totalDeals')}</p>
          </Card>
          <Card className="text-center">
            <p className="text-2xl font-bold">
              {stats.data?.successfulDeals ?? 0}
            </p>
            <p className="text-xs text-slate-500">{t('profile.successful')}</p>
          </Card>
        </div>
        <BankPanel />
        <BillingCard />
        <SelfBillingPanel source={accountSelfBilling}>
          <p className="text-sm text-slate-600">
            {t('selfBilling.accountScope')}
          </p>
        </SelfBillingPanel>
        <SettingsCard />
        <HelpCard onTerms={() => setTerms(true)} />
        <Button variant="danger" block onClick={logout}>
          {t('profile.logout')}
        </Button>
      </div>
      {editing && (
        <EditProfileDialog
          open
          profile={profile.data}
          onClose={() => setEditing(false)}
        />
      )}
      <TermsModal open={terms} onClose={() => setTerms(false)} />
      {dialog}
    </Page>
  );
}
