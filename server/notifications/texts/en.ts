import type { TextCatalog } from './catalog';

const deal = (p: { title?: string }) =>
  p.title ? `“${p.title}”` : 'your deal';

export const en: TextCatalog = {
  locale: 'en-GB',
  messages: {
    payment_received: (p, f) => ({
      title: 'Payment received',
      body: `${f.money(p.amountCents ?? 0)} for ${deal(p)} is held in escrow. Share the link with ${p.influencer ?? 'the creator'}.`,
    }),
    creator_accepted: (p) => ({
      title: 'Deal accepted',
      body: `${p.influencer ?? 'The creator'} accepted ${deal(p)}.`,
    }),
    content_delivered: (p, f) => ({
      title: 'Content delivered',
      body: `${p.influencer ?? 'The creator'} delivered ${deal(p)}. Review it by ${f.dateTime(p.at ?? '')}; after that the funds are released automatically.`,
    }),
    content_redelivered: (p, f) => ({
      title: 'Changes delivered',
      body: `${p.influencer ?? 'The creator'} delivered the changes to ${deal(p)}. Review them by ${f.dateTime(p.at ?? '')}; after that the funds are released automatically.`,
    }),
    changes_requested: (p) => ({
      title: 'Changes requested',
      body: `The brand asks for changes to ${deal(p)} (revision round ${p.round ?? 1} of ${p.rounds ?? 1}): “${p.message ?? ''}” Deliver again when they are done.`,
    }),
    release_reminder: (p, f) => ({
      title: 'Funds release soon',
      body: `The funds for ${deal(p)} are released automatically on ${f.dateTime(p.at ?? '')}. Approve or open a dispute before then.`,
    }),
    milestone_due: (p, f) => ({
      title: 'Milestone due within 24 hours',
      body: `${deal(p)} is due on ${f.date(p.date ?? '')}. Deliver it through your link when it is ready.`,
    }),
    dispute_auto_resolved: (p, f) => ({
      title: 'Dispute closed',
      body: `The dispute on ${deal(p)} ended without a decision; ${f.money(p.amountCents ?? 0)} was released to the creator.`,
    }),
    funds_released: (p, f) => ({
      title: 'Funds released',
      body: `${f.money(p.amountCents ?? 0)} for ${deal(p)} was paid out to ${p.influencer ?? 'the creator'}.`,
    }),
    refund_done: (p, f) => ({
      title: 'Refund done',
      body: `${f.money(p.amountCents ?? 0)} for ${deal(p)} was refunded to you.`,
    }),
    split_resolved_brand: (p, f) => ({
      title: 'Dispute resolved',
      body: `The dispute on ${deal(p)} was resolved with a split: you were refunded ${f.money(p.refundCents ?? 0)}; ${p.influencer ?? 'the creator'} receives ${f.money(p.amountCents ?? 0)}.`,
    }),
    split_resolved_creator: (p, f) => ({
      title: 'Dispute resolved',
      body: `The dispute on ${deal(p)} was resolved with a split: you receive ${f.money(p.amountCents ?? 0)}, on its way to your bank account.`,
    }),
    request_received: (p, f) => ({
      title: 'Payment request from a creator (not checked by us)',
      body:
        `The creator with the account “${p.creatorAccount ?? ''}”, signing as “${p.creatorName ?? ''}”, asks ${f.money(p.amountCents ?? 0)} for “${p.title ?? ''}”. ` +
        'That creator wrote this request; we did not check who they are or what they wrote. Pay only if you know them and expect this request.',
    }),
    request_paid_brand: (p, f) => ({
      title: 'Payment request paid',
      body: `Your payment of ${f.money(p.amountCents ?? 0)} for “${p.title ?? ''}” is held in escrow until the work is done.`,
    }),
    request_accepted: (p) => ({
      title: 'Request accepted',
      body: `${p.brandName ?? 'The brand'} accepted your payment request “${p.title ?? ''}”.`,
    }),
    request_paid: (p, f) => ({
      title: 'Request paid',
      body: `${p.brandName ?? 'The brand'} paid ${f.money(p.amountCents ?? 0)} for “${p.title ?? ''}”. Mark it completed when the work is done.`,
    }),
    payout_sent: (p, f) => ({
      title: 'Payout sent',
      body: `${f.money(p.amountCents ?? 0)} for “${p.title ?? ''}” is on its way to your bank account.`,
    }),
    request_payout_waiting: (p, f) => ({
      title: 'Payout waits for your bank account',
      body: `${f.money(p.amountCents ?? 0)} for “${p.title ?? ''}” is released to you and paid out as soon as you connect a bank account (Profile → Bank Details & Payouts).`,
    }),
    request_delivered: (p, f) => ({
      title: 'Work delivered: your review',
      body: `${p.creatorName ?? 'The creator'} marked “${p.title ?? ''}” completed. Approve it or open a dispute by ${f.dateTime(p.at ?? '')}; after that ${f.money(p.amountCents ?? 0)} is released to the creator automatically.`,
    }),
    request_disputed: (p, f) => ({
      title: 'Request disputed',
      body: `${p.brandName ?? 'The brand'} disputed “${p.title ?? ''}”: ${p.reason ?? ''} Reply and add evidence on its page. Unless an admin decides otherwise, the money is released to you on ${f.dateTime(p.at ?? '')}.`,
    }),
    request_rejected: (p) => ({
      title: 'Request declined',
      body: `${p.brandName ?? 'The brand'} declined your payment request “${p.title ?? ''}”. Nothing was paid.`,
    }),
    request_expired: (p) => ({
      title: 'Request expired',
      body: `Your payment request “${p.title ?? ''}” expired before it was paid. Send a new one if the work is still on.`,
    }),
    request_refunded_brand: (p, f) => ({
      title: 'Refund done',
      body: `${f.money(p.amountCents ?? 0)} for “${p.title ?? ''}” was refunded to you.`,
    }),
    request_refunded_creator: (p) => ({
      title: 'Request refunded',
      body: `“${p.title ?? ''}” was refunded to ${p.brandName ?? 'the brand'}; no payout follows.`,
    }),
    document_invoice: (p) => ({
      title: `Invoice ${p.number ?? ''}`,
      body: `Our invoice ${p.number ?? ''} for the service fee of ${deal(p)} is attached as a PDF.`,
    }),
    document_credit_note: (p) => ({
      title: `Credit note ${p.number ?? ''}`,
      body: `Credit note ${p.number ?? ''} for the service fee returned on ${deal(p)} is attached as a PDF.`,
    }),
    document_self_billed: (p) => ({
      title: `Self-billed invoice ${p.number ?? ''}`,
      body: `The self-billed invoice ${p.number ?? ''} in the name of ${p.influencer ?? 'the creator'} for ${deal(p)} is attached as a PDF.`,
    }),
    document_statement: (p, f) => ({
      title: 'Statement of your payout',
      body: `The statement of your payout of ${f.money(p.amountCents ?? 0)} for ${deal(p)} is attached as a PDF.`,
    }),
    dispute_message: (p) => ({
      title: 'New message in the dispute',
      body: `${{ brand: 'The brand', creator: 'The creator', admin: 'Our team' }[p.from ?? 'admin']} wrote about ${p.requestId ? `“${p.title ?? ''}”` : deal(p)}: “${p.message ?? ''}” Reply and add evidence on its page.`,
    }),
    link_dispute_opened: (p, f) => ({
      title: 'Delivery disputed',
      body: `The brand disputed your delivery for ${deal(p)}: ${p.reason ?? ''} Reply and add evidence on its page. Unless an admin decides otherwise, the money is released to you on ${f.dateTime(p.at ?? '')}.`,
    }),
    link_payout_sent: (p, f) => ({
      title: 'Payout sent',
      body: `${f.money(p.amountCents ?? 0)} for ${deal(p)} is on its way to your bank account.`,
    }),
    link_deal_refunded: (p) => ({
      title: 'Deal cancelled',
      body: `${deal(p)} was cancelled and the brand was refunded.`,
    }),
    // A lost chargeback gave the brand the money back: no refund was made (and no credit note follows).
    charged_back_brand: (p) => ({
      title: 'Escrow closed after chargeback',
      body: `${deal(p)} was closed: your card issuer gave you the payment back through the chargeback, so nothing is held in escrow any more and no refund follows from us.`,
    }),
    charged_back_creator: (p) => ({
      title: 'Closed after chargeback',
      body: `${deal(p)} was closed: the brand's card payment was taken back by a chargeback, so nothing is held in escrow any more and no payout follows.`,
    }),
    link_split_resolved: (p, f) => ({
      title: 'Dispute resolved',
      body: `The dispute on ${deal(p)} was resolved with a split: you receive ${f.money(p.amountCents ?? 0)}, on its way to your bank account.`,
    }),
    admin_chargeback: (p, f) => ({
      title: 'Chargeback opened',
      body: `A chargeback of ${f.money(p.amountCents ?? 0)} (${p.reason ?? 'no reason'}) was opened on ${p.dealId ? `deal #${p.dealId}` : `request #${p.requestId ?? ''}`}.`,
    }),
    admin_transfer_failed: (p) => ({
      title: 'Transfer failed',
      body: `The payout for deal #${p.dealId ?? ''} failed: ${p.reason ?? ''}`,
    }),
    admin_split_failed: (p, f) => ({
      title: 'Split payment failed',
      body: `Part of the split of deal #${p.dealId ?? ''} (${f.money(p.amountCents ?? 0)}) failed: ${p.reason ?? ''}. Retry it on the deal.`,
    }),
    admin_hold_ageing: (p, f) => ({
      title: 'Deal on hold too long',
      body: `Deal #${p.dealId ?? ''} has been on hold since ${f.dateTime(p.at ?? '')}.`,
    }),
    admin_reconciliation_mismatch: (p, f) => ({
      title: 'Reconciliation found a mismatch',
      body: `The ledger and the payment gateway disagree on ${p.count ?? 0} money movement(s) up to ${f.dateTime(p.at ?? '')}: ${p.reason ?? ''}`,
    }),
    admin_intents_stalled: (p, f) => ({
      title: 'Payments are waiting for the provider',
      body: `${p.count ?? 0} money movement(s) have had no answer from the payment provider for over ${p.minutes ?? 0} minutes (the oldest since ${f.dateTime(p.at ?? '')}, ${p.reason ?? ''}). They are retried on their own; check the provider's status.`,
    }),
    admin_notification_failures: (p, f) => ({
      title: `Notifications by ${p.channel === 'push' ? 'push' : 'e-mail'} are failing`,
      body: `${p.count ?? 0} of ${p.total ?? 0} ${p.channel === 'push' ? 'push messages' : 'e-mails'} failed since ${f.dateTime(p.at ?? '')}. Check the mail server or push settings and the logs; failed notifications are retried.`,
    }),
    test: (p) => ({
      title: p.title ?? 'Test Notification',
      body: p.reason ?? 'Push notifications are working.',
    }),
  },
  mail: {
    open: 'Open in the app',
    unsubscribe: 'Unsubscribe from these emails',
    footer:
      'You receive this email because of a deal or payment request on our escrow service.',
    confirmBody: 'Stop notification emails to this address?',
    confirmButton: 'Unsubscribe',
    unsubscribedTitle: 'Unsubscribed',
    unsubscribedBody:
      'You will no longer receive notification emails. You can turn them on again in your profile.',
    invalidLink: 'This unsubscribe link is not valid.',
    block: 'Block payment requests from this creator',
    blockConfirmBody:
      'Stop e-mails with payment requests from this creator to this address?',
    blockButton: 'Block this creator',
    blockedTitle: 'Creator blocked',
    blockedBody:
      'This address will no longer receive payment requests from this creator.',
    notMailed:
      'We did not e-mail this request to the brand. Share the link with them yourself.',
    receiptAttached: 'Your receipt is attached as a PDF.',
    linkCodeSubject: 'Your code',
    linkCodeBody: {
      confirm:
        'Enter this code on {page} to confirm your e-mail address. It works for {minutes} minutes.',
      resume:
        'Enter this code on the page you opened to continue there. It works for {minutes} minutes. The device you used before will stop working for this link.',
    },
    linkCodePage: {
      deal: 'the deal page',
      'payment-request': "the payment request's page",
    },
    linkCodeIgnore:
      'If you did not ask for this code, ignore this e-mail: nothing changes without it.',
  },
};
