import { z } from 'zod';
import { billingDetailsSchema, type BillingDetails } from './billing-details';
import {
  checkBillingDetails,
  type BillingDetailsProblem,
} from './billing-check';
import {
  EU_COUNTRIES,
  standardRateBpsOf,
  vatTreatmentFor,
  type VatTreatment,
} from './vat';

/**
 * A creator's self-billing agreement: the brand's invoice for the creator's work is issued by the
 * platform in the creator's name. The HTTP contract (server and web) and its one check, so the
 * bank-setup form and the server refuse alike. The creator's name and address are printed as the
 * seller; the VAT status is a VAT id (in its country's format, the billing details' check) or the
 * small-business scheme (no VAT).
 */
export const selfBillingSchema = billingDetailsSchema.extend({
  vatScheme: z.enum(['vat', 'small_business'], {
    error: 'vatScheme must be vat or small_business',
  }),
});
export type SelfBillingTerms = z.infer<typeof selfBillingSchema>;

/** The agreement as recorded: the terms and when (and through what) they were agreed. */
export const selfBillingAgreementSchema = selfBillingSchema.extend({
  agreedAt: z.string(),
});
export type SelfBillingAgreement = z.infer<typeof selfBillingAgreementSchema>;

export const selfBillingAnswerSchema = z.object({
  selfBilling: selfBillingAgreementSchema.nullable(),
});
export type SelfBillingAnswer = z.infer<typeof selfBillingAnswerSchema>;

export type SelfBillingProblem = BillingDetailsProblem | 'vat_id_required';

/**
 * The terms as recorded (VAT id normalised; none under the small-business scheme) or what is wrong:
 * the billing details' problems, or the VAT scheme without a VAT id.
 */
export function checkSelfBilling(
  input: SelfBillingTerms,
):
  | { ok: true; terms: SelfBillingTerms }
  | { ok: false; problem: SelfBillingProblem } {
  const vatId = input.vatScheme === 'vat' ? input.vatId : null;
  if (input.vatScheme === 'vat' && !vatId?.trim())
    return { ok: false, problem: 'vat_id_required' };
  const checked = checkBillingDetails({ ...input, vatId });
  if (!checked.ok) return checked;
  return {
    ok: true,
    terms: { ...checked.details, vatScheme: input.vatScheme },
  };
}

/**
 * How a self-billed invoice treats VAT: none under the small-business scheme; otherwise the fee
 * invoice's rule seen from the creator's country (VAT at that country's standard rate for a buyer
 * there or an EU buyer without a VAT id, reverse charge for an EU business elsewhere, none outside
 * the EU, and none from a creator outside it).
 */
export function selfBilledVat(
  creator: Pick<BillingDetails, 'country'> & {
    vatScheme: SelfBillingTerms['vatScheme'];
  },
  buyer: { country: string; vatId: string | null },
): { treatment: VatTreatment; rateBps: number } {
  if (creator.vatScheme === 'small_business')
    return { treatment: 'small_business', rateBps: 0 };
  if (!EU_COUNTRIES.has(creator.country))
    return { treatment: 'outside_eu', rateBps: 0 };
  const treatment = vatTreatmentFor(creator.country, buyer);
  return {
    treatment,
    rateBps: treatment === 'domestic' ? standardRateBpsOf(creator.country) : 0,
  };
}
