/**
 * The card issuer's reason for a chargeback as the payment provider names it (Stripe's dispute
 * reasons; the simulated gateway uses the same codes), in words for English and Dutch readers.
 * The stored events keep the code; a code not listed here is shown as it is.
 */
const words = {
  en: {
    bank_cannot_process: 'the bank cannot process it',
    check_returned: 'cheque returned',
    credit_not_processed: 'refund not processed',
    customer_initiated: 'started by the cardholder',
    debit_not_authorized: 'debit not authorised',
    duplicate: 'duplicate payment',
    fraudulent: 'fraudulent',
    general: 'general',
    incorrect_account_details: 'incorrect account details',
    insufficient_funds: 'insufficient funds',
    noncompliant: 'not compliant with network rules',
    product_not_received: 'product not received',
    product_unacceptable: 'product unacceptable',
    subscription_canceled: 'subscription cancelled',
    unrecognized: 'payment not recognised',
  },
  nl: {
    bank_cannot_process: 'de bank kan het niet verwerken',
    check_returned: 'cheque teruggestuurd',
    credit_not_processed: 'terugbetaling niet verwerkt',
    customer_initiated: 'gestart door de kaarthouder',
    debit_not_authorized: 'afschrijving niet gemachtigd',
    duplicate: 'dubbele betaling',
    fraudulent: 'frauduleus',
    general: 'algemeen',
    incorrect_account_details: 'onjuiste rekeninggegevens',
    insufficient_funds: 'onvoldoende saldo',
    noncompliant: 'niet volgens de regels van het kaartnetwerk',
    product_not_received: 'product niet ontvangen',
    product_unacceptable: 'product niet acceptabel',
    subscription_canceled: 'abonnement opgezegd',
    unrecognized: 'betaling niet herkend',
  },
} as const;

type Reason = keyof (typeof words)['en'];

/** The reason in the reader's words; a code not listed (or free text) as it is. */
export function chargebackReasonText(
  reason: string,
  lang: 'en' | 'nl',
): string {
  return Object.hasOwn(words.en, reason)
    ? words[lang][reason as Reason]
    : reason;
}

/** The stored hold reason of a chargeback ("Chargeback: fraudulent"): the code after the prefix, else null. */
export function chargebackHoldCode(holdReason: string): string | null {
  const match = /^Chargeback: (.+)$/.exec(holdReason);
  return match ? match[1]! : null;
}
