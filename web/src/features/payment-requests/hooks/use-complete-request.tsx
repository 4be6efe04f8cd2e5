import { useState, type ReactNode } from 'react';
import { toast } from '@/components/ui/toast-store';
import { useCompleteRequest } from '@/features/payment-requests/api/complete-request.mutation';
import {
  CompleteRequestDialog,
  type Completion,
} from '@/features/payment-requests/components/complete-request-dialog';
import { errorText } from '@/lib/http';
import { t } from '@/i18n';

/** The creator's "Mark as completed": asks for a note and links first, then starts the brand's review. */
export function useCompleteRequestDialog(): {
  ask: (id: number) => void;
  busy: boolean;
  dialog: ReactNode;
} {
  const complete = useCompleteRequest();
  const [id, setId] = useState<number | null>(null);
  const onConfirm = (completion: Completion) => {
    if (id === null) return;
    complete.mutate(
      { id, ...completion },
      {
        onSuccess: () => {
          setId(null);
          toast({
            title: t('mreq.completed'),
            description: t('mreq.completedText'),
          });
        },
        onError: (e) =>
          toast({
            title: t('mreq.completeError'),
            description: errorText(e),
            variant: 'destructive',
          }),
      },
    );
  };
  const dialog =
    id === null ? null : (
      <CompleteRequestDialog
        busy={complete.isPending}
        onCancel={() => setId(null)}
        onConfirm={onConfirm}
      />
    );
  return { ask: setId, busy: complete.isPending, dialog };
}
