import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { toast } from '@/components/ui/toast-store';
import { useConfirm } from '@/components/ui/use-confirm';
import { errorText } from '@/lib/http';
import { t } from '@/i18n';
import { requestErasure } from '@/features/privacy/api/data-erasure';

/**
 * An admin erases a user's data on the person's request (docs/privacy.md): by username or e-mail
 * address, after a confirmation; the refusal (money still held) is shown as the server words it.
 * Auditors do not see it (the server refuses them too).
 */
export function DataErasureForm() {
  const [user, setUser] = useState('');
  const [busy, setBusy] = useState(false);
  const { ask, dialog } = useConfirm();
  const erase = async (wanted: string) => {
    setBusy(true);
    try {
      await requestErasure({ kind: 'admin', user: wanted });
      toast({ title: t('admin.dataErasureDone', { user: wanted }) });
      setUser('');
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
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const wanted = user.trim();
    if (wanted)
      ask(t('admin.dataErasureConfirm', { user: wanted }), () => void erase(wanted), true);
  };
  return (
    <form
      noValidate
      className="grid grid-cols-1 gap-3 rounded-2xl border border-slate-200 bg-white p-4 sm:grid-cols-4 sm:items-start"
      aria-label={t('admin.dataErasure')}
      onSubmit={submit}
    >
      <p className="text-sm sm:col-span-4">
        <span className="font-semibold">{t('admin.dataErasure')}</span> ·{' '}
        {t('admin.dataErasureHint')}
      </p>
      <div className="sm:col-span-3">
        <TextField
          label={t('admin.dataExportUser')}
          value={user}
          onChange={(e) => setUser(e.target.value)}
          maxLength={320}
          name="erase-user"
        />
      </div>
      <Button type="submit" variant="danger" className="sm:mt-6" disabled={busy || !user.trim()}>
        {t('admin.dataErasure')}
      </Button>
      {dialog}
    </form>
  );
}
