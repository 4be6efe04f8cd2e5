import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  assertCents,
  breakdown,
  centsToDecimal,
  DEAL_FEE_BPS,
  feeCents,
  feePercent,
  formatEuro,
  MAX_DEAL_CENTS,
  MIN_DEAL_CENTS,
  parseEuroToCents,
  splitParts,
  REQUEST_FEE_BPS,
} from '@machines/money';

const plain = (text: string) => text.replace(/\s/g, ' ');

describe('fees', () => {
  it('are 8.2 % for deals and 5 % for payment requests', () => {
    expect([DEAL_FEE_BPS, REQUEST_FEE_BPS]).toEqual([820, 500]);
    expect(feePercent('deal')).toBe('8.2');
    expect(feePercent('payment_request')).toBe('5');
    expect(feeCents(25_000, 'deal')).toBe(2_050);
    expect(feeCents(40_000, 'payment_request')).toBe(2_000);
    expect(feeCents(MAX_DEAL_CENTS, 'deal')).toBe(14_350);
  });

  it.each([
    [250, 'deal', 21], // 20.5 → 21: half rounds up
    [6, 'deal', 0], // 0.492
    [7, 'deal', 1], // 0.574
    [1, 'deal', 0],
    [10, 'payment_request', 1], // 0.5 → 1
    [9, 'payment_request', 0], // 0.45
    [0, 'deal', 0],
    [123_457, 'deal', 10_123], // 10123.474
  ] as const)('%i cents, %s → fee %i (half up)', (amount, kind, fee) => {
    expect(feeCents(amount, kind)).toBe(fee);
  });

  it('the brand pays amount + fee', () => {
    expect(breakdown(100_000, 'deal')).toEqual({
      amountCents: 100_000,
      feeCents: 8_200,
      totalCents: 108_200,
    });
    expect(breakdown(1_999, 'payment_request')).toEqual({
      amountCents: 1_999,
      feeCents: 100,
      totalCents: 2_099,
    });
  });

  it.each([1.5, -1, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53])(
    'refuses %s as an amount in cents',
    (value) => {
      expect(() => assertCents(value)).toThrow(RangeError);
      expect(() => feeCents(value, 'deal')).toThrow(RangeError);
    },
  );
});

describe('parseEuroToCents', () => {
  it.each([
    ['12.5', 1_250],
    ['12,50', 1_250],
    ['12.05', 1_205],
    [' 7 ', 700],
    ['0', 0],
    ['0.01', 1],
    ['1750', 175_000],
    ['999999999.99', 99_999_999_999],
    [12.5, 1_250],
    [1750, 175_000],
    [0.1, 10],
  ] as const)('%j → %i cents', (input, cents) => {
    expect(parseEuroToCents(input)).toBe(cents);
  });

  it.each([
    '12.345',
    '1e3',
    '-1',
    '',
    ' ',
    '1.234,50',
    '1,234.50',
    '€12',
    '12.',
    '.5',
    '1234567890',
    'abc',
    '12 50',
  ])('refuses %j', (input) => {
    expect(parseEuroToCents(input)).toBeNull();
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY, -5, 1e-7, 12.345, 0.1 + 0.2])(
    'refuses the number %s',
    (input) => {
      expect(parseEuroToCents(input)).toBeNull();
    },
  );
});

describe('formatting', () => {
  it('writes the API decimal string with scale 2', () => {
    expect(centsToDecimal(123_450)).toBe('1234.50');
    expect(centsToDecimal(5)).toBe('0.05');
    expect(centsToDecimal(0)).toBe('0.00');
    expect(() => centsToDecimal(-1)).toThrow(RangeError);
  });

  it('formats euros for nl-NL and en-US', () => {
    expect(plain(formatEuro(123_450, 'nl-NL'))).toBe('€ 1.234,50');
    expect(formatEuro(123_450, 'en-US')).toBe('€1,234.50');
    expect(formatEuro(5)).toBe('€0.05');
    expect(plain(formatEuro(175_000, 'nl-NL'))).toBe('€ 1.750,00');
  });
});

describe('splitParts', () => {
  it('keeps the fee in proportion, rounded half up, and refunds the rest', () => {
    // 2,050 × 15,000 / 25,000 = 1,230 exactly.
    expect(splitParts(25_000, 2_050, 27_050, 15_000)).toEqual({
      creatorCents: 15_000,
      feeKeptCents: 1_230,
      refundCents: 10_820,
    });
    // 21 × 125 / 250 = 10.5 → 11 (half up); 21 × 1 / 250 = 0.084 → 0.
    expect(splitParts(250, 21, 271, 125)).toEqual({
      creatorCents: 125,
      feeKeptCents: 11,
      refundCents: 135,
    });
    expect(splitParts(250, 21, 271, 1)).toEqual({
      creatorCents: 1,
      feeKeptCents: 0,
      refundCents: 270,
    });
  });

  it('refuses 0, the whole amount, fractions and more than is held', () => {
    expect(() => splitParts(25_000, 2_050, 27_050, 0)).toThrow(RangeError);
    expect(() => splitParts(25_000, 2_050, 27_050, 25_000)).toThrow(RangeError);
    expect(() => splitParts(25_000, 2_050, 27_050, 10.5)).toThrow(RangeError);
    expect(() => splitParts(25_000, 2_050, 10_000, 15_000)).toThrow(RangeError);
  });

  it('property: the parts are whole cents ≥ 0 and add up exactly to what was charged', () => {
    const deal = fc
      .integer({ min: MIN_DEAL_CENTS, max: MAX_DEAL_CENTS })
      .chain((amount) =>
        fc.record({
          amount: fc.constant(amount),
          creator: fc.integer({ min: 1, max: Math.max(1, amount - 1) }),
        }),
      );
    fc.assert(
      fc.property(deal, ({ amount, creator }) => {
        fc.pre(creator < amount);
        const { feeCents: fee, totalCents } = breakdown(amount, 'deal');
        const parts = splitParts(amount, fee, totalCents, creator);
        expect(
          parts.creatorCents + parts.feeKeptCents + parts.refundCents,
        ).toBe(totalCents);
        for (const part of Object.values(parts)) {
          expect(Number.isSafeInteger(part)).toBe(true);
          expect(part).toBeGreaterThanOrEqual(0);
        }
        expect(parts.feeKeptCents).toBeLessThanOrEqual(fee);
        // Half up: kept × 2·amount differs from 2·fee·creator by less than amount, rounding .5 upwards.
        expect(
          2 * parts.feeKeptCents * amount - 2 * fee * creator,
        ).toBeGreaterThan(-amount - 1);
        expect(
          2 * parts.feeKeptCents * amount - 2 * fee * creator,
        ).toBeLessThanOrEqual(amount);
      }),
      { numRuns: 2_000 },
    );
  });
});
