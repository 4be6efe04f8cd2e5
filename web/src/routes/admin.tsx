import type { ReactNode } from 'react';
import { t } from '@/i18n';
import { AdminLiveUpdates } from '@/app/live-updates';
import { AccountsSection } from '@/features/admin/components/accounts-section';
import { AdminDealsSection } from '@/features/admin/components/admin-deals-section';
import { AdminHeader } from '@/features/admin/components/admin-header';
import { AdminRequestsSection } from '@/features/admin/components/admin-requests-section';
import { AdminTabBar } from '@/features/admin/components/admin-tab-bar';
import { DisputesSection } from '@/features/admin/components/disputes-section';
import { MoneySection } from '@/features/admin/components/money-section';
import { ReconciliationSection } from '@/features/admin/components/reconciliation-section';
import { TestMailSection } from '@/features/admin/components/test-mail-section';
import {
  useAdminDealsTab,
  type AdminDealsTab,
} from '@/features/admin/hooks/use-admin-deals-tab';
import {
  useAdminPage,
  type AdminTab,
} from '@/features/admin/hooks/use-admin-page';

type Page = ReturnType<typeof useAdminPage>;

/** The open tab's content. */
function TabContent({ page, deals }: { page: Page; deals: AdminDealsTab }) {
  const sections: Record<AdminTab, () => ReactNode> = {
    deals: () => (
      <AdminDealsSection
        tab={deals}
        readOnly={page.readOnly}
        heldDays={page.heldDays}
      />
    ),
    requests: () => (
      <AdminRequestsSection
        readOnly={page.readOnly}
        onExpired={page.endSession}
      />
    ),
    disputes: () => <DisputesSection onExpired={page.endSession} />,
    money: () => <MoneySection onExpired={page.endSession} />,
    reconciliation: () => <ReconciliationSection />,
    accounts: () => (
      <AccountsSection readOnly={page.readOnly} me={page.username} />
    ),
    mail: () => <TestMailSection />,
  };
  return sections[page.tab]();
}

export default function AdminRoute() {
  const page = useAdminPage();
  const deals = useAdminDealsTab(page.endSession);
  return (
    <main className="mx-auto w-full max-w-5xl px-4 py-4">
      <AdminLiveUpdates />
      <AdminHeader
        readOnly={page.readOnly}
        onBack={page.back}
        onRefresh={page.refresh}
        onLogout={page.logout}
      />
      <AdminTabBar tabs={page.tabs} tab={page.tab} onChange={page.setTab} />
      {page.heldDays.size > 0 && (
        <p
          role="alert"
          className="mb-4 rounded-lg bg-orange-50 p-2 text-sm text-orange-900"
          data-testid="hold-ageing-alert"
        >
          {t('admin.holdAgeBanner', {
            count: page.heldDays.size,
            days: page.alertDays,
          })}
        </p>
      )}
      <section
        id="admin-tab-panel"
        role="tabpanel"
        aria-labelledby={`admin-tab-${page.tab}`}
        className="min-w-0"
      >
        <h2 className="sr-only">{t(`admin.tab.${page.tab}`)}</h2>
        <TabContent page={page} deals={deals} />
      </section>
    </main>
  );
}
