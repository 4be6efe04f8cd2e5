import { deliverableOptions } from '@machines/deal/deal-options';
import { tKey } from '@/i18n';

/** The deliverable options of docs/product.md §2 (machines/deal/deal-options.ts). The English value is what a deal stores; people see it in their language. */
export const DELIVERABLES = deliverableOptions;

/** The label of a stored deliverable: a known option in the current language, anything else as written. */
export function deliverableLabel(value: string): string {
  const index = (DELIVERABLES as readonly string[]).indexOf(value);
  return index < 0 ? value : tKey(`deliverable.${index + 1}`);
}
