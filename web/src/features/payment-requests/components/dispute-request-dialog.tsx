import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { TextArea } from '@/components/ui/field';
import { Modal } from '@/components/ui/modal';
import { formatDateTime } from '@/lib/dates';
import { currentSettings, t } from '@/i18n';

/** When a dispute opened now would end: the money then goes to the creator unless an admin decides. */
function disputeEndText(): string {
  const hours = currentSettings()?.disputePeriodHours;
  if (hours === undefined) return t('preq.disputeText');
  const endsAt = new Date(Date.now() + hours * 3_600_000).toISOString();
  return t('preq.disputeTextAt', { time: formatDateTime(endsAt) });
}

/** The brand's dispute: a reason is required (1-4000 characters, as the server checks). */
export function DisputeRequestDialog({
  open,
  busy,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (reason: string) => void;
}) {
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const empty = reason.trim() === '';
  const submit = () => {
    setTried(true);
    if (!empty) onConfirm(reason.trim());
  };
  return (
    <Modal
      open={open}
      onClose={onCancel}
      title={t('preq.disputeTitle')}
      description={disputeEndText()}
    >
      <div className="mb-4">
        <TextArea
          label={t('preq.disputeReason')}
          value={reason}
          maxLength={4_000}
          rows={4}
          required
          error={tried && empty ? t('preq.disputeReasonRequired') : undefined}
          onChange={(e) => setReason(e.target.value)}
        />
      </div>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          {t('confirm.cancel')}
        </Button>
        <Button variant="danger" disabled={busy} onClick={submit}>
          {t('preq.dispute')}
        </Button>
      </div>
    </Modal>
  );
}
