import { tKey } from '../../../i18n';

/** Spec §2 deliverable options. The English value is what a deal stores; people see it in their language. */
export const DELIVERABLES = [
  '1 Instagram Story',
  '1 Instagram Post',
  '1 TikTok Video',
  'Link in bio (24h)',
  'Unboxing photo',
  'Product review',
  'Custom deliverable',
] as const;

/** The label of a stored deliverable: a known option in the current language, anything else as written. */
export function deliverableLabel(value: string): string {
  const index = (DELIVERABLES as readonly string[]).indexOf(value);
  return index < 0 ? value : tKey(`deliverable.${index + 1}`);
}
