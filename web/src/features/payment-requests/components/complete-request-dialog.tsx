import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { TextArea, TextField } from '@/components/ui/field';
import { Modal } from '@/components/ui/modal';
import {
  isWorkLink,
  MAX_WORK_LINKS,
} from '@/features/payment-requests/model/work-links';
import { t } from '@/i18n';

export interface Completion {
  note?: string;
  links: string[];
}

/** "Mark as completed", confirmed: an optional note and up to 5 http(s) links for the brand's review. */
export function CompleteRequestDialog({
  busy,
  onCancel,
  onConfirm,
}: {
  busy: boolean;
  onCancel: () => void;
  onConfirm: (completion: Completion) => void;
}) {
  const [note, setNote] = useState('');
  const [links, setLinks] = useState<string[]>(['']);
  const bad = (v: string) => v.trim() !== '' && !isWorkLink(v);
  const setLink = (i: number, v: string) =>
    setLinks((ls) => ls.map((l, j) => (j === i ? v : l)));
  const submit = () => {
    if (links.some(bad)) return;
    const filled = links.map((l) => l.trim()).filter((l) => l !== '');
    onConfirm({ ...(note.trim() ? { note: note.trim() } : {}), links: filled });
  };
  return (
    <Modal
      open
      onClose={onCancel}
      title={t('mreq.completeTitle')}
      description={t('mreq.completeText')}
    >
      <div className="mb-4 space-y-3">
        <TextArea
          label={t('mreq.completeNote')}
          value={note}
          maxLength={2_000}
          rows={3}
          onChange={(e) => setNote(e.target.value)}
        />
        {links.map((link, i) => (
          <TextField
            key={i}
            type="url"
            inputMode="url"
            label={t('mreq.completeLink', { n: i + 1 })}
            value={link}
            maxLength={2_000}
            error={bad(link) ? t('mreq.completeLinkInvalid') : undefined}
            onChange={(e) => setLink(i, e.target.value)}
          />
        ))}
        {links.length < MAX_WORK_LINKS && (
          <Button
            variant="secondary"
            onClick={() => setLinks((ls) => [...ls, ''])}
          >
            {t('mreq.completeAddLink')}
          </Button>
        )}
      </div>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          {t('confirm.cancel')}
        </Button>
        <Button
          variant="success"
          disabled={busy || links.some(bad)}
          onClick={submit}
        >
          {t('mreq.complete')}
        </Button>
      </div>
    </Modal>
  );
}
