/**
 * Money rules. Every amount is an integer number of euro cents; every fee and every text that
 * names a fee is derived from this module so they can never disagree.
 */

/** Deal platform fee: 8.2 % on top of the creator amount, in basis points. */
export const DEAL_FEE_BPS = 820;
/** Payment-request platform fee: 5 %, in basis points. */
export const REQUEST_FEE_BPS = 500;
/** Smallest deal: the least the card gateway can charge in euros (€0.50). */
export const MIN_DEAL_CENTS = 50;
/** Largest deal the product supports: €1,750. */
export const MAX_DEAL_CENTS = 175_000;
/** Largest payment request we accept (the spec gives no bound; we keep the escrow cap in line). */
export const MAX_REQUEST_CENTS = 1_000_000;

export type FeeKind = 'deal' | 'payment_request';

const bpsFor = (kind: FeeKind): number =>
  kind === 'deal' ? DEAL_FEE_BPS : REQUEST_FEE_BPS;

/** Fee percentage as a display string, e.g. "8.2" or "5". */
export function feePercent(kind: FeeKind): string {
  return String(bpsFor(kind) / 100);
}

/** amount x rate, rounded half up to the cent, in integer arithmetic only. */
export function feeCents(amountCents: number, kind: FeeKind): number {
  assertCents(amountCents);
  return Math.floor((amountCents * bpsFor(kind) + 5_000) / 10_000);
}

export interface Breakdown {
  amountCents: number;
  feeCents: number;
  totalCents: number;
}

export function breakdown(amountCents: number, kind: FeeKind): Breakdown {
  const fee = feeCents(amountCents, kind);
  return { amountCents, feeCents: fee, totalCents: amountCents + fee };
}

export function isCents(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

export function assertCents(value: number): void {
  if (!isCents(value))
    throw new RangeError(`Not an amount in integer cents: ${String(value)}`);
}

/**
 * Parses a euro amount as users and the spec's API send it ("12.5", "12,50", 12.5) into cents.
 * Returns null for anything that is not a plain non-negative amount with at most 2 decimals.
 */
export function parseEuroToCents(input: string | number): number | null {
  const text =
    typeof input === 'number'
      ? Number.isFinite(input)
        ? String(input)
        : ''
      : input.trim();
  const match = /^(\d{1,9})(?:[.,](\d{1,2}))?$/.exec(text);
  if (!match) {
    // Numbers like 1e-7 or 12.345 are not amounts we accept.
    return null;
  }
  const euros = Number(match[1]);
  const cents = Number((match[2] ?? '').padEnd(2, '0'));
  return euros * 100 + cents;
}

/** "1234.50": the decimal string (scale 2) the spec's API uses for amount, platformFee, totalAmount. */
export function centsToDecimal(cents: number): string {
  assertCents(cents);
  const euros = Math.floor(cents / 100);
  const rest = String(cents % 100).padStart(2, '0');
  return `${euros}.${rest}`;
}

export type MoneyLocale = 'nl-NL' | 'en-US';

const formatters = new Map<MoneyLocale, Intl.NumberFormat>();

/** Euro formatting for display: "€ 1.234,50" (nl-NL) or "€1,234.50" (en-US). */
export function formatEuro(
  cents: number,
  locale: MoneyLocale = 'en-US',
): string {
  let formatter = formatters.get(locale);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: 'EUR',
      minimumFractionDigits: 2,
    });
    formatters.set(locale, formatter);
  }
  return formatter.format(cents / 100);
}

/** The three parts of a split outcome: what the creator receives, the fee the platform keeps, the brand's refund. */
export interface SplitParts {
  creatorCents: number;
  feeKeptCents: number;
  refundCents: number;
}

/**
 * Splits what the escrow holds of a deal's charge: the creator receives `creatorCents` (0 < X <
 * amount), the platform keeps the fee in proportion, fee × X / amount rounded half up, and the brand
 * gets the rest back. Integer arithmetic only, so the parts add up exactly to `chargedCents`.
 * Throws a RangeError for parts that cannot be split (the decider refuses those first, with codes).
 */
export function splitParts(
  amountCents: number,
  feeCents: number,
  chargedCents: number,
  creatorCents: number,
): SplitParts {
  for (const value of [amountCents, feeCents, chargedCents, creatorCents])
    assertCents(value);
  if (creatorCents <= 0 || creatorCents >= amountCents)
    throw new RangeError(
      `A split gives the creator more than 0 and less than ${amountCents} cents`,
    );
  const feeKeptCents = splitFeeCents(amountCents, feeCents, creatorCents);
  const refundCents = chargedCents - creatorCents - feeKeptCents;
  if (refundCents < 0)
    throw new RangeError(
      `A split of ${creatorCents} cents exceeds the ${chargedCents} cents held`,
    );
  return { creatorCents, feeKeptCents, refundCents };
}

/** The fee kept when the creator receives `creatorCents` of `amountCents`: fee × X / amount, rounded half up. */
export function splitFeeCents(
  amountCents: number,
  feeCents: number,
  creatorCents: number,
): number {
  return Math.floor(
    (2 * feeCents * creatorCents + amountCents) / (2 * amountCents),
  );
}
