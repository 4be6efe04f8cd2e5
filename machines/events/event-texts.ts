import {
  chargebackHoldCode,
  chargebackReasonText,
} from '../escrow/chargeback-reasons';

/**
 * What a deal's and a payment request's events mean, in an auditor's words, in English and Dutch: the admin history, the
 * dispute page and the dispute exports all render these. The server sends a code and its params
 * (`EventText`); whoever shows it renders it in the reader's language. Params named `…Cents` are
 * amounts in cents and params named `…At` are instants: the renderer formats them for the reader
 * (money and local time in the reader's locale), so no text carries cents or ISO instants.
 * Pure data and one pure function (no I/O), like the error catalogue.
 */
export type EventTextParams = Record<string, string | number>;

export interface EventText {
  code: EventTextCode;
  params: EventTextParams;
}

type Texts = Record<'en' | 'nl', string>;
const x = (en: string, nl: string): Texts => ({ en, nl });

export const eventTexts = {
  DealCreated: x(
    'Deal created by {name} for {amountCents} (total {totalCents}).',
    'Deal aangemaakt door {name} voor {amountCents} (totaal {totalCents}).',
  ),
  DealUpdated: x(
    'Terms edited: amount {amountCents}.',
    'Voorwaarden gewijzigd: bedrag {amountCents}.',
  ),
  ShareLinkGenerated: x(
    'A link for the creator was issued.',
    'Er is een link voor de creator aangemaakt.',
  ),
  CheckoutSessionCreated: x(
    'Checkout opened for {totalCents}.',
    'Betaalpagina geopend voor {totalCents}.',
  ),
  PaymentSucceeded: x(
    'Payment of {amountCents} confirmed by the payment provider ({method}); held in escrow.',
    'Betaling van {amountCents} bevestigd door de betaalprovider ({method}); in escrow bewaard.',
  ),
  'PaymentSucceeded.noMethod': x(
    'Payment of {amountCents} confirmed by the payment provider; held in escrow.',
    'Betaling van {amountCents} bevestigd door de betaalprovider; in escrow bewaard.',
  ),
  PaymentFailed: x(
    'Payment failed at the payment provider: {reason}.',
    'Betaling mislukt bij de betaalprovider: {reason}.',
  ),
  'CreatorAccepted.account': x(
    'The creator accepted while signed in as {name}; the deal is bound to that account and the accepting browser.',
    'De creator accepteerde, ingelogd als {name}; de deal hoort bij dat account en de browser waarin geaccepteerd is.',
  ),
  'CreatorAccepted.browser': x(
    'The creator accepted through the link; the deal is bound to the accepting browser.',
    'De creator accepteerde via de link; de deal hoort bij de browser waarin geaccepteerd is.',
  ),
  'CreatorAccepted.link': x(
    'The creator accepted the deal through the link.',
    'De creator accepteerde de deal via de link.',
  ),
  ShareLinkRotated: x(
    'The brand replaced the creator link before acceptance; the old link no longer works.',
    'Het merk verving de creatorlink vóór acceptatie; de oude link werkt niet meer.',
  ),
  BankOnboardingStarted: x(
    'The creator started bank account setup.',
    'De creator begon met het koppelen van een bankrekening.',
  ),
  BankAccountConnected: x(
    'The creator connected a bank account; payouts are enabled.',
    'De creator koppelde een bankrekening; uitbetalingen zijn mogelijk.',
  ),
  ContentDelivered: x(
    'The creator marked the assignment as delivered.',
    'De creator meldde de opdracht als geleverd.',
  ),
  'ContentDelivered.details': x(
    'The creator marked the assignment as delivered: {details}.',
    'De creator meldde de opdracht als geleverd: {details}.',
  ),
  ChangesRequested: x(
    'The brand asked for changes (revision round {round} of {rounds}): “{note}”. The review period stopped; the deal is back with the creator.',
    'Het merk vroeg om wijzigingen (revisieronde {round} van {rounds}): „{note}”. De beoordelingsperiode is gestopt; de deal ligt weer bij de creator.',
  ),
  ContentRedelivered: x(
    'The creator delivered again after revision round {round}.',
    'De creator leverde opnieuw na revisieronde {round}.',
  ),
  'ContentRedelivered.details': x(
    'The creator delivered again after revision round {round}: {details}.',
    'De creator leverde opnieuw na revisieronde {round}: {details}.',
  ),
  ReviewPeriodStarted: x(
    'Review period started automatically on delivery; it runs until {endsAt}.',
    'De beoordelingsperiode begon automatisch bij levering; die loopt tot {endsAt}.',
  ),
  ReviewPeriodElapsed: x(
    'Review period ended at {endsAt} without approval or dispute.',
    'De beoordelingsperiode eindigde op {endsAt} zonder goedkeuring of geschil.',
  ),
  DisputeOpened: x(
    'The brand opened a dispute: “{reason}”. Payment held until {endsAt}.',
    'Het merk opende een geschil: „{reason}”. Betaling vastgehouden tot {endsAt}.',
  ),
  'DisputeOpened.described': x(
    'The brand opened a dispute: “{reason}” ({description}). Payment held until {endsAt}.',
    'Het merk opende een geschil: „{reason}” ({description}). Betaling vastgehouden tot {endsAt}.',
  ),
  DisputePeriodElapsed: x(
    'Dispute period ended at {endsAt} unresolved.',
    'De geschilperiode eindigde op {endsAt} zonder oplossing.',
  ),
  'FundsReleaseRequested.brand': x(
    'The brand approved: release of {amountCents} to the creator requested.',
    'Het merk keurde goed: vrijgave van {amountCents} aan de creator aangevraagd.',
  ),
  'FundsReleaseRequested.admin': x(
    'Admin {name} asked to release {amountCents} to the creator.',
    'Beheerder {name} vroeg om {amountCents} vrij te geven aan de creator.',
  ),
  'FundsReleaseRequested.review_period_elapsed': x(
    'Release of {amountCents} requested automatically: review period ended at {endsAt}.',
    'Vrijgave van {amountCents} automatisch aangevraagd: de beoordelingsperiode eindigde op {endsAt}.',
  ),
  'FundsReleaseRequested.dispute_period_elapsed': x(
    'Release of {amountCents} requested automatically: dispute period ended at {endsAt} unresolved.',
    'Vrijgave van {amountCents} automatisch aangevraagd: de geschilperiode eindigde op {endsAt} zonder oplossing.',
  ),
  'FundsReleased.brand': x(
    'Released {amountCents} to the creator: the brand approved.',
    '{amountCents} vrijgegeven aan de creator: het merk keurde goed.',
  ),
  'FundsReleased.admin': x(
    'Released {amountCents} to the creator by admin {name}.',
    '{amountCents} vrijgegeven aan de creator door beheerder {name}.',
  ),
  'FundsReleased.review_period_elapsed': x(
    'Released {amountCents} automatically: review period ended at {endsAt}.',
    '{amountCents} automatisch vrijgegeven: de beoordelingsperiode eindigde op {endsAt}.',
  ),
  'FundsReleased.dispute_period_elapsed': x(
    'Released {amountCents} automatically: dispute period ended at {endsAt} unresolved.',
    '{amountCents} automatisch vrijgegeven: de geschilperiode eindigde op {endsAt} zonder oplossing.',
  ),
  RefundRequested: x(
    'Admin {name} asked to refund {amountCents} to the brand.',
    'Beheerder {name} vroeg om {amountCents} terug te betalen aan het merk.',
  ),
  RefundFailed: x(
    'The payment provider refused the refund: {code} — {message}; it can be asked again.',
    'De betaalprovider weigerde de terugbetaling: {code} — {message}; die kan opnieuw worden gevraagd.',
  ),
  'CheckoutSessionClosed.terms_changed': x(
    'Checkout closed (terms changed).',
    'Betaalpagina gesloten (voorwaarden gewijzigd).',
  ),
  'CheckoutSessionClosed.replaced': x(
    'Checkout closed (replaced by a newer one).',
    'Betaalpagina gesloten (vervangen door een nieuwere).',
  ),
  'CheckoutSessionClosed.deal_deleted': x(
    'Checkout closed (deal deleted).',
    'Betaalpagina gesloten (deal verwijderd).',
  ),
  'UnexpectedPaymentReceived.not_open_session': x(
    'A payment of {amountCents} that does not fund the deal arrived (not its open checkout); it is refunded automatically.',
    'Er kwam een betaling van {amountCents} binnen die de deal niet financiert (niet de open betaalpagina); die wordt automatisch terugbetaald.',
  ),
  'UnexpectedPaymentReceived.amount_mismatch': x(
    'A payment of {amountCents} that does not fund the deal arrived (not the amount due); it is refunded automatically.',
    'Er kwam een betaling van {amountCents} binnen die de deal niet financiert (niet het verschuldigde bedrag); die wordt automatisch terugbetaald.',
  ),
  'UnexpectedPaymentReceived.already_paid': x(
    'A payment of {amountCents} that does not fund the deal arrived (already paid); it is refunded automatically.',
    'Er kwam een betaling van {amountCents} binnen die de deal niet financiert (al betaald); die wordt automatisch terugbetaald.',
  ),
  'UnexpectedPaymentReceived.deal_closed': x(
    'A payment of {amountCents} that does not fund the deal arrived (deal closed); it is refunded automatically.',
    'Er kwam een betaling van {amountCents} binnen die de deal niet financiert (deal gesloten); die wordt automatisch terugbetaald.',
  ),
  'TransferFailed.brand': x(
    'Transfer failed (brand approval): {code} — {message}.',
    'Overboeking mislukt (goedkeuring door het merk): {code} — {message}.',
  ),
  'TransferFailed.admin': x(
    'Transfer failed (admin release): {code} — {message}.',
    'Overboeking mislukt (vrijgave door beheerder): {code} — {message}.',
  ),
  'TransferFailed.review_period_elapsed': x(
    'Transfer failed (review period ended): {code} — {message}.',
    'Overboeking mislukt (beoordelingsperiode verlopen): {code} — {message}.',
  ),
  'TransferFailed.dispute_period_elapsed': x(
    'Transfer failed (dispute period ended): {code} — {message}.',
    'Overboeking mislukt (geschilperiode verlopen): {code} — {message}.',
  ),
  DealCompletedManually: x(
    'Completed without a transfer: {reason}.',
    'Afgerond zonder overboeking: {reason}.',
  ),
  'DealPutOnHold.chargeback': x(
    'Put on hold automatically: {reason}.',
    'Automatisch vastgehouden: {reason}.',
  ),
  'DealPutOnHold.admin': x(
    'Put on hold by {name}: {reason}.',
    'Vastgehouden door {name}: {reason}.',
  ),
  // An admin's hold for manual review (machines/deal/hold-reason.ts): its code in words.
  'DealPutOnHold.adminReview': x(
    'Put on hold by {name} for manual review.',
    'Vastgehouden door {name} voor handmatige controle.',
  ),
  DealReleasedFromHold: x(
    'Hold lifted by {name}; timers resumed.',
    'Vasthouden opgeheven door {name}; termijnen lopen weer.',
  ),
  'DealReleasedFromHold.review': x(
    'Hold lifted by {name}; timers resumed, review now ends at {reviewEndsAt}.',
    'Vasthouden opgeheven door {name}; termijnen lopen weer, beoordeling eindigt nu op {reviewEndsAt}.',
  ),
  'DealReleasedFromHold.dispute': x(
    'Hold lifted by {name}; timers resumed, dispute now ends at {disputeEndsAt}.',
    'Vasthouden opgeheven door {name}; termijnen lopen weer, geschil eindigt nu op {disputeEndsAt}.',
  ),
  'DealRefunded.milestone': x(
    'Refunded {amountCents} to the brand.',
    '{amountCents} terugbetaald aan het merk.',
  ),
  DealRefunded: x(
    'Refunded {amountCents} to the brand; deal cancelled.',
    '{amountCents} terugbetaald aan het merk; deal geannuleerd.',
  ),
  'DealRefunded.chargedBack': x(
    'Charged back: the card chargeback was lost and took all the escrow held, so the brand has its money back from the card network; deal cancelled with nothing refunded by the payment provider.',
    'Teruggeboekt: de terugboeking is verloren en nam alles wat in escrow stond, dus het merk heeft zijn geld terug via het kaartnetwerk; deal geannuleerd zonder terugbetaling via de betaalprovider.',
  ),
  'DealRefunded.reversed': x(
    'Refunded {amountCents} to the brand (the transfer was reversed first); deal cancelled.',
    '{amountCents} terugbetaald aan het merk (de overboeking is eerst teruggedraaid); deal geannuleerd.',
  ),
  ChargebackOpened: x(
    'Card chargeback of {amountCents} opened by the card issuer: {reason}.',
    'Terugboeking van {amountCents} geopend door de kaartuitgever: {reason}.',
  ),
  'ChargebackOpened.held': x(
    'Card chargeback of {amountCents} opened by the card issuer: {reason}; the deal was put on hold automatically.',
    'Terugboeking van {amountCents} geopend door de kaartuitgever: {reason}; de deal is automatisch vastgehouden.',
  ),
  'ChargebackClosed.won': x(
    'Chargeback won ({reason}): the disputed money is back in escrow.',
    'Terugboeking gewonnen ({reason}): het betwiste geld staat weer in escrow.',
  ),
  'ChargebackClosed.lost': x(
    'Chargeback lost ({reason}): the disputed money is written off.',
    'Terugboeking verloren ({reason}): het betwiste geld is afgeschreven.',
  ),
  DuplicatePaymentRefunded: x(
    'A second payment of {amountCents} was refunded automatically: the deal was already paid.',
    'Een tweede betaling van {amountCents} is automatisch terugbetaald: de deal was al betaald.',
  ),
  DealDeleted: x(
    'The brand deleted the unpaid deal.',
    'Het merk verwijderde de onbetaalde deal.',
  ),
  DealNoteAdded: x('Note by {name}: {note}', 'Notitie van {name}: {note}'),
  'DisputeMessagePosted.brand': x(
    'Message from the brand ({name}): {text}',
    'Bericht van het merk ({name}): {text}',
  ),
  'DisputeMessagePosted.creator': x(
    'Message from the creator ({name}): {text}',
    'Bericht van de creator ({name}): {text}',
  ),
  'DisputeMessagePosted.admin': x(
    'Message from admin {name}: {text}',
    'Bericht van beheerder {name}: {text}',
  ),
  'DisputeMessagePosted.brand.files': x(
    'Message from the brand ({name}): {text} Evidence: {files}.',
    'Bericht van het merk ({name}): {text} Bewijs: {files}.',
  ),
  'DisputeMessagePosted.creator.files': x(
    'Message from the creator ({name}): {text} Evidence: {files}.',
    'Bericht van de creator ({name}): {text} Bewijs: {files}.',
  ),
  'DisputeMessagePosted.admin.files': x(
    'Message from admin {name}: {text} Evidence: {files}.',
    'Bericht van beheerder {name}: {text} Bewijs: {files}.',
  ),
  DealSplitRequested: x(
    'Admin {name} resolved the deal with a split: {creatorCents} to the creator, {refundCents} back to the brand, {feeKeptCents} fee kept (of {chargedCents} held).',
    'Beheerder {name} loste de deal op met een verdeling: {creatorCents} naar de creator, {refundCents} terug naar het merk, {feeKeptCents} kosten behouden (van {chargedCents} in bewaring).',
  ),
  'DealSplitRetried.transfer': x(
    "Admin {name} retried the split's transfer under its original key.",
    'Beheerder {name} probeerde de overboeking van de verdeling opnieuw, met de oorspronkelijke sleutel.',
  ),
  'DealSplitRetried.refund': x(
    "Admin {name} retried the split's refund under its original key.",
    'Beheerder {name} probeerde de terugbetaling van de verdeling opnieuw, met de oorspronkelijke sleutel.',
  ),
  'DealSplitRequested.milestone': x(
    'Admin {name} split it: {creatorCents} to the creator, {refundCents} back to the brand, {feeKeptCents} fee kept (of {chargedCents}).',
    'Beheerder {name} verdeelde hem: {creatorCents} naar de creator, {refundCents} terug naar het merk, {feeKeptCents} kosten behouden (van {chargedCents}).',
  ),
  SplitTransferSucceeded: x(
    'Split: {amountCents} transferred to the creator.',
    'Verdeling: {amountCents} overgemaakt aan de creator.',
  ),
  SplitTransferFailed: x(
    'Split: the payment provider refused the transfer to the creator: {code} — {message}; it can be retried.',
    'Verdeling: de betaalprovider weigerde de overboeking aan de creator: {code} — {message}; die kan opnieuw worden geprobeerd.',
  ),
  SplitRefundSucceeded: x(
    'Split: {amountCents} refunded to the brand.',
    'Verdeling: {amountCents} terugbetaald aan het merk.',
  ),
  SplitRefundFailed: x(
    'Split: the payment provider refused the refund to the brand: {code} — {message}; it can be retried.',
    'Verdeling: de betaalprovider weigerde de terugbetaling aan het merk: {code} — {message}; die kan opnieuw worden geprobeerd.',
  ),
  PaymentRequestCreated: x(
    'Payment request created by {name} for {amountCents} (total {totalCents}).',
    'Betaalverzoek aangemaakt door {name} voor {amountCents} (totaal {totalCents}).',
  ),
  PaymentRequestAccepted: x(
    'The brand accepted the request through its link.',
    'Het merk accepteerde het verzoek via de link.',
  ),
  PaymentRequestCheckoutClosed: x('Checkout closed.', 'Betaalpagina gesloten.'),
  PaymentRequestUnexpectedPaymentReceived: x(
    'A payment of {amountCents} that does not fund the request arrived ({reason}); it is refunded automatically.',
    'Er kwam een betaling van {amountCents} binnen die het verzoek niet financiert ({reason}); die wordt automatisch terugbetaald.',
  ),
  PaymentRequestDuplicatePaymentRefunded: x(
    'A payment of {amountCents} that did not fund the request was refunded automatically.',
    'Een betaling van {amountCents} die het verzoek niet financierde, is automatisch terugbetaald.',
  ),
  PaymentRequestExpired: x(
    'The request expired unpaid.',
    'Het verzoek verliep onbetaald.',
  ),
  PaymentRequestRejected: x(
    'The brand declined the request.',
    'Het merk wees het verzoek af.',
  ),
  PaymentRequestDelivered: x(
    'The creator completed the request; the brand reviews it until {endsAt}.',
    'De creator rondde het verzoek af; het merk beoordeelt het tot {endsAt}.',
  ),
  PaymentRequestPayoutRequested: x(
    'Payout of {amountCents} to the creator requested.',
    'Uitbetaling van {amountCents} aan de creator aangevraagd.',
  ),
  PaymentRequestCompleted: x(
    'Paid out to the creator; the request is completed.',
    'Uitbetaald aan de creator; het verzoek is afgerond.',
  ),
  PaymentRequestPayoutDeferred: x(
    "The payout of {amountCents} waits for the creator's payout account: {reason}.",
    'De uitbetaling van {amountCents} wacht op de uitbetaalrekening van de creator: {reason}.',
  ),
  PaymentRequestPayoutFailed: x(
    'The payment provider refused the payout: {code} — {message}; it is tried again when the account is ready.',
    'De betaalprovider weigerde de uitbetaling: {code} — {message}; die wordt opnieuw geprobeerd zodra de rekening klaar is.',
  ),
  PaymentRequestChargebackOpened: x(
    'Card chargeback of {amountCents} opened by the card issuer: {reason}; the request is held until an admin acts.',
    'Terugboeking van {amountCents} geopend door de kaartuitgever: {reason}; het verzoek wordt vastgehouden tot een beheerder ingrijpt.',
  ),
  PaymentRequestHoldReleased: x(
    'Chargeback hold lifted by {name}.',
    'Vasthouden na terugboeking opgeheven door {name}.',
  ),
  'PaymentRequestRefunded.chargedBack': x(
    'Charged back: the card chargeback was lost and took all the escrow held, so the brand has its money back from the card network; the request is refunded with nothing refunded by the payment provider.',
    'Teruggeboekt: de terugboeking is verloren en nam alles wat in escrow stond, dus het merk heeft zijn geld terug via het kaartnetwerk; het verzoek is terugbetaald zonder terugbetaling via de betaalprovider.',
  ),
  PaymentRequestRefunded: x(
    'Refunded {amountCents} to the brand; the request is refunded.',
    '{amountCents} terugbetaald aan het merk; het verzoek is terugbetaald.',
  ),
  PaymentRequestSplitRequested: x(
    'Admin {name} resolved the request with a split: {creatorCents} to the creator, {refundCents} back to the brand, {feeKeptCents} fee kept (of {chargedCents} held).',
    'Beheerder {name} loste het verzoek op met een verdeling: {creatorCents} naar de creator, {refundCents} terug naar het merk, {feeKeptCents} kosten behouden (van {chargedCents} in bewaring).',
  ),
} as const satisfies Record<string, Texts>;

export type EventTextCode = keyof typeof eventTexts;

/** How the reader wants amounts (in cents) and instants (ISO-8601) written. */
export interface EventTextFormat {
  money: (cents: number) => string;
  instant: (iso: string) => string;
}

/** An event about one milestone of a deal with a plan starts with its number. */
const milestonePrefix: Texts = x(
  'Milestone {milestone}: ',
  'Mijlpaal {milestone}: ',
);

/**
 * "Milestone 2: the creator delivered…": the prefix, and the sentence's first letter in lower case
 * when it is a word's (a sentence opening with a name or an amount keeps it as it is).
 */
function aboutMilestone(
  sentence: string,
  milestone: string | number,
  lang: 'en' | 'nl',
): string {
  const lower = /^\p{Lu}\p{Ll}/u.test(sentence)
    ? sentence[0]!.toLowerCase() + sentence.slice(1)
    : sentence;
  return (
    milestonePrefix[lang].replace('{milestone}', String(milestone)) + lower
  );
}

/** A chargeback's reason (the card issuer's code) in the reader's words; other reasons as written. */
function reasonText(code: string, reason: string, lang: 'en' | 'nl'): string {
  if (/^(PaymentRequest)?Chargeback/.test(code))
    return chargebackReasonText(reason, lang);
  // A chargeback's automatic hold stores "Chargeback: <code>".
  const held = code.endsWith('.chargeback') ? chargebackHoldCode(reason) : null;
  return held === null
    ? reason
    : `${lang === 'nl' ? 'Terugboeking' : 'Chargeback'}: ${chargebackReasonText(held, lang)}`;
}

/**
 * The text in `lang`, each `{param}` filled: `…Cents` as money, `…At` as an instant, others as
 * given; with a `milestone` param (an event of a deal with a plan) it says which milestone.
 */
export function renderEventText(
  text: EventText,
  lang: 'en' | 'nl',
  format: EventTextFormat,
): string {
  const template: string = eventTexts[text.code]?.[lang] ?? text.code;
  const filled = template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = text.params[name];
    if (value === undefined) return whole;
    if (name.endsWith('Cents')) return format.money(Number(value));
    if (name.endsWith('At')) return format.instant(String(value));
    if (name === 'reason') return reasonText(text.code, String(value), lang);
    return String(value);
  });
  const { milestone } = text.params;
  return milestone === undefined
    ? filled
    : aboutMilestone(filled, milestone, lang);
}
