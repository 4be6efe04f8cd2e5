import type { DealEvent, ReleaseTrigger } from '@machines/deal/deal.events';
import type { PaymentRequestEvent } from '@machines/payment-request/payment-request.events';
import type {
  AdminEvent,
  SupportEvent,
  UserEvent,
} from '@machines/account/account.events';
import type { Actor, EventMetadata } from '@machines/events/metadata';
import { eventDefinition } from '@machines/events/catalog';
import { breakdown } from '@machines/money';

/**
 * Event factories for specs: every event starts from its catalogue example (so it is valid by
 * construction) and a test overrides only what it is about. Times are hours after T0.
 */

export type AnyEvent =
  | DealEvent
  | PaymentRequestEvent
  | UserEvent
  | AdminEvent
  | SupportEvent;
export type AnyEventType = AnyEvent['type'];
export type EventOfType<T extends AnyEventType> = Extract<
  AnyEvent,
  { type: T }
>;
export type DataOf<T extends AnyEventType> = EventOfType<T>['data'];

/** The idempotency key tests give an intent and its outcome. */
export const EFFECT_KEY = 'key-0001';
export const T0 = '2026-03-02T10:00:00.000Z';
export const HOUR = 3_600_000;

/** ISO instant `hours` after T0 (fractions allowed; `at(48) ` is the end of a review started at T0). */
export function at(hours: number): string {
  return new Date(Date.parse(T0) + hours * HOUR).toISOString();
}

/** ISO instant `ms` milliseconds after `iso`. */
export function plusMs(iso: string, ms: number): string {
  return new Date(Date.parse(iso) + ms).toISOString();
}

export const actors = {
  brand: { kind: 'brand', id: 'u_brand' },
  creatorLink: { kind: 'creator-link', id: 'token' },
  creator: { kind: 'creator', id: 'u_creator' },
  admin: { kind: 'admin', id: 'a_1' },
  system: { kind: 'system', id: 'timer' },
  stripe: { kind: 'stripe', id: 'evt' },
} as const satisfies Record<string, Actor>;

export function metadata(
  atIso: string = T0,
  actor: Actor = actors.system,
): EventMetadata {
  return {
    actor,
    at: atIso,
    correlationId: 'corr-1',
    causationId: null,
    schemaVersion: 1,
  };
}

/** An event of `type` with the catalogue example as data, `data` overriding fields. */
export function event<T extends AnyEventType>(
  type: T,
  data: Partial<DataOf<T>> = {},
  atIso: string = T0,
  actor?: Actor,
): EventOfType<T> {
  const definition = eventDefinition(type);
  if (!definition) throw new Error(`No catalogue entry for ${type}`);
  const example = definition.example as object;
  return {
    type,
    data: { ...example, ...data },
    metadata: metadata(atIso, actor),
  } as unknown as EventOfType<T>;
}

/** Deal terms with the fee computed by machines/money.ts. */
export function terms(amountCents: number) {
  return { ...breakdown(amountCents, 'deal') };
}

/** The deal's happy path, in order, with realistic times; slice it for a `given`. */
export const dealHistory = {
  created: () =>
    event('DealCreated', { dealId: 42, ...terms(25_000) }, at(0), actors.brand),
  linked: () => event('ShareLinkGenerated', {}, at(0.1), actors.brand),
  checkout: () => event('CheckoutSessionCreated', {}, at(0.2), actors.brand),
  paid: () =>
    event('PaymentSucceeded', { amountCents: 27_050 }, at(0.5), actors.stripe),
  accepted: () => event('CreatorAccepted', {}, at(1), actors.creatorLink),
  onboarding: () =>
    event(
      'BankOnboardingStarted',
      { accountId: 'acct_1Pq' },
      at(1.1),
      actors.creatorLink,
    ),
  bank: () =>
    event(
      'BankAccountConnected',
      { accountId: 'acct_1Pq' },
      at(1.2),
      actors.stripe,
    ),
  delivered: () => event('ContentDelivered', {}, at(2), actors.creatorLink),
  reviewStarted: () =>
    event('ReviewPeriodStarted', { startsAt: at(2), endsAt: at(50) }, at(2)),
  disputed: () =>
    event('DisputeOpened', { endsAt: at(75) }, at(3), actors.brand),
  /** The brand approves (intent) and the transfer is made (outcome with the same key). */
  releaseRequested: (trigger: ReleaseTrigger = 'brand') =>
    event(
      'FundsReleaseRequested',
      { trigger, key: EFFECT_KEY },
      at(4),
      actors.brand,
    ),
  released: (trigger: ReleaseTrigger = 'brand') =>
    event(
      'FundsReleased',
      { trigger, key: EFFECT_KEY },
      at(4.01),
      actors.system,
    ),
};

/** Given-prefixes by state, built from the happy path. */
export const dealGiven = {
  pendingPayment: () => [dealHistory.created()],
  awaitingAcceptance: () => [
    dealHistory.created(),
    dealHistory.checkout(),
    dealHistory.paid(),
  ],
  accepted: () => [...dealGiven.awaitingAcceptance(), dealHistory.accepted()],
  bankConnected: () => [
    ...dealGiven.accepted(),
    dealHistory.onboarding(),
    dealHistory.bank(),
  ],
  delivered: () => [
    ...dealGiven.bankConnected(),
    dealHistory.delivered(),
    dealHistory.reviewStarted(),
  ],
  dispute: () => [...dealGiven.delivered(), dealHistory.disputed()],
  /** The brand asked for changes (round 1 of the example's 2). */
  changesRequested: () => [
    ...dealGiven.delivered(),
    event('ChangesRequested', { round: 1 }, at(3), actors.brand),
  ],
  completed: () => [
    ...dealGiven.delivered(),
    dealHistory.releaseRequested(),
    dealHistory.released(),
  ],
  approvedAfterDispute: () => [
    ...dealGiven.dispute(),
    dealHistory.releaseRequested(),
    dealHistory.released(),
  ],
  cancelled: () => [
    ...dealGiven.awaitingAcceptance(),
    event('RefundRequested', { key: EFFECT_KEY }, at(2.9), actors.admin),
    event('DealRefunded', { key: EFFECT_KEY }, at(3), actors.system),
  ],
  deleted: () => [
    dealHistory.created(),
    event('DealDeleted', {}, at(1), actors.brand),
  ],
};

/** A payment request created at T0 that expires 10 days later. */
export const requestHistory = {
  expiresAt: at(240),
  created: () =>
    event(
      'PaymentRequestCreated',
      {
        amountCents: 40_000,
        feeCents: 2_000,
        totalCents: 42_000,
        expiresAt: at(240),
      },
      at(0),
      actors.creator,
    ),
  accepted: () => event('PaymentRequestAccepted', {}, at(1)),
  checkout: () => event('PaymentRequestCheckoutCreated', {}, at(1.5)),
  paid: () => event('PaymentRequestPaid', {}, at(2), actors.stripe),
  payoutRequested: () =>
    event(
      'PaymentRequestPayoutRequested',
      { key: EFFECT_KEY },
      at(30),
      actors.creator,
    ),
  completed: () =>
    event(
      'PaymentRequestCompleted',
      { key: EFFECT_KEY },
      at(30.01),
      actors.system,
    ),
};
