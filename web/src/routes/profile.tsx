import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Page } from '@/components/ui/page';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast-store';
import { useConfirm } from '@/components/ui/use-confirm';
import { useProfile } from '@/features/profile/api/get-profile.query';
import { useUserStats } from '@/features/profile/api/user-stats.query';
import { BankPanel } from '@/features/profile/components/bank-panel';
import { EditProfileDialog } from '@/features/profile/components/edit-profile-dialog';
import { SettingsCard } from '@/features/profile/components/settings-card';
import { TermsModal } from '@/features/profile/components/terms-modal';
import { flagOf } from '@/features/profile/countries';
import { clearAuthToken } from '@/lib/auth-token';
import { api } from '@/lib/http';
import { t } from '@/i18n';
import { supportMailto } from '@/lib/support';

const SUPPORT_MAIL = supportMailto();

export default function ProfileRoute() {
  const navigate = useNavigate();
  const client = useQueryClient();
  const profile = useProfile();
  const stats = useUserStats();
  const { ask, dialog } = useConfirm();
  const [editing, setEditing] = useState(false);
  const [terms, setTerms] = useState(false);
  const p = profile.data;

  const logout = () =>
    ask(t('confirm.logout'), async () => {
      // Ends the session on the server too (every device's token stops working); leave either way.
      await api('/api/auth/logout', { method: 'POST' }).catch(() => undefined);
      clearAuthToken();
      client.clear();
      toast({ title: t('toast.loggedOut'), description: t('toast.loggedOutText') });
      navigate('/login', { replace: true });
    });

  return (
    <Page title={t('profile.title')} subtitle={t('profile.subtitle')}>
      <div className="space-y-4">
        <Card>
          {profile.isPending ? (
            <Spinner />
          ) : (
            <div className="flex items-start gap-3">
              <div
                className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-brand-100 text-xl font-bold text-brand-700"
                aria-hidden="true"
              >
                {(p?.username ?? '?').slice(0, 1).toUpperCase()}
              </div>
              <div className="min-w-0 flex-1">
                <p className="truncate font-semibold" data-testid="profile-username">
                  {p?.username}{' '}
                  <span aria-label={p?.country ?? undefined}>{flagOf(p?.country)}</span>
                </p>
                <p className="truncate text-sm text-slate-500">{p?.email}</p>
                {p?.companyName && <p className="truncate text-sm">{p.companyName}</p>}
                {p?.phoneNumber && <p className="truncate text-sm">{p.phoneNumber}</p>}
              </div>
            </div>
          )}
          <Button variant="secondary" block className="mt-3" onClick={() => setEditing(true)}>
            {t('profile.edit')}
          </Button>
        </Card>
        <div className="grid grid-cols-2 gap-3">
          <Card className="text-center">
            <p className="text-2xl font-bold">{stats.data?.totalDeals ?? 0}</p>
            <p className="text-xs text-slate-500">{t('profile.totalDeals')}</p>
          </Card>
          <Card className="text-center">
            <p className="text-2xl font-bold">{stats.data?.successfulDeals ?? 0}</p>
            <p className="text-xs text-slate-500">{t('profile.successful')}</p>
          </Card>
        </div>
        <BankPanel />
        <SettingsCard />
        <Card>
          <h2 className="mb-2 font-semibold">{t('profile.help')}</h2>
          <ul className="divide-y divide-slate-100 text-sm">
            <li>
              <Link to="/faq" className="block min-h-11 py-3">
                {t('profile.faq')}
              </Link>
            </li>
            <li>
              <a href={SUPPORT_MAIL} className="block min-h-11 py-3">
                {t('profile.contact')}
              </a>
            </li>
            <li>
              <button
                type="button"
                className="min-h-11 w-full py-3 text-left"
                onClick={() => setTerms(true)}
              >
                {t('profile.terms')}
              </button>
            </li>
          </ul>
        </Card>
        <Button variant="danger" block onClick={logout}>
          {t('profile.logout')}
        </Button>
      </div>
      {editing && <EditProfileDialog open profile={p} onClose={() => setEditing(false)} />}
      <TermsModal open={terms} onClose={() => setTerms(false)} />
      {dialog}
    </Page>
  );
}
