import { useState } from 'react';
import type { DealDto } from '@machines/contract/api';
import type { DealStateView } from '@machines/deal/deal.view';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TextArea } from '@/components/ui/field';
import { toast } from '@/components/ui/toast-store';
import { useRequestChanges } from '@/features/deals/api/request-changes.mutation';
import { can } from '@/features/deals/model/deal-view';
import { errorText } from '@/lib/http';
import { t } from '@/i18n';

/** While the statechart allows it (delivered, rounds left): the brand asks for changes with a note. */
export function RequestChangesCard({ deal: d, view }: { deal: DealDto; view: DealStateView }) {
  const [note, setNote] = useState('');
  const request = useRequestChanges();
  if (!can(view, 'requestChanges')) return null;
  const send = () =>
    request.mutate(
      { id: d.id, note: note.trim() },
      {
        onSuccess: () => {
          setNote('');
          toast({ title: t('revisions.requested') });
        },
        onError: (e) =>
          toast({
            title: t('revisions.requestError'),
            description: errorText(e),
            variant: 'destructive',
          }),
      },
    );
  return (
    <Card>
      <h2 className="mb-1 font-semibold">{t('revisions.request')}</h2>
      <p className="mb-2 text-sm text-slate-600">
        {t('revisions.left', {
          left: d.revisionRounds - d.revisionsUsed,
          rounds: d.revisionRounds,
        })}
      </p>
      <TextArea
        label={t('revisions.requestLabel')}
        value={note}
        maxLength={2000}
        rows={3}
        onChange={(e) => setNote(e.target.value)}
        data-testid="change-note"
      />
      <Button
        block
        variant="secondary"
        onClick={send}
        disabled={note.trim() === '' || request.isPending}
      >
        {t('revisions.requestSend')}
      </Button>
    </Card>
  );
}
