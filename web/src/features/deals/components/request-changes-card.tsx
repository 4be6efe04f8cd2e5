import { useState } from 'react';
import type { DealListItemDto } from '@machines/contract/api';
import type { DealStateView } from '@machines/deal/deal.view';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TextArea } from '@/components/ui/field';
import { focusPlaces, returnFocus } from '@/components/ui/focus-return';
import { toast } from '@/components/ui/toast-store';
import { useRequestChanges } from '@/features/deals/api/request-changes.mutation';
import { can } from '@/features/deals/model/deal-view';
import {
  milestoneRefusalText,
  type MilestoneDto,
} from '@/features/deals/model/milestones';
import { errorText } from '@/lib/http';
import { t } from '@/i18n';

type Props =
  | { deal: DealListItemDto; view: DealStateView; milestone?: undefined }
  | { deal: DealListItemDto; view?: undefined; milestone: MilestoneDto };

/**
 * While the statechart allows it (delivered, rounds left): the brand asks for changes with a note,
 * on the deal or, in a deal with a plan, on one milestone (inside that milestone's card).
 */
export function RequestChangesCard({ deal: d, view, milestone: m }: Props) {
  const [note, setNote] = useState('');
  const request = useRequestChanges();
  const allowed = m
    ? m.can.includes('requestChanges')
    : can(view ?? null, 'requestChanges');
  if (!allowed) return null;
  const rounds = m ?? d;
  // The button is disabled while the request runs and goes with it once taken: focus stays near.
  const send = (button: HTMLElement) => {
    returnFocus(focusPlaces(button));
    request.mutate(
      { id: d.id, note: note.trim(), ...(m ? { milestone: m.index } : {}) },
      {
        onSuccess: () => {
          setNote('');
          toast({ title: t('revisions.requested') });
        },
        onError: (e) =>
          toast({
            title: t('revisions.requestError'),
            description: milestoneRefusalText(e) ?? errorText(e),
            variant: 'destructive',
          }),
      },
    );
  };
  const form = (
    <>
      {m ? (
        <h4 className="mb-1 text-sm font-semibold">{t('revisions.request')}</h4>
      ) : (
        <h2 className="mb-1 font-semibold">{t('revisions.request')}</h2>
      )}
      <p className="mb-2 text-sm text-slate-600">
        {t('revisions.left', {
          left: rounds.revisionRounds - rounds.revisionsUsed,
          rounds: rounds.revisionRounds,
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
        onClick={(e) => send(e.currentTarget)}
        disabled={note.trim() === '' || request.isPending}
      >
        {t('revisions.requestSend')}
      </Button>
    </>
  );
  return m ? <section>{form}</section> : <Card>{form}</Card>;
}
