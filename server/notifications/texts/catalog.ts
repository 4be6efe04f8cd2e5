/** What a notification text may name; every field optional, each text uses the ones it needs. */
export interface TextParams {
  title?: string;
  amountCents?: number;
  /** ISO instant (review deadline, hold start). */
  at?: string;
  /** A calendar date, YYYY-MM-DD (a milestone's due date). */
  date?: string;
  influencer?: string;
  creatorName?: string;
  /** The creator's account name (a payment request's author, as the platform knows them). */
  creatorAccount?: string;
  brandName?: string;
  dealId?: number;
  requestId?: number;
  reason?: string;
  /** How many (mismatches found by the reconciliation, failed sends). */
  count?: number;
  /** Of how many (sends in the window). */
  total?: number;
  /** A notification channel (push, email). */
  channel?: string;
  /** A split's other part: what the brand got back (amountCents is the creator's part). */
  refundCents?: number;
  /** A limit in minutes (how long money intents may wait for the provider). */
  minutes?: number;
  /** A dispute message: who wrote it and the start of its text. */
  from?: 'brand' | 'creator' | 'admin';
  message?: string;
  /** A change request's round, of how many the deal includes. */
  round?: number;
  rounds?: number;
  /** A document's number (an invoice's `2026-000123`). */
  number?: string;
}

export interface Formatter {
  money(cents: number): string;
  dateTime(iso: string): string;
  /** A calendar date (YYYY-MM-DD) as the language writes it. */
  date(day: string): string;
}

export type MessageText = (
  p: TextParams,
  f: Formatter,
) => { title: string; body: string };

export const notificationKinds = [
  'payment_received',
  'creator_accepted',
  'content_delivered',
  'content_redelivered',
  'changes_requested',
  'release_reminder',
  'milestone_due',
  'dispute_auto_resolved',
  'funds_released',
  'refund_done',
  'split_resolved_brand',
  'split_resolved_creator',
  'request_received',
  'request_paid_brand',
  'request_accepted',
  'request_paid',
  'payout_sent',
  'request_payout_waiting',
  'request_delivered',
  'request_disputed',
  'request_rejected',
  'request_expired',
  'request_refunded_brand',
  'request_refunded_creator',
  'link_dispute_opened',
  'link_payout_sent',
  'link_deal_refunded',
  'link_split_resolved',
  'charged_back_brand',
  'charged_back_creator',
  'dispute_message',
  'document_invoice',
  'document_credit_note',
  'document_self_billed',
  'document_statement',
  'admin_chargeback',
  'admin_transfer_failed',
  'admin_split_failed',
  'admin_hold_ageing',
  'admin_reconciliation_mismatch',
  'admin_intents_stalled',
  'admin_notification_failures',
  'test',
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

export interface TextCatalog {
  locale: string;
  messages: Record<NotificationKind, MessageText>;
  mail: {
    open: string;
    unsubscribe: string;
    footer: string;
    confirmBody: string;
    confirmButton: string;
    unsubscribedTitle: string;
    unsubscribedBody: string;
    invalidLink: string;
    /** A payment request e-mail's block link and the pages behind it. */
    block: string;
    blockConfirmBody: string;
    blockButton: string;
    blockedTitle: string;
    blockedBody: string;
    /** Told to a creator whose request is not mailed (the address blocked them), without saying why. */
    notMailed: string;
    /** Said in a mail that carries the receipt beside its own message (the payment's confirmation). */
    receiptAttached: string;
    /** The one-time code that confirms a link's address or moves its claim (`{code}`, `{minutes}`, `{page}`). */
    linkCodeSubject: string;
    linkCodeBody: Record<'confirm' | 'resume', string>;
    /** The page a confirm code is entered on (`{page}`): a deal's for its creator, a payment request's for its brand. */
    linkCodePage: Record<'deal' | 'payment-request', string>;
    linkCodeIgnore: string;
  };
}

/** Money and instants in the recipient's language; times in the Netherlands' zone, where the product runs. */
export function formatterFor(locale: string): Formatter {
  const money = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: 'EUR',
  });
  const date = new Intl.DateTimeFormat(locale, {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'Europe/Amsterdam',
  });
  const day = new Intl.DateTimeFormat(locale, {
    dateStyle: 'long',
    timeZone: 'UTC',
  });
  return {
    money: (cents) => money.format(cents / 100),
    dateTime: (iso) => date.format(new Date(iso)),
    date: (d) => day.format(new Date(`${d}T00:00:00.000Z`)),
  };
}
