import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { heldCents, escrowedCents } from '@machines/deal/deal.context';
import { breakdown } from '@machines/money';
import { isDomainError } from '@server/commands/domain-error';
import { dealAggregate } from '@server/commands/aggregate';
import { GatewayError } from '@server/money/gateway/payment-gateway';
import {
  admin,
  brand,
  createHarness,
  creatorLink,
  dealState,
  givenDeal,
  HOUR,
  PUBLIC_URL,
  submit,
  type Harness,
} from './support/escrow-harness';

/**
 * The money invariants under random use: sequences of commands, checkouts and payments (current,
 * old and unknown sessions, wrong amounts), redelivered webhooks, releases and refunds (twice),
 * holds, disputes, splits (some refunds refused, then retried), timers and restarted reactors, over a
 * few deals. After every step, for every deal, the ledger's money equals what the (simulated) gateway
 * recorded, and charged − refunded − transferred − fee kept = held, at most one transfer of exactly
 * the creator's amount (a split: its part), a split's parts adding up to what was held, never more out
 * than in, nothing at the gateway the ledger did not decide, and escrow only through the open
 * session's exact total.
 */

const KINDS = [
  'progress',
  'raise',
  'checkout',
  'payCurrent',
  'payOld',
  'payUnknown',
  'redeliver',
  'acceptConnect',
  'deliver',
  'brandRelease',
  'dispute',
  'hold',
  'resume',
  'adminRelease',
  'refund',
  'delete',
  'failTransfers',
  'split',
  'retrySplit',
  'time',
  'restart',
] as const;
type Kind = (typeof KINDS)[number];
interface Step {
  kind: Kind;
  deal: number;
  n: number;
}

/** Random use reaches the money only if deals move on: `progress` (the next natural step) comes up most often. */
const WEIGHTS: Partial<Record<Kind, number>> = {
  progress: 10,
  payCurrent: 2,
  payOld: 2,
  redeliver: 2,
  time: 2,
  brandRelease: 2,
  refund: 2,
  split: 3,
};
const WEIGHTED: Kind[] = KINDS.flatMap((kind) =>
  Array<Kind>(WEIGHTS[kind] ?? 1).fill(kind),
);
const stepArb: fc.Arbitrary<Step> = fc.record({
  kind: fc.constantFrom(...WEIGHTED),
  deal: fc.nat({ max: 2 }),
  n: fc.nat({ max: 1_000_000 }),
});
const AMOUNTS = [50, 100, 1_750, 25_000, 175_000];

interface DealUnderTest {
  dealId: number;
  token: string;
  streamId: string;
  sessions: string[];
}

/** Refusals are part of random use; anything else (a 500, a crash) fails the property. */
async function attempt(task: () => Promise<unknown>): Promise<void> {
  try {
    await task();
  } catch (error) {
    if (isDomainError(error) || error instanceof GatewayError) return;
    throw error;
  }
}

const sessionIdOf = (url: string) => new URL(url).pathname.split('/').pop()!;

async function runStep(
  h: Harness,
  deals: DealUnderTest[],
  delivered: { payload: string; signature: string }[],
  step: Step,
): Promise<void> {
  const d = deals[step.deal % deals.length]!;
  const { dealId } = d;
  const method = step.n % 3 === 0 ? 'ideal' : 'card';
  switch (step.kind) {
    case 'progress': {
      // What a user would do next: pay, accept and connect a bank, deliver, then approve, dispute or wait.
      const { status, context } = await dealState(h, dealId);
      if (status === 'pending_payment') {
        if (!context.openSession)
          await runStep(h, deals, delivered, { ...step, kind: 'checkout' });
        return runStep(h, deals, delivered, { ...step, kind: 'payCurrent' });
      }
      if (status === 'pending_delivery') {
        return runStep(h, deals, delivered, {
          ...step,
          kind: context.stripeAccountId === null ? 'acceptConnect' : 'deliver',
        });
      }
      if (status === 'delivered' || status === 'dispute') {
        const next: Kind[] = [
          'brandRelease',
          'dispute',
          'time',
          'adminRelease',
          'refund',
          'split',
        ];
        return runStep(h, deals, delivered, {
          ...step,
          kind: next[step.n % next.length]!,
        });
      }
      return;
    }
    case 'raise': {
      const { context } = await dealState(h, dealId);
      const amount = AMOUNTS[step.n % AMOUNTS.length]!;
      return attempt(() =>
        h.run.deal(
          dealId,
          {
            type: 'UpdateDealTerms',
            terms: { ...context.terms!, ...breakdown(amount, 'deal') },
          },
          brand,
        ),
      );
    }
    case 'checkout':
      return attempt(async () =>
        d.sessions.push(
          sessionIdOf((await h.escrow.startDealCheckout(dealId, brand)).url),
        ),
      );
    case 'payCurrent': {
      const open = (await dealState(h, dealId)).context.openSession;
      if (open)
        await attempt(() => h.gateway.payCheckout(open.sessionId, method));
      return;
    }
    case 'payOld': {
      if (d.sessions.length === 0) return;
      return attempt(() =>
        h.gateway.payCheckout(d.sessions[step.n % d.sessions.length]!, method),
      );
    }
    case 'payUnknown': {
      // A session the deal never recorded (made at the gateway directly), for its total or any amount.
      const { context } = await dealState(h, dealId);
      const totalCents =
        step.n % 2 === 0
          ? (context.amounts?.totalCents ?? 1)
          : 1 + (step.n % 200_000);
      const { sessionId } = await h.gateway.createCheckoutSession({
        kind: 'deal',
        reference: String(dealId),
        description: 'stray',
        totalCents,
        successUrl: `${PUBLIC_URL}/ok`,
        cancelUrl: `${PUBLIC_URL}/no`,
        metadata: {
          kind: 'deal',
          dealId: String(dealId),
          streamId: d.streamId,
        },
        idempotencyKey: randomUUID(),
        transferGroup: d.streamId,
      });
      return attempt(() => h.gateway.payCheckout(sessionId, method));
    }
    case 'redeliver': {
      if (delivered.length === 0) return;
      const { payload, signature } = delivered[step.n % delivered.length]!;
      const res = await h.app.inject({
        method: 'POST',
        url: '/api/stripe/webhook',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': signature,
        },
        payload,
      });
      expect(res.statusCode, res.body).toBe(200);
      return;
    }
    case 'acceptConnect':
      await attempt(() =>
        h.run.deal(dealId, { type: 'AcceptDeal' }, creatorLink),
      );
      return attempt(async () => {
        const { url } = await h.escrow.startDealOnboarding(
          dealId,
          d.token,
          creatorLink,
        );
        await submit(h, url, { outcome: 'complete' });
      });
    case 'deliver':
      return attempt(() => h.escrow.deliver(dealId, creatorLink));
    case 'brandRelease':
      await attempt(() => h.escrow.releaseFunds(dealId, 'brand', brand));
      return attempt(() => h.escrow.releaseFunds(dealId, 'brand', brand));
    case 'dispute':
      return attempt(() =>
        h.escrow.openDispute(dealId, 'Not as agreed', brand),
      );
    case 'hold':
      return attempt(() => h.escrow.hold(dealId, admin));
    case 'resume':
      return attempt(() => h.escrow.resume(dealId, admin));
    case 'adminRelease':
      return attempt(() => h.escrow.releaseFunds(dealId, 'admin', admin));
    case 'refund':
      await attempt(() => h.escrow.refund(dealId, admin));
      return attempt(() => h.escrow.refund(dealId, admin));
    case 'delete':
      return attempt(() => h.run.deal(dealId, { type: 'DeleteDeal' }, brand));
    case 'failTransfers':
      h.gateway.failTransfersWith(
        step.n % 2 === 0 ? 'payouts_not_enabled' : null,
      );
      return;
    case 'split': {
      // An admin splits (putting a deal not in dispute on hold first); some refunds are refused, to be retried.
      const { status, context } = await dealState(h, dealId);
      if (
        (status === 'delivered' || status === 'pending_delivery') &&
        context.hold === null
      )
        await attempt(() => h.escrow.hold(dealId, admin));
      const amount = context.amounts?.amountCents ?? 2;
      const creatorCents =
        step.n % 7 === 0 ? amount : 1 + (step.n % Math.max(1, amount - 1));
      const refuse = step.n % 3 === 0;
      if (refuse) h.gateway.failRefundsWith('invalid_request');
      try {
        await attempt(() =>
          h.run.deal(
            dealId,
            { type: 'ResolveWithSplit', creatorCents, key: randomUUID() },
            admin,
          ),
        );
        await attempt(() =>
          h.run.deal(
            dealId,
            { type: 'ResolveWithSplit', creatorCents, key: randomUUID() },
            admin,
          ),
        );
        await h.settleEffects();
      } finally {
        if (refuse) h.gateway.failRefundsWith(null);
      }
      return;
    }
    case 'retrySplit':
      return attempt(() => h.run.deal(dealId, { type: 'RetrySplit' }, admin));
    case 'time':
      h.clock.advance((1 + (step.n % 100)) * HOUR);
      await h.tick();
      return;
    case 'restart': {
      // Another instance whose payments reactor replays every intent from position 0: nothing may happen twice.
      const other = await h.secondInstance();
      expect(await other.reactors.processed(await h.store.headPosition())).toBe(
        true,
      );
      await other.close();
      return;
    }
  }
}

/** The money invariants of one deal, from the gateway's records and the ledger. */
async function checkDeal(
  h: Harness,
  d: DealUnderTest,
  label: string,
): Promise<void> {
  const { status, context } = await dealState(h, d.dealId);
  const sessions = h.gateway.ledger.sessions
    .values()
    .filter((s) => s.metadata.dealId === String(d.dealId));
  const charged = sessions
    .filter((s) => s.chargeId !== null)
    .reduce((sum, s) => sum + s.totalCents, 0);
  const { transfers, refunds } = h.gateway.ledger.moneyOfGroup(d.streamId);
  const refunded = refunds.reduce((sum, r) => sum + r.amountCents, 0);
  const transferred = transfers.reduce((sum, t) => sum + t.amountCents, 0);
  const m = context.money;
  const where = `${label}: deal ${d.dealId} (${status})`;

  expect(
    {
      charged: m.chargedCents,
      refunded: m.refundedCents,
      transferred: m.transferredCents,
    },
    where,
  ).toEqual({ charged, refunded, transferred });
  expect(charged - refunded - transferred - m.feeKeptCents, where).toBe(
    heldCents(context),
  );
  expect(heldCents(context), where).toBeGreaterThanOrEqual(0);
  expect(transfers.length, where).toBeLessThanOrEqual(1);
  expect(
    transfers.filter((t) => t.reversed),
    where,
  ).toEqual([]);
  expect(refunded + transferred, where).toBeLessThanOrEqual(charged);
  const split = context.split;
  // A transfer is the creator amount, or a split's part of it; never more.
  for (const t of transfers)
    expect(t.amountCents, where).toBe(
      split ? split.creatorCents : context.terms!.amountCents,
    );
  // Every unexpected payment has been refunded once the effects settled: what is held funds the deal.
  expect(escrowedCents(context), where).toBe(heldCents(context));
  const inEscrow = ['pending_delivery', 'delivered', 'dispute'].includes(
    status,
  );
  // A split's parts add up to what the escrow held; a part leaves the escrow only once the gateway made it.
  const splitGone = split
    ? (split.transfer === 'succeeded'
        ? split.creatorCents + split.feeKeptCents
        : 0) + (split.refund === 'succeeded' ? split.refundCents : 0)
    : 0;
  if (split)
    expect(
      split.creatorCents + split.feeKeptCents + split.refundCents,
      where,
    ).toBe(split.chargedCents);
  expect(heldCents(context), where).toBe(
    inEscrow ? context.amounts!.totalCents - splitGone : 0,
  );
  expect(status === 'split_resolved', where).toBe(
    split !== null && splitGone === split.chargedCents,
  );
  await nothingUndecided(h, d, where);

  // Escrow only through the open session, for exactly the total then due, as the gateway charged it.
  const events = await h.store.readStream(d.streamId);
  let open: { sessionId: string; totalCents: number } | null = null;
  let due = 0;
  let payments = 0;
  for (const e of events) {
    const data = e.data as Record<string, unknown>;
    if (e.type === 'DealCreated' || e.type === 'DealUpdated')
      due = data.totalCents as number;
    if (e.type === 'CheckoutSessionCreated')
      open = {
        sessionId: data.sessionId as string,
        totalCents: data.totalCents as number,
      };
    if (
      e.type === 'CheckoutSessionClosed' &&
      open?.sessionId === data.sessionId
    )
      open = null;
    if (e.type === 'PaymentSucceeded') {
      payments++;
      expect(open?.sessionId, where).toBe(data.checkoutSessionId);
      expect(data.amountCents, where).toBe(open?.totalCents);
      expect(data.amountCents, where).toBe(due);
      const session = h.gateway.ledger.sessions.get(
        data.checkoutSessionId as string,
      );
      expect(session?.chargeId, where).not.toBeNull();
      expect(session?.totalCents, where).toBe(due);
      open = null;
    }
  }
  expect(payments, where).toBeLessThanOrEqual(1);
  if (status !== 'pending_payment' && status !== 'deleted')
    expect(payments, where).toBe(1);
}

/**
 * Nothing moves that the ledger did not decide: every transfer and refund at the gateway carries the
 * key of an intent on the deal's stream and is recorded there by an outcome with its id and amount.
 */
async function nothingUndecided(
  h: Harness,
  d: DealUnderTest,
  where: string,
): Promise<void> {
  const keys = new Set<string>();
  const recorded = new Map<string, number>();
  const strays = new Set<string>();
  for (const e of await h.store.readStream(d.streamId)) {
    const data = e.data as Record<string, unknown>;
    for (const field of ['key', 'transferKey', 'refundKey'])
      if (typeof data[field] === 'string') keys.add(data[field] as string);
    for (const field of ['transferId', 'refundId'])
      if (typeof data[field] === 'string')
        recorded.set(data[field] as string, Number(data.amountCents));
    if (e.type === 'DuplicatePaymentRefunded')
      strays.add(data.refundId as string);
  }
  const { transfers, refunds } = h.gateway.ledger.moneyOfGroup(d.streamId);
  for (const t of transfers) {
    expect(
      keys.has(t.idempotencyKey),
      `${where}: transfer ${t.id} under an intent's key`,
    ).toBe(true);
    expect(recorded.get(t.id), `${where}: transfer ${t.id} recorded`).toBe(
      t.amountCents,
    );
  }
  for (const r of refunds) {
    expect(recorded.get(r.id), `${where}: refund ${r.id} recorded`).toBe(
      r.amountCents,
    );
    // A stray payment's refund is keyed by its session; the deal's own refunds by their intent.
    if (!strays.has(r.id))
      expect(
        keys.has(r.idempotencyKey),
        `${where}: refund ${r.id} under an intent's key`,
      ).toBe(true);
  }
}

/** Event types the runs produced, to show they reached the money. */
const seen = new Map<string, number>();

describe('money property: the ledger and the gateway agree after any sequence', () => {
  it('charged − refunded − transferred − fee kept = held; one transfer at most; never more out than in; escrow only by the exact open session', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom(...AMOUNTS), { minLength: 1, maxLength: 3 }),
        fc.array(stepArb, { minLength: 10, maxLength: 25 }),
        async (amounts, steps) => {
          const h = await createHarness();
          const delivered: { payload: string; signature: string }[] = [];
          h.gateway.useWebhookTransport(async (request) => {
            delivered.push(request);
            const res = await h.app.inject({
              method: 'POST',
              url: '/api/stripe/webhook',
              headers: {
                'content-type': 'application/json',
                'stripe-signature': request.signature,
              },
              payload: request.payload,
            });
            return res.statusCode;
          });
          try {
            const deals: DealUnderTest[] = [];
            for (const amount of amounts) {
              const { dealId, token } = await givenDeal(h, amount);
              deals.push({
                dealId,
                token,
                streamId: dealAggregate.streamId(dealId),
                sessions: [],
              });
            }
            for (const [i, step] of steps.entries()) {
              await runStep(h, deals, delivered, step);
              await h.settleEffects();
              for (const d of deals)
                await checkDeal(h, d, `step ${i} ${step.kind}`);
            }
            for (const d of deals)
              for (const e of await h.store.readStream(d.streamId))
                seen.set(e.type, (seen.get(e.type) ?? 0) + 1);
          } finally {
            await h.close();
          }
        },
      ),
      { numRuns: 30, endOnFailure: true },
    );
    // The sequences did reach the money: payments, transfers, refunds and refunded strays (not just refusals).
    for (const type of [
      'PaymentSucceeded',
      'FundsReleased',
      'DealRefunded',
      'UnexpectedPaymentReceived',
      'DuplicatePaymentRefunded',
      'DealSplitRequested',
      'SplitTransferSucceeded',
      'SplitRefundSucceeded',
    ]) {
      expect(
        seen.get(type) ?? 0,
        `${type} in ${JSON.stringify([...seen])}`,
      ).toBeGreaterThan(0);
    }
  }, 120_000);
});
