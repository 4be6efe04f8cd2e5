/**
 * Input validation as codes: a rule (`too_long`) about a field (`title`) with its numbers, each with
 * its English and Dutch text. The request schemas carry a rule's reference instead of a sentence
 * (`inputRef('too_long', 'title', { max: 200 })`); the error handler answers `invalid_input` with
 * the rule, the field and the English text, and the Dutch text is made from the same codes.
 */
type Texts = { en: string; nl: string };

/** The fields the rules name, as a sentence names them ({Field} capitalises, {field} does not). */
export const inputFields = {
  addressLines: { en: 'Address lines', nl: 'Adresregels' },
  amount: { en: 'Amount', nl: 'Bedrag' },
  brandHandle: { en: 'Brand handle', nl: 'Merkhandle' },
  brandName: { en: 'Brand name', nl: 'Merknaam' },
  briefingFiles: { en: 'Briefing files', nl: 'Briefingbestanden' },
  category: { en: 'Category', nl: 'Categorie' },
  city: { en: 'City', nl: 'Plaats' },
  company: { en: 'Company', nl: 'Bedrijf' },
  companyName: { en: 'Company name', nl: 'Bedrijfsnaam' },
  country: { en: 'Country', nl: 'Land' },
  creatorEmail: { en: 'Creator email', nl: 'E-mailadres van de maker' },
  creatorName: { en: 'Creator name', nl: 'Naam van de maker' },
  currentPassword: { en: 'Current password', nl: 'Huidig wachtwoord' },
  days: { en: 'Days', nl: 'Dagen' },
  deadline: { en: 'Deadline', nl: 'Deadline' },
  deliverables: { en: 'Deliverables', nl: 'Deliverables' },
  description: { en: 'Description', nl: 'Beschrijving' },
  dueDate: { en: 'Due date', nl: 'Vervaldatum' },
  exclusivity: { en: 'Exclusivity', nl: 'Exclusiviteit' },
  files: { en: 'files per message', nl: 'bestanden per bericht' },
  influencer: { en: 'Influencer', nl: 'Influencer' },
  link: { en: 'A link', nl: 'Een link' },
  links: { en: 'Links', nl: 'Links' },
  message: { en: 'A message', nl: 'Een bericht' },
  name: { en: 'Name', nl: 'Naam' },
  milestones: { en: 'Milestones', nl: 'Mijlpalen' },
  note: { en: 'Note', nl: 'Notitie' },
  ownTerms: { en: 'Your own terms', nl: 'Je eigen voorwaarden' },
  password: { en: 'Password', nl: 'Wachtwoord' },
  phone: { en: 'Phone number', nl: 'Telefoonnummer' },
  platform: { en: 'Platform', nl: 'Platform' },
  platforms: { en: 'Platforms', nl: 'Platformen' },
  postcode: { en: 'Postcode', nl: 'Postcode' },
  profileLink: { en: 'Profile link', nl: 'Profiellink' },
  publicationDeadline: { en: 'Publication deadline', nl: 'Publicatiedeadline' },
  reason: { en: 'Reason', nl: 'Reden' },
  role: { en: 'Role', nl: 'Rol' },
  recoveryCode: { en: 'Recovery code', nl: 'Herstelcode' },
  revisionRounds: { en: 'Revision rounds', nl: 'Revisierondes' },
  title: { en: 'Title', nl: 'Titel' },
  usageRights: { en: 'Usage rights', nl: 'Gebruiksrechten' },
  user: { en: 'User', nl: 'Gebruiker' },
  username: { en: 'Username', nl: 'Gebruikersnaam' },
  vatId: { en: 'VAT id', nl: 'Btw-nummer' },
} satisfies Record<string, Texts>;

/** The rules, with the English sentences the API has always answered. */
export const inputRules = {
  required: { en: '{Field} is required', nl: '{Field} is verplicht.' },
  not_text: { en: '{Field} must be text', nl: '{Field} moet tekst zijn.' },
  not_list: {
    en: '{Field} must be a list',
    nl: '{Field} moet een lijst zijn.',
  },
  not_number: {
    en: '{Field} must be a number',
    nl: '{Field} moet een getal zijn.',
  },
  too_long: {
    en: '{Field} must be at most {max} characters',
    nl: '{Field} mag hooguit {max} tekens lang zijn.',
  },
  too_short: {
    en: '{Field} must be at least {min} characters',
    nl: '{Field} moet minstens {min} tekens lang zijn.',
  },
  too_many: { en: 'At most {max} {field}', nl: 'Hooguit {max} {field}.' },
  too_few: { en: 'At least {min} {field}', nl: 'Minstens {min} {field}.' },
  unknown_value: {
    en: 'Unknown {field}',
    nl: 'Onbekende waarde voor {field}.',
  },
  bidi_controls: {
    en: '{Field} must not contain text-direction control characters',
    nl: '{Field} mag geen tekens bevatten die de leesrichting wijzigen.',
  },
  invisible_characters: {
    en: '{Field} must not contain invisible characters',
    nl: '{Field} mag geen onzichtbare tekens bevatten (zoals een spatie zonder breedte).',
  },
  invalid_date: {
    en: '{Field} must be a valid date',
    nl: '{Field} moet een geldige datum zijn.',
  },
  amount_format: {
    en: 'Amount must be a positive number with at most 2 decimals',
    nl: 'Het bedrag moet een positief getal zijn met hooguit 2 decimalen.',
  },
  amount_positive: {
    en: 'Amount must be greater than 0',
    nl: 'Het bedrag moet groter zijn dan 0.',
  },
  amount_minimum: {
    en: 'Amount must be at least €{minCents}',
    nl: 'Het bedrag moet minstens € {minCents} zijn.',
  },
  amount_maximum: {
    en: 'Amount must be at most €{maxCents}',
    nl: 'Het bedrag mag hooguit € {maxCents} zijn.',
  },
  deal_amount_cap: {
    en: 'The product currently supports deals up to €1,750. For larger deals, please contact us.',
    nl: 'Deals kunnen op dit moment hooguit €1.750 zijn. Neem voor grotere deals contact met ons op.',
  },
  country_code: {
    en: 'Country must be a two-letter code',
    nl: 'Het land moet een code van twee letters zijn.',
  },
  country_unknown: {
    en: 'Country must be a country code from ISO 3166, such as NL or BE',
    nl: 'Het land moet een landcode uit ISO 3166 zijn, zoals NL of BE.',
  },
  invalid_email: {
    en: 'Invalid email address',
    nl: 'Dit is geen geldig e-mailadres.',
  },
  enter_valid_email: {
    en: 'Please enter a valid email address',
    nl: 'Vul een geldig e-mailadres in.',
  },
  link_scheme: {
    en: 'Links must start with http:// or https://',
    nl: 'Links moeten beginnen met http:// of https://.',
  },
  username_characters: {
    en: 'Username may contain letters, digits and . _ @ - only',
    nl: 'De gebruikersnaam mag alleen letters, cijfers en . _ @ - bevatten.',
  },
  invalid_url: {
    en: '{Field} must be a valid URL',
    nl: '{Field} moet een geldige URL zijn.',
  },
  invalid_id: { en: 'Invalid id', nl: 'Ongeldig nummer.' },
  code_digits: { en: 'The code has 6 digits', nl: 'De code heeft 6 cijfers.' },
  message_required: { en: 'Write a message', nl: 'Schrijf een bericht.' },
  unknown_file: { en: 'Unknown evidence file', nl: 'Onbekend bewijsbestand.' },
  not_document_ref: {
    en: 'Not a document reference',
    nl: 'Geen verwijzing naar een document.',
  },
  describe_first: {
    en: 'Please enter a description first to improve it.',
    nl: 'Vul eerst een beschrijving in om die te laten verbeteren.',
  },
} satisfies Record<string, Texts>;

export type InputRule = keyof typeof inputRules;
export type InputField = keyof typeof inputFields;
type Numbers = Record<string, number | string>;
export type InputIssue = {
  rule: InputRule;
  field?: InputField;
  values?: Numbers;
};

const PREFIX = 'input:';

/** The message a schema carries: the rule's reference, read back by `readInputRef`. */
export const inputRef = (
  rule: InputRule,
  field?: InputField,
  values?: Numbers,
): string =>
  PREFIX + JSON.stringify({ rule, field, values } satisfies InputIssue);

/** A schema message's rule, or null for a message that is no reference (zod's own, say). */
export function readInputRef(message: string | undefined): InputIssue | null {
  if (!message?.startsWith(PREFIX)) return null;
  try {
    const issue = JSON.parse(message.slice(PREFIX.length)) as InputIssue;
    return issue.rule in inputRules &&
      (!issue.field || issue.field in inputFields)
      ? issue
      : null;
  } catch {
    return null;
  }
}

/** A field's name as zod's path names it, when the rules know it (`creatorEmail`). */
export const knownField = (key: unknown): InputField | undefined =>
  typeof key === 'string' && key in inputFields
    ? (key as InputField)
    : undefined;

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const lower = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/** A number as the reader writes it (4,000 or 4.000); `…Cents` as an amount in euros (0.50 or 0,50). */
function shown(
  key: string,
  value: number | string | undefined,
  language: 'en' | 'nl',
): string {
  if (typeof value !== 'number') return value ?? '';
  const locale = language === 'nl' ? 'nl-NL' : 'en-GB';
  if (!key.endsWith('Cents')) return value.toLocaleString(locale);
  return (value / 100).toLocaleString(locale, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
}

/** An input issue as a sentence in `language`. */
export function inputText(issue: InputIssue, language: 'en' | 'nl'): string {
  const name = issue.field ? inputFields[issue.field][language] : '';
  return inputRules[issue.rule][language]
    .replace('{Field}', capital(name))
    .replace('{field}', lower(name))
    .replace(/\{(\w+)\}/g, (_, key: string) =>
      shown(key, issue.values?.[key], language),
    );
}
