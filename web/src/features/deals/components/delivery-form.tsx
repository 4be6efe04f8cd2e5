import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { focusPlaces, returnFocus } from '@/components/ui/focus-return';
import { TextArea } from '@/components/ui/field';
import { t } from '@/i18n';

/** Links typed one a line (or separated by spaces), without the empty ones. */
const linksFrom = (text: string): string[] =>
  text
    .split(/\s+/)
    .map((l) => l.trim())
    .filter((l) => l !== '');

/**
 * A delivery (or a redelivery after a change request): an optional note and up to 5 links, one a
 * line; the deal's own delivery and each milestone's use it alike.
 */
export function DeliveryForm({
  intro,
  submitLabel,
  busy,
  onSend,
}: {
  intro: string;
  submitLabel: string;
  busy: boolean;
  onSend: (note: string | null, links: string[]) => void;
}) {
  const [note, setNote] = useState('');
  const [links, setLinks] = useState('');
  return (
    <>
      <p className="mb-3 text-sm">{intro}</p>
      <TextArea
        label={t('revisions.noteLabel')}
        value={note}
        maxLength={2000}
        rows={3}
        onChange={(e) => setNote(e.target.value)}
      />
      <TextArea
        label={t('revisions.linksLabel')}
        hint={t('revisions.linksHint')}
        value={links}
        rows={3}
        onChange={(e) => setLinks(e.target.value)}
      />
      <Button
        block
        variant="success"
        onClick={(e) => {
          // Disabled while it is sent and gone once taken: focus stays near (the milestone).
          returnFocus(focusPlaces(e.currentTarget));
          onSend(note.trim() || null, linksFrom(links));
        }}
        disabled={busy}
      >
        {busy ? t('accept.delivering') : submitLabel}
      </Button>
    </>
  );
}
