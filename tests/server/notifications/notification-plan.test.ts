import { describe, expect, it } from 'vitest';
import type { Language } from '@machines/account/account.events';
import {
  emptyUserContext,
  type UserContext,
} from '@machines/account/user.machine';
import {
  emptyDealContext,
  type DealContext,
} from '@machines/deal/deal.context';
import { eventDefinition } from '@machines/events/catalog';
import { emptyPaymentRequestContext } from '@machines/payment-request/payment-request.context';
import type { DealRecord } from '@projections/deals.queries';
import type { PaymentRequestRecord } from '@projections/payment-requests.queries';
import {
  planNotifications,
  recipientKey,
  type NotificationFacts,
  type PlannableEvent,
} from '@server/notifications/notification-plan';
import { formatterFor } from '@server/notifications/texts';
import { documentPageOf, type RefTarget } from '@server/shared/document-refs';
import { keyedHasher } from '@server/shared/keyed-hash';

/*
 * Who hears about what, as a pure function: for each event type the recipients, channels,
 * language, screen link and text. Events are the catalogue's examples, on the streams they live on.
 */

const ENDS = '2026-03-04T10:00:00.000Z';
/** A party's document page by its reference, as the app's secret makes it. */
const pageOf = (t: RefTarget) =>
  documentPageOf(keyedHasher('plan-test-secret'), t);
const requestStatement = pageOf({
  kind: 'statement',
  subject: 'payment_request',
  id: 7,
});
const user = (
  userId: string,
  over: Partial<UserContext> = {},
): UserContext => ({
  ...emptyUserContext,
  userId,
  email: `${userId}@example.com`,
  username: userId,
  ...over,
});
const brand = user('brand', { language: 'nl' });
const creator = user('creator');
const requestBrand = user('acme', {
  email: 'marketing@acme.example',
  notifications: { push: true, email: false },
});

const dealContext: DealContext = {
  ...emptyDealContext,
  dealId: 42,
  ownerId: 'brand',
  shareableToken: 'q3Zb7kR0yJ1m9XcL2vT8wA',
  terms: {
    ...(eventDefinition('DealCreated')!.example as DealContext['terms'] &
      object),
  },
  reviewPeriodEndsAt: ENDS,
};

function facts(
  over: {
    deal?: Partial<DealContext>;
    users?: UserContext[];
    link?: Language | null;
    optedOut?: string[];
    requestBrand?: Language;
    linkEmail?: string;
    request?: Partial<PaymentRequestRecord['context']>;
    adminPush?: boolean;
  } = {},
): NotificationFacts {
  const users = over.users ?? [brand, creator];
  const deal: DealRecord = {
    id: 42,
    ownerId: 'brand',
    status: 'delivered',
    state: 'delivered',
    createdAt: '',
    position: 1,
    context: { ...dealContext, ...over.deal },
  };
  const requestData = {
    ...(eventDefinition('PaymentRequestCreated')!.example as object),
    creatorId: 'creator',
  } as PaymentRequestRecord['context']['request'];
  const request: PaymentRequestRecord = {
    id: 7,
    creatorId: 'creator',
    status: 'paid',
    state: 'paid',
    context: {
      ...emptyPaymentRequestContext,
      request: requestData,
      ...over.request,
    },
  };
  const link = over.link === undefined ? 'en' : over.link;
  return {
    deal: (id) => (id === 42 ? deal : null),
    request: (id) => (id === 7 ? request : null),
    user: (id) => users.find((u) => u.userId === id) ?? null,
    userByEmail: (email) => users.find((u) => u.email === email) ?? null,
    adminEmails: ['ops@escrow.test', 'cto@escrow.test'],
    adminsSubscribed: () => over.adminPush ?? false,
    linkSubscribed: () => link !== null,
    linkLanguage: () => link ?? 'en',
    linkEmail: (l) => (l === 'deal-42' ? (over.linkEmail ?? null) : null),
    claimLanguage: (l) => (l === 'deal-42' ? 'nl' : null),
    requestBrandLanguage: (id) =>
      id === 7 ? (over.requestBrand ?? null) : null,
    emailOptedOut: (email) => (over.optedOut ?? []).includes(email),
    requestSenderBlocked: () => false,
    documentPage: pageOf,
  };
}

const event = (
  type: string,
  data: Record<string, unknown> = {},
  streamId = 'deal-42',
): PlannableEvent => ({
  id: `e-${type}`,
  type,
  streamId,
  data: { ...(eventDefinition(type)!.example as object), ...data },
  metadata: {},
});

/** "recipient channels language → url: title" lines, one per planned notification. */
const plan = (e: PlannableEvent, f = facts()) =>
  planNotifications(e, f).map(
    (n) =>
      `${recipientKey(n.recipient)} ${n.channels.join('+')} ${n.language} → ${n.url}: ${n.title}`,
  );

describe('planNotifications', () => {
  it('PaymentSucceeded tells the brand (in Dutch, by push and email) with its receipt attached, unless receipts are off', () => {
    expect(plan(event('PaymentSucceeded'))).toEqual([
      'user:brand push+email nl → /deals/42: Betaling ontvangen',
    ]);
    const [paid] = planNotifications(event('PaymentSucceeded'), facts());
    expect(paid!.document).toEqual({
      kind: 'receipt',
      subject: 'deal',
      id: 42,
    });
  });

  it.each([
    ['CreatorAccepted', 'Deal geaccepteerd'],
    ['ReviewPeriodStarted', 'Content geleverd'],
    ['DisputePeriodElapsed', 'Geschil gesloten'],
  ])(
    '%s tells the brand (in Dutch, by push and email), linking to the deal card',
    (type, title) => {
      expect(plan(event(type))).toEqual([
        `user:brand push+email nl → /deals/42: ${title}`,
      ]);
    },
  );

  it("the delivery names the review deadline in the brand's language", () => {
    const [n] = planNotifications(
      event('ReviewPeriodStarted', { endsAt: ENDS }),
      facts(),
    );
    expect(n!.body).toContain(formatterFor('nl-NL').dateTime(ENDS));
    expect(n!.body).toContain('4 maart 2026');
  });

  it.each([
    ['FundsReleased', 'Geld vrijgegeven', 'Payout sent'],
    ['DealRefunded', 'Terugbetaling gedaan', 'Deal cancelled'],
  ])(
    '%s tells the brand and the creator who subscribed through the link (accept page)',
    (type, brandTitle, creatorTitle) => {
      expect(plan(event(type))).toEqual([
        `user:brand push+email nl → /deals/42: ${brandTitle}`,
        `deal-link:42 push en → /accept/q3Zb7kR0yJ1m9XcL2vT8wA: ${creatorTitle}`,
      ]);
      expect(plan(event(type), facts({ link: null }))).toEqual([
        `user:brand push+email nl → /deals/42: ${brandTitle}`,
      ]);
    },
  );

  it('an event about a milestone names it after the deal; a milestone review gets its reminder', () => {
    const milestones = [
      { title: 'Story', status: 'released' },
      {
        title: 'TikTok',
        status: 'delivered',
        reviewPeriodEndsAt: ENDS,
        reviewElapsedAt: null,
      },
    ] as unknown as DealContext['milestones'];
    const f = facts({ deal: { milestones, reviewPeriodEndsAt: null } });
    const [released] = planNotifications(
      event('FundsReleased', { milestone: 2, amountCents: 8_000 }),
      f,
    );
    expect(released!.body).toContain('Spring launch · TikTok');
    expect(plan(event('ReleaseReminderDue', { endsAt: ENDS }), f)).toHaveLength(
      1,
    );
    expect(
      plan(
        event('ReleaseReminderDue', { endsAt: '2026-03-09T10:00:00.000Z' }),
        f,
      ),
    ).toEqual([]);
  });

  it("a milestone's change request counts its own rounds; its dispute's end names its amount (to the Dutch brand)", () => {
    const milestones = [
      {
        title: 'Story',
        status: 'in_progress',
        revisionRounds: 3,
        amountCents: 10_000,
      },
      {
        title: 'TikTok',
        status: 'released',
        revisionRounds: 1,
        amountCents: 8_000,
      },
    ] as unknown as DealContext['milestones'];
    const f = facts({ deal: { milestones, revisionRounds: 0 } });
    const asked = planNotifications(
      event('ChangesRequested', { milestone: 1, note: 'Reshoot', round: 2 }),
      f,
    );
    expect(asked[0]!.body).toContain('(revision round 2 of 3)');
    const [ended] = planNotifications(
      event('DisputePeriodElapsed', { milestone: 2 }),
      f,
    );
    expect(ended!.body).toMatch(/€\s80,00 is aan de creator vrijgegeven/);
  });

  it('a dispute reaches the creator only (link push and confirmed address, or their account), with its reason, where to answer and when it ends', () => {
    expect(plan(event('DisputeOpened'), facts({ link: 'nl' }))).toEqual([
      'deal-link:42 push nl → /accept/q3Zb7kR0yJ1m9XcL2vT8wA: Levering betwist',
    ]);
    // The address confirmed at acceptance hears it too, in the link's language: the 72 hours run.
    const opened = event('DisputeOpened', {
      reason: 'See https://x.example for what is missing.',
    });
    expect(
      plan(opened, facts({ link: 'nl', linkEmail: 'sam@creator.example' })),
    ).toEqual([
      'deal-link:42 push nl → /accept/q3Zb7kR0yJ1m9XcL2vT8wA: Levering betwist',
      'email:sam@creator.example email nl → /accept/q3Zb7kR0yJ1m9XcL2vT8wA: Levering betwist',
    ]);
    const mail = planNotifications(
      opened,
      facts({ link: 'nl', linkEmail: 'sam@creator.example' }),
    )[1]!;
    expect(mail.body).not.toContain('https://x.example');
    expect(mail.body).toContain('Reageer en voeg bewijs toe op de pagina');
    expect(mail.body).toContain(
      formatterFor('nl-NL').dateTime('2026-11-25T10:00:00.000Z'),
    );
    const signedIn = facts({ deal: { claimedByUserId: 'creator' } });
    expect(plan(opened, signedIn)).toEqual([
      'user:creator push+email en → /accept/q3Zb7kR0yJ1m9XcL2vT8wA: Delivery disputed',
    ]);
    expect(planNotifications(opened, signedIn)[0]!.body).toContain(
      'Reply and add evidence on its page. Unless an admin decides otherwise, the money is released to you on',
    );
  });

  it('a dispute message reaches the side that did not write it, in its own language', () => {
    const fromBrand = event('DisputeMessagePosted', {
      side: 'brand',
      text: 'See https://x.example',
    });
    expect(
      plan(fromBrand, facts({ linkEmail: 'sam@creator.example' })),
    ).toEqual([
      'deal-link:42 push en → /accept/q3Zb7kR0yJ1m9XcL2vT8wA: New message in the dispute',
      'email:sam@creator.example email nl → /accept/q3Zb7kR0yJ1m9XcL2vT8wA: Nieuw bericht in het geschil',
    ]);
    const [mail] = planNotifications(
      fromBrand,
      facts({ link: null, linkEmail: 'sam@creator.example' }),
    );
    expect(mail!.body).toContain('Het merk schreef over');
    expect(mail!.body).not.toContain('https://x.example');
    expect(plan(event('DisputeMessagePosted', { side: 'creator' }))).toEqual([
      'user:brand push+email nl → /deals/42: Nieuw bericht in het geschil',
    ]);
    expect(
      plan(
        event('DisputeMessagePosted', { side: 'admin' }),
        facts({ link: null }),
      ),
    ).toEqual([
      'user:brand push+email nl → /deals/42: Nieuw bericht in het geschil',
    ]);
    const onRequest = (side: string) =>
      plan(
        event(
          'PaymentRequestDisputeMessagePosted',
          { side },
          'payment-request-7',
        ),
        facts({ requestBrand: 'nl' }),
      );
    expect(onRequest('brand')).toEqual([
      'user:creator push+email en → /payment-requests: New message in the dispute',
    ]);
    expect(onRequest('creator')).toHaveLength(1);
    expect(onRequest('creator')[0]).toMatch(
      / nl → \/pay-request\/.+: Nieuw bericht in het geschil$/,
    );
  });

  it('a change request reaches the creator (link push and confirmed address) with the round and the note', () => {
    const requested = event('ChangesRequested', {
      note: 'Reshoot the intro',
      round: 1,
    });
    expect(
      plan(requested, facts({ linkEmail: 'sam@creator.example' })),
    ).toEqual([
      'deal-link:42 push en → /accept/q3Zb7kR0yJ1m9XcL2vT8wA: Changes requested',
      'email:sam@creator.example email nl → /accept/q3Zb7kR0yJ1m9XcL2vT8wA: Wijzigingen gevraagd',
    ]);
    const [push] = planNotifications(
      requested,
      facts({ deal: { revisionRounds: 2 } }),
    );
    expect(push!.body).toContain(
      '(revision round 1 of 2): “Reshoot the intro”',
    );
    const signedIn = facts({ deal: { claimedByUserId: 'creator' } });
    expect(plan(requested, signedIn)).toEqual([
      'user:creator push+email en → /accept/q3Zb7kR0yJ1m9XcL2vT8wA: Changes requested',
    ]);
  });

  it('the review a redelivery starts is told to the brand as the changes delivered', () => {
    const at = '2026-03-03T10:00:00.000Z';
    const started = {
      ...event('ReviewPeriodStarted', { endsAt: ENDS }),
      metadata: { at },
    };
    const redelivered = facts({
      deal: { revisions: [{ kind: 'redelivered', note: null, links: [], at }] },
    });
    expect(plan(started, redelivered)).toEqual([
      'user:brand push+email nl → /deals/42: Wijzigingen geleverd',
    ]);
    expect(plan(started)).toEqual([
      'user:brand push+email nl → /deals/42: Content geleverd',
    ]);
  });

  it('the release reminder goes to the brand only while the review period it was set for still runs', () => {
    const reminder = event(
      'ReleaseReminderDue',
      { dealId: 42, endsAt: ENDS },
      'reminder-deal-42-abc',
    );
    expect(plan(reminder)).toEqual([
      'user:brand push+email nl → /deals/42: Geld wordt binnenkort vrijgegeven',
    ]);
    expect(
      plan(
        reminder,
        facts({ deal: { transferId: 'tr_1', completedAt: ENDS } }),
      ),
    ).toEqual([]);
    expect(plan(reminder, facts({ deal: { disputeCreatedAt: ENDS } }))).toEqual(
      [],
    );
    expect(
      plan(
        reminder,
        facts({ deal: { reviewPeriodEndsAt: '2026-03-05T10:00:00.000Z' } }),
      ),
    ).toEqual([]);
    expect(
      plan(
        reminder,
        facts({
          deal: { hold: { since: ENDS, source: 'admin', reason: 'x' } },
        }),
      ),
    ).toEqual([]);
  });

  it('chargebacks, failed transfers and ageing holds alert every admin address by email, linking to the admin deal', () => {
    const admins = (title: string, url = '/admin?deal=42') => [
      `email:ops@escrow.test email en → ${url}: ${title}`,
      `email:cto@escrow.test email en → ${url}: ${title}`,
    ];
    expect(plan(event('ChargebackOpened'))).toEqual(
      admins('Chargeback opened'),
    );
    expect(plan(event('TransferFailed'))).toEqual(admins('Transfer failed'));
    const since = '2026-03-01T10:00:00.000Z';
    const ageing = event(
      'HoldAgeingAlertDue',
      { dealId: 42, heldSince: since },
      'hold-alert-deal-42-abc',
    );
    expect(
      plan(
        ageing,
        facts({ deal: { hold: { since, source: 'admin', reason: 'review' } } }),
      ),
    ).toEqual(admins('Deal on hold too long'));
    expect(plan(ageing, facts())).toEqual([]);
    expect(
      plan(event('PaymentRequestChargebackOpened', {}, 'payment-request-7')),
    ).toEqual(admins('Chargeback opened', '/admin?request=7'));
    const reconciled = event(
      'ReconciliationCompleted',
      {},
      'reconciliation-2026-11-20',
    );
    expect(plan(reconciled)).toEqual(
      admins('Reconciliation found a mismatch', '/admin?tab=reconciliation'),
    );
    expect(planNotifications(reconciled, facts())[0]!.body).toContain(
      '1 money movement(s)',
    );
    expect(planNotifications(reconciled, facts())[0]!.body).toContain(
      'missing in ledger 1',
    );
    const clean = {
      mismatches: 0,
      byProblem: {
        missing_at_gateway: 0,
        missing_in_ledger: 0,
        amount_differs: 0,
        intent_without_outcome: 0,
      },
    };
    expect(
      plan(
        event('ReconciliationCompleted', clean, 'reconciliation-2026-11-21'),
      ),
    ).toEqual([]);
    // An escrow whose accounts do not sum to zero alerts as a mismatch does.
    const unbalanced = event(
      'ReconciliationCompleted',
      { ...clean, unbalanced: 1 },
      'reconciliation-2026-11-22',
    );
    expect(plan(unbalanced)).toEqual(
      admins('Reconciliation found a mismatch', '/admin?tab=reconciliation'),
    );
    expect(planNotifications(unbalanced, facts())[0]!.body).toContain(
      'unbalanced 1',
    );
  });

  it('money intents stalled past the limit: every alert address by e-mail, and by push where the address is also an account', () => {
    const stalled = event(
      'PaymentIntentsStalled',
      {},
      'payment-intents-stalled-x',
    );
    expect(plan(stalled)).toEqual([
      'email:ops@escrow.test email en → /admin?tab=money: Payments are waiting for the provider',
      'email:cto@escrow.test email en → /admin?tab=money: Payments are waiting for the provider',
    ]);
    const ops = user('ops', { email: 'ops@escrow.test' });
    expect(plan(stalled, facts({ users: [brand, creator, ops] }))).toEqual([
      'email:ops@escrow.test email en → /admin?tab=money: Payments are waiting for the provider',
      'email:cto@escrow.test email en → /admin?tab=money: Payments are waiting for the provider',
      'user:ops push en → /admin?tab=money: Payments are waiting for the provider',
    ]);
    // Admins who turned alerts on in the admin area hear by push on those devices too.
    expect(plan(stalled, facts({ adminPush: true }))).toEqual([
      'email:ops@escrow.test email en → /admin?tab=money: Payments are waiting for the provider',
      'email:cto@escrow.test email en → /admin?tab=money: Payments are waiting for the provider',
      'admins push en → /admin?tab=money: Payments are waiting for the provider',
    ]);
    const [mail] = planNotifications(stalled, facts());
    expect(mail!.body).toContain('over 15 minutes');
    expect(mail!.body).toContain('FundsReleaseRequested deal-42');
  });

  it("payment requests: the brand (no account: email in the creator's language) and the creator with an account", () => {
    const pr = (type: string, data: Record<string, unknown> = {}) =>
      event(type, data, 'payment-request-7');
    expect(plan(pr('PaymentRequestCreated'))).toEqual([
      'email:marketing@acme.example email en → /pay-request/Zk1q9XcL2vT8wAq3Zb7kR0: Payment request from a creator (not checked by us)',
    ]);
    expect(plan(pr('PaymentRequestAccepted'))).toEqual([
      'user:creator push+email en → /payment-requests: Request accepted',
    ]);
    expect(plan(pr('PaymentRequestPaid'))).toEqual([
      'email:marketing@acme.example email en → /pay-request/Zk1q9XcL2vT8wAq3Zb7kR0: Payment request paid',
      'user:creator push+email en → /payment-requests: Request paid',
    ]);
    expect(plan(pr('PaymentRequestCompleted', { transferId: 'tr_9' }))).toEqual(
      [
        'user:creator push+email en → /payment-requests: Payout sent',
        `user:creator email en → ${requestStatement}: Statement of your payout`,
      ],
    );
    expect(plan(pr('PaymentRequestCompleted', { transferId: null }))).toEqual(
      [],
    );
    // Released while the creator has no bank account yet: told what the payout waits for, and where to add it.
    expect(plan(pr('PaymentRequestPayoutDeferred'))).toEqual([
      'user:creator push+email en → /profile: Payout waits for your bank account',
    ]);
    expect(
      planNotifications(pr('PaymentRequestPayoutDeferred'), facts())[0]!.body,
    ).toBe(
      `${formatterFor('en-GB').money(40_000)} for “Instagram reel” is released to you and paid out as soon as you connect a bank account (Profile → Bank Details & Payouts).`,
    );
    const dutch = user('creator', { language: 'nl' });
    expect(
      planNotifications(
        pr('PaymentRequestPayoutDeferred'),
        facts({ users: [brand, dutch] }),
      ).map((n) => [n.language, n.title, n.body]),
    ).toEqual([
      [
        'nl',
        'Uitbetaling wacht op je bankrekening',
        `${formatterFor('nl-NL').money(40_000)} voor “Instagram reel” is aan je vrijgegeven en wordt uitbetaald zodra je een bankrekening koppelt (Profiel → Bankgegevens en uitbetalingen).`,
      ],
    ]);
    // A brand with an account hears through its own preferences (here: push only).
    expect(
      plan(
        pr('PaymentRequestCreated'),
        facts({ users: [brand, creator, requestBrand] }),
      ),
    ).toEqual([
      'user:acme push en → /pay-request/Zk1q9XcL2vT8wAq3Zb7kR0: Payment request from a creator (not checked by us)',
    ]);
    expect(
      plan(
        pr('PaymentRequestCreated'),
        facts({ optedOut: ['marketing@acme.example'] }),
      ),
    ).toEqual([]);
    // Once the brand accepted through its link, its browser's language is its own.
    expect(
      plan(pr('PaymentRequestPaid'), facts({ requestBrand: 'nl' }))[0],
    ).toMatch(/^email:marketing@acme.example email nl → /);
  });

  it('a request under review: the brand hears the delivery and the refund; the creator the dispute, a decline, an expiry, the refund', () => {
    const pr = (type: string, data: Record<string, unknown> = {}) =>
      event(type, data, 'payment-request-7');
    const brandUrl = '/pay-request/Zk1q9XcL2vT8wAq3Zb7kR0';
    expect(
      plan(pr('PaymentRequestDelivered'), facts({ requestBrand: 'nl' })),
    ).toEqual([
      `email:marketing@acme.example email nl → ${brandUrl}: Werk opgeleverd: jouw beoordeling`,
    ]);
    const delivered = planNotifications(
      pr('PaymentRequestDelivered'),
      facts(),
    )[0]!;
    // When the review ends, as a date and time in the reader's format, and what happens then.
    expect(delivered.body).toContain(
      formatterFor('en-GB').dateTime('2026-03-04T10:00:00.000Z'),
    );
    expect(delivered.body).toContain('released to the creator automatically');
    expect(plan(pr('PaymentRequestDisputeOpened'))).toEqual([
      'user:creator push+email en → /payment-requests: Request disputed',
    ]);
    expect(
      planNotifications(pr('PaymentRequestDisputeOpened'), facts())[0]!.body,
    ).toContain('The reel was not posted');
    expect(plan(pr('PaymentRequestRejected'))).toEqual([
      'user:creator push+email en → /payment-requests: Request declined',
    ]);
    expect(plan(pr('PaymentRequestExpired'))).toEqual([
      'user:creator push+email en → /payment-requests: Request expired',
    ]);
    expect(plan(pr('PaymentRequestRefunded'))).toEqual([
      `email:marketing@acme.example email en → ${brandUrl}: Refund done`,
      'user:creator push+email en → /payment-requests: Request refunded',
    ]);
  });

  it('a request split: brand and creator hear once, when the second part succeeded; the creator gets the statement of its part', () => {
    const split = {
      creatorCents: 20_000,
      refundCents: 21_000,
      feeKeptCents: 1_000,
      chargedCents: 42_000,
      transferKey: 'k:transfer',
      refundKey: 'k:refund',
      transfer: 'succeeded',
      refund: 'succeeded',
      transferId: 'tr_s',
      refundId: 're_s',
      transferFailure: null,
      refundFailure: null,
      requestedAt: ENDS,
      requestedBy: 'a_1',
    } as unknown as PaymentRequestRecord['context']['split'];
    const f = facts({ request: { split } });
    const done = {
      ...event('PaymentRequestSplitRefundSucceeded', {}, 'payment-request-7'),
      metadata: { state: 'split_resolved' },
    };
    expect(plan(done, f)).toEqual([
      'email:marketing@acme.example email en → /pay-request/Zk1q9XcL2vT8wAq3Zb7kR0: Dispute resolved',
      'user:creator push+email en → /payment-requests: Dispute resolved',
      `user:creator email en → ${requestStatement}: Statement of your payout`,
    ]);
    expect(planNotifications(done, f)[0]!.body).toContain(
      formatterFor('en-GB').money(21_000),
    );
    const statement = planNotifications(done, f)[2]!;
    expect(statement.document).toEqual({
      kind: 'statement',
      subject: 'payment_request',
      id: 7,
    });
    expect(statement.body).toContain(formatterFor('en-GB').money(20_000));
    const first = {
      ...event('PaymentRequestSplitTransferSucceeded', {}, 'payment-request-7'),
      metadata: { state: 'dispute' },
    };
    expect(plan(first, f)).toEqual([]);
  });

  it('preferences narrow the channels; both off means nothing at all', () => {
    const pushOnly = user('brand', {
      notifications: { push: true, email: false },
    });
    expect(
      plan(event('CreatorAccepted'), facts({ users: [pushOnly] })),
    ).toEqual(['user:brand push en → /deals/42: Deal accepted']);
    const silent = user('brand', {
      notifications: { push: false, email: false },
    });
    expect(plan(event('CreatorAccepted'), facts({ users: [silent] }))).toEqual(
      [],
    );
  });

  it.each([
    'DealCreated',
    'ContentDelivered',
    'ContentRedelivered',
    'ReviewPeriodElapsed',
    'CheckoutSessionCreated',
    'ShareLinkGenerated',
    'NotificationSent',
  ])('%s notifies no one', (type) => {
    expect(
      plan(
        event(
          type,
          {},
          type === 'NotificationSent' ? 'notification-abc' : 'deal-42',
        ),
      ),
    ).toEqual([]);
  });

  it('a split: brand, creator account and link creator hear once, when the second part succeeded; admins hear of a refused part', () => {
    const split: DealContext['split'] = {
      creatorCents: 15_000,
      refundCents: 10_820,
      feeKeptCents: 1_230,
      chargedCents: 27_050,
      transferKey: 'k:transfer',
      refundKey: 'k:refund',
      transfer: 'succeeded',
      refund: 'succeeded',
      transferId: 'tr_s',
      refundId: 're_s',
      transferFailure: null,
      refundFailure: null,
      requestedAt: ENDS,
      requestedBy: 'a_1',
    };
    const f = facts({ deal: { split, claimedByUserId: 'creator' } });
    const done = {
      ...event('SplitRefundSucceeded'),
      metadata: { state: 'split_resolved' },
    };
    expect(plan(done, f)).toEqual([
      'user:brand push+email nl → /deals/42: Geschil opgelost',
      'user:creator push+email en → /accept/q3Zb7kR0yJ1m9XcL2vT8wA: Dispute resolved',
      'deal-link:42 push en → /accept/q3Zb7kR0yJ1m9XcL2vT8wA: Dispute resolved',
    ]);
    const brandText = planNotifications(done, f)[0]!;
    expect(brandText.body).toContain(formatterFor('nl-NL').money(10_820));
    expect(brandText.body).toContain(formatterFor('nl-NL').money(15_000));
    // The first part alone tells nobody.
    expect(
      plan(
        { ...event('SplitTransferSucceeded'), metadata: { state: 'dispute' } },
        f,
      ),
    ).toEqual([]);
    const failed = planNotifications(event('SplitTransferFailed'), f);
    expect(
      failed.map(
        (n) =>
          `${recipientKey(n.recipient)} ${n.channels.join('+')} → ${n.url}: ${n.title}`,
      ),
    ).toEqual([
      'email:ops@escrow.test email → /admin?deal=42: Split payment failed',
      'email:cto@escrow.test email → /admin?deal=42: Split payment failed',
    ]);
    expect(failed[0]!.body).toContain('payouts_not_enabled');
  });
});

describe('documents by e-mail', () => {
  const issued = (data: Record<string, unknown>) =>
    event(
      'InvoiceIssued',
      { subject: { kind: 'deal', id: 42 }, brandUserId: 'brand', ...data },
      'invoices-2026',
    );

  it.each([
    ['invoice', '2026-000123', 'invoice', 'Factuur 2026-000123'],
    ['credit_note', '2026-000124', 'credit-note', 'Creditnota 2026-000124'],
    [
      'self_billed',
      'SB-2026-000001',
      'self-billed-invoice',
      'Factuur uitgereikt door afnemer SB-2026-000001',
    ],
  ] as const)(
    'an issued %s goes to the brand by e-mail only, with the document attached',
    (kind, number, page, title) => {
      const [n, ...more] = planNotifications(issued({ kind, number }), facts());
      expect(more).toHaveLength(0);
      // The link names the document by its reference: nothing in it counts up.
      const url = pageOf({ kind: page, subject: 'deal', id: 42 });
      expect(url).toMatch(/^\/documents\/[0-9a-f]{32}$/);
      expect(
        `${recipientKey(n!.recipient)} ${n!.channels.join('+')} ${n!.language} → ${n!.url}: ${n!.title}`,
      ).toBe(`user:brand email nl → ${url}: ${title}`);
      expect(n!.document).toMatchObject({
        kind: 'invoice',
        doc: { kind, number },
      });
    },
  );

  it('a self-billed invoice names its creator without a clickable link; a brand with e-mail off hears nothing', () => {
    const [n] = planNotifications(
      issued({
        kind: 'self_billed',
        number: 'SB-2026-000001',
        seller: {
          name: 'Sam https://evil.example',
          address: 'x',
          country: 'NL',
          vatId: null,
        },
      }),
      facts(),
    );
    expect(n!.body).not.toContain('https://evil.example');
    const quiet = user('brand', {
      notifications: { push: true, email: false },
    });
    expect(plan(issued({}), facts({ users: [quiet, creator] }))).toEqual([]);
  });

  it('a released payout sends the link creator its statement at the confirmed address, in the claim language', () => {
    const f = facts({
      deal: { transferId: 'tr_1Q' },
      linkEmail: 'sam@creator.example',
    });
    expect(plan(event('FundsReleased'), f)).toContain(
      'email:sam@creator.example email nl → /accept/q3Zb7kR0yJ1m9XcL2vT8wA/statement: Overzicht van je uitbetaling',
    );
    expect(
      plan(event('FundsReleased'), facts({ deal: { transferId: 'tr_1Q' } })),
    ).not.toContainEqual(expect.stringContaining('/statement'));
  });
});
