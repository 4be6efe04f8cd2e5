import type { Language } from './request-language';

/** Texts of the simulated gateway's test-mode pages, in English and Dutch (same keys). */
const en = {
  testMode: 'Test mode',
  banner: 'Test mode — no real money',
  checkout: 'Checkout',
  payingFor: 'You are paying for:',
  closed: 'This checkout session is closed.',
  method: 'Payment method',
  card: 'Card',
  pay: 'Pay',
  fail: 'Fail payment',
  cancel: 'Cancel',
  bankTitle: 'Bank setup',
  bankHeading: 'Bank account setup',
  bankText:
    'Simulated payout onboarding for account {account}. No bank details are asked or stored.',
  complete: 'Complete setup',
  incomplete: 'Leave incomplete',
  paymentTitle: 'Payment',
  paymentHeading: 'Simulated payment',
  toolsFor: 'Test-mode tools for:',
  notPaid: 'This session has not been paid; there is no charge to dispute.',
  charge: 'Charge {charge}',
  chargeback: 'Simulate chargeback',
  chargebackSent: 'Chargeback sent (charge.dispute.created).',
  chargebackPending:
    'Chargeback opened at the payment provider, but the app has not accepted its notice (charge.dispute.created) yet: the notice is pending and is sent again until the app accepts it.',
  chargebackRefused:
    'Refused: the chargebacks of a charge cannot add up to more than it charged, less what was refunded.',
  chargebackOpen:
    'Refused: a chargeback on this charge is open; send its outcome first.',
  chargebackWon: 'Chargeback won',
  chargebackLost: 'Chargeback lost',
  chargebackClosed: 'Chargeback outcome sent (charge.dispute.closed).',
  chargebackOutcomePending:
    'Chargeback closed at the payment provider, but the app has not accepted its notice (charge.dispute.closed) yet: the notice is pending and is sent again until the app accepts it.',
  noOpenChargeback: 'There is no open chargeback on this charge.',
};
const nl: typeof en = {
  testMode: 'Testmodus',
  banner: 'Testmodus — geen echt geld',
  checkout: 'Afrekenen',
  payingFor: 'Je betaalt voor:',
  closed: 'Deze betaalsessie is gesloten.',
  method: 'Betaalmethode',
  card: 'Kaart',
  pay: 'Betalen',
  fail: 'Betaling laten mislukken',
  cancel: 'Annuleren',
  bankTitle: 'Bankrekening',
  bankHeading: 'Bankrekening instellen',
  bankText:
    'Gesimuleerde uitbetaalrekening {account}. Er worden geen bankgegevens gevraagd of bewaard.',
  complete: 'Instellen voltooien',
  incomplete: 'Onvolledig laten',
  paymentTitle: 'Betaling',
  paymentHeading: 'Gesimuleerde betaling',
  toolsFor: 'Testmodus-hulpmiddelen voor:',
  notPaid: 'Deze sessie is niet betaald; er is geen betaling om te betwisten.',
  charge: 'Betaling {charge}',
  chargeback: 'Terugboeking simuleren',
  chargebackSent: 'Terugboeking verstuurd (charge.dispute.created).',
  chargebackPending:
    'Terugboeking geopend bij de betaaldienst, maar de app heeft de melding (charge.dispute.created) nog niet aangenomen: de melding staat klaar en wordt opnieuw verstuurd tot de app haar aanneemt.',
  chargebackRefused:
    'Geweigerd: de terugboekingen van een betaling kunnen samen niet meer zijn dan de betaling, min wat is terugbetaald.',
  chargebackOpen:
    'Geweigerd: er loopt al een terugboeking op deze betaling; verstuur eerst de uitkomst.',
  chargebackWon: 'Terugboeking gewonnen',
  chargebackLost: 'Terugboeking verloren',
  chargebackClosed:
    'Uitkomst van de terugboeking verstuurd (charge.dispute.closed).',
  chargebackOutcomePending:
    'Terugboeking gesloten bij de betaaldienst, maar de app heeft de melding (charge.dispute.closed) nog niet aangenomen: de melding staat klaar en wordt opnieuw verstuurd tot de app haar aanneemt.',
  noOpenChargeback: 'Er loopt geen terugboeking op deze betaling.',
};

export type SimulatedPageTexts = typeof en;
export const simulatedPageTexts: Record<Language, SimulatedPageTexts> = {
  en,
  nl,
};
