import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@/lib/router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TextField } from '@/components/ui/field';
import { toast } from '@/components/ui/toast-store';
import { clearAuthToken } from '@/lib/auth-token';
import { errorText } from '@/lib/http';
import { t } from '@/i18n';
import { requestErasure } from '@/features/privacy/api/data-erasure';

type Target = { kind: 'user' } | { kind: 'link'; token: string };

/** Sends the request; the refusal (money still held, wrong password) is shown as the server words it. */
function useErasure(target: Target) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const erase = async (password: string) => {
    setBusy(true);
    setRefusal(null);
    try {
      await requestErasure(
        target.kind === 'user' ? { kind: 'user', password } : target,
      );
      toast({ title: t('dataErasure.done') });
      if (target.kind === 'link')
        return navigate(`/accept/${target.token}`, { replace: true });
      clearAuthToken();
      client.clear();
      navigate('/login', { replace: true });
    } catch (error) {
      setRefusal(errorText(error));
    } finally {
      setBusy(false);
    }
  };
  return { erase, refusal, busy };
}

/**
 * "Delete my account and data" (docs/privacy.md): the signed-in user confirms with their password,
 * a creator with only a link from the browser that holds it. Refused while money is held for or
 * owed to the person; the reason is shown in place.
 */
export function DataErasurePanel({ target }: { target: Target }) {
  const [password, setPassword] = useState('');
  const [sure, setSure] = useState(false);
  const { erase, refusal, busy } = useErasure(target);
  const needsPassword = target.kind === 'user';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (sure && (!needsPassword || password)) void erase(password);
  };
  return (
    <Card className="space-y-3">
      <form
        noValidate
        className="space-y-3"
        aria-labelledby="erase-title"
        onSubmit={submit}
      >
        <h2 id="erase-title" className="text-base font-semibold">
          {needsPassword
            ? t('dataErasure.titleAccount')
            : t('dataErasure.titleLink')}
        </h2>
        <p className="text-sm text-slate-600">{t('dataErasure.intro')}</p>
        {needsPassword && (
          <TextField
            label={t('dataErasure.password')}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            name="erase-password"
          />
        )}
        <label className="flex min-h-11 items-center gap-3 text-sm">
          <input
            type="checkbox"
            className="h-5 w-5"
            checked={sure}
            onChange={(e) => setSure(e.target.checked)}
          />
          {t('dataErasure.confirm')}
        </label>
        {refusal && (
          <p
            role="alert"
            className="rounded-lg bg-red-50 p-3 text-sm text-red-800"
          >
            {refusal}
          </p>
        )}
        <Button
          type="submit"
          variant="danger"
          block
          disabled={busy || !sure || (needsPassword && !password)}
        >
          {needsPassword
            ? t('dataErasure.submitAccount')
            : t('dataErasure.submitLink')}
        </Button>
      </form>
    </Card>
  );
}
