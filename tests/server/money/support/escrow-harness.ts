import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach } from 'vitest';
import { breakdown } from '@machines/money';
import {
  dealAggregate,
  paymentRequestAggregate,
  userAggregate,
} from '@server/commands/aggregate';
import {
  createCommandBus,
  type CommandBus,
  type CommandContext,
} from '@server/commands/command-bus';
import type { EventStore } from '@server/event-store/event-store';
import { createSqliteEventStore } from '@server/event-store/sqlite-event-store';
import { randomUUID } from 'node:crypto';
import { statusOf } from '@machines/statechart';
import {
  createCommandRunner,
  type CommandRunner,
  type DealResult,
  type PaymentRequestResult,
} from '@server/commands/run-command';
import { dealGuard, requestGuard } from '@server/auth/ownership';
import {
  releasePaymentRequest,
  requestDeferredPayout,
} from '@server/money/request-payouts';
import { createEffectOutcomes } from '@server/money/effect-outcomes';
import { createEscrow } from '@server/money/escrow';
import { createPaymentsReactor } from '@server/money/payments.reactor';
import {
  createReactorRunner,
  type ReactorRunner,
} from '@server/reactors/reactor-runner';
import type { Escrow } from '@server/money/escrow.types';
import type { PaymentGateway } from '@server/money/gateway/payment-gateway';
import {
  createSimulatedGateway,
  type SimulatedGateway,
} from '@server/money/gateway/simulated/simulated-gateway';
import { simulatedGatewayRoutes } from '@server/money/gateway/simulated/simulated-gateway.routes';
import { webhookRoutes } from '@server/money/webhook.routes';
import { createTestClock, HOUR_MS, type TestClock } from '@server/shared/clock';
import {
  createTimerReactor,
  type TimerReactor,
} from '@server/money/timers.reactor';
import { testPayoutIdentity } from '@tests/support/payout-identity';

export const PUBLIC_URL = 'http://escrow.test';
export const brand: CommandContext = {
  actor: { kind: 'brand', id: 'u_brand' },
};
export const creatorLink: CommandContext = {
  actor: { kind: 'creator-link', id: 'link' },
};
export const admin: CommandContext = { actor: { kind: 'admin', id: 'a_1' } };
/** The logged-in creator of payment requests, and the brand acting through a request link. */
export const requestCreator: CommandContext = {
  actor: { kind: 'creator', id: 'u_creator' },
};
export const requestVisitor: CommandContext = {
  actor: { kind: 'brand', id: 'link' },
};
export const HOUR = HOUR_MS;

/**
 * The escrow's verbs as the tests speak them, each run the way the routes run it: the command
 * through its decider, then (for money) the wait for the payments reactor's outcome.
 */
export interface EscrowOps {
  startDealCheckout(
    dealId: number,
    ctx: CommandContext,
  ): Promise<{ url: string }>;
  startRequestCheckout(
    requestId: number,
    ctx: CommandContext,
  ): Promise<{ url: string }>;
  startDealOnboarding(
    dealId: number,
    token: string,
    ctx: CommandContext,
  ): Promise<{ url: string }>;
  startUserOnboarding: Escrow['startUserOnboarding'];
  userBankStatus: Escrow['userBankStatus'];
  syncDealBankAccount: Escrow['syncDealBankAccount'];
  deliver(dealId: number, ctx: CommandContext): Promise<DealResult>;
  openDispute(
    dealId: number,
    reason: string,
    ctx: CommandContext,
  ): Promise<DealResult>;
  /** Records the release intent and waits for the transfer's outcome; a refused transfer throws its 409. */
  releaseFunds(
    dealId: number,
    trigger: 'brand' | 'admin',
    ctx: CommandContext,
    key?: string,
  ): Promise<DealResult>;
  manualComplete(dealId: number, ctx: CommandContext): Promise<DealResult>;
  hold(dealId: number, ctx: CommandContext): Promise<DealResult>;
  resume(dealId: number, ctx: CommandContext): Promise<DealResult>;
  refund(
    dealId: number,
    ctx: CommandContext,
    key?: string,
  ): Promise<DealResult>;
  /** The creator marks the request completed and the brand approves it through its link (the payout follows). */
  completeAndApprove(
    requestId: number,
    ctx: CommandContext,
  ): Promise<PaymentRequestResult>;
  payDeferredPayout(
    requestId: number,
    ctx: CommandContext,
  ): Promise<PaymentRequestResult | null>;
  releaseRequestHold(
    requestId: number,
    note: string | null,
    ctx: CommandContext,
  ): Promise<PaymentRequestResult>;
}

export interface Harness {
  clock: TestClock;
  store: EventStore;
  bus: CommandBus;
  run: CommandRunner;
  gateway: SimulatedGateway;
  escrow: EscrowOps;
  reactors: ReactorRunner;
  /** The escrow as the routes get it (webhook route, checkout). */
  realEscrow: Escrow;
  /** Waits until the payments reactor has handled everything appended so far. */
  settleEffects(): Promise<void>;
  /**
   * Another app instance on the same store and gateway: its own bus (cache), command runner,
   * payments reactor (own checkpoint, from position 0 unless told) and timer reactor.
   */
  secondInstance(options?: {
    gateway?: PaymentGateway;
  }): Promise<SecondInstance>;
  app: FastifyInstance;
  reactor: TimerReactor;
  /** Holds the timers reactor's schedule and the reactors' checkpoints. */
  readDb: Database.Database;
  /** Waits until the timers reactor has folded everything appended so far into its schedule. */
  timersCaughtUp(): Promise<void>;
  /** Lets the timers' schedule catch up, then runs one timers tick and waits for its effects. */
  tick(): Promise<number>;
  types(streamId: string): Promise<string[]>;
  close(): Promise<void>;
}

export interface SecondInstance {
  escrow: EscrowOps;
  reactors: ReactorRunner;
  timers: TimerReactor;
  /** Waits until this instance's timers reactor has folded everything appended so far. */
  timersCaughtUp(): Promise<void>;
  close(): Promise<void>;
}

/** Builds one instance's command side: runner, escrow, payments reactor, outcomes, timer reactor and the test verbs. */
function buildInstance(deps: {
  store: EventStore;
  bus: CommandBus;
  clock: TestClock;
  gateway: PaymentGateway;
  reactorGateway?: PaymentGateway;
  /** The instance's own: its reactors' checkpoints and the timers' schedule. */
  checkpointDb: Database.Database;
}): {
  run: CommandRunner;
  real: Escrow;
  reactors: ReactorRunner;
  timers: TimerReactor;
  escrow: EscrowOps;
} {
  const { store, bus, clock, gateway, checkpointDb } = deps;
  const run = createCommandRunner(bus);
  const periods = { reviewPeriodHours: 48, disputePeriodHours: 72 };
  const real = createEscrow({
    bus,
    run,
    clock,
    gateway,
    config: { publicUrl: PUBLIC_URL, ...periods },
    users: { emailOf: async () => 'creator@example.test' },
  });
  // The instance's timers reactor keeps its schedule next to its checkpoint, as in the app.
  const timers = createTimerReactor({ db: checkpointDb, bus, run, clock });
  const reactors = createReactorRunner({
    store,
    db: checkpointDb,
    reactors: [
      createPaymentsReactor({
        bus,
        run,
        gateway: deps.reactorGateway ?? gateway,
      }),
      timers,
    ],
    retryDelayMs: 20,
    maxRetryDelayMs: 200,
  });
  void reactors.start();
  const outcomes = createEffectOutcomes({ bus, store, reactors });
  const ownerOf = async (dealId: number) =>
    (await bus.load(dealAggregate, dealAggregate.streamId(dealId))).snapshot
      .context.ownerId;
  const tokenOf = async (dealId: number) =>
    (await bus.load(dealAggregate, dealAggregate.streamId(dealId))).snapshot
      .context.shareableToken ?? '';
  /** The deal's brand and its creator link, as the routes guard their commands. */
  const owner = async (dealId: number) =>
    dealGuard.owner(await ownerOf(dealId));
  const link = async (dealId: number) => dealGuard.link(await tokenOf(dealId));
  /** The command's result with the deal as it stands once the reactor recorded the outcome. */
  const afterEffect = async (
    result: DealResult,
    dealId: number,
  ): Promise<DealResult> => {
    const { snapshot, revision } = await bus.load(
      dealAggregate,
      dealAggregate.streamId(dealId),
    );
    return { ...result, snapshot, revision };
  };
  const escrow: EscrowOps = {
    startDealCheckout: async (dealId, ctx) =>
      real.startDealCheckout(dealId, await ownerOf(dealId), ctx),
    async startRequestCheckout(requestId, ctx) {
      const { snapshot } = await bus.load(
        paymentRequestAggregate,
        paymentRequestAggregate.streamId(requestId),
      );
      return real.startRequestCheckout(
        requestId,
        snapshot.context.request?.token ?? '',
        ctx,
      );
    },
    // Bank setup starts with the identity it asks for (docs/adr/0034-payment-request-paperwork.md).
    startDealOnboarding: (dealId, token, ctx) =>
      real.startDealOnboarding(dealId, token, ctx, testPayoutIdentity),
    startUserOnboarding: (userId, ctx, identity = testPayoutIdentity) =>
      real.startUserOnboarding(userId, ctx, identity),
    userBankStatus: (userId) => real.userBankStatus(userId),
    syncDealBankAccount: (dealId, ctx) => real.syncDealBankAccount(dealId, ctx),
    deliver: async (dealId, ctx) =>
      run.deal(
        dealId,
        {
          type: 'DeliverContent',
          reviewPeriodHours: periods.reviewPeriodHours,
        },
        ctx,
        await link(dealId),
      ),
    openDispute: async (dealId, reason, ctx) =>
      run.deal(
        dealId,
        {
          type: 'OpenDispute',
          reason,
          description: null,
          disputePeriodHours: periods.disputePeriodHours,
        },
        ctx,
        await owner(dealId),
      ),
    async releaseFunds(dealId, trigger, ctx, key = randomUUID()) {
      const guard = trigger === 'brand' ? await owner(dealId) : dealGuard.admin;
      const result = await run.deal(
        dealId,
        { type: 'ReleaseFunds', trigger, key },
        ctx,
        guard,
      );
      await outcomes.transfer(
        { kind: 'deal', id: dealId },
        key,
        result.position,
      );
      return afterEffect(result, dealId);
    },
    manualComplete: async (dealId, ctx) =>
      run.deal(dealId, { type: 'CompleteManually' }, ctx, await owner(dealId)),
    hold: (dealId, ctx) =>
      run.deal(
        dealId,
        { type: 'PutOnHold', reason: 'Held by an admin for manual review' },
        ctx,
        dealGuard.admin,
      ),
    resume: (dealId, ctx) =>
      run.deal(dealId, { type: 'ReleaseHold' }, ctx, dealGuard.admin),
    async refund(dealId, ctx, key = randomUUID()) {
      const result = await run.deal(
        dealId,
        { type: 'RequestRefund', key },
        ctx,
        dealGuard.admin,
      );
      await outcomes.refund({ kind: 'deal', id: dealId }, key, result.position);
      return afterEffect(result, dealId);
    },
    async completeAndApprove(requestId, ctx) {
      // Completed once; a second call (after a refused approval) only approves again.
      const { snapshot } = await bus.load(
        paymentRequestAggregate,
        `payment-request-${requestId}`,
      );
      if (statusOf(snapshot) === 'paid') {
        const complete = {
          type: 'CompletePaymentRequest',
          note: null,
          links: [] as string[],
          reviewPeriodHours: 48,
        } as const;
        await run.request(
          requestId,
          complete,
          ctx,
          requestGuard.owner(ctx.actor.id),
        );
      }
      const key = randomUUID();
      const brand: CommandContext = {
        actor: { kind: 'creator-link', id: `payment-request-${requestId}` },
      };
      const release = { trigger: 'brand', key } as const;
      const result = await releasePaymentRequest(
        { bus, run },
        requestId,
        release,
        brand,
        requestGuard.admin,
      );
      await outcomes.transfer(
        { kind: 'payment_request', id: requestId },
        key,
        result.position,
      );
      return result;
    },
    async payDeferredPayout(requestId, ctx) {
      const result = await requestDeferredPayout({ bus, run }, requestId, ctx);
      if (result) await reactors.processed(result.position);
      return result;
    },
    releaseRequestHold: (requestId, note, ctx) =>
      run.request(requestId, { type: 'ReleaseChargebackHold', note }, ctx),
  };
  return { run, real, reactors, timers, escrow };
}

/** A real SQLite store in a temp dir, the simulated gateway behind a bare Fastify app, and the timers. */
export async function createHarness(
  options: {
    wrapStore?: (store: EventStore) => EventStore;
    reactorGateway?: (gateway: SimulatedGateway) => PaymentGateway;
  } = {},
): Promise<Harness> {
  const dir = mkdtempSync(join(tmpdir(), 'escrow-'));
  const raw = createSqliteEventStore({
    path: join(dir, 'events.db'),
    pollIntervalMs: 10,
  });
  const store = options.wrapStore ? options.wrapStore(raw) : raw;
  const clock = createTestClock('2026-03-02T10:00:00.000Z');
  const bus = createCommandBus({ store, clock });
  const gateway = createSimulatedGateway({
    publicUrl: PUBLIC_URL,
    now: () => clock.now(),
  });
  const readDb = new Database(':memory:');
  const reactorGateway = options.reactorGateway?.(gateway);
  const {
    run,
    real,
    reactors,
    timers: reactor,
    escrow,
  } = buildInstance({
    store,
    bus,
    clock,
    gateway,
    ...(reactorGateway ? { reactorGateway } : {}),
    checkpointDb: readDb,
  });
  const app = Fastify();
  await app.register(webhookRoutes, { escrow: real, gateway });
  await app.register(simulatedGatewayRoutes, { gateway });
  await app.ready();
  const others: SecondInstance[] = [];
  return {
    clock,
    store,
    bus,
    run,
    gateway,
    escrow,
    reactors,
    realEscrow: real,
    async secondInstance(more = {}) {
      const checkpointDb = new Database(':memory:');
      const instance = buildInstance({
        store,
        bus: createCommandBus({ store, clock }),
        clock,
        gateway,
        ...(more.gateway ? { reactorGateway: more.gateway } : {}),
        checkpointDb,
      });
      const other: SecondInstance = {
        escrow: instance.escrow,
        reactors: instance.reactors,
        timers: instance.timers,
        async timersCaughtUp() {
          await instance.reactors.processed(
            await store.headPosition(),
            10_000,
            instance.timers.name,
          );
        },
        async close() {
          await instance.timers.stop();
          await instance.reactors.stop();
          checkpointDb.close();
        },
      };
      others.push(other);
      return other;
    },
    async settleEffects() {
      await reactors.processed(await raw.headPosition());
    },
    app,
    reactor,
    readDb,
    async timersCaughtUp() {
      await reactors.processed(await raw.headPosition(), 10_000, reactor.name);
    },
    async tick() {
      await reactors.processed(await raw.headPosition(), 10_000, reactor.name);
      const fired = await reactor.tick();
      await reactors.processed(await raw.headPosition());
      return fired;
    },
    async types(streamId) {
      return (await raw.readStream(streamId)).map((e) => e.type);
    },
    async close() {
      for (const other of others) await other.close();
      await reactor.stop();
      await reactors.stop();
      await app.close();
      await raw.close();
      readDb.close();
      gateway.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

let nextId = 1;

/** A deal created by the brand (€250 + 8.2 %), with its share token. */
export async function givenDeal(
  h: Harness,
  amountCents = 25_000,
): Promise<{ dealId: number; token: string }> {
  const dealId = nextId++;
  const token = `tok_${String(dealId).padStart(4, '0')}_abcdefghijklmnop`;
  await h.bus.execute(
    dealAggregate,
    dealAggregate.streamId(dealId),
    () => [
      {
        type: 'DealCreated',
        data: {
          dealId,
          ownerId: 'u_brand',
          influencer: '@sanne',
          profileLink: null,
          title: 'Spring launch',
          description: 'One reel',
          ...breakdown(amountCents, 'deal'),
          deadline: '2026-04-01',
          publicationDeadline: null,
          deliverables: ['1 Instagram Post'],
          platforms: ['Instagram'],
          briefingFiles: null,
        },
      },
      { type: 'ShareLinkGenerated', data: { token } },
    ],
    brand,
  );
  return { dealId, token };
}

/** The brand pays on the simulated checkout page. */
export async function pay(
  h: Harness,
  dealId: number,
  method: 'card' | 'ideal' = 'card',
  outcome: 'pay' | 'fail' | 'cancel' = 'pay',
) {
  const { url } = await h.escrow.startDealCheckout(dealId, brand);
  return submit(h, url, { method, outcome });
}

export async function submit(
  h: Harness,
  url: string,
  form: Record<string, string>,
) {
  return h.app.inject({
    method: 'POST',
    // Path and the payer's key: the /sim pages act only for whoever got the URL.
    url: `${new URL(url).pathname}${new URL(url).search}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
  });
}

/** Paid, accepted, bank connected (through the simulated onboarding page): ready to deliver. */
export async function givenReadyDeal(h: Harness, amountCents = 25_000) {
  const deal = await givenDeal(h, amountCents);
  await pay(h, deal.dealId);
  await h.bus.execute(
    dealAggregate,
    dealAggregate.streamId(deal.dealId),
    () => [{ type: 'CreatorAccepted', data: {} }],
    creatorLink,
  );
  const { url } = await h.escrow.startDealOnboarding(
    deal.dealId,
    deal.token,
    creatorLink,
  );
  await submit(h, url, { outcome: 'complete' });
  return deal;
}

export async function givenDeliveredDeal(h: Harness) {
  const deal = await givenReadyDeal(h);
  await h.escrow.deliver(deal.dealId, creatorLink);
  return deal;
}

export async function dealState(h: Harness, dealId: number) {
  const { snapshot } = await h.bus.load(
    dealAggregate,
    dealAggregate.streamId(dealId),
  );
  return {
    status: dealAggregate.describe(snapshot),
    context: snapshot.context,
  };
}

export async function givenUser(h: Harness, userId: string) {
  await h.bus.execute(
    userAggregate,
    userAggregate.streamId(userId),
    () => [
      {
        type: 'UserRegistered',
        data: {
          userId,
          username: `user_${userId}`,
          email: `${userId}@example.test`,
          passwordHash: 'scrypt$x',
          companyName: null,
          country: null,
          phoneNumber: null,
        },
      },
    ],
    { actor: { kind: 'creator', id: userId } },
  );
}

/** A payment request by `creatorId` (€400 + 5 %), expiring `expiresInHours` from now. */
export async function givenRequest(
  h: Harness,
  creatorId: string,
  expiresInHours = 24 * 30,
) {
  const requestId = nextId++;
  const token = `req_${String(requestId).padStart(4, '0')}_abcdefghijklmnop`;
  const expiresAt = new Date(
    h.clock.now().getTime() + expiresInHours * HOUR,
  ).toISOString();
  await h.bus.execute(
    paymentRequestAggregate,
    paymentRequestAggregate.streamId(requestId),
    () => [
      {
        type: 'PaymentRequestCreated',
        data: {
          requestId,
          creatorId,
          creatorName: 'Creator',
          creatorEmail: null,
          title: 'Instagram reel',
          description: 'One reel',
          ...breakdown(40_000, 'payment_request'),
          brandName: 'Acme',
          brandEmail: 'brand@example.test',
          brandHandle: null,
          deadline: '2026-04-30',
          token,
          expiresAt,
        },
      },
    ],
    { actor: { kind: 'creator', id: creatorId } },
  );
  return { requestId, token, expiresAt };
}

export async function requestState(h: Harness, requestId: number) {
  const { snapshot } = await h.bus.load(
    paymentRequestAggregate,
    paymentRequestAggregate.streamId(requestId),
  );
  return {
    status: paymentRequestAggregate.describe(snapshot),
    context: snapshot.context,
  };
}

/** A fresh harness per test (optionally with registered users), closed after it. */
export function useHarness(
  assign: (h: Harness) => void,
  options: { users?: string[] } = {},
): void {
  let current: Harness | null = null;
  beforeEach(async () => {
    current = await createHarness();
    for (const userId of options.users ?? []) await givenUser(current, userId);
    assign(current);
  });
  afterEach(async () => {
    await current?.close();
  });
}
