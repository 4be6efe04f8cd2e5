import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast-store';
import { formatDateTime } from '@/lib/dates';
import { errorText } from '@/lib/http';
import { t, type MessageKey, formatMoney } from '@/i18n';
import {
  splitToast,
  useAdminSplitRetry,
  type SplitSubject,
} from '@/features/admin/api/admin-split';
import {
  newIdempotencyKey,
  splitNeedsRetry,
  splitParts,
  type AdminSplit,
  type SplitPartState,
} from '@/features/admin/model/admin-split';

const tones: Record<SplitPartState, BadgeTone> = {
  pending: 'yellow',
  succeeded: 'green',
  failed: 'red',
};

/** A deal's or request's split: the three amounts, the state of the transfer and of the refund, and Retry for a failed part. */
export function SplitStatus({
  subject,
  split,
  readOnly,
}: {
  subject: SplitSubject;
  split: AdminSplit;
  readOnly: boolean;
}) {
  const retry = useAdminSplitRetry();
  const onRetry = () =>
    retry.mutate(
      { subject, key: newIdempotencyKey() },
      {
        onSuccess: (answer) => toast(splitToast(answer)),
        onError: (error) =>
          toast({
            title: t('admin.splitRetryFailed'),
            description: errorText(error),
            variant: 'destructive',
          }),
      },
    );
  return (
    <section
      className="space-y-2 rounded-lg border border-slate-200 p-3 text-sm"
      aria-labelledby={`split-${subject.kind}-${subject.id}`}
      data-testid="split-status"
    >
      <h3 id={`split-${subject.kind}-${subject.id}`} className="font-semibold">
        {t('admin.splitHeading')}
      </h3>
      <p className="text-xs text-slate-500">
        {t('admin.splitRequested', {
          by: split.by,
          date: formatDateTime(split.requestedAt),
        })}
      </p>
      <ul className="space-y-2">
        {splitParts(split).map((p) => (
          <li key={p.part} data-testid={`split-${p.part}`} data-state={p.state}>
            <span className="flex flex-wrap items-center justify-between gap-2">
              <span>
                {t(`admin.splitPart.${p.part}` as MessageKey)}:{' '}
                <span className="font-semibold tabular-nums">
                  {formatMoney(p.amountCents)}
                </span>
              </span>
              <Badge tone={tones[p.state]}>
                {t(`admin.splitState.${p.state}` as MessageKey)}
              </Badge>
            </span>
            {p.state === 'failed' && p.failure && (
              <span className="block break-words text-red-800">
                {t('admin.splitFailure', { reason: p.failure })}
              </span>
            )}
          </li>
        ))}
        <li className="flex justify-between gap-2">
          <span>{t('admin.splitFee')}</span>
          <span className="font-semibold tabular-nums">
            {formatMoney(split.feeKeptCents)}
          </span>
        </li>
      </ul>
      {!readOnly && splitNeedsRetry(split) && (
        <Button
          variant="secondary"
          onClick={onRetry}
          disabled={retry.isPending}
        >
          {t('admin.splitRetry')}
        </Button>
      )}
    </section>
  );
}
