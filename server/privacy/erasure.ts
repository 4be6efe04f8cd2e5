import type { UserContext } from '@machines/account/user.machine';
import { balanceOf, limitedAccounts } from '@machines/escrow/escrow-accounts';
import type { EscrowLedger } from '@machines/escrow/escrow-ledger';
import type { AccountQueries } from '../../projections/accounts.queries';
import type { DealQueries, DealRecord } from '../../projections/deals.queries';
import type { NotificationQueries } from '../../projections/notifications.queries';
import type { PaymentRequestQueries } from '../../projections/payment-requests.queries';
import { DomainError } from '../commands/domain-error';
import type { CommandContext } from '../commands/command-bus';
import type { CommandRunner } from '../commands/run-command';
import type { UniqueValues } from '../commands/unique-values';
import type { EventStore } from '../event-store/event-store';
import type { KeyStore } from '../event-store/key-store';
import type { MailSender } from '../notifications/mail-sender';
import { createLinkSubscriptions } from '../notifications/link-subscriptions';
import { appendNotificationEvent } from '../notifications/notification-streams';
import type { Clock } from '../shared/clock';

/** What the erasure uses of the app. */
export interface ErasureParts {
  store: EventStore;
  clock: Clock;
  keys: KeyStore;
  run: CommandRunner;
  unique: UniqueValues;
  notifications: { mail: Pick<MailSender, 'removeMentioning'> };
  queries: {
    accounts: AccountQueries;
    deals: DealQueries;
    requests: PaymentRequestQueries;
    notifications: NotificationQueries;
  };
  settle(position: number): Promise<void>;
  /** Drops the erased values from this instance's read models (forget-read-models.ts). */
  forgetReadModels(): Promise<void>;
}

type RequestedBy = 'self' | 'admin';

/** Money still held for or owed to someone in an escrow: any limited account not at zero. */
const moneyOpen = (c: Pick<EscrowLedger, 'accounts'>): boolean =>
  limitedAccounts.some((account) => balanceOf(c.accounts, account) !== 0);

/** Refuses (409 `erasure_money_held`) while any of the escrows holds or owes money. */
function refuseWhileMoneyOpen(escrows: Pick<EscrowLedger, 'accounts'>[]): void {
  const count = escrows.filter(moneyOpen).length;
  if (count > 0) throw new DomainError('erasure_money_held', { count });
}

/** A payment request still waiting to be accepted or paid: money may yet be held for its creator. */
const payableStatuses = new Set(['pending', 'accepted']);

/**
 * Refuses (409 `erasure_requests_open`) while a payment request the person made or was sent can
 * still be paid: its brand could pay it after the erasure, and the money would be held for, or
 * taken from, someone who can no longer sign in.
 */
function refuseWhileRequestsOpen(requests: { status: string }[]): void {
  const count = requests.filter((r) => payableStatuses.has(r.status)).length;
  if (count > 0) throw new DomainError('erasure_requests_open', { count });
}

/**
 * Refuses (409 `erasure_checkout_open`) while a deal the brand owns waits for a payment whose
 * checkout is open: its payment page stays payable at the gateway, and the money would arrive for
 * a brand who can no longer sign in. A deleted deal does not count (deleting it closes its checkout).
 */
function refuseWhileCheckoutOpen(owned: DealRecord[]): void {
  const count = owned.filter(
    (r) =>
      r.status === 'pending_payment' &&
      r.context.deletedAt === null &&
      r.context.checkoutSessionId !== null,
  ).length;
  if (count > 0) throw new DomainError('erasure_checkout_open', { count });
}

/** The deals and requests an account is a party to, and the links it acted through. */
function partiesOf(queries: ErasureParts['queries'], user: UserContext) {
  const owned = queries.deals.listForOwner(user.userId);
  const claimed = queries.deals.listClaimedBy(user.userId);
  const created = queries.requests.listForCreator(user.userId);
  const addressed = queries.requests.listForBrandEmail(user.email);
  return {
    escrows: [...owned, ...claimed, ...created, ...addressed].map(
      (r) => r.context,
    ),
    requests: [...created, ...addressed],
    owned,
    dealLinks: claimed.map((r) => r.id),
    links: [
      ...claimed.map((r) => `deal-link-${r.id}`),
      ...addressed.map((r) => `payment-request-link-${r.id}`),
    ],
  };
}

/** The erasure's steps after the refusal check: each one an event, none with the erased data. */
async function eraseSubject(
  parts: ErasureParts,
  subject: string,
  keySubjects: string[],
  needles: string[],
  meta: CommandContext,
  account?: () => Promise<void>,
): Promise<void> {
  const event = (type: string, data: object) =>
    appendNotificationEvent(
      parts,
      `privacy-${subject}`,
      { type, data },
      'any',
      meta,
    );
  await event('PersonalDataErasureRequested', {
    subject,
    requestedBy:
      meta.actor.kind === 'admin' ? 'admin' : ('self' satisfies RequestedBy),
  });
  await account?.();
  let last = 0;
  for (const keySubject of keySubjects) {
    await parts.keys.erase(keySubject, 'profile');
    const data = { subject: keySubject, kind: 'profile', reason: 'request' };
    last = (await event('PersonalDataKeyErased', data)).position;
  }
  const files = parts.notifications.mail.removeMentioning(needles);
  await event('MailFilesRemoved', { subject, files });
  await parts.settle(last);
  await parts.forgetReadModels();
}

/**
 * Forgets an account on its owner's request: refused while money is held for or owed to them, or
 * a payment request of theirs or a checkout of a deal of theirs can still be paid; else the account is erased (no sign-in, tokens revoked, devices dropped), its e-mail address and
 * username are given up, the profile keys of the account and of the links it acted through are
 * deleted, the mail files naming it removed, and the read models rebuilt without it.
 */
export async function eraseUser(
  parts: ErasureParts,
  userId: string,
  meta: CommandContext,
): Promise<void> {
  const user = parts.queries.accounts.userById(userId);
  if (!user || user.erased) throw new DomainError('user_not_found');
  const { escrows, requests, owned, links, dealLinks } = partiesOf(
    parts.queries,
    user,
  );
  refuseWhileMoneyOpen(escrows);
  refuseWhileRequestsOpen(requests);
  refuseWhileCheckoutOpen(owned);
  const needles = [
    user.email,
    user.username,
    user.companyName ?? '',
    user.phoneNumber ?? '',
  ];
  await eraseSubject(
    parts,
    `user-${userId}`,
    [`user-${userId}`, ...links],
    needles,
    meta,
    () => eraseAccount(parts, user, dealLinks, meta),
  );
}

async function eraseAccount(
  parts: ErasureParts,
  user: UserContext,
  dealLinks: number[],
  meta: CommandContext,
) {
  await parts.run.user(user.userId, { type: 'EraseAccount' }, meta);
  const devices = createLinkSubscriptions(parts);
  for (const dealId of dealLinks) await devices.dropAll(dealId, meta, 'erased');
  await parts.unique.release('email', user.email, user.userId, meta);
  await parts.unique.release('username', user.username, user.userId, meta);
}

/** Forgets a creator known only through a deal link (asked through the claimed link). */
export async function eraseDealLink(
  parts: ErasureParts,
  record: DealRecord,
  meta: CommandContext,
): Promise<void> {
  refuseWhileMoneyOpen([record.context]);
  const email = parts.queries.notifications.linkEmail(`deal-${record.id}`);
  const subject = `deal-link-${record.id}`;
  await eraseSubject(
    parts,
    subject,
    [subject],
    email ? [email] : [],
    meta,
    () => createLinkSubscriptions(parts).dropAll(record.id, meta, 'erased'),
  );
}
