import type { DealContext } from '@machines/deal/deal-context.types';
import type { Language } from '@machines/account/account.events';
import {
  languageOf,
  notificationPreferencesOf,
  type UserContext,
} from '@machines/account/user.machine';
import type { NotificationChannel } from '@machines/notifications/notification.events';
import type { InvoiceDocumentDto } from '@machines/contract/invoice-api';
import type { DealRecord } from '../../projections/deals.queries';
import type { RefTarget } from '../shared/document-refs';
import type { PaymentRequestRecord } from '../../projections/payment-requests.queries';
import { documentMailKindOf, type MailDocument } from './mail-document';
import { neutraliseLinks } from './neutralise-links';
import { renderText, type NotificationKind, type TextParams } from './texts';

/**
 * Who hears about what: a pure function from one event (plus the read models it names) to the
 * notifications it causes, with channels already narrowed by each account's preferences and texts
 * rendered in each recipient's language. The reactor only claims and sends what this returns.
 */

export type Recipient =
  | { kind: 'user'; userId: string }
  /** An address without an account (a payment request's brand) or an admin alert address. */
  | { kind: 'address'; email: string }
  /** The creator of one deal who turned push on from the accept page (no account). */
  | { kind: 'deal-link'; dealId: number }
  /** Every admin device that turned alerts on (AdminPushSubscribed): push only. */
  | { kind: 'admins' };

export interface PlannedNotification {
  kind: NotificationKind;
  recipient: Recipient;
  channels: NotificationChannel[];
  language: Language;
  /** Where the email goes (null for push-only recipients). */
  email: string | null;
  title: string;
  body: string;
  /** Path of the screen the notification opens (the app prefixes its public URL). */
  url: string;
  /** A payment request's creator: its e-mail carries a link that blocks further requests from them. */
  blockCreatorId?: string;
  /** A document the e-mail carries as a PDF (by e-mail only: such a notification has no push). */
  document?: MailDocument;
}

/** Read-model lookups the plan needs; synchronous reads of the local read database. */
export interface NotificationFacts {
  deal(id: number): DealRecord | null;
  request(id: number): PaymentRequestRecord | null;
  user(id: string): UserContext | null;
  userByEmail(email: string): UserContext | null;
  adminEmails: readonly string[];
  /** Whether any admin turned push alerts on for a device. */
  adminsSubscribed(): boolean;
  /** Whether a creator without an account turned push on for the deal, and in which language. */
  linkSubscribed(dealId: number): boolean;
  linkLanguage(dealId: number): Language;
  /** The address a link's holder confirmed (`deal-7`), or the address a request's link was mailed to. */
  linkEmail(link: string): string | null;
  /** The language a link's holder had when claiming or moving it (`deal-7`), or null. */
  claimLanguage(link: string): Language | null;
  /** The language the brand of a payment request had when it accepted the request by its link. */
  requestBrandLanguage(requestId: number): Language | null;
  /** An address without an account that used the unsubscribe link. */
  emailOptedOut(email: string): boolean;
  /** The address's recipient blocked payment requests from this creator. */
  requestSenderBlocked(email: string, creatorId: string): boolean;
  /** The page of a party's document by its unguessable reference (`/documents/<ref>`). */
  documentPage(target: RefTarget): string;
}

export interface PlannableEvent {
  id: string;
  type: string;
  streamId: string;
  data: unknown;
  metadata: unknown;
}

export const recipientKey = (r: Recipient): string =>
  r.kind === 'user'
    ? `user:${r.userId}`
    : r.kind === 'address'
      ? `email:${r.email.trim().toLowerCase()}`
      : r.kind === 'admins'
        ? 'admins'
        : `deal-link:${r.dealId}`;

/**
 * Whose keys seal a claim's recipient (docs/adr/0033-personal-data-keys-per-person.md): the
 * account, the link's holder, or for an address without an account the link party of the deal or
 * request the mail is about; the admins' alerts (their devices, the alert addresses of the
 * configuration) stay under the platform key (undefined).
 */
export function recipientSubject(
  r: Recipient,
  streamId: string,
  adminEmails: readonly string[],
): string | undefined {
  if (r.kind === 'user') return `user-${r.userId}`;
  if (r.kind === 'deal-link') return `deal-link-${r.dealId}`;
  if (r.kind === 'admins') return undefined;
  const address = recipientKey(r);
  if (
    adminEmails.some(
      (e) => recipientKey({ kind: 'address', email: e }) === address,
    )
  )
    return undefined;
  const link = /^(deal|payment-request)-(\d+)$/.exec(streamId);
  return link ? `${link[1]}-link-${link[2]}` : undefined;
}

const idOf = (streamId: string, prefix: string): number | null =>
  streamId.startsWith(prefix)
    ? Number(streamId.slice(prefix.length)) || null
    : null;

/**
 * The channels of a user's message and whether its document rides along: a document's own mail
 * (document_*) goes by e-mail only, under the e-mail preference and its kind's; a document beside
 * another message (a receipt with the payment's) is attached when its kind is on.
 */
function userChannels(
  user: UserContext,
  kind: NotificationKind,
  document?: MailDocument,
) {
  const prefs = notificationPreferencesOf(user);
  const attach = document
    ? prefs.documents[documentMailKindOf(document)]
    : false;
  const documentOnly = document !== undefined && kind.startsWith('document_');
  if (documentOnly && !attach) return null;
  const offered = documentOnly
    ? (['email'] as const)
    : (['push', 'email'] as const);
  const channels = offered.filter((c) => prefs[c]);
  return channels.length === 0 ? null : { channels, attach };
}

/** A message to an account: on the channels its preferences allow, in its language. */
function userSender(out: PlannedNotification[]) {
  return (
    user: UserContext | null,
    kind: NotificationKind,
    params: TextParams,
    url: string,
    document?: MailDocument,
  ) => {
    if (!user || user.userId === '') return;
    const route = userChannels(user, kind, document);
    if (!route) return;
    const language = languageOf(user);
    out.push({
      kind,
      recipient: { kind: 'user', userId: user.userId },
      channels: route.channels,
      language,
      email: user.email,
      url,
      ...renderText(language, kind, params),
      ...(document && route.attach ? { document } : {}),
    });
  };
}

/** A mail to an address without an account, unless that address opted out. */
function addressSender(facts: NotificationFacts, out: PlannedNotification[]) {
  return (
    email: string,
    language: Language,
    kind: NotificationKind,
    params: TextParams,
    url: string,
    document?: MailDocument,
  ) => {
    if (facts.emailOptedOut(email)) return;
    out.push({
      kind,
      recipient: { kind: 'address', email },
      channels: ['email'],
      language,
      email,
      url,
      ...renderText(language, kind, params),
      ...(document ? { document } : {}),
    });
  };
}

/** A push to the devices of a deal's link, when its creator turned push on there. */
function linkSender(facts: NotificationFacts, out: PlannedNotification[]) {
  return (
    dealId: number,
    kind: NotificationKind,
    params: TextParams,
    url: string,
  ) => {
    if (!facts.linkSubscribed(dealId)) return;
    const language = facts.linkLanguage(dealId);
    out.push({
      kind,
      recipient: { kind: 'deal-link', dealId },
      channels: ['push'],
      language,
      email: null,
      url,
      ...renderText(language, kind, params),
    });
  };
}

/** Admin alerts: e-mail to every alert address, and push to every admin device turned on. */
function adminSender(
  facts: NotificationFacts,
  out: PlannedNotification[],
  toAddress: ReturnType<typeof addressSender>,
) {
  return (kind: NotificationKind, params: TextParams, url: string) => {
    for (const email of facts.adminEmails)
      toAddress(email, 'en', kind, params, url);
    if (!facts.adminsSubscribed()) return;
    out.push({
      kind,
      recipient: { kind: 'admins' },
      channels: ['push'],
      language: 'en',
      email: null,
      url,
      ...renderText('en', kind, params),
    });
  };
}

/** Who hears what: each planned message goes to `out`, once the recipient's preferences allow it. */
function sendersFor(facts: NotificationFacts, out: PlannedNotification[]) {
  const toAddress = addressSender(facts, out);
  return {
    toUser: userSender(out),
    toAddress,
    toLink: linkSender(facts, out),
    toAdmins: adminSender(facts, out, toAddress),
    out,
  };
}

type Senders = ReturnType<typeof sendersFor>;
type EventData = Record<string, unknown>;

/** A reminder only while that review period still runs: a brand who approved or disputed first hears nothing. */
function reminderStillDue(c: DealRecord['context'], endsAt: unknown): boolean {
  // A deal with milestones: the milestone whose review ends then is still delivered, and nothing holds the deal.
  if (c.milestones !== undefined)
    return (
      c.hold === null &&
      c.milestones.some(
        (m) =>
          m.status === 'delivered' &&
          m.reviewPeriodEndsAt === endsAt &&
          !m.reviewElapsedAt,
      )
    );
  return (
    c.reviewPeriodEndsAt === endsAt &&
    c.reviewElapsedAt === null &&
    c.disputeCreatedAt === null &&
    c.transferId === null &&
    c.hold === null &&
    c.cancelledAt === null &&
    c.completedAt === null
  );
}

/**
 * A milestone's due-date reminder only while the creator still has it to deliver: the deal paid,
 * accepted and running, the milestone in progress (or back with changes asked for).
 */
function milestoneStillDue(
  c: DealRecord['context'],
  milestone: unknown,
): boolean {
  const m =
    typeof milestone === 'number' ? c.milestones?.[milestone - 1] : undefined;
  return (
    m !== undefined &&
    (m.status === 'in_progress' || m.status === 'changes_requested') &&
    c.paidAt !== null &&
    c.influencerAcceptedAt !== null &&
    c.cancelledAt === null &&
    c.deletedAt === null
  );
}

/** What the admins must look at on a deal: a chargeback, a refused transfer, a hold left too long. */
function alertAdminsOfDeal(
  event: PlannableEvent,
  data: EventData,
  dealId: number,
  c: DealRecord['context'],
  base: TextParams,
  { toAdmins }: Senders,
): void {
  const adminUrl = `/admin?deal=${dealId}`;
  switch (event.type) {
    case 'ChargebackOpened':
      toAdmins(
        'admin_chargeback',
        {
          ...base,
          amountCents: Number(data.amountCents),
          reason: String(data.reason),
        },
        adminUrl,
      );
      break;
    case 'TransferFailed':
      toAdmins(
        'admin_transfer_failed',
        { ...base, reason: `${String(data.code)}: ${String(data.message)}` },
        adminUrl,
      );
      break;
    case 'HoldAgeingAlertDue':
      if (c.hold !== null && c.hold.since === data.heldSince)
        toAdmins(
          'admin_hold_ageing',
          { ...base, at: String(data.heldSince) },
          adminUrl,
        );
      break;
  }
}

/** What a deal's texts name; an event about a milestone names it after the deal's title ("Spring launch · TikTok"). */
function dealTextParams(
  dealId: number,
  c: DealContext,
  data: EventData,
): TextParams {
  const milestone =
    typeof data.milestone === 'number'
      ? c.milestones?.[data.milestone - 1]
      : null;
  const dealTitle = c.terms?.title ?? undefined;
  return {
    dealId,
    title: milestone
      ? `${dealTitle ?? c.terms?.influencer ?? ''} · ${milestone.title}`
      : dealTitle,
    influencer: c.terms?.influencer,
  };
}

/** A release reminder names the milestone whose review ends then (a deal with a plan). */
function reminderParams(
  dealId: number,
  c: DealContext,
  data: EventData,
): TextParams {
  const m = c.milestones?.find((x) => x.reviewPeriodEndsAt === data.endsAt);
  const named = m === undefined ? data : { ...data, milestone: m.index };
  return { ...dealTextParams(dealId, c, named), at: String(data.endsAt) };
}

/** A deal event as the plan reads it: the deal, what its texts name, its brand and its pages. */
interface DealEventScene {
  event: PlannableEvent;
  data: EventData;
  dealId: number;
  deal: DealRecord;
  facts: NotificationFacts;
  send: Senders;
  base: TextParams;
  brand: UserContext | null;
  dealUrl: string;
  linkUrl: string;
}

function planDealNotifications(
  event: PlannableEvent,
  data: EventData,
  dealId: number,
  facts: NotificationFacts,
  send: Senders,
): void {
  const deal = facts.deal(dealId);
  if (!deal) return;
  const c = deal.context;
  const base = dealTextParams(dealId, c, data);
  const scene: DealEventScene = {
    event,
    data,
    dealId,
    deal,
    facts,
    send,
    base,
    brand: facts.user(deal.ownerId),
    dealUrl: `/deals/${dealId}`,
    linkUrl: c.shareableToken ? `/accept/${c.shareableToken}` : '/',
  };
  planDealProgress(scene);
  planDealOutcome(scene);
  if (event.type === 'FundsReleased' || event.type === 'SplitTransferSucceeded')
    planDealStatement(deal, facts, send, base);
  alertAdminsOfDeal(event, data, dealId, c, base, send);
}

/** The deal under way: paid, accepted, delivered, changes asked for, and the reminders of its periods. */
function planDealProgress(scene: DealEventScene): void {
  const { event, data, dealId, deal, facts, send, base, brand, dealUrl } =
    scene;
  const { toUser } = send;
  const c = deal.context;
  switch (event.type) {
    case 'PaymentSucceeded': {
      // The payment's confirmation carries the receipt (one mail per event and recipient).
      const paid = { ...base, amountCents: Number(data.amountCents) };
      const receipt = { kind: 'receipt', subject: 'deal', id: dealId } as const;
      toUser(brand, 'payment_received', paid, dealUrl, receipt);
      break;
    }
    case 'CreatorAccepted':
      toUser(brand, 'creator_accepted', base, dealUrl);
      break;
    case 'ReviewPeriodStarted':
      toUser(
        brand,
        deliveryKind(c, event),
        { ...base, at: String(data.endsAt) },
        dealUrl,
      );
      break;
    case 'ChangesRequested':
      toCreator(
        deal,
        facts,
        send,
        'changes_requested',
        changeRequestParams(data, c, base),
      );
      break;
    case 'ReleaseReminderDue':
      if (reminderStillDue(c, data.endsAt))
        toUser(
          brand,
          'release_reminder',
          reminderParams(dealId, c, data),
          dealUrl,
        );
      break;
    case 'MilestoneDueReminderDue':
      if (milestoneStillDue(c, data.milestone))
        toCreator(deal, facts, send, 'milestone_due', {
          ...base,
          date: String(data.dueDate),
        });
      break;
  }
}

/** How the deal's money ends or is held: released, refunded, disputed, split. */
function planDealOutcome(scene: DealEventScene): void {
  const {
    event,
    data,
    dealId,
    deal,
    facts,
    send,
    base,
    brand,
    dealUrl,
    linkUrl,
  } = scene;
  const { toUser, toLink } = send;
  const c = deal.context;
  switch (event.type) {
    case 'DisputePeriodElapsed':
      toUser(
        brand,
        'dispute_auto_resolved',
        {
          ...base,
          amountCents:
            milestoneOr(c, data)?.amountCents ?? c.terms?.amountCents ?? 0,
        },
        dealUrl,
      );
      break;
    case 'FundsReleased':
      toUser(
        brand,
        'funds_released',
        { ...base, amountCents: Number(data.amountCents) },
        dealUrl,
      );
      toLink(
        dealId,
        'link_payout_sent',
        { ...base, amountCents: Number(data.amountCents) },
        linkUrl,
      );
      break;
    case 'DealRefunded':
      // A lost chargeback ended it: the brand has its money from the card network, not from us.
      // The creator hears it ended wherever they hear of the deal (account, or link and address).
      if (data.reason === 'charged_back') {
        toUser(brand, 'charged_back_brand', base, dealUrl);
        toCreator(deal, facts, send, 'charged_back_creator', base);
        break;
      }
      toUser(
        brand,
        'refund_done',
        { ...base, amountCents: Number(data.amountCents) },
        dealUrl,
      );
      toCreator(deal, facts, send, 'link_deal_refunded', base);
      break;
    case 'DisputeOpened':
      // The creator has the dispute period to answer: they hear wherever they hear of the deal.
      toCreator(deal, facts, send, 'link_dispute_opened', {
        ...base,
        reason: excerpt(data.reason),
        at: String(data.endsAt),
      });
      break;
    case 'DisputeMessagePosted':
      planDealDisputeMessage(data, deal, facts, send, base);
      break;
    case 'SplitTransferSucceeded':
    case 'SplitRefundSucceeded':
    case 'SplitTransferFailed':
    case 'SplitRefundFailed':
      planSplitNotifications(event, data, deal, facts, send, base);
      break;
  }
}

/**
 * A payout's statement (a release, or a split's transfer to the creator) goes to the creator by
 * e-mail with its PDF: the account that accepted the deal, else the address the link's holder
 * confirmed, in the link's language. The link opens the deal link page, which asks for the claim.
 */
function planDealStatement(
  deal: DealRecord,
  facts: NotificationFacts,
  send: Senders,
  base: TextParams,
): void {
  const c = deal.context;
  if (!c.transferId || !c.shareableToken) return;
  const amountCents =
    c.split?.transfer === 'succeeded'
      ? c.split.creatorCents
      : c.money.transferredCents;
  const params: TextParams = { ...base, amountCents };
  const url = `/accept/${c.shareableToken}/statement`;
  const document = { kind: 'statement', subject: 'deal', id: deal.id } as const;
  const account = c.claimedByUserId ? facts.user(c.claimedByUserId) : null;
  if (account)
    return send.toUser(account, 'document_statement', params, url, document);
  const email = facts.linkEmail(`deal-${deal.id}`);
  const language =
    facts.claimLanguage(`deal-${deal.id}`) ?? facts.linkLanguage(deal.id);
  if (email)
    send.toAddress(
      email,
      language,
      'document_statement',
      params,
      url,
      document,
    );
}

/** The start of a dispute message, as a notification quotes it (no clickable links). */
const excerpt = (text: unknown): string => {
  const clean = neutraliseLinks(
    String(text ?? '')
      .replace(/\s+/g, ' ')
      .trim(),
  );
  return clean.length > 160 ? `${clean.slice(0, 159)}…` : clean;
};

/** A change request as its notification names it: the round, of how many, and the note's start. */
const changeRequestParams = (
  data: EventData,
  c: DealRecord['context'],
  base: TextParams,
): TextParams => ({
  ...base,
  message: excerpt(data.note),
  round: Number(data.round),
  // A milestone's rounds are its own.
  rounds: (milestoneOr(c, data) ?? c).revisionRounds,
});

/** The milestone an event names (a deal with a plan), or null. */
const milestoneOr = (c: DealRecord['context'], data: EventData) =>
  typeof data.milestone === 'number'
    ? (c.milestones?.[data.milestone - 1] ?? null)
    : null;

/** A review started by a redelivery (the entry its command wrote at the same instant) is told as such. */
function deliveryKind(
  c: DealRecord['context'],
  event: PlannableEvent,
): NotificationKind {
  const at = (event.metadata as { at?: string } | null)?.at;
  return c.revisions.some((r) => r.at === at && r.kind === 'redelivered')
    ? 'content_redelivered'
    : 'content_delivered';
}

/**
 * The deal's creator, in their own language: by account when they accepted signed in, else by the
 * link's push devices and the address they confirmed.
 */
function toCreator(
  deal: DealRecord,
  facts: NotificationFacts,
  send: Senders,
  kind: NotificationKind,
  params: TextParams,
): void {
  const c = deal.context;
  const linkUrl = c.shareableToken ? `/accept/${c.shareableToken}` : '/';
  const account = c.claimedByUserId ? facts.user(c.claimedByUserId) : null;
  if (account) return send.toUser(account, kind, params, linkUrl);
  send.toLink(deal.id, kind, params, linkUrl);
  const email = facts.linkEmail(`deal-${deal.id}`);
  const language =
    facts.claimLanguage(`deal-${deal.id}`) ?? facts.linkLanguage(deal.id);
  if (email) send.toAddress(email, language, kind, params, linkUrl);
}

/**
 * A message in a deal's dispute: the side that did not write it hears, in its own language (the
 * creator as `toCreator` reaches them; the brand by its account's preferences).
 */
function planDealDisputeMessage(
  data: EventData,
  deal: DealRecord,
  facts: NotificationFacts,
  send: Senders,
  base: TextParams,
): void {
  const from = data.side as 'brand' | 'creator' | 'admin';
  const params: TextParams = { ...base, from, message: excerpt(data.text) };
  if (from !== 'brand')
    send.toUser(
      facts.user(deal.ownerId),
      'dispute_message',
      params,
      `/deals/${deal.id}`,
    );
  if (from === 'creator') return;
  toCreator(deal, facts, send, 'dispute_message', params);
}

/**
 * A split: brand and creator hear once, when the second part succeeded (the deal is split_resolved);
 * admins hear of each part the gateway refused, to retry it.
 */
function planSplitNotifications(
  event: PlannableEvent,
  data: EventData,
  deal: DealRecord,
  facts: NotificationFacts,
  send: Senders,
  base: TextParams,
): void {
  const split = deal.context.split;
  if (split === null) return;
  const dealId = deal.id;
  if (
    event.type === 'SplitTransferFailed' ||
    event.type === 'SplitRefundFailed'
  ) {
    const amountCents =
      event.type === 'SplitTransferFailed'
        ? split.creatorCents
        : split.refundCents;
    send.toAdmins(
      'admin_split_failed',
      {
        ...base,
        amountCents,
        reason: `${String(data.code)}: ${String(data.message)}`,
      },
      `/admin?deal=${dealId}`,
    );
    return;
  }
  if ((event.metadata as { state?: string } | null)?.state !== 'split_resolved')
    return;
  const params: TextParams = {
    ...base,
    amountCents: split.creatorCents,
    refundCents: split.refundCents,
  };
  send.toUser(
    facts.user(deal.ownerId),
    'split_resolved_brand',
    params,
    `/deals/${dealId}`,
  );
  const linkUrl = deal.context.shareableToken
    ? `/accept/${deal.context.shareableToken}`
    : '/';
  const creator = deal.context.claimedByUserId
    ? facts.user(deal.context.claimedByUserId)
    : null;
  send.toUser(creator, 'split_resolved_creator', params, linkUrl);
  send.toLink(dealId, 'link_split_resolved', params, linkUrl);
}

/** The daily reconciliation alerts the admins only when it found a mismatch. */
function planReconciliationAlert(data: EventData, { toAdmins }: Senders): void {
  const found = Number(data.mismatches);
  const byProblem = Object.entries(
    (data.byProblem ?? {}) as Record<string, number>,
  ).filter(([, n]) => n > 0);
  const reason = byProblem
    .map(([problem, n]) => `${problem.replace(/_/g, ' ')} ${n}`)
    .join(', ');
  // An escrow whose accounts do not sum to zero is a fault as serious as a mismatch.
  const unbalanced = Number(data.unbalanced ?? 0);
  if (found > 0 || unbalanced > 0)
    toAdmins(
      'admin_reconciliation_mismatch',
      {
        count: found + unbalanced,
        at: String(data.until),
        reason:
          unbalanced > 0
            ? [reason, `unbalanced ${unbalanced}`].filter(Boolean).join(', ')
            : reason,
      },
      '/admin?tab=reconciliation',
    );
}

function planRequestNotifications(
  event: PlannableEvent,
  data: EventData,
  requestId: number,
  facts: NotificationFacts,
  send: Senders,
): void {
  const { toUser, toAddress } = send;
  const request = facts.request(requestId);
  const r = request?.context.request;
  if (!request || !r) return;
  const creator = facts.user(request.creatorId);
  // The creator wrote these; they go to someone else's inbox, so no link in them is clickable.
  const params: TextParams = {
    requestId,
    title: neutraliseLinks(r.title),
    amountCents: r.amountCents,
    creatorName: neutraliseLinks(r.creatorName),
    brandName: neutraliseLinks(r.brandName),
    creatorAccount: neutraliseLinks(creator?.username ?? ''),
  };
  const brandUrl = `/pay-request/${r.token}`;
  const creatorUrl = '/payment-requests';
  const documentPage = (t: RefTarget) => facts.documentPage(t);
  // A brand with an account hears through its preferences; otherwise by email, in the language
  // its browser had when it accepted the request (before that, the creator's).
  const brandLanguage =
    facts.requestBrandLanguage(requestId) ??
    (creator ? languageOf(creator) : 'en');
  const toBrand = (
    kind: NotificationKind,
    p: TextParams,
    url = brandUrl,
    doc?: MailDocument,
  ) => {
    const account = facts.userByEmail(r.brandEmail);
    if (account) toUser(account, kind, p, url, doc);
    else toAddress(r.brandEmail, brandLanguage, kind, p, url, doc);
  };
  switch (event.type) {
    case 'PaymentRequestCreated': {
      if (facts.requestSenderBlocked(r.brandEmail, request.creatorId)) break;
      const from = send.out.length;
      toBrand('request_received', params);
      for (const n of send.out.slice(from))
        n.blockCreatorId = request.creatorId;
      break;
    }
    case 'PaymentRequestAccepted':
      toUser(creator, 'request_accepted', params, creatorUrl);
      break;
    case 'PaymentRequestPaid': {
      const paid = { ...params, amountCents: r.totalCents };
      const receipt = {
        kind: 'receipt',
        subject: 'payment_request',
        id: requestId,
      } as const;
      toBrand('request_paid_brand', paid, brandUrl, receipt);
      toUser(creator, 'request_paid', params, creatorUrl);
      break;
    }
    case 'PaymentRequestCompleted':
      if (data.transferId)
        planRequestPayout(request, params, creator, { toUser, documentPage });
      break;
    default:
      planRequestReviewNotifications(event, data, request, params, {
        ...send,
        toBrand,
        creator,
        documentPage,
      });
  }
}

/**
 * What a request's release pays its creator: the amount, or less when lost chargebacks took part
 * of the payment (the escrow then holds only the rest). Read off what was paid, refunded and lost,
 * which a later payout does not change, so a mail planned late says the same.
 */
function releasedCentsOf(c: PaymentRequestRecord['context']): number {
  const lost = c.chargebacks
    .filter((cb) => cb.status === 'lost')
    .reduce((sum, cb) => sum + cb.amountCents, 0);
  const amount = c.request?.amountCents ?? 0;
  return Math.max(
    0,
    Math.min(amount, c.paidCents - c.money.refundedCents - lost),
  );
}

/**
 * A request paid out: its creator hears what was transferred (less than asked when a lost
 * chargeback took part of the escrow), and gets the statement of it.
 */
function planRequestPayout(
  request: PaymentRequestRecord,
  params: TextParams,
  creator: UserContext | null,
  send: Pick<Senders, 'toUser'> & {
    documentPage: NotificationFacts['documentPage'];
  },
): void {
  const paidOut = {
    ...params,
    amountCents: request.context.money.transferredCents,
  };
  send.toUser(creator, 'payout_sent', paidOut, '/payment-requests');
  requestStatementMail(request.id, paidOut, creator, send);
}

/** A request's payout statement to its creator (a payout, or a split's part), with its PDF. */
function requestStatementMail(
  requestId: number,
  params: TextParams,
  creator: UserContext | null,
  send: Pick<Senders, 'toUser'> & {
    documentPage: NotificationFacts['documentPage'];
  },
): void {
  const statement = {
    kind: 'statement',
    subject: 'payment_request',
    id: requestId,
  } as const;
  send.toUser(
    creator,
    'document_statement',
    params,
    send.documentPage(statement),
    statement,
  );
}

/**
 * A request refunded: the brand hears of its refund, or when a lost chargeback ended it, that its
 * card network gave the money back (no refund from us, so no amount and no credit note).
 */
function planRequestRefunded(
  data: EventData,
  params: TextParams,
  send: Senders & {
    toBrand: (kind: NotificationKind, p: TextParams) => void;
    creator: UserContext | null;
  },
): void {
  const creatorUrl = '/payment-requests';
  if (data.reason === 'charged_back') {
    send.toBrand('charged_back_brand', params);
    send.toUser(send.creator, 'charged_back_creator', params, creatorUrl);
    return;
  }
  send.toBrand('request_refunded_brand', {
    ...params,
    amountCents: Number(data.amountCents),
  });
  send.toUser(send.creator, 'request_refunded_creator', params, creatorUrl);
}

/** The senders of a request's notifications: the brand by its link, the creator's account. */
type RequestSenders = Senders & {
  toBrand: (kind: NotificationKind, p: TextParams) => void;
  creator: UserContext | null;
  documentPage: NotificationFacts['documentPage'];
};

/** Both parts of a request's split done: each side hears its part, the creator with the statement. */
function planRequestSplitResolved(
  event: PlannableEvent,
  request: PaymentRequestRecord,
  params: TextParams,
  send: RequestSenders,
): void {
  const split = request.context.split;
  const state = (event.metadata as { state?: string } | null)?.state;
  if (split === null || state !== 'split_resolved') return;
  const p = {
    ...params,
    influencer: params.creatorName,
    amountCents: split.creatorCents,
    refundCents: split.refundCents,
  };
  send.toBrand('split_resolved_brand', p);
  send.toUser(send.creator, 'split_resolved_creator', p, '/payment-requests');
  // The creator's part was paid out: its statement, as after a payout.
  requestStatementMail(request.id, p, send.creator, send);
}

/**
 * The request's review as escrow (the creator's completion, the brand's dispute or decline, an
 * expiry, an admin's refund or split, the dispute's messages, a chargeback): each side hears what
 * it must act on or what it gets.
 */
function planRequestReviewNotifications(
  event: PlannableEvent,
  data: EventData,
  request: PaymentRequestRecord,
  params: TextParams,
  send: RequestSenders,
): void {
  const { toUser, toBrand, creator } = send;
  const creatorUrl = '/payment-requests';
  switch (event.type) {
    case 'PaymentRequestDelivered':
      toBrand('request_delivered', {
        ...params,
        amountCents: releasedCentsOf(request.context),
        at: String(data.reviewPeriodEndsAt),
      });
      break;
    case 'PaymentRequestDisputeOpened': {
      const p = {
        ...params,
        reason: excerpt(data.reason),
        at: String(data.endsAt),
      };
      toUser(creator, 'request_disputed', p, creatorUrl);
      break;
    }
    case 'PaymentRequestPayoutDeferred': {
      // Released before the creator has a bank account: it is added on the profile.
      const waiting = { ...params, amountCents: Number(data.amountCents) };
      toUser(creator, 'request_payout_waiting', waiting, '/profile');
      break;
    }
    case 'PaymentRequestRejected':
      toUser(creator, 'request_rejected', params, creatorUrl);
      break;
    case 'PaymentRequestExpired':
      toUser(creator, 'request_expired', params, creatorUrl);
      break;
    case 'PaymentRequestRefunded':
      planRequestRefunded(data, params, send);
      break;
    case 'PaymentRequestSplitTransferSucceeded':
    case 'PaymentRequestSplitRefundSucceeded':
      planRequestSplitResolved(event, request, params, send);
      break;
    case 'PaymentRequestDisputeMessagePosted': {
      const from = data.side as 'brand' | 'creator' | 'admin';
      const p: TextParams = { ...params, from, message: excerpt(data.text) };
      if (from !== 'creator') toUser(creator, 'dispute_message', p, creatorUrl);
      if (from !== 'brand') toBrand('dispute_message', p);
      break;
    }
    case 'PaymentRequestChargebackOpened':
      send.toAdmins(
        'admin_chargeback',
        {
          requestId: request.id,
          amountCents: Number(data.amountCents),
          reason: String(data.reason),
        },
        `/admin?request=${request.id}`,
      );
      break;
  }
}

/**
 * Money intents waited past INTENT_ALERT_MINUTES: the admins hear by e-mail at every alert address
 * and by push on every device they turned alerts on; an alert address that is also a user account
 * gets that account's push too (as its preferences allow).
 */
function planStalledIntentsAlert(
  data: EventData,
  facts: NotificationFacts,
  send: Senders,
): void {
  const params: TextParams = {
    count: Number(data.unanswered),
    minutes: Number(data.limitMinutes),
    at: String(data.oldestAt),
    reason: `${String(data.oldestType)} ${String(data.oldestStreamId)}`,
  };
  const url = '/admin?tab=money';
  send.toAdmins('admin_intents_stalled', params, url);
  for (const email of facts.adminEmails) {
    const account = facts.userByEmail(email);
    if (!account) continue;
    const from = send.out.length;
    send.toUser(account, 'admin_intents_stalled', params, url);
    // The address already has its e-mail: the account adds its push only.
    for (const n of send.out.splice(from))
      if (n.channels.includes('push'))
        send.out.push({ ...n, channels: ['push'], email: null });
  }
}

const invoiceMails = {
  invoice: { kind: 'document_invoice', path: 'invoice' },
  credit_note: { kind: 'document_credit_note', path: 'credit-note' },
  self_billed: { kind: 'document_self_billed', path: 'self-billed-invoice' },
} as const;

/**
 * An issued invoice (the platform's fee invoice or credit note, or a creator's self-billed
 * invoice) goes to the brand by e-mail with its PDF, linking its document page: a deal's brand
 * account (the signed-in page), a request's payer at the address the request was sent to (the
 * link's page, in the language its browser had; an account with that address hears as an account).
 */
function planIssuedInvoice(
  doc: InvoiceDocumentDto,
  facts: NotificationFacts,
  send: Senders,
): void {
  const mail = invoiceMails[doc.kind];
  const { id } = doc.subject;
  const document = { kind: 'invoice', doc } as const;
  // A self-billed invoice's seller is the creator, who wrote its name.
  const params: TextParams = {
    number: doc.number,
    influencer: neutraliseLinks(doc.seller.name),
  };
  if (doc.subject.kind === 'deal') {
    const title = facts.deal(id)?.context.terms?.title ?? undefined;
    const url = facts.documentPage({ kind: mail.path, subject: 'deal', id });
    const brand = doc.brandUserId ? facts.user(doc.brandUserId) : null;
    send.toUser(
      brand,
      mail.kind,
      { ...params, dealId: id, title },
      url,
      document,
    );
    return;
  }
  const request = facts.request(id);
  const r = request?.context.request;
  if (!request || !r) return;
  const p = { ...params, requestId: id, title: neutraliseLinks(r.title) };
  const url = `/pay-request/${r.token}/${mail.path}`;
  const account = facts.userByEmail(r.brandEmail);
  if (account) return send.toUser(account, mail.kind, p, url, document);
  const creator = facts.user(request.creatorId);
  const language =
    facts.requestBrandLanguage(id) ?? (creator ? languageOf(creator) : 'en');
  send.toAddress(r.brandEmail, language, mail.kind, p, url, document);
}

export function planNotifications(
  event: PlannableEvent,
  facts: NotificationFacts,
): PlannedNotification[] {
  const data = (event.data ?? {}) as EventData;
  const out: PlannedNotification[] = [];
  const send = sendersFor(facts, out);
  if (event.type === 'ReconciliationCompleted') {
    planReconciliationAlert(data, send);
    return out;
  }
  if (event.type === 'PaymentIntentsStalled') {
    planStalledIntentsAlert(data, facts, send);
    return out;
  }
  if (event.type === 'InvoiceIssued') {
    planIssuedInvoice(data as unknown as InvoiceDocumentDto, facts, send);
    return out;
  }
  if (event.type === 'NotificationFailureRateExceeded') {
    send.toAdmins(
      'admin_notification_failures',
      {
        channel: String(data.channel),
        count: Number(data.failed),
        total: Number(data.attempts),
        at: String(data.windowStart),
      },
      '/admin',
    );
    return out;
  }
  const dealId =
    idOf(event.streamId, 'deal-') ??
    ([
      'ReleaseReminderDue',
      'HoldAgeingAlertDue',
      'MilestoneDueReminderDue',
    ].includes(event.type)
      ? Number(data.dealId)
      : null);
  if (dealId !== null) planDealNotifications(event, data, dealId, facts, send);
  else {
    const requestId = idOf(event.streamId, 'payment-request-');
    if (requestId !== null)
      planRequestNotifications(event, data, requestId, facts, send);
  }
  return out;
}
