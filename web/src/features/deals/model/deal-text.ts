import { ERASED_TEXT } from '@machines/events/erased-marker';
import { t } from '@/i18n';

/**
 * A text the other side wrote, or its erased marker in the reader's words: "Erased user" for a
 * name (`party`), "(erased)" for anything else, once that person's data was erased.
 */
export function writtenText(value: string, kind: 'party' | 'text' = 'text') {
  if (value !== ERASED_TEXT) return value;
  return kind === 'party' ? t('erased.party') : t('erased.text');
}

/** A description is text or a list; lines starting with a bullet or dash show as bullets (docs/product.md §2). */
export function descriptionLines(description: string | string[]): {
  bullets: boolean;
  lines: string[];
} {
  if (Array.isArray(description)) return { bullets: true, lines: description };
  const lines = description.split('\n').filter((l) => l.trim() !== '');
  const bullets =
    lines.length > 0 && lines.every((l) => /^\s*[-•*]\s+/.test(l));
  return {
    bullets,
    lines: bullets ? lines.map((l) => l.replace(/^\s*[-•*]\s+/, '')) : lines,
  };
}

export const descriptionText = (description: string | string[]): string =>
  Array.isArray(description) ? description.join('\n') : description;
