import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { toast } from '@/components/ui/toast-store';
import { errorText } from '@/lib/http';
import { t } from '@/i18n';
import { requestDataExport, saveExport } from '@/features/privacy/api/data-export';

/**
 * An admin makes a user's data export for a request the person made (docs/privacy.md): by
 * username or e-mail address; the server records it with the admin as actor, the JSON downloads.
 * Auditors do not see it (the server refuses them too).
 */
export function DataExportForm() {
  const [user, setUser] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!user.trim()) return;
    setBusy(true);
    try {
      saveExport(await requestDataExport({ kind: 'admin', user: user.trim() }));
      toast({ title: t('admin.dataExportDone', { user: user.trim() }) });
    } catch (error) {
      toast({
        title: t('admin.errorTitle'),
        description: errorText(error),
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      noValidate
      className="grid grid-cols-1 gap-3 rounded-2xl border border-slate-200 bg-white p-4 sm:grid-cols-4 sm:items-start"
      aria-label={t('admin.dataExport')}
      onSubmit={submit}
    >
      <p className="text-sm sm:col-span-4">
        <span className="font-semibold">{t('admin.dataExport')}</span> · {t('admin.dataExportHint')}
      </p>
      <div className="sm:col-span-3">
        <TextField
          label={t('admin.dataExportUser')}
          value={user}
          onChange={(e) => setUser(e.target.value)}
          maxLength={320}
          name="export-user"
        />
      </div>
      <Button type="submit" className="sm:mt-6" disabled={busy || !user.trim()}>
        {t('admin.dataExport')}
      </Button>
    </form>
  );
}
