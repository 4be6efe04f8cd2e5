import type { Language } from './request-language';

/**
 * Error messages in the caller's language (a Dutch user meets no English). The server's
 * messages are written in English, where the code raises them. Here each one, or each pattern,
 * has its Dutch text. A message with no entry gets the Dutch text for its error code (a general
 * sentence, never English). `tests/server/i18n/error-texts.test.ts` finds every message in the
 * code and fails when one has no Dutch entry. The web app sends its language as Accept-Language
 * on every call.
 */
type Rule = readonly [RegExp, string | ((m: RegExpExecArray) => string)];

const nlStatus: Record<string, string> = {
  pending_payment: 'wacht op betaling',
  pending_delivery: 'wacht op levering',
  delivered: 'geleverd',
  dispute: 'in geschil',
  completed: 'voltooid',
  approved_after_dispute: 'goedgekeurd na geschil',
  cancelled: 'geannuleerd',
  deleted: 'verwijderd',
  pending: 'open',
  accepted: 'geaccepteerd',
  paid: 'betaald',
  expired: 'verlopen',
  rejected: 'afgewezen',
  new: 'nieuw',
};
const nlThing: Record<string, string> = {
  deal: 'de deal',
  'payment request': 'het betaalverzoek',
  user: 'het account',
  'admin account': 'het beheerdersaccount',
};
const status = (s: string) => `„${nlStatus[s] ?? s.replace(/_/g, ' ')}”`;
const thing = (s: string) => nlThing[s] ?? s;

const nlRules: readonly Rule[] = [
  // Refused commands (the statechart's verdict).
  [
    /^Cannot .+ while the (deal|payment request|user|admin account) is (\w+)$/,
    (m) => `Dit kan niet meer: ${thing(m[1]!)} heeft nu de status ${status(m[2]!)}.`,
  ],
  [
    /^Cannot release funds while the deal is on hold; an admin must act$/,
    'Het geld kan niet worden vrijgegeven zolang de deal wordt vastgehouden; een beheerder moet eerst handelen.',
  ],
  [
    /^Cannot complete the request while a chargeback holds the payment; an admin must act$/,
    'Het verzoek kan niet worden afgerond zolang een terugboeking de betaling vasthoudt; een beheerder moet eerst handelen.',
  ],
  [/^The deal has already been accepted$/, 'De deal is al geaccepteerd.'],
  [/^The deal has already been refunded$/, 'De deal is al terugbetaald.'],
  [/^The deal is already on hold$/, 'De deal wordt al vastgehouden.'],
  [/^The payment request has already been accepted$/, 'Het betaalverzoek is al geaccepteerd.'],
  [/^Payment request has expired$/, 'Het betaalverzoek is verlopen.'],
  [
    /^The (deal|payment request|user|admin account) was changed by someone else; please try again$/,
    (m) => `${cap(thing(m[1]!))} is intussen door iemand anders gewijzigd; probeer het opnieuw.`,
  ],
  [/^A refund of this deal is (already )?under way$/, 'Er loopt al een terugbetaling voor deze deal.'],
  [/^A release of these funds is (already )?under way$/, 'Dit geld wordt al vrijgegeven.'],
  [/^The checkout does not charge the total due$/, 'Deze betaling komt niet overeen met het verschuldigde bedrag.'],
  [
    /^The creator already accepted this deal; its link can no longer be replaced$/,
    'De creator heeft deze deal al geaccepteerd; de link kan niet meer worden vervangen.',
  ],
  [
    /^The deal changed while its payment was being prepared; please try again$/,
    'De deal is gewijzigd terwijl de betaling werd voorbereid; probeer het opnieuw.',
  ],
  [/^no_bank_account: The creator has not connected a bank account yet$/, 'no_bank_account: de creator heeft nog geen bankrekening gekoppeld.'],
  [/^Manual completion is only available in test mode$/, 'Handmatig afronden kan alleen in testmodus.'],
  [/^Auditors can view but not act$/, 'Auditors kunnen meekijken, maar niets wijzigen.'],
  [/^You cannot deactivate your own account$/, 'Je kunt je eigen account niet deactiveren.'],
  [/^Notifications for this deal can be turned on once it is accepted$/, 'Meldingen voor deze deal kunnen aan zodra de deal is geaccepteerd.'],
  [/^The admin account is already deactivated$/, 'Het beheerdersaccount is al gedeactiveerd.'],
  [
    /^You created this deal: only the creator you invited can accept it$/,
    'Je hebt deze deal zelf gemaakt: alleen de creator die je uitnodigt kan hem accepteren.',
  ],
  [
    /^At most (\d+) devices can (get|receive) notifications( for one deal)?(; unsubscribe one first)?$/,
    (m) => `Hooguit ${m[1]} apparaten kunnen meldingen krijgen${m[3] ? ' voor één deal' : ''}${m[4] ? '; meld er eerst een af' : ''}.`,
  ],
  // Not found.
  [/^Deal not found$/, 'Deal niet gevonden.'],
  [/^Payment request not found$/, 'Betaalverzoek niet gevonden.'],
  [/^User not found$/, 'Gebruiker niet gevonden.'],
  [/^Admin account not found$/, 'Beheerdersaccount niet gevonden.'],
  [/^This deal was never in dispute$/, 'Deze deal is nooit in geschil geweest.'],
  [/^Route \w+ .+ not found$/, 'Dit adres bestaat niet.'],
  [/^No such message$/, 'Dit bericht bestaat niet.'],
  [
    /^This deal was accepted in another browser\./,
    'Deze deal is in een andere browser geaccepteerd. Open de link in de browser waarin hij is geaccepteerd (of log in als de creator die hem accepteerde); was jij dat niet, neem dan contact op met het merk.',
  ],
  [/^AI assistant not available$/, 'De AI-assistent is niet beschikbaar.'],
  // Accounts and sign-in.
  [/^Email is already registered(, or one that looks the same)?$/, 'Dit e-mailadres, of een dat er hetzelfde uitziet, is al geregistreerd.'],
  [/^Username is already taken(, or one that looks the same)?$/, 'Deze gebruikersnaam, of een die er hetzelfde uitziet, is al in gebruik.'],
  [/^Admin username is already taken(, or one that looks the same)?$/, 'Deze beheerdersnaam, of een die er hetzelfde uitziet, is al in gebruik.'],
  [/^Admin username must not contain invisible characters$/, 'De beheerdersnaam mag geen onzichtbare tekens bevatten.'],
  [/^Username must not contain invisible characters$/, 'De gebruikersnaam mag geen onzichtbare tekens bevatten (zoals een spatie zonder breedte).'],
  [/^Invalid email or password$/, 'Onjuist e-mailadres of wachtwoord.'],
  [/^Invalid credentials$/, 'Onjuiste inloggegevens.'],
  [/^Current password is wrong$/, 'Je huidige wachtwoord klopt niet.'],
  [
    /^Too many payment requests from your account; try again in (\d+) seconds$/,
    (m) => `Je hebt te veel betaalverzoeken gemaakt; probeer het over ${m[1]} seconden opnieuw.`,
  ],
  [
    /^Too many payment requests to this e-mail address; try again in (\d+) seconds$/,
    (m) => `Er zijn te veel betaalverzoeken naar dit e-mailadres gestuurd; probeer het over ${m[1]} seconden opnieuw.`,
  ],
  [/^Too many (.+)/, 'Te veel pogingen; wacht even en probeer het opnieuw.'],
  // Input.
  [/^Deadline must be today or later$/, 'De deadline moet vandaag of later zijn.'],
  [/^Publication deadline must be today or later$/, 'De publicatiedeadline moet vandaag of later zijn.'],
  [/^Amount is required$/, 'Vul een bedrag in.'],
  [/^Amount must be a positive number with at most 2 decimals$/, 'Het bedrag moet een positief getal zijn met hooguit 2 decimalen.'],
  [/^Amount must be greater than 0$/, 'Het bedrag moet groter zijn dan 0.'],
  [/^Description is required$/, 'Vul een beschrijving in.'],
  [/^Password is required$/, 'Vul een wachtwoord in.'],
  [/^Password must be at least (\d+) characters$/, (m) => `Het wachtwoord moet minstens ${m[1]} tekens lang zijn.`],
  [/^Username is required$/, 'Vul een gebruikersnaam in.'],
  [/^Username must be at least (\d+) characters$/, (m) => `De gebruikersnaam moet minstens ${m[1]} tekens lang zijn.`],
  [/^Current password is required$/, 'Vul je huidige wachtwoord in.'],
  [/^Country must be a two-letter code$/, 'Het land moet een code van twee letters zijn.'],
  [/^Please enter a description first to improve it\.$/, 'Vul eerst een beschrijving in om die te laten verbeteren.'],
  [/^from must be before to$/, 'De begindatum moet vóór de einddatum liggen.'],
  [/^since must be a date \(YYYY-MM-DD\) or an ISO instant$/, 'De begindatum moet een datum (JJJJ-MM-DD) of een ISO-tijdstip zijn.'],
  [/^since must be in the past$/, 'De begindatum moet in het verleden liggen.'],
  [/^The smallest deal is €0\.50, the least a card payment can be$/, 'De kleinste deal is € 0,50, het minimum voor een kaartbetaling.'],
  [/^Amount must be at least €0\.50$/, 'Het bedrag moet minstens € 0,50 zijn.'],
  [
    /^The product currently supports deals up to (€[\d,.]+)\. For larger deals, please contact us\.$/,
    (m) => `Deals kunnen op dit moment hooguit ${m[1]!.replace(',', '.')} zijn. Neem voor grotere deals contact met ons op.`,
  ],
  [/^Deliverables must be a list$/, 'Deliverables moeten een lijst zijn.'],
  [/^Platforms must be a list$/, 'Platformen moeten een lijst zijn.'],
  [/^Unknown platform$/, 'Onbekend platform.'],
  [/^Invalid id$/, 'Ongeldig nummer.'],
  [/^Idempotency-Key must be 1 to 255 visible ASCII characters$/, 'De Idempotency-Key moet 1 tot 255 zichtbare ASCII-tekens zijn.'],
  [/^This Idempotency-Key was used with a different request$/, 'Deze Idempotency-Key is al gebruikt voor een ander verzoek.'],
  [/^subscription\.endpoint must be an https address of a known push service$/, 'subscription.endpoint moet een https-adres van een bekende pushdienst zijn.'],
  [/^Webhook signature verification failed/, 'De handtekening van de webhook klopt niet.'],
  [/^Something went wrong$/, 'Er ging iets mis; probeer het opnieuw.'],
  [/^Request body must not be empty when content-type is application\/json$/, 'Het verzoek mag niet leeg zijn bij content-type application/json.'],
  [/^Invalid content length$/, 'Ongeldige lengte van het verzoek.'],
  [/^Malformed JSON body$/, 'Het verzoek is geen geldige JSON.'],
  [/^Request body is too large$/, 'Het verzoek is te groot.'],
  [/^Request body must be a JSON object$/, 'Het verzoek moet een JSON-object zijn.'],
  [/^Unsupported content type; send application\/json$/, 'Onbekend inhoudstype; stuur application/json.'],
];

const nlByCode: Record<string, string> = {
  validation_failed: 'De invoer is niet geldig; controleer de gegevens.',
  bad_request: 'Het verzoek is niet geldig.',
  unauthorized: 'Je bent niet (meer) ingelogd; log opnieuw in.',
  forbidden: 'Dit mag je niet doen.',
  not_found: 'Niet gevonden.',
  conflict: 'Dit kan nu niet: er is intussen iets veranderd. Vernieuw de pagina en probeer het opnieuw.',
  illegal_transition: 'Dit kan niet meer in de huidige stand van zaken.',
  concurrency: 'Iemand anders wijzigde dit tegelijk; probeer het opnieuw.',
  expired: 'Dit is verlopen.',
  too_many_requests: 'Te veel pogingen; wacht even en probeer het opnieuw.',
  payload_too_large: 'Het verzoek is te groot.',
  unsupported_media_type: 'Onbekend inhoudstype.',
  idempotency_mismatch: 'Deze Idempotency-Key is al gebruikt voor een ander verzoek.',
  gateway_error: 'De betaaldienst gaf een fout; probeer het later opnieuw.',
  gateway_unavailable: 'De betaaldienst is niet bereikbaar; probeer het later opnieuw.',
  internal_error: 'Er ging iets mis; probeer het opnieuw.',
};

function cap(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The Dutch text of an English message, or null when it has no entry of its own. */
export function dutchMessage(message: string): string | null {
  for (const [pattern, text] of nlRules) {
    const m = pattern.exec(message);
    if (m) return typeof text === 'string' ? text : text(m);
  }
  return null;
}

/**
 * The message of an error answer in `language`. Gateway messages keep their code prefix
 * ("funds_settling: ..."): the web app looks for it (docs/product.md §8).
 */
export function localizeError(code: string, message: string, language: Language): string {
  if (language === 'en') return message;
  const own = dutchMessage(message);
  if (own) return own;
  const prefix = /^([a-z_]+): /.exec(message)?.[0] ?? '';
  return `${prefix}${nlByCode[code] ?? nlByCode['bad_request']!}`;
}
