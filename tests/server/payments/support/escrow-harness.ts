import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach } from 'vitest';
import { breakdown } from '../../../../machines/money';
import { createProjectionRunner, type ProjectionRunner } from '../../../../projections/runner';
import { timersProjection } from '../../../../projections/timers.projection';
import { dealAggregate, paymentRequestAggregate, userAggregate } from '../../../../server/commands/aggregate';
import { createCommandBus, type CommandBus, type CommandContext } from '../../../../server/commands/command-bus';
import type { EventStore } from '../../../../server/event-store/event-store';
import { createSqliteEventStore } from '../../../../server/event-store/sqlite-event-store';
import { createEscrow } from '../../../../server/payments/escrow';
import type { Escrow } from '../../../../server/payments/escrow.types';
import { createSimulatedGateway, type SimulatedGateway } from '../../../../server/payments/gateway/simulated/simulated-gateway';
import { simulatedGatewayRoutes } from '../../../../server/payments/gateway/simulated/simulated-gateway.routes';
import { webhookRoutes } from '../../../../server/payments/webhook.routes';
import { createTestClock, HOUR_MS, type TestClock } from '../../../../server/shared/clock';
import { createTimerReactor, type TimerReactor } from '../../../../server/reactors/timers.reactor';

export const PUBLIC_URL = 'http://escrow.test';
export const brand: CommandContext = { actor: { kind: 'brand', id: 'u_brand' } };
export const creatorLink: CommandContext = { actor: { kind: 'creator-link', id: 'link' } };
export const admin: CommandContext = { actor: { kind: 'admin', id: 'a_1' } };
/** The logged-in creator of payment requests, and the brand acting through a request link. */
export const requestCreator: CommandContext = { actor: { kind: 'creator', id: 'u_creator' } };
export const requestVisitor: CommandContext = { actor: { kind: 'brand', id: 'link' } };
export const HOUR = HOUR_MS;

export interface Harness {
  clock: TestClock;
  store: EventStore;
  bus: CommandBus;
  gateway: SimulatedGateway;
  escrow: Escrow;
  app: FastifyInstance;
  runner: ProjectionRunner;
  reactor: TimerReactor;
  readDb: Database.Database;
  /** Lets the read model catch up, then runs one reactor tick. */
  tick(): Promise<number>;
  types(streamId: string): Promise<string[]>;
  close(): Promise<void>;
}

/** A real SQLite store in a temp dir, the simulated gateway behind a bare Fastify app, and the timers. */
export async function createHarness(options: { wrapStore?: (store: EventStore) => EventStore } = {}): Promise<Harness> {
  const dir = mkdtempSync(join(tmpdir(), 'escrow-'));
  const raw = createSqliteEventStore({ path: join(dir, 'events.db'), pollIntervalMs: 10 });
  const store = options.wrapStore ? options.wrapStore(raw) : raw;
  const clock = createTestClock('2026-03-02T10:00:00.000Z');
  const bus = createCommandBus({ store, clock });
  const gateway = createSimulatedGateway({ publicUrl: PUBLIC_URL });
  const escrow = createEscrow({
    bus,
    clock,
    gateway,
    config: { publicUrl: PUBLIC_URL, reviewPeriodHours: 48, disputePeriodHours: 72 },
    users: { emailOf: async () => 'creator@example.test' },
  });
  const app = Fastify();
  await app.register(webhookRoutes, { escrow, gateway });
  await app.register(simulatedGatewayRoutes, { gateway });
  await app.ready();
  const readDb = new Database(':memory:');
  const runner = createProjectionRunner({ source: raw, db: readDb, projections: [timersProjection] });
  runner.start();
  const reactor = createTimerReactor({ db: readDb, escrow, bus, clock, intervalMs: 60_000 });
  return {
    clock,
    store,
    bus,
    gateway,
    escrow,
    app,
    runner,
    reactor,
    readDb,
    async tick() {
      await runner.waitForPosition(await raw.headPosition());
      return reactor.tick();
    },
    async types(streamId) {
      return (await raw.readStream(streamId)).map((e) => e.type);
    },
    async close() {
      await reactor.stop();
      await runner.stop();
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
export async function givenDeal(h: Harness, amountCents = 25_000): Promise<{ dealId: number; token: string }> {
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
export async function pay(h: Harness, dealId: number, method: 'card' | 'ideal' = 'card', outcome: 'pay' | 'fail' | 'cancel' = 'pay') {
  const { url } = await h.escrow.startDealCheckout(dealId, brand);
  return submit(h, url, { method, outcome });
}

export async function submit(h: Harness, url: string, form: Record<string, string>) {
  return h.app.inject({
    method: 'POST',
    url: new URL(url).pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
  });
}

/** Paid, accepted, bank connected (through the simulated onboarding page): ready to deliver. */
export async function givenReadyDeal(h: Harness, amountCents = 25_000) {
  const deal = await givenDeal(h, amountCents);
  await pay(h, deal.dealId);
  await h.bus.execute(dealAggregate, dealAggregate.streamId(deal.dealId), () => [{ type: 'CreatorAccepted', data: {} }], creatorLink);
  const { url } = await h.escrow.startDealOnboarding(deal.dealId, deal.token, creatorLink);
  await submit(h, url, { outcome: 'complete' });
  return deal;
}

export async function givenDeliveredDeal(h: Harness) {
  const deal = await givenReadyDeal(h);
  await h.escrow.deliver(deal.dealId, creatorLink);
  return deal;
}

export async function dealState(h: Harness, dealId: number) {
  const { snapshot } = await h.bus.load(dealAggregate, dealAggregate.streamId(dealId));
  return { status: dealAggregate.describe(snapshot), context: snapshot.context };
}

export async function givenUser(h: Harness, userId: string) {
  await h.bus.execute(
    userAggregate,
    userAggregate.streamId(userId),
    () => [
      {
        type: 'UserRegistered',
        data: { userId, username: `user_${userId}`, email: `${userId}@example.test`, passwordHash: 'scrypt$x', companyName: null, country: null, phoneNumber: null },
      },
    ],
    { actor: { kind: 'creator', id: userId } },
  );
}

/** A payment request by `creatorId` (€400 + 5 %), expiring `expiresInHours` from now. */
export async function givenRequest(h: Harness, creatorId: string, expiresInHours = 24 * 30) {
  const requestId = nextId++;
  const token = `req_${String(requestId).padStart(4, '0')}_abcdefghijklmnop`;
  const expiresAt = new Date(h.clock.now().getTime() + expiresInHours * HOUR).toISOString();
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
  const { snapshot } = await h.bus.load(paymentRequestAggregate, paymentRequestAggregate.streamId(requestId));
  return { status: paymentRequestAggregate.describe(snapshot), context: snapshot.context };
}

/** A fresh harness per test (optionally with registered users), closed after it. */
export function useHarness(assign: (h: Harness) => void, options: { users?: string[] } = {}): void {
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
