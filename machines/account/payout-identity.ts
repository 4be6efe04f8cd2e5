import { z } from 'zod';

/**
 * Who a creator is for the platform's yearly report of payouts (the figures a DAC7 report is made
 * from): legal name, address, date of birth and tax id, asked for at bank setup and recorded in
 * the onboarding's event. The HTTP contract (server and web) and the one check, so the bank form
 * and the server refuse alike.
 */
export const payoutIdentitySchema = z.object({
  legalName: z.string().trim().max(200),
  /** Street and number, postcode, city and country, as the creator writes it (one or more lines). */
  address: z.string().trim().max(400),
  /** YYYY-MM-DD. */
  birthDate: z.string().trim().max(10),
  /** The tax identification number (in the Netherlands the BSN). */
  taxId: z.string().trim().max(30),
});
export type PayoutIdentity = z.infer<typeof payoutIdentitySchema>;

export type PayoutIdentityProblem =
  | 'payout_identity_incomplete'
  | 'payout_birth_date_invalid'
  | 'payout_tax_id_invalid';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TAX_ID = /^[A-Z0-9][A-Z0-9 .\-/]{3,28}[A-Z0-9]$/;

/** A real calendar date, of someone at least 16 years old and born after 1900, on `today` (YYYY-MM-DD). */
function birthDateFits(value: string, today: string): boolean {
  const m = DATE.exec(value);
  if (!m) return false;
  const date = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value)
    return false;
  const sixteen = `${Number(today.slice(0, 4)) - 16}${today.slice(4)}`;
  return value >= '1900-01-01' && value <= sixteen;
}

/**
 * The identity as recorded (trimmed, tax id in capitals without spaces around) or what is wrong:
 * a field left empty, a date of birth that is no date (or of a child), a tax id that is not 5 to
 * 30 letters and digits.
 */
export function checkPayoutIdentity(
  input: PayoutIdentity,
  today: string,
):
  | { ok: true; identity: PayoutIdentity }
  | { ok: false; problem: PayoutIdentityProblem } {
  const identity = {
    legalName: input.legalName.trim(),
    address: input.address.trim(),
    birthDate: input.birthDate.trim(),
    taxId: input.taxId.trim().toUpperCase(),
  };
  if (
    !identity.legalName ||
    !identity.address ||
    !identity.birthDate ||
    !identity.taxId
  )
    return { ok: false, problem: 'payout_identity_incomplete' };
  if (!birthDateFits(identity.birthDate, today))
    return { ok: false, problem: 'payout_birth_date_invalid' };
  if (!TAX_ID.test(identity.taxId))
    return { ok: false, problem: 'payout_tax_id_invalid' };
  return { ok: true, identity };
}

export const sameIdentity = (
  a: PayoutIdentity | null | undefined,
  b: PayoutIdentity,
) =>
  !!a &&
  a.legalName === b.legalName &&
  a.address === b.address &&
  a.birthDate === b.birthDate &&
  a.taxId === b.taxId;

/** The body of the two bank-setup routes: the identity, optional for clients that do not ask yet. */
export const onboardingBody = z
  .object({ identity: payoutIdentitySchema.optional() })
  .nullish();
