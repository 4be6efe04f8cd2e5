import { contractTermsEn } from '@machines/contract/contract-term-texts';

/**
 * English core texts (loaded first on every screen): status texts, steps, navigation, the language
 * switch and the creator's accept page. `{reviewPeriod}`, `{disputePeriod}`, `{dealFee}` and the other
 * setting names are filled from GET /api/settings (see i18n/index.ts).
 */
export const enCore = {
  ...contractTermsEn,
  'app.name': 'Escrow Deals',
  'app.loading': 'Loading...',
  'app.notFound': 'Page not found',
  'app.backHome': 'Back to home',
  'app.retry': 'Try again',
  'app.loadError':
    'Could not load this page. Check your connection and try again.',
  'app.testMode': 'Test mode: no real money moves.',
  'app.testModeMail':
    'E-mail is not sent: it is kept on the server, where only admins read it (admin area, Test mail).',
  'app.tryAgainLater': 'Please try again.',
  'lang.label': 'Language',
  'lang.en': 'English',
  'lang.nl': 'Nederlands',
  'lang.saveError': 'Could not save your language in your profile',
  'deal.brand.pending_payment': 'Payment has been sent',
  'deal.brand.funds_held': 'Funds are held safely by Escrow Deals',
  'deal.brand.creator_working': 'Creator is working on content',
  'deal.brand.delivered': 'Creator has delivered the content',
  'deal.brand.changes_requested': 'Creator is working on your changes',
  'deal.brand.completed': 'Funds released',
  'deal.brand.split_resolved': 'Dispute resolved: you were refunded {refund}',
  'deal.brand.dispute': 'Dispute',
  'deal.splitResolvedPlan':
    'Dispute resolved with a split: each milestone shows its outcome',
  'deal.brand.cancelled': 'Cancelled',
  'deal.brand.charged_back': 'Cancelled: your payment was charged back',
  'deal.brand.charged_back_in_part':
    'Completed in part: the rest of your payment was charged back',
  'deal.brand.deleted': 'Deleted',
  'deal.creator.pending_payment': 'Waiting for payment',
  'deal.creator.waiting_for_delivery': 'Waiting for delivery',
  'deal.creator.delivered': 'Delivered',
  'deal.creator.changes_requested': 'Changes requested',
  'deal.creator.completed': 'Completed',
  'deal.creator.split_resolved': 'Dispute resolved: you receive {amount}',
  'deal.creator.dispute': 'Dispute',
  'deal.creator.cancelled': 'Cancelled',
  'deal.creator.charged_back':
    'Cancelled: the brand’s payment was charged back',
  'deal.creator.charged_back_in_part':
    'Completed in part: the rest of the brand’s payment was charged back',
  'deal.creator.deleted': 'Deleted',
  'deliverable.1': '1 Instagram Story',
  'deliverable.2': '1 Instagram Post',
  'deliverable.3': '1 TikTok Video',
  'deliverable.4': 'Link in bio (24h)',
  'deliverable.5': 'Unboxing photo',
  'deliverable.6': 'Product review',
  'deliverable.7': 'Custom deliverable',
  'steps.1': 'Deal created',
  'steps.2': 'Payment sent',
  'steps.3': 'Funds secured',
  'steps.4': 'Work in progress',
  'steps.5': 'Content delivered',
  'steps.6': 'Approved',
  'steps.7': 'Funds released',
  'steps.label': 'Step {step} of 7',
  'steps.current': '(current step)',
  'steps.aria': 'Deal progress',
  'nav.deals': 'My deals',
  'nav.create': 'New Deal',
  'nav.profile': 'Profile',
  'nav.label': 'Main navigation',
  'share.defaultBrand': 'Escrow Deals brand',
  'erased.party': 'Erased user',
  'erased.text': '(erased)',
  'toast.tokenError': 'Deal not found or link is invalid',
  'toast.acceptError': 'Could not accept deal',
  'toast.accepted': 'Success! You have accepted the deal',
  'toast.onboardingNoUrl': 'Could not start onboarding',
  'toast.onboardingError': 'Could not start bank details setup',
  'toast.deliverError': 'Could not mark assignment as completed',
  'toast.delivered': 'Marked as delivered',
  'toast.deliveredText':
    'The brand now reviews your work. Unless it opens a dispute, the money is released to you within {reviewPeriod}.',
  'toast.bankDone': 'Bank Details Setup Complete!',
  'toast.close': 'Close notification',
  'toast.region': 'Notifications',
  'accept.notFoundTitle': 'Deal not found',
  'accept.notFoundText':
    'This link is not valid or the deal no longer exists. Contact the brand if you think this is an error.',
  'accept.invited': "You're invited!",
  'accept.invitedText': '{brand} wants to collaborate with you.',
  'accept.youReceive': 'You receive',
  'accept.deadline': 'Deadline',
  'accept.deliverables': 'Deliverables',
  'accept.escrowTitle': 'How escrow protects you',
  'accept.escrow1': 'The brand has already paid; the money is held in escrow.',
  'accept.escrow2': 'Deliver the content and mark the assignment as completed.',
  'accept.escrow3':
    'The brand has {reviewPeriod} to approve or dispute; otherwise the funds are released automatically.',
  'accept.escrow4':
    'Your payout arrives within 1-2 business days after approval.',
  'accept.accept': 'Accept Deal',
  'accept.accepting': 'Accepting...',
  'accept.notPaid':
    'The brand has not paid this deal yet. You can accept it once the money is in escrow.',
  'accept.accepted': 'Deal Accepted!',
  'accept.bankNeeded': 'Connect a bank account so we can pay you out.',
  'accept.bankSetup': 'Set up bank details',
  'accept.bankConnected': 'Bank account connected',
  'accept.deliverText':
    'Done with the assignment? Mark it as completed so the brand can approve.',
  'accept.deliver': 'Mark assignment as completed',
  'accept.delivering': 'Submitting...',
  'accept.deliveredText':
    'The brand has {reviewPeriod} to approve. After that the funds are released automatically.',
  'accept.completedText':
    'The funds have been released. Your payout arrives within 1-2 business days.',
  'accept.splitText':
    'The dispute was resolved by splitting the payment: you receive {amount}. Your payout arrives within 1-2 business days.',
  'accept.disputeText':
    'The brand opened a dispute. The payment is on hold for up to {disputePeriod} while it is resolved.',
  'accept.cancelledText': 'This deal was cancelled.',
  'accept.status': 'Status',
  'accept.from': 'From',
  'fees.dealExplanation':
    'The brand pays the creator amount plus a {dealFee}% platform fee; the creator receives the full amount.',
  'doc.selfBilled': 'Self-billed invoice',
  'doc.receipt': 'Receipt',
  'doc.statement': 'Statement',
  'doc.invoice': 'Invoice',
  'doc.creditNote': 'Credit note',
  'doc.invoiceWaiting':
    'Your invoice for the platform fee is waiting for your billing details.',
  'doc.invoiceAddDetails': 'Add billing details',
  'doc.back': 'Back',
  'doc.print': 'Print',
  'doc.download': 'Download PDF',
  'doc.downloadError': 'Could not download the PDF',
  'doc.yearOverview': 'Year overview',
  'doc.contract': 'Contract',
  'doc.yearOverviewHint':
    'Your payouts, splits and refunds of a year, for your tax return.',
  'doc.downloadCsv': 'Download CSV',
  'doc.years': 'Other years',
  'payoutId.why':
    'The tax authority asks platforms to report the payouts of each year with who received them. We ask once; you can correct it here later.',
  'field.required': 'required',
  'payoutId.legalName': 'Legal name',
  'payoutId.address': 'Address (street and number, postcode, city, country)',
  'payoutId.birthDate': 'Date of birth',
  'payoutId.taxId': 'Tax id',
  'payoutId.taxIdHint':
    'In the Netherlands your BSN; elsewhere the tax number of your country.',
  'doc.missing': 'This document does not exist.',
  'clock.brand.review':
    'If you do nothing, the money goes to the creator on {time}.',
  'clock.brand.dispute':
    'The dispute ends on {time}; unless it is resolved before then, the money goes to the creator.',
  'clock.creator.review':
    'Unless the brand opens a dispute, the money is released to you on {time}.',
  'clock.creator.dispute':
    'The dispute ends on {time}; unless it is resolved before then, the money is released to you.',
  'clock.left': '({left} left)',
  'clock.due': '(being released now)',
  'clock.paused':
    'The platform holds this deal: the countdown is paused, and the time held is added when the hold ends.',
  'platform.Instagram': 'Instagram',
  'platform.TikTok': 'TikTok',
  'platform.YouTube': 'YouTube',
  'platform.X': 'X (Twitter)',
  'accept.publication': 'Publish by',
  'accept.platforms': 'Platforms',
  'accept.profile': 'Your profile',
  'accept.briefing': 'Briefing',
  'chargeback.open':
    "The cardholder's bank disputed {amount} of this payment (a chargeback). That money is held until the bank decides.",
  'chargeback.won':
    'The bank decided the chargeback of {amount} for us: the money is back in escrow.',
  'chargeback.lost':
    'The bank returned {amount} of this payment to the cardholder (a chargeback).',
  // The contract and the rounds of delivery: the creator reads them on the link page (core texts only).
  'contract.heading': 'The contract',
  'contract.open': 'Read the whole contract (printable, PDF)',
  'contract.acceptBox': 'I have read the whole contract and accept it',
  'revisions.heading': 'Deliveries and changes',
  'revisions.used': '{used} of {rounds} revision rounds used',
  'revisions.delivered': 'Delivered',
  'revisions.changes_requested': 'Changes requested',
  'revisions.redelivered': 'Delivered again',
  'revisions.redeliverText':
    'The brand asked for changes. Deliver again when they are done.',
  'revisions.redeliver': 'Deliver again',
  'revisions.noteLabel': 'Note (optional)',
  'revisions.linksLabel': 'Links to the published content (optional)',
  'revisions.linksHint': 'Up to 5 links starting with https://, one per line',
};
