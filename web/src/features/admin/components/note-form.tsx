import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { inputClass } from '@/components/ui/field';
import { toast } from '@/components/ui/toast-store';
import { errorText } from '@/lib/http';
import { t } from '@/i18n';
import { useAddNote } from '@/features/admin/api/admin-audit';

/** An admin's note on a deal: becomes a DealNoteAdded event with the admin as its author. */
export function NoteForm({ dealId }: { dealId: number }) {
  const [note, setNote] = useState('');
  const add = useAddNote();
  return (
    <form
      noValidate
      className="space-y-2"
      onSubmit={(e) => {
        e.preventDefault();
        if (!note.trim()) return;
        add.mutate(
          { id: dealId, note },
          {
            onSuccess: () => {
              setNote('');
              toast({ title: t('admin.noteAdded') });
            },
            onError: (error) =>
              toast({
                title: t('admin.errorTitle'),
                description: errorText(error),
                variant: 'destructive',
              }),
          },
        );
      }}
    >
      <label className="block text-sm font-medium" htmlFor={`note-${dealId}`}>
        {t('admin.note')}
      </label>
      <textarea
        id={`note-${dealId}`}
        className={inputClass}
        rows={2}
        maxLength={2_000}
        value={note}
        onChange={(e) => setNote(e.target.value)}
      />
      <Button
        type="submit"
        variant="secondary"
        disabled={add.isPending || !note.trim()}
      >
        {t('admin.addNote')}
      </Button>
    </form>
  );
}
