/**
 * English texts of the panels a link page shows only after a step (the acceptance's e-mail code, the
 * claim on another device, self-billing with its address, push notifications): loaded with those
 * panels, not with the core texts every first load carries. The profile and the payment-request
 * pages, which show some of them at once, load them with their own areas (i18n/areas.ts).
 */
export const enLinkPanels = {
  'accept.notify': 'Notify me about this deal',
  'accept.notifyText':
    'Push notifications when the brand pays out, disputes or cancels. For this deal only.',
  'accept.notifyUnsupported':
    'This browser does not support push notifications.',
  'accept.notifyOn': 'Notifications on for this deal',
  'accept.notifyOff': 'Notifications off for this deal',
  'accept.notifyDenied': 'Permission denied',
  'accept.notifyDeniedText': 'Push notifications require browser permission',
  'accept.notifyFailed': 'Could not change notifications for this deal',
  'address.company': 'Company or name',
  'address.street': 'Street and number',
  'address.street2': 'Address line 2 (optional)',
  'address.postcode': 'Postcode',
  'address.city': 'City',
  'address.country': 'Country',
  'address.countryNone': 'Select a country',
  'address.vatIdHint':
    'With the country prefix, e.g. NL123456789B01 or BE0123456789',
  'address.companyRequired': 'Fill in the company or your name',
  'address.streetRequired': 'Fill in the street and number',
  'address.cityRequired': 'Fill in the city',
  'address.countryRequired': 'Choose a country',
  'address.vatIdInvalid':
    'This VAT id is not in the format of the chosen country (e.g. NL123456789B01, BE0123456789)',
  'selfBilling.title': 'Self-billing',
  'selfBilling.intro':
    'With each payout, the platform can issue the invoice for your work to the brand in your name (self-billing), so you do not have to write one. It applies to later payouts; you can withdraw at any time.',
  'selfBilling.start': 'Set up self-billing',
  'selfBilling.vatStatus': 'VAT status',
  'selfBilling.vatScheme': 'I charge VAT (VAT id)',
  'selfBilling.smallBusiness': 'Small business scheme (no VAT)',
  'selfBilling.vatId': 'VAT id',
  'selfBilling.vatIdRequired':
    'Fill in your VAT id, or choose the small business scheme',
  'selfBilling.consent':
    'I agree that the invoices for my payouts on this platform are issued in my name and on my behalf (self-billing), and I will not invoice them myself.',
  'selfBilling.consentRequired': 'Tick the box to agree',
  'selfBilling.agree': 'Agree to self-billing',
  'selfBilling.agreeing': 'Saving…',
  'selfBilling.agreed': 'Self-billing agreed on {date}',
  'selfBilling.agreedVat': 'VAT id {vatId}',
  'selfBilling.agreedSmall': 'Small business scheme (no VAT)',
  'selfBilling.withdraw': 'Withdraw for later payouts',
  'selfBilling.withdrawn':
    'Self-billing withdrawn: later payouts come with a statement only.',
  'selfBilling.failed': 'Self-billing not saved',
  'selfBilling.failedText': 'Please try again.',
  'claim.elsewhereDeal': 'This deal continues on another device',
  'claim.elsewhereRequest': 'This payment request continues on another device',
  'claim.elsewhereText':
    'Only one device can act on this link. Get a code by e-mail at {email} to continue here; the other device then stops.',
  'claim.noEmailText':
    'No e-mail address was confirmed for this link, so it cannot move here. Open it on the device that accepted it.',
  'claim.continueHere': 'Continue on this device',
  'claim.sending': 'Sending code…',
  'claim.codeSent':
    'We sent a 6-digit code to {email}. It works for {minutes} minutes.',
  'claim.codeLabel': 'Code from the e-mail',
  'claim.checking': 'Checking…',
  'claim.newCode': 'Send a new code',
  'claim.resumed': 'You can continue on this device now',
  'claim.error': 'That did not work',
  'claim.confirmTitle': 'Confirm your e-mail address',
  'claim.confirmText':
    'If you switch phone or browser, we send a code to this address so you can continue there. Nobody else can take over this deal.',
  'claim.acceptEmailText':
    'Accepting needs your e-mail address, confirmed with a code we send to it: if you switch phone or browser later, a code to this address lets you continue there. Nobody else can take over.',
  'claim.emailLabel': 'Your e-mail address',
  'claim.sendCode': 'Send code',
  'claim.confirm': 'Confirm',
  'claim.confirmed':
    'E-mail confirmed ({email}): you can continue on any device.',
  'claim.confirmedToast': 'E-mail address confirmed',
  'claim.dataExport': 'Download my data',
};
