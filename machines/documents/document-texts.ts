/**
 * The words of the printable documents, in English and Dutch (same keys). Both renderings read
 * them: the web app's print page and the server's PDF, so a document says the same in either.
 * `{name}` is replaced by the param of that name.
 */
const en = {
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
  splitCreator: 'Creator’s share (split)',
  splitRefund: 'Refund to the brand (split)',
  splitFee: 'Platform fee kept (split)',
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
  footer: '{number} · page 1 of 1',
};
const nl: typeof en = {
  'receipt.title': 'Betalingsbewijs',
  'statement.title': 'Uitbetalingsoverzicht',
  'receipt.intro': 'Betaling ontvangen in escrow voor de onderstaande samenwerking.',
  'statement.intro': 'Uitbetaling aan de creator voor de onderstaande samenwerking.',
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
  splitCreator: 'Deel van de creator (verdeling)',
  splitRefund: 'Terugbetaling aan het merk (verdeling)',
  splitFee: 'Behouden platformkosten (verdeling)',
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
  footer: '{number} · pagina 1 van 1',
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
