/**
 * VAT for the platform's fee: the format of EU VAT ids per member state, and how a fee invoice
 * treats VAT for a buyer (ADR 0025). Pure rules, used by the profile's check and by the invoices.
 */

/** The VAT id after its country prefix, per EU member state (the formats VIES documents). */
const VAT_ID_FORMATS: Record<string, RegExp> = {
  AT: /^U\d{8}$/,
  BE: /^[01]\d{9}$/,
  BG: /^\d{9,10}$/,
  CY: /^\d{8}[A-Z]$/,
  CZ: /^\d{8,10}$/,
  DE: /^\d{9}$/,
  DK: /^\d{8}$/,
  EE: /^\d{9}$/,
  EL: /^\d{9}$/,
  ES: /^[A-Z0-9]\d{7}[A-Z0-9]$/,
  FI: /^\d{8}$/,
  FR: /^[A-HJ-NP-Z0-9]{2}\d{9}$/,
  HR: /^\d{11}$/,
  HU: /^\d{8}$/,
  IE: /^(\d{7}[A-W][A-I]?|\d[A-Z+*]\d{5}[A-W])$/,
  IT: /^\d{11}$/,
  LT: /^(\d{9}|\d{12})$/,
  LU: /^\d{8}$/,
  LV: /^\d{11}$/,
  MT: /^\d{8}$/,
  NL: /^\d{9}B\d{2}$/,
  PL: /^\d{10}$/,
  PT: /^\d{9}$/,
  RO: /^\d{2,10}$/,
  SE: /^\d{12}$/,
  SI: /^\d{8}$/,
  SK: /^\d{10}$/,
};

/** The EU member states by ISO country code (Greece's VAT prefix is EL, its ISO code GR). */
export const EU_COUNTRIES: ReadonlySet<string> = new Set(
  Object.keys(VAT_ID_FORMATS).map((prefix) =>
    prefix === 'EL' ? 'GR' : prefix,
  ),
);

const vatPrefixOf = (country: string): string =>
  country === 'GR' ? 'EL' : country;

/** A VAT id as written on an invoice: upper case, no spaces, dots or dashes ("NL 123.456.789.B01" → "NL123456789B01"). */
export const normaliseVatId = (vatId: string): string =>
  vatId.toUpperCase().replace(/[\s.\-]/g, '');

/** Whether `vatId` (normalised) is a VAT id of `country` (ISO code) in that state's format. */
export function isVatIdOf(country: string, vatId: string): boolean {
  const prefix = vatPrefixOf(country);
  const format = VAT_ID_FORMATS[prefix];
  if (!format || !vatId.startsWith(prefix)) return false;
  return format.test(vatId.slice(prefix.length));
}

/**
 * The ways an invoice treats VAT: the three of a fee invoice, and a self-billed creator's
 * small-business scheme (no VAT charged).
 */
export type VatTreatment =
  | 'domestic'
  | 'reverse_charge'
  | 'outside_eu'
  | 'small_business';

/** Each member state's standard VAT rate in basis points (2100 = 21 %), for a creator's own invoice. */
const STANDARD_RATE_BPS: Record<string, number> = {
  AT: 2000,
  BE: 2100,
  BG: 2000,
  CY: 1900,
  CZ: 2100,
  DE: 1900,
  DK: 2500,
  EE: 2400,
  GR: 2400,
  ES: 2100,
  FI: 2550,
  FR: 2000,
  HR: 2500,
  HU: 2700,
  IE: 2300,
  IT: 2200,
  LT: 2100,
  LU: 1700,
  LV: 2100,
  MT: 1800,
  NL: 2100,
  PL: 2300,
  PT: 2300,
  RO: 2100,
  SE: 2500,
  SI: 2200,
  SK: 2300,
};

/** The standard VAT rate of an EU member state (ISO code), or 0 outside the EU. */
export const standardRateBpsOf = (country: string): number =>
  STANDARD_RATE_BPS[country] ?? 0;

/**
 * Which VAT applies to the platform's fee (a service) for this buyer: the platform's VAT for a
 * buyer in its own country and for EU buyers without a VAT id; reverse charge for an EU business
 * (a VAT id) in another member state; none outside the EU.
 */
export function vatTreatmentFor(
  platformCountry: string,
  buyer: { country: string; vatId: string | null },
): VatTreatment {
  if (!EU_COUNTRIES.has(buyer.country)) return 'outside_eu';
  if (buyer.country !== platformCountry && buyer.vatId) return 'reverse_charge';
  return 'domestic';
}

/**
 * The fee split into net and VAT. The fee the buyer pays never changes (the spec's 8.2 % on top):
 * where VAT is due it is included in the fee at `rateBps` (2100 = 21 %), rounded half up to the
 * cent; otherwise the whole fee is net.
 */
export function splitFee(
  feeCents: number,
  treatment: VatTreatment,
  rateBps: number,
): { netCents: number; vatCents: number; rateBps: number } {
  if (treatment !== 'domestic')
    return { netCents: feeCents, vatCents: 0, rateBps: 0 };
  const netCents = Math.round((feeCents * 10_000) / (10_000 + rateBps));
  return { netCents, vatCents: feeCents - netCents, rateBps };
}
