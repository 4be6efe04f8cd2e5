import {
  contractTermsEn,
  contractTermsNl,
} from '../contract/contract-term-texts';

/**
 * The words of the printable documents, in English and Dutch (same keys). Both renderings read
 * them: the web app's print page and the server's PDF, so a document says the same in either.
 * `{name}` is replaced by the param of that name.
 */
const en = {
  ...contractTermsEn,
  'receipt.title': 'Receipt',
  'statement.title': 'Payout statement',
  'receipt.intro': 'Payment received into escrow for the collaboration below.',
  'statement.intro': 'Payout to the creator for the collaboration below.',
  number: 'Document number',
  'receipt.date': 'Payment date',
  'statement.date': 'Payout date',
  'subject.deal': 'Deal',
  'subject.payment_request': 'Payment request',
  subjectValue: '#{id}',
  title: 'Description',
  parties: 'Parties',
  brand: 'Brand (payer)',
  creator: 'Creator (payee)',
  amounts: 'Amounts',
  amount: 'Amount for the creator',
  fee: 'Platform fee',
  total: 'Total charged to the brand',
  'receipt.paid': 'Paid',
  'statement.paid': 'Paid out to the creator',
  refunded: 'Refunded to the brand',
  chargedBack: 'Charged back to the brand’s card (chargeback lost)',
  splitCreator: 'Creator’s share (split)',
  splitRefund: 'Refund to the brand (split)',
  splitFee: 'Platform fee kept (split)',
  milestones: 'Milestones',
  milestoneLine: '{index}. {title}',
  'milestone.open': '{amount} · not paid out yet',
  'milestone.released': '{amount} · paid out {date}',
  'milestone.refunded': '{amount} · refunded to the brand',
  'milestone.split': '{amount} · split by an admin',
  'milestone.charged_back': '{amount} · charged back to the brand’s card',
  payment: 'Payment',
  method: 'Method',
  'method.card': 'Card',
  'method.ideal': 'iDEAL',
  'method.transfer': 'Bank transfer to the creator’s connected account',
  reference: 'Reference',
  'receipt.note':
    'The money is held in escrow and released to the creator when the work is approved. This receipt is not a VAT invoice.',
  'statement.note':
    'The amount was transferred to the bank account the creator connected. This statement is not a VAT invoice.',
  'invoice.title': 'Invoice',
  'credit_note.title': 'Credit note',
  'invoice.intro': 'Invoice for the platform’s escrow service fee.',
  'credit_note.intro':
    'Credit note returning part of the platform’s escrow service fee.',
  'invoice.number': 'Invoice number',
  'invoice.corrects': 'Corrects invoice',
  'invoice.date': 'Invoice date',
  'invoice.supplied': 'Date of supply',
  'invoice.service': 'Service',
  'invoice.serviceValue': 'Escrow service fee, deal #{id}',
  'invoice.seller': 'From',
  'invoice.buyer': 'To',
  'invoice.name': 'Name',
  'invoice.address': 'Address',
  'invoice.country': 'Country',
  'invoice.kvk': 'Chamber of Commerce (KvK)',
  'invoice.vatId': 'VAT id',
  'invoice.iban': 'IBAN',
  'invoice.amounts': 'Amounts',
  'invoice.net': 'Fee excluding VAT',
  'invoice.vat': 'VAT {rate}',
  'invoice.vatNone': 'VAT',
  'invoice.reverseCharged': 'VAT reverse-charged',
  'invoice.outsideEu': 'No VAT (service outside the EU)',
  'invoice.total': 'Total',
  'invoice.paid': 'Paid with the deal’s payment on {date}; nothing is due.',
  'invoice.note.domestic':
    'The fee was included in the total the brand paid for the deal.',
  'invoice.note.reverse_charge':
    'VAT reverse-charged: the buyer accounts for the VAT (Article 196, Directive 2006/112/EC).',
  'invoice.note.outside_eu':
    'Service supplied to a buyer outside the EU: no Dutch VAT charged.',
  'contract.title': 'Collaboration contract',
  'contract.intro':
    'The terms of the collaboration below, as the creator accepts them. The payment is held in escrow until the work is approved.',
  'contract.deal': 'Deal',
  'contract.acceptedAt': 'Accepted by the creator',
  'contract.notAccepted': 'Not accepted yet',
  'contract.acceptedHash': 'Fingerprint the creator accepted',
  'contract.acceptedBeforeSeal':
    'Accepted before contracts carried a fingerprint',
  'contract.brand': 'Brand',
  'contract.creator': 'Creator',
  'contract.profile': 'Creator profile',
  'contract.work': 'The work',
  'contract.description': 'Description',
  'contract.deliverables': 'Deliverables',
  'contract.platforms': 'Platforms',
  'contract.deadline': 'Deadline',
  'contract.publicationDeadline': 'Publication deadline',
  'contract.briefing': 'Briefing files',
  'contract.none': 'None',
  'contract.terms': 'Terms',
  'contract.revisionRoundsValue': '{rounds}',
  'contract.note':
    'The fingerprint is the SHA-256 of the contract’s canonical form, the same in every language. Any change to the terms gives another fingerprint; the terms cannot be changed once the deal is paid.',
  'contract.footer': 'Contract of deal #{id} · SHA-256 {hash}',
  'self_billed.title': 'Self-billed invoice',
  'self_billed.intro':
    'Self-billed invoice: issued for the buyer, in the name and on behalf of the creator, for the creator’s work under their self-billing agreement.',
  'self_billed.serviceValue': 'Creator’s work, deal #{id}',
  'self_billed.net': 'Amount excluding VAT',
  'self_billed.paid': 'Paid out to the creator on {date}; nothing is due.',
  'self_billed.note.domestic':
    'The VAT is included in the creator’s amount the brand paid for the deal.',
  'invoice.smallBusiness': 'No VAT (small business scheme)',
  'invoice.note.small_business':
    'The creator uses the small business scheme: no VAT charged.',
  footer: '{number} · page 1 of 1',
  'year.title': 'Year overview {year}',
  'year.intro':
    'Every payout, split and refund of your deals and payment requests in {year} (dates in Amsterdam time).',
  'year.creator': 'Creator',
  'year.year': 'Calendar year',
  'year.made': 'Made on',
  'year.lines': 'Payouts, splits and refunds',
  'year.none': 'Nothing was paid out or refunded in this year.',
  'year.line': '{date} · {kind} · {subject} {id}',
  'year.kind.payout': 'Payout',
  'year.kind.split': 'Split',
  'year.kind.refund': 'Refund to the brand',
  'year.fee': 'fee {fee}',
  'year.totals': 'Totals',
  'year.count': 'Number of payouts',
  'year.paidOut': 'Paid out to you',
  'year.refunded': 'Refunded to brands',
  'year.fees': 'Platform fees kept',
  'year.note':
    'Fees are paid by the brands on top of your amount; they are listed so the totals reconcile with the brands’ payments. This overview is not a VAT invoice.',
  'year.footer': 'Year overview {year} · {creator}',
};
const nl: typeof en = {
  ...contractTermsNl,
  'receipt.title': 'Betalingsbewijs',
  'statement.title': 'Uitbetalingsoverzicht',
  'receipt.intro':
    'Betaling ontvangen in escrow voor de onderstaande samenwerking.',
  'statement.intro':
    'Uitbetaling aan de creator voor de onderstaande samenwerking.',
  number: 'Documentnummer',
  'receipt.date': 'Betaaldatum',
  'statement.date': 'Uitbetaaldatum',
  'subject.deal': 'Deal',
  'subject.payment_request': 'Betaalverzoek',
  subjectValue: '#{id}',
  title: 'Omschrijving',
  parties: 'Partijen',
  brand: 'Merk (betaler)',
  creator: 'Creator (ontvanger)',
  amounts: 'Bedragen',
  amount: 'Bedrag voor de creator',
  fee: 'Platformkosten',
  total: 'Totaal betaald door het merk',
  'receipt.paid': 'Betaald',
  'statement.paid': 'Uitbetaald aan de creator',
  refunded: 'Terugbetaald aan het merk',
  chargedBack: 'Teruggeboekt naar de kaart van het merk (chargeback verloren)',
  splitCreator: 'Deel van de creator (verdeling)',
  splitRefund: 'Terugbetaling aan het merk (verdeling)',
  splitFee: 'Behouden platformkosten (verdeling)',
  milestones: 'Mijlpalen',
  milestoneLine: '{index}. {title}',
  'milestone.open': '{amount} · nog niet uitbetaald',
  'milestone.released': '{amount} · uitbetaald op {date}',
  'milestone.refunded': '{amount} · terugbetaald aan het merk',
  'milestone.split': '{amount} · verdeeld door een beheerder',
  'milestone.charged_back':
    '{amount} · teruggeboekt naar de kaart van het merk',
  payment: 'Betaling',
  method: 'Methode',
  'method.card': 'Kaart',
  'method.ideal': 'iDEAL',
  'method.transfer': 'Overboeking naar de gekoppelde rekening van de creator',
  reference: 'Referentie',
  'receipt.note':
    'Het geld staat in escrow en gaat naar de creator zodra het werk is goedgekeurd. Dit bewijs is geen btw-factuur.',
  'statement.note':
    'Het bedrag is overgemaakt naar de bankrekening die de creator heeft gekoppeld. Dit overzicht is geen btw-factuur.',
  'invoice.title': 'Factuur',
  'credit_note.title': 'Creditnota',
  'invoice.intro': 'Factuur voor de escrow-servicekosten van het platform.',
  'credit_note.intro':
    'Creditnota voor een deel van de escrow-servicekosten van het platform.',
  'invoice.number': 'Factuurnummer',
  'invoice.corrects': 'Corrigeert factuur',
  'invoice.date': 'Factuurdatum',
  'invoice.supplied': 'Leveringsdatum',
  'invoice.service': 'Dienst',
  'invoice.serviceValue': 'Escrow-servicekosten, deal #{id}',
  'invoice.seller': 'Van',
  'invoice.buyer': 'Aan',
  'invoice.name': 'Naam',
  'invoice.address': 'Adres',
  'invoice.country': 'Land',
  'invoice.kvk': 'KvK-nummer',
  'invoice.vatId': 'Btw-nummer',
  'invoice.iban': 'IBAN',
  'invoice.amounts': 'Bedragen',
  'invoice.net': 'Kosten exclusief btw',
  'invoice.vat': 'Btw {rate}',
  'invoice.vatNone': 'Btw',
  'invoice.reverseCharged': 'Btw verlegd',
  'invoice.outsideEu': 'Geen btw (dienst buiten de EU)',
  'invoice.total': 'Totaal',
  'invoice.paid':
    'Betaald met de betaling van de deal op {date}; er hoeft niets meer betaald te worden.',
  'invoice.note.domestic':
    'De kosten zaten in het totaal dat het merk voor de deal betaalde.',
  'invoice.note.reverse_charge':
    'Btw verlegd: de afnemer draagt de btw af (artikel 196, Richtlijn 2006/112/EG).',
  'invoice.note.outside_eu':
    'Dienst geleverd aan een afnemer buiten de EU: geen Nederlandse btw.',
  'contract.title': 'Samenwerkingscontract',
  'contract.intro':
    'De voorwaarden van de onderstaande samenwerking, zoals de creator ze accepteert. De betaling staat in escrow tot het werk is goedgekeurd.',
  'contract.deal': 'Deal',
  'contract.acceptedAt': 'Geaccepteerd door de creator',
  'contract.notAccepted': 'Nog niet geaccepteerd',
  'contract.acceptedHash': 'Vingerafdruk die de creator accepteerde',
  'contract.acceptedBeforeSeal':
    'Geaccepteerd voordat contracten een vingerafdruk kregen',
  'contract.brand': 'Merk',
  'contract.creator': 'Creator',
  'contract.profile': 'Profiel van de creator',
  'contract.work': 'Het werk',
  'contract.description': 'Omschrijving',
  'contract.deliverables': 'Op te leveren',
  'contract.platforms': 'Platformen',
  'contract.deadline': 'Deadline',
  'contract.publicationDeadline': 'Publicatiedeadline',
  'contract.briefing': 'Briefingbestanden',
  'contract.none': 'Geen',
  'contract.terms': 'Voorwaarden',
  'contract.revisionRoundsValue': '{rounds}',
  'contract.note':
    'De vingerafdruk is de SHA-256 van de vaste vorm van het contract, in elke taal dezelfde. Elke wijziging van de voorwaarden geeft een andere vingerafdruk; na betaling van de deal kunnen de voorwaarden niet meer worden gewijzigd.',
  'contract.footer': 'Contract van deal #{id} · SHA-256 {hash}',
  'self_billed.title': 'Factuur uitgereikt door afnemer',
  'self_billed.intro':
    'Factuur uitgereikt door afnemer: opgemaakt voor het merk, in naam en voor rekening van de creator, voor het werk van de creator op grond van de overeenkomst over facturering door de afnemer.',
  'self_billed.serviceValue': 'Werk van de creator, deal #{id}',
  'self_billed.net': 'Bedrag exclusief btw',
  'self_billed.paid':
    'Uitbetaald aan de creator op {date}; er hoeft niets meer betaald te worden.',
  'self_billed.note.domestic':
    'De btw zit in het bedrag voor de creator dat het merk voor de deal betaalde.',
  'invoice.smallBusiness': 'Geen btw (kleineondernemersregeling)',
  'invoice.note.small_business':
    'Vrijgesteld van btw: de creator gebruikt de kleineondernemersregeling.',
  footer: '{number} · pagina 1 van 1',
  'year.title': 'Jaaroverzicht {year}',
  'year.intro':
    'Alle uitbetalingen, verdelingen en terugbetalingen van je deals en betaalverzoeken in {year} (data in Amsterdamse tijd).',
  'year.creator': 'Creator',
  'year.year': 'Kalenderjaar',
  'year.made': 'Gemaakt op',
  'year.lines': 'Uitbetalingen, verdelingen en terugbetalingen',
  'year.none': 'In dit jaar is niets uitbetaald of terugbetaald.',
  'year.line': '{date} · {kind} · {subject} {id}',
  'year.kind.payout': 'Uitbetaling',
  'year.kind.split': 'Verdeling',
  'year.kind.refund': 'Terugbetaling aan het merk',
  'year.fee': 'kosten {fee}',
  'year.totals': 'Totalen',
  'year.count': 'Aantal uitbetalingen',
  'year.paidOut': 'Aan jou uitbetaald',
  'year.refunded': 'Terugbetaald aan merken',
  'year.fees': 'Behouden platformkosten',
  'year.note':
    'De kosten betalen de merken bovenop jouw bedrag; ze staan erbij zodat de totalen aansluiten op de betalingen van de merken. Dit overzicht is geen btw-factuur.',
  'year.footer': 'Jaaroverzicht {year} · {creator}',
};

export type DocumentLanguage = 'en' | 'nl';
export type DocumentTextKey = keyof typeof en;

const catalogs: Record<DocumentLanguage, typeof en> = { en, nl };

export function documentText(
  lang: DocumentLanguage,
  key: DocumentTextKey,
  params: Record<string, string | number> = {},
): string {
  return catalogs[lang][key].replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

/** `documentText` in one language: what every layout writes its words with. */
export const documentTextsOf =
  (lang: DocumentLanguage) =>
  (key: DocumentTextKey, params?: Record<string, string | number>): string =>
    documentText(lang, key, params);
