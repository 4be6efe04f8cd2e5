import type { BillingDetails } from './billing-details';
import { EU_COUNTRIES, isVatIdOf, normaliseVatId } from './vat';

/** Outside the EU no format is known: letters and digits only. */
const OTHER_VAT_ID = /^[A-Z0-9]{4,20}$/;

export type BillingDetailsProblem = 'vat_id_invalid' | 'address_missing';

/**
 * The details as recorded (VAT id normalised, empty lines dropped) or what is wrong with them: a
 * VAT id that is not in its EU country's format (or, elsewhere, not letters and digits), or no
 * address line.
 */
export function checkBillingDetails(
  input: BillingDetails,
):
  | { ok: true; details: BillingDetails }
  | { ok: false; problem: BillingDetailsProblem } {
  const addressLines = input.addressLines
    .map((line) => line.trim())
    .filter(Boolean);
  if (addressLines.length === 0)
    return { ok: false, problem: 'address_missing' };
  const raw = input.vatId?.trim() ?? '';
  const vatId = raw ? normaliseVatId(raw) : null;
  if (vatId) {
    const fits = EU_COUNTRIES.has(input.country)
      ? isVatIdOf(input.country, vatId)
      : OTHER_VAT_ID.test(vatId);
    if (!fits) return { ok: false, problem: 'vat_id_invalid' };
  }
  return {
    ok: true,
    details: {
      company: input.company.trim(),
      addressLines,
      postcode: input.postcode.trim(),
      city: input.city.trim(),
      country: input.country,
      vatId,
    },
  };
}

/** The address as one line on an invoice: "Damrak 1, 1012 LG Amsterdam". */
export const addressOf = (d: BillingDetails): string =>
  [...d.addressLines, [d.postcode, d.city].filter(Boolean).join(' ')].join(
    ', ',
  );
