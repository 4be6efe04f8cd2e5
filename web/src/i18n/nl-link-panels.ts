import type { enLinkPanels } from './en-link-panels';

/**
 * Dutch texts of the panels a link page shows only after a step (the acceptance's e-mail code, the
 * claim on another device, self-billing with its address, push notifications): loaded with those
 * panels, not with the core texts every first load carries. The profile and the payment-request
 * pages, which show some of them at once, load them with their own areas (i18n/areas.ts).
 */
export const nlLinkPanels: Record<keyof typeof enLinkPanels, string> = {
  'accept.notify': 'Stuur mij meldingen over deze deal',
  'accept.notifyText':
    'Pushmeldingen wanneer het merk uitbetaalt, een geschil opent of annuleert. Alleen voor deze deal.',
  'accept.notifyUnsupported': 'Deze browser ondersteunt geen pushmeldingen.',
  'accept.notifyOn': 'Meldingen aan voor deze deal',
  'accept.notifyOff': 'Meldingen uit voor deze deal',
  'accept.notifyDenied': 'Toestemming geweigerd',
  'accept.notifyDeniedText':
    'Pushmeldingen hebben toestemming van de browser nodig',
  'accept.notifyFailed': 'Kon de meldingen voor deze deal niet wijzigen',
  'address.company': 'Bedrijf of naam',
  'address.street': 'Straat en huisnummer',
  'address.street2': 'Adresregel 2 (optioneel)',
  'address.postcode': 'Postcode',
  'address.city': 'Plaats',
  'address.country': 'Land',
  'address.countryNone': 'Kies een land',
  'address.vatIdHint':
    'Met de landcode ervoor, bijv. NL123456789B01 of BE0123456789',
  'address.companyRequired': 'Vul het bedrijf of je naam in',
  'address.streetRequired': 'Vul de straat en het huisnummer in',
  'address.cityRequired': 'Vul de plaats in',
  'address.countryRequired': 'Kies een land',
  'address.vatIdInvalid':
    'Dit btw-nummer heeft niet de vorm van het gekozen land (bijv. NL123456789B01, BE0123456789)',
  'selfBilling.title': 'Facturering door de afnemer',
  'selfBilling.intro':
    'Bij elke uitbetaling kan het platform de factuur voor je werk aan het merk op jouw naam opmaken (factuur uitgereikt door afnemer), zodat je die zelf niet hoeft te schrijven. Dit geldt voor latere uitbetalingen; je kunt het altijd intrekken.',
  'selfBilling.start': 'Facturering door de afnemer instellen',
  'selfBilling.vatStatus': 'Btw-status',
  'selfBilling.vatScheme': 'Ik reken btw (btw-nummer)',
  'selfBilling.smallBusiness': 'Kleineondernemersregeling (geen btw)',
  'selfBilling.vatId': 'Btw-nummer',
  'selfBilling.vatIdRequired':
    'Vul je btw-nummer in, of kies de kleineondernemersregeling',
  'selfBilling.consent':
    'Ik ga ermee akkoord dat de facturen voor mijn uitbetalingen op dit platform op mijn naam en voor mijn rekening worden uitgereikt door de afnemer, en dat ik ze zelf niet factureer.',
  'selfBilling.consentRequired': 'Vink het vakje aan om akkoord te gaan',
  'selfBilling.agree': 'Akkoord met facturering door de afnemer',
  'selfBilling.agreeing': 'Opslaan…',
  'selfBilling.agreed': 'Facturering door de afnemer afgesproken op {date}',
  'selfBilling.agreedVat': 'Btw-nummer {vatId}',
  'selfBilling.agreedSmall': 'Kleineondernemersregeling (geen btw)',
  'selfBilling.withdraw': 'Intrekken voor latere uitbetalingen',
  'selfBilling.withdrawn':
    'Facturering door de afnemer ingetrokken: latere uitbetalingen krijgen alleen een overzicht.',
  'selfBilling.failed': 'Facturering door de afnemer niet opgeslagen',
  'selfBilling.failedText': 'Probeer het opnieuw.',
  'claim.elsewhereDeal': 'Deze deal loopt verder op een ander apparaat',
  'claim.elsewhereRequest':
    'Dit betaalverzoek loopt verder op een ander apparaat',
  'claim.elsewhereText':
    'Maar één apparaat kan met deze link werken. Vraag een code per e-mail aan op {email} om hier verder te gaan; het andere apparaat stopt dan.',
  'claim.noEmailText':
    'Voor deze link is geen e-mailadres bevestigd, dus hij kan niet hierheen. Open hem op het apparaat waarop hij is geaccepteerd.',
  'claim.continueHere': 'Verder op dit apparaat',
  'claim.sending': 'Code versturen…',
  'claim.codeSent':
    'We hebben een code van 6 cijfers gestuurd naar {email}. Hij werkt {minutes} minuten.',
  'claim.codeLabel': 'Code uit de e-mail',
  'claim.checking': 'Controleren…',
  'claim.newCode': 'Stuur een nieuwe code',
  'claim.resumed': 'Je kunt nu op dit apparaat verder',
  'claim.error': 'Dat lukte niet',
  'claim.confirmTitle': 'Bevestig je e-mailadres',
  'claim.confirmText':
    'Wissel je van telefoon of browser, dan sturen we een code naar dit adres zodat je daar verder kunt. Niemand anders kan deze deal overnemen.',
  'claim.acceptEmailText':
    'Voor het accepteren bevestig je je e-mailadres met een code die we ernaartoe sturen: wissel je later van telefoon of browser, dan ga je daar verder met een code naar dit adres. Niemand anders kan het overnemen.',
  'claim.emailLabel': 'Je e-mailadres',
  'claim.sendCode': 'Code sturen',
  'claim.confirm': 'Bevestigen',
  'claim.confirmed':
    'E-mailadres bevestigd ({email}): je kunt op elk apparaat verder.',
  'claim.confirmedToast': 'E-mailadres bevestigd',
  'claim.dataExport': 'Mijn gegevens downloaden',
};
