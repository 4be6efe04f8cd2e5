import { describe, expect, it } from 'vitest';
import { errorText } from '@machines/errors/error-catalogue';

/*
 * A refusal that names an amount says it as money in the reader's language, not as a count of
 * cents: the params keep the cents for clients.
 */
describe('amounts in refusal texts', () => {
  it('given a split above the escrow, then English and Dutch name both amounts in euros', () => {
    const params = { creatorCents: 8_000, chargedCents: 6_820 };
    expect(errorText('split_above_escrow', params, 'en')).toBe(
      "The creator's part (€80.00) and the fee on it exceed what the escrow holds (€68.20)",
    );
    expect(errorText('split_above_escrow', params, 'nl')).toBe(
      'Het deel van de creator (€\u00a080,00) en de commissie daarover zijn meer dan er in bewaring is (€\u00a068,20).',
    );
  });

  it('given the whole amount as a split, then the amount reads in euros; a bad input is echoed as given', () => {
    expect(errorText('split_whole_amount', { amountCents: 25_000 }, 'en')).toBe(
      'A split gives the creator less than the whole amount (€250.00); release the funds instead',
    );
    expect(
      errorText('split_amount_invalid', { creatorCents: 12.5 }, 'en'),
    ).toContain('(got 12.5)');
  });
});
