import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { Modal } from '@/components/ui/modal';
import { toast } from '@/components/ui/toast-store';
import { errorText } from '@/lib/http';
import { t, formatMoney } from '@/i18n';
import { AdminSessionExpired } from '@/features/admin/api/admin-api';
import {
  splitToast,
  useAdminSplit,
  useSplitPreview,
  type SplitPreview,
  type SplitSubject,
} from '@/features/admin/api/admin-split';
import {
  newIdempotencyKey,
  splitCentsFrom,
  splitTexts,
} from '@/features/admin/model/admin-split';

/** The typed value once the admin pauses, so a preview is asked for per amount, not per key press. */
function useSettled<T>(value: T, ms = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

const failure = (error: unknown): string =>
  error instanceof AdminSessionExpired
    ? t('admin.sessionExpired')
    : errorText(error);

/**
 * The split dialog's state: the typed amount, the settled amount's preview (or why there is none)
 * and the confirm that records the previewed split.
 */
function useSplitDialog(subject: SplitSubject, onClose: () => void) {
  const [text, setText] = useState('');
  const [session] = useState(newIdempotencyKey);
  const typed = splitCentsFrom(text);
  const cents = useSettled(typed);
  const preview = useSplitPreview(subject, cents);
  const split = useAdminSplit();
  const formatError =
    text.trim() !== '' && typed === null ? t('admin.splitAmountFormat') : null;
  const serverError =
    typed !== null && typed === cents && preview.isError
      ? failure(preview.error)
      : null;
  const shown =
    typed !== null && typed === cents && preview.isSuccess
      ? preview.data
      : null;

  const confirm = () => {
    if (!shown) return;
    split.mutate(
      // One key per opening and amount: confirming the same amount again is the same request.
      {
        subject,
        creatorCents: shown.creatorCents,
        key: `${session}-${shown.creatorCents}`,
      },
      {
        // Recorded either way; a part the gateway refused shows on the panel, with Retry.
        onSuccess: (answer) => {
          toast(splitToast(answer));
          onClose();
        },
      },
    );
  };
  const changeText = (value: string) => {
    setText(value);
    split.reset();
  };
  return {
    text,
    typed,
    split,
    formatError,
    serverError,
    shown,
    confirm,
    changeText,
  };
}

/**
 * "Resolve with split": the admin types the creator's part in euros, sees what the server would
 * move (creator, brand refund, fee kept) and confirms. Mounted when opened, so each opening starts
 * empty with its own idempotency key.
 */
function SplitDialog({
  subject,
  onClose,
}: {
  subject: SplitSubject;
  onClose: () => void;
}) {
  const {
    text,
    typed,
    split,
    formatError,
    serverError,
    shown,
    confirm,
    changeText,
  } = useSplitDialog(subject, onClose);

  return (
    <Modal
      open
      onClose={() => !split.isPending && onClose()}
      title={titleOf(subject)}
      description={splitTexts(subject).intro}
    >
      <form
        noValidate
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          confirm();
        }}
      >
        <TextField
          label={t('admin.splitAmount')}
          inputMode="decimal"
          autoComplete="off"
          value={text}
          onChange={(e) => changeText(e.target.value)}
          error={formatError ?? serverError}
          hint={splitTexts(subject).hint}
          data-testid="split-amount"
        />
        <PreviewBox preview={shown} waiting={typed !== null && !serverError} />
        {split.isError && (
          <p
            role="alert"
            className="rounded-lg bg-red-50 p-2 text-sm text-red-800"
          >
            {t('admin.splitFailed')}: {failure(split.error)}
          </p>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button
            variant="secondary"
            onClick={onClose}
            disabled={split.isPending}
          >
            {t('confirm.cancel')}
          </Button>
          <Button type="submit" disabled={!shown || split.isPending}>
            {t('admin.splitConfirm')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

const titleOf = (subject: SplitSubject): string =>
  subject.milestone !== undefined
    ? t('admin.splitMilestoneTitle', { n: subject.milestone })
    : subject.rest
      ? t('admin.splitRestTitle')
      : t('admin.splitTitle');

/** A whole-deal split of a deal with a plan: what each open milestone gets, as the server shares it. */
function MilestoneParts({
  parts,
}: {
  parts: NonNullable<SplitPreview['milestoneParts']>;
}) {
  return (
    <div className="border-t border-slate-200 pt-1">
      <p className="text-slate-500">{t('admin.splitMilestoneParts')}</p>
      <ul
        className="space-y-0.5 break-words"
        data-testid="split-milestone-parts"
      >
        {parts.map((p) => (
          <li key={p.milestone}>
            {t('admin.splitMilestonePart', {
              n: p.milestone,
              creator: formatMoney(p.creatorCents),
              refund: formatMoney(p.refundCents),
              fee: formatMoney(p.feeKeptCents),
            })}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The three amounts the server would move, announced as they change. */
function PreviewBox({
  preview,
  waiting,
}: {
  preview: SplitPreview | null;
  waiting: boolean;
}) {
  return (
    <section
      aria-live="polite"
      aria-label={t('admin.splitPreview')}
      className="rounded-lg bg-slate-50 p-3 text-sm"
      data-testid="split-preview"
    >
      {preview ? (
        <>
          <dl className="space-y-1">
            <PreviewRow
              label={t('admin.splitCreator')}
              cents={preview.creatorCents}
            />
            <PreviewRow
              label={t('admin.splitRefund')}
              cents={preview.refundCents}
            />
            <PreviewRow
              label={t('admin.splitFee')}
              cents={preview.feeKeptCents}
            />
            <div className="flex justify-between gap-3 border-t border-slate-200 pt-1">
              <dt className="text-slate-500">
                {preview.milestoneParts
                  ? t('admin.splitHeld')
                  : t('admin.totalPaid')}
              </dt>
              <dd className="font-medium">
                {formatMoney(preview.chargedCents)}
              </dd>
            </div>
          </dl>
          {preview.milestoneParts && (
            <MilestoneParts parts={preview.milestoneParts} />
          )}
        </>
      ) : (
        <p className="text-slate-500">
          {waiting ? t('admin.splitCalculating') : t('admin.splitPreviewEmpty')}
        </p>
      )}
    </section>
  );
}

/** The "Resolve with split" button (a milestone's: "Split"); the dialog mounts while open. */
export function SplitAction({
  subject,
  disabled,
}: {
  subject: SplitSubject;
  disabled: boolean;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="secondary"
        disabled={disabled}
        onClick={() => setOpen(true)}
      >
        {subject.milestone !== undefined
          ? t('admin.milestoneSplit')
          : subject.rest
            ? t('admin.splitRest', { amount: formatMoney(subject.amountCents) })
            : t('admin.split')}
      </Button>
      {open && <SplitDialog subject={subject} onClose={() => setOpen(false)} />}
    </>
  );
}

function PreviewRow({ label, cents }: { label: string; cents: number }) {
  return (
    <div className="flex justify-between gap-3">
      <dt className="text-slate-500">{label}</dt>
      <dd className="font-semibold tabular-nums">{formatMoney(cents)}</dd>
    </div>
  );
}
