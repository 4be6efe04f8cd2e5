import { formatEuro } from '../money';
import { actionText } from './action-texts';
import {
  inputText,
  type InputField,
  type InputIssue,
  type InputRule,
} from './input-texts';
/**
 * Every refusal and error answer, by its stable code: the kind (which sets the HTTP status, and is
 * the `error` field clients have always read), the English text (the spec's exact words where the
 * spec gives them) and the Dutch text. Texts are templates: `{name}` is replaced by the param of that
 * name. Nothing reads a text to find out what went wrong: code and params say it. Pure data (no zod,
 * no I/O), so deciders can throw with it.
 */
export const errorKinds = {
  validation_failed: 400,
  bad_request: 400,
  invalid_event: 400,
  invalid_signature: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  illegal_transition: 409,
  conflict: 409,
  concurrency: 409,
  not_available: 409,
  expired: 410,
  payload_too_large: 413,
  unsupported_media_type: 415,
  idempotency_mismatch: 422,
  too_many_requests: 429,
  internal_error: 500,
  gateway_error: 502,
  service_unavailable: 503,
} as const;

export type ErrorKind = keyof typeof errorKinds;

interface Entry {
  kind: ErrorKind;
  en: string;
  nl: string;
}

const e = (kind: ErrorKind, en: string, nl: string): Entry => ({
  kind,
  en,
  nl,
});

export const errorCatalogue = {
  // Refused by the statecharts and deciders.
  deal_not_in_state: e(
    'illegal_transition',
    'Cannot {action} while the deal is {status}',
    '{Action} kan niet: de deal heeft nu de status „{status}”.',
  ),
  payment_request_not_in_state: e(
    'illegal_transition',
    'Cannot {action} while the payment request is {status}',
    '{Action} kan niet: het betaalverzoek heeft nu de status „{status}”.',
  ),
  account_not_in_state: e(
    'illegal_transition',
    'Cannot {action} while the {thing} is {status}',
    '{Action} kan niet: {thing} heeft nu de status „{status}”.',
  ),
  deal_on_hold: e(
    'illegal_transition',
    'Cannot release funds while the deal is on hold; an admin must act',
    'Het geld kan niet worden vrijgegeven zolang de deal wordt vastgehouden; een beheerder moet eerst handelen.',
  ),
  payment_request_on_hold: e(
    'illegal_transition',
    'Cannot complete the request while a chargeback holds the payment; an admin must act',
    'Het verzoek kan niet worden afgerond zolang een terugboeking de betaling vasthoudt; een beheerder moet eerst handelen.',
  ),
  deal_already_accepted: e(
    'illegal_transition',
    'The deal has already been accepted',
    'De deal is al geaccepteerd.',
  ),
  contract_changed: e(
    'conflict',
    'The contract changed after you read it; read it again before accepting',
    'Het contract is gewijzigd nadat je het las; lees het opnieuw voordat je accepteert.',
  ),
  revision_rounds_used: e(
    'illegal_transition',
    'All {rounds} included revision rounds have been used; you can approve or open a dispute',
    'Alle {rounds} inbegrepen revisierondes zijn gebruikt; je kunt goedkeuren of een geschil openen.',
  ),
  milestone_not_found: e(
    'not_found',
    'Milestone not found',
    'Mijlpaal niet gevonden.',
  ),
  milestone_not_in_state: e(
    'illegal_transition',
    'Cannot {action} while milestone {milestone} is {status}',
    '{Action} kan niet: mijlpaal {milestone} heeft nu de status „{status}”.',
  ),
  deal_already_refunded: e(
    'illegal_transition',
    'The deal has already been refunded',
    'De deal is al terugbetaald.',
  ),
  deal_already_on_hold: e(
    'illegal_transition',
    'The deal is already on hold',
    'De deal wordt al vastgehouden.',
  ),
  payment_request_already_accepted: e(
    'illegal_transition',
    'The payment request has already been accepted',
    'Het betaalverzoek is al geaccepteerd.',
  ),
  payment_request_already_disputed: e(
    'illegal_transition',
    'The payment request is already in dispute',
    'Over dit betaalverzoek loopt al een geschil.',
  ),
  payment_request_already_refunded: e(
    'illegal_transition',
    'The payment request has already been refunded',
    'Het betaalverzoek is al terugbetaald.',
  ),
  review_period_over: e(
    'illegal_transition',
    'The review period is over; the payment is being released to the creator',
    'De beoordelingstermijn is voorbij; de betaling gaat naar de creator.',
  ),
  period_not_over: e(
    'illegal_transition',
    'The period has not ended yet',
    'De termijn is nog niet voorbij.',
  ),
  nothing_to_refund: e(
    'illegal_transition',
    'There is nothing in escrow to refund',
    'Er staat niets in bewaring om terug te betalen.',
  ),
  payment_request_expired: e(
    'expired',
    'Payment request has expired',
    'Het betaalverzoek is verlopen.',
  ),
  concurrent_change: e(
    'concurrency',
    'The {thing} was changed by someone else; please try again',
    '{Thing} is intussen door iemand anders gewijzigd; probeer het opnieuw.',
  ),
  refund_under_way: e(
    'conflict',
    'A refund of this payment is under way',
    'Er loopt al een terugbetaling van deze betaling.',
  ),
  refund_already_under_way: e(
    'conflict',
    'A refund of this payment is already under way',
    'Er loopt al een terugbetaling van deze betaling.',
  ),
  release_under_way: e(
    'conflict',
    'A release of these funds is under way',
    'Dit geld wordt al vrijgegeven.',
  ),
  release_already_under_way: e(
    'conflict',
    'A release of these funds is already under way',
    'Dit geld wordt al vrijgegeven.',
  ),
  split_amount_invalid: e(
    'bad_request',
    "The creator's part of a split must be a whole number of cents above 0 (got {creatorCents})",
    'Het deel van de creator moet een heel aantal centen boven 0 zijn (nu {creatorCents}).',
  ),
  split_whole_amount: e(
    'bad_request',
    'A split gives the creator less than the whole amount ({€amountCents}); release the funds instead',
    'Bij een verdeling krijgt de creator minder dan het hele bedrag ({€amountCents}); geef anders het geld vrij.',
  ),
  chargeback_open: e(
    'illegal_transition',
    'Cannot pay out while a chargeback on this payment is open; the card issuer decides first',
    'Er kan niets worden uitbetaald zolang er een terugboeking op deze betaling loopt; eerst beslist de kaartuitgever.',
  ),
  escrow_insufficient: e(
    'conflict',
    'The escrow does not hold enough for this payment',
    'Er staat niet genoeg in bewaring voor deze betaling.',
  ),
  split_above_escrow: e(
    'bad_request',
    "The creator's part ({€creatorCents}) and the fee on it exceed what the escrow holds ({€chargedCents})",
    'Het deel van de creator ({€creatorCents}) en de commissie daarover zijn meer dan er in bewaring is ({€chargedCents}).',
  ),
  split_not_allowed: e(
    'illegal_transition',
    'A payment can be split only while it is in dispute or on hold (it is {status})',
    'Een betaling kan alleen worden verdeeld tijdens een geschil of als ze wordt vastgehouden (status nu: „{status}”).',
  ),
  split_under_way: e(
    'conflict',
    'A split of this payment has already been asked for',
    'Voor deze betaling is al een verdeling aangevraagd.',
  ),
  split_nothing_to_retry: e(
    'conflict',
    'No part of this split failed; there is nothing to retry',
    'Geen deel van deze verdeling is mislukt; er is niets om opnieuw te proberen.',
  ),
  checkout_total_mismatch: e(
    'conflict',
    'The checkout does not charge the total due',
    'Deze betaling komt niet overeen met het verschuldigde bedrag.',
  ),
  deal_changed_during_checkout: e(
    'conflict',
    'The deal changed while its payment was being prepared; please try again',
    'De deal is gewijzigd terwijl de betaling werd voorbereid; probeer het opnieuw.',
  ),
  link_already_claimed: e(
    'conflict',
    'The creator already accepted this deal; its link can no longer be replaced',
    'De creator heeft deze deal al geaccepteerd; de link kan niet meer worden vervangen.',
  ),
  no_bank_account: e(
    'conflict',
    'no_bank_account: The creator has not connected a bank account yet',
    'no_bank_account: de creator heeft nog geen bankrekening gekoppeld.',
  ),
  // The gateway refused (a definite answer: nothing moved) or its outcome is unknown; the message keeps the gateway's code first.
  gateway_refused: e(
    'conflict',
    '{detail}',
    '{gatewayCode}: Dit kan nu niet: de betaaldienst weigerde. Vernieuw de pagina en probeer het opnieuw.',
  ),
  gateway_failed: e(
    'gateway_error',
    '{detail}',
    '{gatewayCode}: De betaaldienst gaf een fout; probeer het later opnieuw.',
  ),
  gateway_unavailable: e(
    'gateway_error',
    '{detail}',
    '{gatewayCode}: De betaaldienst is niet bereikbaar; probeer het later opnieuw.',
  ),
  manual_completion_test_mode_only: e(
    'forbidden',
    'Manual completion is only available in test mode',
    'Handmatig afronden kan alleen in testmodus.',
  ),
  auditor_read_only: e(
    'forbidden',
    'Auditors can view but not act',
    'Auditors kunnen meekijken, maar niets wijzigen.',
  ),
  cannot_deactivate_self: e(
    'conflict',
    'You cannot deactivate your own account',
    'Je kunt je eigen account niet deactiveren.',
  ),
  too_many_deal_devices: e(
    'conflict',
    'At most {max} devices can get notifications for one deal',
    'Hooguit {max} apparaten kunnen meldingen krijgen voor één deal.',
  ),
  too_many_devices: e(
    'conflict',
    'At most {max} devices can receive notifications; unsubscribe one first',
    'Hooguit {max} apparaten kunnen meldingen krijgen; meld er eerst een af.',
  ),
  link_export_unclaimed: e(
    'forbidden',
    'Only the browser that accepted this deal can download its data. Accept the deal first, or continue on this device with a code by e-mail.',
    'Alleen de browser die deze deal heeft geaccepteerd kan de gegevens downloaden. Accepteer de deal eerst, of ga verder op dit apparaat met een code per e-mail.',
  ),
  erasure_money_held: e(
    'conflict',
    'Your data cannot be erased yet: money is still held for or owed to you in {count} deal(s) or payment request(s). Finish or settle them first; the money facts are kept for the bookkeeping retention period.',
    'Je gegevens kunnen nog niet worden gewist: er staat nog geld vast voor of open naar jou in {count} deal(s) of betaalverzoek(en). Rond die eerst af; de geldgegevens worden bewaard zolang de boekhoudplicht geldt.',
  ),
  erasure_requests_open: e(
    'conflict',
    'Your data cannot be erased yet: {count} payment request(s) can still be paid. Erase once each is paid and settled, declined or expired.',
    'Je gegevens kunnen nog niet worden gewist: {count} betaalverzoek(en) kunnen nog worden betaald. Wis ze zodra elk verzoek is betaald en afgerond, afgewezen of verlopen.',
  ),
  erasure_checkout_open: e(
    'conflict',
    'Your data cannot be erased yet: the payment of {count} deal(s) has started and can still be paid. Erase once each is paid and settled, or delete the deal first.',
    'Je gegevens kunnen nog niet worden gewist: de betaling van {count} deal(s) is gestart en kan nog worden betaald. Wis ze zodra elke deal is betaald en afgerond, of verwijder de deal eerst.',
  ),
  erasure_link_unclaimed: e(
    'forbidden',
    'Only the browser that accepted this deal can ask to erase its data.',
    'Alleen de browser die deze deal heeft geaccepteerd kan vragen de gegevens te wissen.',
  ),
  account_erased: e(
    'conflict',
    'This account was erased',
    'Dit account is gewist.',
  ),
  too_many_exports: e(
    'too_many_requests',
    'Too many data exports for this person; try again in {seconds} seconds',
    'Te veel gegevensexports voor deze persoon; probeer het over {seconds} seconden opnieuw.',
  ),
  deal_claimed_elsewhere: e(
    'forbidden',
    'This deal continues on another device. Tap “Continue on this device” to get a code by e-mail and carry on here.',
    'Deze deal loopt verder op een ander apparaat. Tik op ‘Verder op dit apparaat’ voor een code per e-mail en ga hier verder.',
  ),
  request_claimed_elsewhere: e(
    'forbidden',
    'This payment request continues on another device. Tap “Continue on this device” to get a code by e-mail and carry on here.',
    'Dit betaalverzoek loopt verder op een ander apparaat. Tik op ‘Verder op dit apparaat’ voor een code per e-mail en ga hier verder.',
  ),
  link_not_claimed: e(
    'conflict',
    'Accept first: the e-mail address is confirmed by whoever accepted',
    'Accepteer eerst: het e-mailadres bevestigt degene die accepteerde.',
  ),
  link_already_taken: e(
    'conflict',
    'This link was already taken by another device',
    'Deze link is al door een ander apparaat in gebruik genomen.',
  ),
  link_email_unknown: e(
    'conflict',
    'No e-mail address was confirmed for this link, so it cannot move to this device. Open it on the device that accepted it.',
    'Voor deze link is geen e-mailadres bevestigd, dus hij kan niet naar dit apparaat. Open hem op het apparaat waarop hij is geaccepteerd.',
  ),
  link_code_invalid: e(
    'bad_request',
    'This code is no longer valid. Ask for a new code.',
    'Deze code is niet meer geldig. Vraag een nieuwe code aan.',
  ),
  link_code_expired: e(
    'bad_request',
    'This code has expired. Ask for a new code.',
    'Deze code is verlopen. Vraag een nieuwe code aan.',
  ),
  link_code_wrong: e(
    'bad_request',
    'That code is not right; {remaining} tries left',
    'Die code klopt niet; nog {remaining} pogingen.',
  ),
  link_code_not_sent: e(
    'service_unavailable',
    'The code could not be e-mailed just now; try again in a minute',
    'De code kon nu niet worden gemaild; probeer het over een minuut opnieuw.',
  ),
  too_many_link_codes: e(
    'too_many_requests',
    'Too many codes asked for this link or address; try again in {seconds} seconds',
    'Te veel codes aangevraagd voor deze link of dit adres; probeer het over {seconds} seconden opnieuw.',
  ),
  too_many_link_code_checks: e(
    'too_many_requests',
    'Too many codes tried for this link; try again in {seconds} seconds',
    'Te veel codes geprobeerd voor deze link; probeer het over {seconds} seconden opnieuw.',
  ),
  own_deal_not_acceptable: e(
    'conflict',
    'You created this deal: only the creator you invited can accept it',
    'Je hebt deze deal zelf gemaakt: alleen de creator die je uitnodigt kan hem accepteren.',
  ),
  own_request_not_acceptable: e(
    'conflict',
    'You created this payment request: only the brand you sent it to can accept it',
    'Je hebt dit betaalverzoek zelf gemaakt: alleen het merk naar wie je het stuurt kan het accepteren.',
  ),
  deal_notifications_not_yet: e(
    'conflict',
    'Notifications for this deal can be turned on once it is accepted',
    'Meldingen voor deze deal kunnen aan zodra de deal is geaccepteerd.',
  ),
  admin_already_deactivated: e(
    'conflict',
    'The admin account is already deactivated',
    'Het beheerdersaccount is al gedeactiveerd.',
  ),
  deal_invoice_not_yet: e(
    'not_available',
    'No invoice yet: the deal has not been paid, or the invoice waits for your billing details',
    'Nog geen factuur: de deal is nog niet betaald, of de factuur wacht op je factuurgegevens.',
  ),
  deal_self_billed_invoice_not_yet: e(
    'not_available',
    'No self-billed invoice: nothing was paid out under a self-billing agreement yet, or the invoice waits for the brand’s billing details',
    'Geen factuur uitgereikt door afnemer: er is nog niets uitbetaald onder een overeenkomst over facturering door de afnemer, of de factuur wacht op de factuurgegevens van het merk.',
  ),
  self_billing_not_agreed: e(
    'conflict',
    'There is no self-billing agreement to withdraw',
    'Er is geen overeenkomst over facturering door de afnemer om in te trekken.',
  ),
  vat_id_required: e(
    'validation_failed',
    'A VAT id is required unless you use the small business scheme',
    'Een btw-nummer is verplicht, tenzij je de kleineondernemersregeling gebruikt.',
  ),
  deal_credit_note_not_yet: e(
    'not_available',
    'No credit note: no fee money went back to the brand for this deal',
    'Geen creditnota: voor deze deal zijn geen servicekosten teruggestort aan het merk.',
  ),
  payment_request_invoice_not_yet: e(
    'not_available',
    'No invoice yet: the request has not been paid, or the invoice waits for your billing details',
    'Nog geen factuur: het verzoek is nog niet betaald, of de factuur wacht op je factuurgegevens.',
  ),
  payment_request_credit_note_not_yet: e(
    'not_available',
    'No credit note: no fee money went back for this request',
    'Geen creditnota: voor dit verzoek zijn geen servicekosten teruggestort.',
  ),
  payment_request_self_billed_invoice_not_yet: e(
    'not_available',
    'No self-billed invoice: nothing was paid out under a self-billing agreement yet, or the invoice waits for the billing details',
    'Geen factuur uitgereikt door afnemer: er is nog niets uitbetaald onder een overeenkomst over facturering door de afnemer, of de factuur wacht op de factuurgegevens.',
  ),
  deal_receipt_not_yet: e(
    'not_available',
    'No receipt yet: the deal has not been paid',
    'Nog geen ontvangstbewijs: de deal is nog niet betaald.',
  ),
  deal_statement_not_yet: e(
    'not_available',
    'No statement yet: nothing has been paid out for this deal',
    'Nog geen afrekening: voor deze deal is nog niets uitbetaald.',
  ),
  payment_request_receipt_not_yet: e(
    'not_available',
    'No receipt yet: the payment request has not been paid',
    'Nog geen ontvangstbewijs: het betaalverzoek is nog niet betaald.',
  ),
  payment_request_statement_not_yet: e(
    'not_available',
    'No statement yet: nothing has been paid out for this request',
    'Nog geen afrekening: voor dit betaalverzoek is nog niets uitbetaald.',
  ),
  ai_not_available: e(
    'not_available',
    'AI assistant not available',
    'De AI-assistent is niet beschikbaar.',
  ),
  // Not found.
  deal_not_found: e('not_found', 'Deal not found', 'Deal niet gevonden.'),
  document_not_found: e(
    'not_found',
    'Document not found',
    'Document niet gevonden.',
  ),
  payment_request_not_found: e(
    'not_found',
    'Payment request not found',
    'Betaalverzoek niet gevonden.',
  ),
  user_not_found: e('not_found', 'User not found', 'Gebruiker niet gevonden.'),
  admin_not_found: e(
    'not_found',
    'Admin account not found',
    'Beheerdersaccount niet gevonden.',
  ),
  never_in_dispute: e(
    'not_found',
    'This deal was never in dispute',
    'Deze deal is nooit in geschil geweest.',
  ),
  request_never_in_dispute: e(
    'not_found',
    'This payment request was never in dispute',
    'Dit betaalverzoek is nooit in geschil geweest.',
  ),
  no_dispute_conversation: e(
    'not_found',
    'There is no dispute to talk about here',
    'Hier is geen geschil om over te praten.',
  ),
  evidence_type_refused: e(
    'unsupported_media_type',
    'Only images (PNG, JPEG, GIF, WebP) and PDF files can be attached',
    'Alleen afbeeldingen (PNG, JPEG, GIF, WebP) en pdf-bestanden kunnen worden toegevoegd.',
  ),
  payout_identity_required: e(
    'validation_failed',
    'Fill in your legal name, address, date of birth and tax id before setting up payouts: the platform reports payouts with them each year',
    'Vul je officiële naam, adres, geboortedatum en fiscaal nummer in voordat je uitbetalingen instelt: het platform meldt uitbetalingen daarmee elk jaar.',
  ),
  payout_identity_incomplete: e(
    'validation_failed',
    'Fill in your legal name, address, date of birth and tax id: the platform must report payouts to the tax authority',
    'Vul je officiële naam, adres, geboortedatum en fiscaal nummer in: het platform moet uitbetalingen aan de Belastingdienst melden.',
  ),
  payout_birth_date_invalid: e(
    'validation_failed',
    'The date of birth must be a real date (YYYY-MM-DD) of someone at least 16 years old',
    'De geboortedatum moet een echte datum zijn (JJJJ-MM-DD) van iemand van minstens 16 jaar.',
  ),
  payout_tax_id_invalid: e(
    'validation_failed',
    'The tax id must be 5 to 30 letters and digits (in the Netherlands your BSN)',
    'Het fiscaal nummer moet uit 5 tot 30 letters en cijfers bestaan (in Nederland je BSN).',
  ),
  vat_id_invalid: e(
    'validation_failed',
    'The VAT id is not in the format of the chosen country (e.g. NL123456789B01, BE0123456789)',
    'Het btw-nummer heeft niet de vorm van het gekozen land (bijv. NL123456789B01, BE0123456789).',
  ),
  billing_address_missing: e(
    'validation_failed',
    'Fill in the street and number',
    'Vul de straat en het huisnummer in.',
  ),
  evidence_empty: e(
    'validation_failed',
    'The file is empty',
    'Het bestand is leeg.',
  ),
  evidence_not_received: e(
    'validation_failed',
    'A file of this message was not received; attach it again',
    'Een bestand bij dit bericht is niet ontvangen; voeg het opnieuw toe.',
  ),
  evidence_not_found: e(
    'not_found',
    'File not found',
    'Bestand niet gevonden.',
  ),
  route_not_found: e(
    'not_found',
    'Route {method} {url} not found',
    'Dit adres bestaat niet.',
  ),
  message_not_found: e(
    'not_found',
    'No such message',
    'Dit bericht bestaat niet.',
  ),
  metrics_off: e(
    'not_found',
    'Metrics are off: set METRICS_TOKEN to serve them',
    'Metrieken staan uit: stel METRICS_TOKEN in om ze te tonen.',
  ),
  // Accounts and sign-in.
  email_taken: e(
    'conflict',
    'Email is already registered, or one that looks the same',
    'Dit e-mailadres, of een dat er hetzelfde uitziet, is al geregistreerd.',
  ),
  username_taken: e(
    'conflict',
    'Username is already taken, or one that looks the same',
    'Deze gebruikersnaam, of een die er hetzelfde uitziet, is al in gebruik.',
  ),
  admin_username_taken: e(
    'conflict',
    'Admin username is already taken, or one that looks the same',
    'Deze beheerdersnaam, of een die er hetzelfde uitziet, is al in gebruik.',
  ),
  admin_username_invisible: e(
    'validation_failed',
    'Admin username must not contain invisible characters',
    'De beheerdersnaam mag geen onzichtbare tekens bevatten.',
  ),
  invalid_login: e(
    'unauthorized',
    'Invalid email or password',
    'Onjuist e-mailadres of wachtwoord.',
  ),
  invalid_credentials: e(
    'unauthorized',
    'Invalid credentials',
    'Onjuiste inloggegevens.',
  ),
  wrong_current_password: e(
    'forbidden',
    'Current password is wrong',
    'Je huidige wachtwoord klopt niet.',
  ),
  token_format: e(
    'unauthorized',
    'Invalid authentication token format',
    'Je bent niet (meer) ingelogd; log opnieuw in.',
  ),
  token_expired: e(
    'unauthorized',
    'Token expired',
    'Je bent niet (meer) ingelogd; log opnieuw in.',
  ),
  token_invalid: e(
    'unauthorized',
    'Invalid or expired token',
    'Je bent niet (meer) ingelogd; log opnieuw in.',
  ),
  session_ended: e(
    'unauthorized',
    'Session ended; please log in again',
    'Je bent niet (meer) ingelogd; log opnieuw in.',
  ),
  authentication_required: e(
    'unauthorized',
    'Authentication required',
    'Je bent niet (meer) ingelogd; log opnieuw in.',
  ),
  metrics_token_required: e(
    'unauthorized',
    'Metrics need the METRICS_TOKEN bearer token',
    'Metrieken vragen het METRICS_TOKEN als bearer-token.',
  ),
  admin_authentication_required: e(
    'unauthorized',
    'Admin authentication required',
    'Je bent niet (meer) ingelogd; log opnieuw in.',
  ),
  too_many_requests: e(
    'too_many_requests',
    '{detail}',
    'Te veel pogingen; wacht even en probeer het opnieuw.',
  ),
  too_many_requests_from_account: e(
    'too_many_requests',
    'Too many payment requests from your account; try again in {seconds} seconds',
    'Je hebt te veel betaalverzoeken gemaakt; probeer het over {seconds} seconden opnieuw.',
  ),
  too_many_requests_to_address: e(
    'too_many_requests',
    'Too many payment requests to this e-mail address; try again in {seconds} seconds',
    'Er zijn te veel betaalverzoeken naar dit e-mailadres gestuurd; probeer het over {seconds} seconden opnieuw.',
  ),
  // Input.
  invalid_input: e(
    'validation_failed',
    '{detail}',
    'De invoer is niet geldig; controleer de gegevens.',
  ),
  deadline_in_past: e(
    'validation_failed',
    'Deadline must be today or later',
    'De deadline moet vandaag of later zijn.',
  ),
  publication_deadline_in_past: e(
    'validation_failed',
    'Publication deadline must be today or later',
    'De publicatiedeadline moet vandaag of later zijn.',
  ),
  revision_rounds_invalid: e(
    'validation_failed',
    'Revision rounds must be a whole number from 0 to 5',
    'Het aantal revisierondes moet een heel getal van 0 tot en met 5 zijn.',
  ),
  milestones_count: e(
    'validation_failed',
    'A deal has 1 to 10 milestones',
    'Een deal heeft 1 tot en met 10 mijlpalen.',
  ),
  milestone_amount_too_small: e(
    'validation_failed',
    'Every milestone is at least €1.00',
    'Elke mijlpaal is minstens € 1,00.',
  ),
  milestones_sum_mismatch: e(
    'validation_failed',
    "The milestones' amounts must add up to the deal's amount",
    'De bedragen van de mijlpalen moeten samen het bedrag van de deal zijn.',
  ),
  milestones_above_limit: e(
    'validation_failed',
    'The product currently supports deals up to €1,750. For larger deals, please contact us.',
    'Deals kunnen op dit moment hooguit €1.750 zijn. Neem voor grotere deals contact met ons op.',
  ),
  milestone_amount_invalid: e(
    'validation_failed',
    "A milestone's amount must be a positive number with at most 2 decimals",
    'Het bedrag van een mijlpaal moet een positief getal zijn met hooguit 2 decimalen.',
  ),
  milestone_due_date_invalid: e(
    'validation_failed',
    'Every milestone needs a valid due date',
    'Elke mijlpaal heeft een geldige einddatum nodig.',
  ),
  milestone_due_in_past: e(
    'validation_failed',
    "A milestone's due date must be today or later",
    'De einddatum van een mijlpaal moet vandaag of later zijn.',
  ),
  milestone_due_after_deadline: e(
    'validation_failed',
    "A milestone's due date must be on or before the deal's deadline",
    'De einddatum van een mijlpaal moet op of vóór de deadline van de deal liggen.',
  ),
  milestone_title_required: e(
    'validation_failed',
    'Every milestone needs a title (at most 200 characters)',
    'Elke mijlpaal heeft een titel nodig (hooguit 200 tekens).',
  ),
  contract_days_invalid: e(
    'validation_failed',
    'The number of days must be a whole number from 1 to 3650',
    'Het aantal dagen moet een heel getal van 1 tot en met 3650 zijn.',
  ),
  exclusivity_category_required: e(
    'validation_failed',
    'Name the category the exclusivity covers (at most 100 characters)',
    'Noem de categorie waarvoor de exclusiviteit geldt (hooguit 100 tekens).',
  ),
  brand_terms_too_long: e(
    'validation_failed',
    'Your own terms can be at most 5000 characters',
    'Je eigen voorwaarden mogen hooguit 5000 tekens zijn.',
  ),
  change_note_required: e(
    'validation_failed',
    'Describe the changes you need',
    'Beschrijf welke wijzigingen je nodig hebt.',
  ),
  revision_note_too_long: e(
    'validation_failed',
    'A note can be at most 2000 characters',
    'Een toelichting mag hooguit 2000 tekens zijn.',
  ),
  delivery_link_invalid: e(
    'validation_failed',
    'Links must start with http:// or https://',
    'Links moeten beginnen met http:// of https://.',
  ),
  too_many_delivery_links: e(
    'validation_failed',
    'At most 5 links',
    'Hooguit 5 links.',
  ),
  since_invalid: e(
    'validation_failed',
    'since must be a date (YYYY-MM-DD) or an ISO instant',
    'De begindatum moet een datum (JJJJ-MM-DD) of een ISO-tijdstip zijn.',
  ),
  since_not_past: e(
    'validation_failed',
    'since must be in the past',
    'De begindatum moet in het verleden liggen.',
  ),
  date_range: e(
    'validation_failed',
    'from must be before to',
    'De begindatum moet vóór de einddatum liggen.',
  ),
  idempotency_key_invalid: e(
    'validation_failed',
    'Idempotency-Key must be 1 to 255 visible ASCII characters',
    'De Idempotency-Key moet 1 tot 255 zichtbare ASCII-tekens zijn.',
  ),
  idempotency_key_reused: e(
    'idempotency_mismatch',
    'This Idempotency-Key was used with a different request',
    'Deze Idempotency-Key is al gebruikt voor een ander verzoek.',
  ),
  push_endpoint_not_allowed: e(
    'validation_failed',
    'subscription.endpoint must be an https address of a known push service',
    'subscription.endpoint moet een https-adres van een bekende pushdienst zijn.',
  ),
  unknown_event: e(
    'invalid_event',
    'Unknown event type {type}',
    'Het verzoek is niet geldig.',
  ),
  invalid_event_data: e(
    'validation_failed',
    'Invalid {type}: {detail}',
    'De invoer is niet geldig; controleer de gegevens.',
  ),
  invalid_signature: e(
    'invalid_signature',
    'Webhook signature verification failed: {detail}',
    'De handtekening van de webhook klopt niet.',
  ),
  // The request itself.
  empty_json_body: e(
    'validation_failed',
    'Request body must not be empty when content-type is application/json',
    'Het verzoek mag niet leeg zijn bij content-type application/json.',
  ),
  malformed_json: e(
    'validation_failed',
    'Malformed JSON body',
    'Het verzoek is geen geldige JSON.',
  ),
  body_not_object: e(
    'validation_failed',
    'Request body must be a JSON object',
    'Het verzoek moet een JSON-object zijn.',
  ),
  invalid_content_length: e(
    'bad_request',
    'Invalid content length',
    'Ongeldige lengte van het verzoek.',
  ),
  body_too_large: e(
    'payload_too_large',
    'Request body is too large',
    'Het verzoek is te groot.',
  ),
  unsupported_media_type: e(
    'unsupported_media_type',
    'Unsupported content type; send application/json',
    'Onbekend inhoudstype; stuur application/json.',
  ),
  bad_request: e('bad_request', '{detail}', 'Het verzoek is niet geldig.'),
  store_unavailable: e(
    'service_unavailable',
    'The ledger is briefly unavailable. Please try again in a moment',
    'Het grootboek is even niet bereikbaar. Probeer het zo opnieuw.',
  ),
  shared_state_unavailable: e(
    'service_unavailable',
    'The service is briefly unavailable. Please try again in a moment',
    'De dienst is even niet bereikbaar. Probeer het zo opnieuw.',
  ),
  internal_error: e(
    'internal_error',
    'Something went wrong',
    'Er ging iets mis; probeer het opnieuw.',
  ),
} satisfies Record<string, Entry>;

export type ErrorCode = keyof typeof errorCatalogue;
export type ErrorParams = Record<string, string | number>;
export type Language = 'en' | 'nl';

const nlWords: Record<string, string> = {
  pending_payment: 'wacht op betaling',
  pending_delivery: 'wacht op levering',
  changes_requested: 'wijzigingen gevraagd',
  delivered: 'geleverd',
  dispute: 'in geschil',
  completed: 'voltooid',
  approved_after_dispute: 'goedgekeurd na geschil',
  split_resolved: 'opgelost met verdeling',
  cancelled: 'geannuleerd',
  deleted: 'verwijderd',
  pending: 'open',
  accepted: 'geaccepteerd',
  paid: 'betaald',
  expired: 'verlopen',
  rejected: 'afgewezen',
  refunded: 'terugbetaald',
  payout_pending: 'wordt uitbetaald',
  new: 'nieuw',
  deal: 'de deal',
  'payment request': 'het betaalverzoek',
  user: 'het account',
  'admin account': 'het beheerdersaccount',
};

/** A status or the thing refused as the Dutch text says it. */
const inDutch = (value: string): string =>
  nlWords[value] ?? value.replace(/_/g, ' ');

/** `invalid_input`'s params (rule, field, numbers) as the input issue they were made from. */
function inputIssueOf(params: ErrorParams): InputIssue {
  const { input, field, detail: _detail, ...values } = params;
  return {
    rule: input as InputRule,
    field: field as InputField | undefined,
    values,
  };
}

/** The text of an error in `language`, its params filled in. */
export function errorText(
  code: ErrorCode,
  params: ErrorParams,
  language: Language,
): string {
  if (
    language === 'nl' &&
    code === 'invalid_input' &&
    params['input'] !== undefined
  )
    return inputText(inputIssueOf(params), 'nl');
  const template = errorCatalogue[code][language];
  return template.replace(/\{(€?)(\w+)\}/g, (_, euro: string, name: string) => {
    const raw = params[name.charAt(0).toLowerCase() + name.slice(1)];
    if (raw === undefined) return '';
    // `{€amountCents}`: whole cents read as an amount in the reader's way ("€80.00", "€ 80,00").
    if (euro && /^-?\d{1,15}$/.test(String(raw)))
      return formatEuro(Number(raw), language === 'nl' ? 'nl-NL' : 'en-US');
    const key = name.toLowerCase();
    const text =
      key === 'action'
        ? actionText(String(raw), language)
        : language === 'nl' && (key === 'status' || key === 'thing')
          ? inDutch(String(raw))
          : String(raw);
    return name.charAt(0) === name.charAt(0).toUpperCase()
      ? text.charAt(0).toUpperCase() + text.slice(1)
      : text;
  });
}
