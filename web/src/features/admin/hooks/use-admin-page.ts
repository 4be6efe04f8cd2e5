import { useCallback, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from '@/lib/router';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/toast-store';
import { AdminSessionExpired } from '@/features/admin/api/admin-api';
import { useAdminDeals } from '@/features/admin/api/admin-deals.query';
import { useAdminMe } from '@/features/admin/api/admin-me.query';
import { useHoldAgeing } from '@/features/admin/api/admin-audit';
import { clearAdminToken } from '@/lib/admin-token';
import { currentSettings, t } from '@/i18n';

export type AdminTab =
  | 'deals'
  | 'requests'
  | 'disputes'
  | 'money'
  | 'reconciliation'
  | 'accounts'
  | 'mail';
const TABS: AdminTab[] = [
  'deals',
  'requests',
  'disputes',
  'money',
  'reconciliation',
  'accounts',
];

/** The tab an admin alert e-mail's link names (/admin?deal=<id>, ?request=<id>, ?tab=<name>). */
function tabFromLink(params: URLSearchParams): AdminTab {
  if (params.has('request')) return 'requests';
  return TABS.find((name) => name === params.get('tab')) ?? 'deals';
}

/**
 * The admin page's state and handlers: the open tab, the signed-in admin and role, the tabs the
 * role may see, and what ends the session (an expired token, or Log out).
 */
export function useAdminPage() {
  const navigate = useNavigate();
  const client = useQueryClient();
  const [params] = useSearchParams();
  const [tab, setTab] = useState<AdminTab>(() => tabFromLink(params));
  const me = useAdminMe();
  const deals = useAdminDeals();
  const ageing = useHoldAgeing();
  const readOnly = me.data?.role === 'auditor';
  // Kept test-mode mail carries working links, so only admins who may act read it.
  const tabs: AdminTab[] =
    currentSettings()?.mailKept && me.data?.role === 'admin'
      ? [...TABS, 'mail']
      : TABS;
  const heldDays = new Map(
    (ageing.data?.deals ?? []).map((d) => [d.dealId, d.days]),
  );

  const expired = [deals.error, me.error].some(
    (e) => e instanceof AdminSessionExpired,
  );
  const endSession = useCallback(() => {
    clearAdminToken();
    toast({ title: t('admin.sessionExpired'), variant: 'destructive' });
    navigate('/admin/login', { replace: true });
  }, [navigate]);
  useEffect(() => {
    if (expired) endSession();
  }, [expired, endSession]);

  return {
    tab,
    setTab,
    tabs,
    readOnly,
    username: me.data?.username,
    heldDays,
    alertDays: ageing.data?.alertDays ?? 0,
    endSession,
    back: () => navigate(-1),
    refresh: () => void client.invalidateQueries({ queryKey: ['admin'] }),
    logout: () => {
      clearAdminToken();
      client.removeQueries({ queryKey: ['admin'] });
      navigate('/admin/login');
    },
  };
}
