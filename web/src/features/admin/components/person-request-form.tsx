import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { toast } from '@/components/ui/toast-store';
import { useConfirm } from '@/components/ui/use-confirm';
import { errorText } from '@/lib/http';
import { t, type MessageKey } from '@/i18n';

interface PersonRequestFormProps {
  /** The form's name, its heading and its button. */
  textKey: MessageKey;
  hintKey: MessageKey;
  /** The input's name (browser tests and autofill tell the forms apart by it). */
  name: string;
  /** Asked before `run` when given: a step that cannot be undone. */
  confirmKey?: MessageKey;
  /** Does the work for the named person; resolves to the text of the toast that says it is done. */
  run: (user: string) => Promise<string>;
}

/**
 * A request a person made by e-mail, carried out by an admin for them (docs/privacy.md): the
 * person is named by username or e-mail address; a refusal is shown as the server words it.
 * Auditors do not see these forms (the server refuses them too).
 */
export function PersonRequestForm({
  textKey,
  hintKey,
  name,
  confirmKey,
  run,
}: PersonRequestFormProps) {
  const [user, setUser] = useState('');
  const [busy, setBusy] = useState(false);
  const { ask, dialog } = useConfirm();
  const perform = async (wanted: string) => {
    setBusy(true);
    try {
      toast({ title: await run(wanted) });
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
    if (!wanted) return;
    if (confirmKey)
      ask(t(confirmKey, { user: wanted }), () => void perform(wanted), true);
    else void perform(wanted);
  };
  return (
    <form
      noValidate
      className="grid grid-cols-1 gap-3 rounded-2xl border border-slate-200 bg-white p-4 sm:grid-cols-4 sm:items-start"
      aria-label={t(textKey)}
      onSubmit={submit}
    >
      <p className="text-sm sm:col-span-4">
        <span className="font-semibold">{t(textKey)}</span> · {t(hintKey)}
      </p>
      <div className="sm:col-span-3">
        <TextField
          label={t('admin.dataExportUser')}
          value={user}
          onChange={(e) => setUser(e.target.value)}
          maxLength={320}
          name={name}
        />
      </div>
      <Button
        type="submit"
        variant={confirmKey ? 'danger' : 'primary'}
        className="sm:mt-6"
        disabled={busy || !user.trim()}
      >
        {t(textKey)}
      </Button>
      {dialog}
    </form>
  );
}
