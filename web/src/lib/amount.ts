import { parseEuroToCents } from '@machines/money';

/** What an amount field understood: cents, or why not (a code the field turns into words). */
export type AmountReading =
  | { cents: number; problem: null }
  | { cents: null; problem: 'empty' | 'invalid' }
  | { cents: number; problem: 'below' | 'above' };

/**
 * Reads an amount as people type it in either language: "450,50", "450.50", "450" (a comma or a
 * point before at most two decimals, no thousands separators, which would be ambiguous), and
 * checks it against the bounds before anything is sent.
 */
export function readAmount(
  text: string,
  bounds: { minCents: number; maxCents: number },
): AmountReading {
  if (text.trim() === '') return { cents: null, problem: 'empty' };
  const cents = parseEuroToCents(text.replace(/\s|€/g, ''));
  if (cents === null) return { cents: null, problem: 'invalid' };
  if (cents < bounds.minCents) return { cents, problem: 'below' };
  if (cents > bounds.maxCents) return { cents, problem: 'above' };
  return { cents, problem: null };
}
