import { Button } from '@/components/ui/button';
import { t } from '@/i18n';

/** Back, the page title (and the auditor's read-only mark), Refresh and Log out. */
export function AdminHeader({
  readOnly,
  onBack,
  onRefresh,
  onLogout,
}: {
  readOnly: boolean;
  onBack: () => void;
  onRefresh: () => void;
  onLogout: () => void;
}) {
  return (
    <header className="mb-4 flex flex-wrap items-center justify-between gap-2">
      <div className="flex min-w-0 items-center gap-2">
        <Button
          variant="ghost"
          className="px-0"
          onClick={onBack}
          aria-label={t('admin.back')}
        >
          <span aria-hidden="true">←</span>
        </Button>
        <h1 className="text-xl font-bold">{t('admin.title')}</h1>
        {readOnly && (
          <span className="rounded bg-slate-200 px-2 py-0.5 text-xs">
            {t('admin.auditor')}
          </span>
        )}
      </div>
      <div className="flex gap-2">
        <Button variant="secondary" onClick={onRefresh}>
          {t('admin.refresh')}
        </Button>
        <Button variant="secondary" onClick={onLogout}>
          {t('admin.logout')}
        </Button>
      </div>
    </header>
  );
}
