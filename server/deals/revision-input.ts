import { contentLinkSchema } from '@machines/deal/deal.events';
import {
  MAX_DELIVERY_LINKS,
  MAX_REVISION_NOTE_LENGTH,
} from '@machines/deal/deal-contract';
import { DomainError } from '../commands/domain-error';
import { trimVisible } from '../http/fields';

/**
 * What the brand writes with a change request and the creator hands in with a delivery, checked
 * with a code each (docs/api.md "Revision rounds"): a note of at most 2,000 characters (required
 * for a change request), at most 5 links, each an http(s) URL.
 */

const noteOf = (note: string | null | undefined): string | null => {
  const trimmed = trimVisible(note ?? '');
  if (trimmed.length > MAX_REVISION_NOTE_LENGTH)
    throw new DomainError('revision_note_too_long');
  return trimmed === '' ? null : trimmed;
};

/** The change request's note: required, at most 2,000 characters. */
export function changeNoteFrom(
  body: { note?: string | null | undefined } | null | undefined,
): string {
  const note = noteOf(body?.note);
  if (note === null) throw new DomainError('change_note_required');
  return note;
}

/** A delivery's optional note and links (empty entries dropped). */
export function deliveryFrom(
  body:
    | { note?: string | null | undefined; links?: string[] | null | undefined }
    | null
    | undefined,
): { note: string | null; links: string[] } {
  const note = noteOf(body?.note);
  const links = (body?.links ?? [])
    .map((l) => l.trim())
    .filter((l) => l !== '');
  if (links.length > MAX_DELIVERY_LINKS)
    throw new DomainError('too_many_delivery_links');
  if (links.some((l) => !contentLinkSchema.safeParse(l).success))
    throw new DomainError('delivery_link_invalid');
  return { note, links };
}
