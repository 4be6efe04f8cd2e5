import type { EventStore } from '../../event-store/event-store';
import {
  movementKinds,
  type GatewayMovement,
  type MovementKind,
  type PaymentGateway,
} from '../gateway/payment-gateway';
import { createLedgerFold, type LedgerEvent } from './ledger-movements';
import { createTrialBalanceFold } from './trial-balance';
import { moneyShapeMismatches } from './money-shape';
import {
  problems,
  type Ledger,
  type Mismatch,
  type KindTotals,
  type ReconciliationReport,
} from './report-types';

export { problems };
export type { Ledger, Mismatch, ReconciliationReport };

/** An intent older than this without an outcome is reported: the payments reactor answers within seconds. */
export const INTENT_GRACE_MS = 15 * 60_000;
/** Gateway records are read from this long before the period, so a movement recorded just after midnight still finds its record. */
const MATCH_MARGIN_MS = 86_400_000;
const PAGE = 2_000;

const intentKind: Record<string, MovementKind> = {
  FundsReleaseRequested: 'transfer',
  RefundRequested: 'refund',
  PaymentRequestPayoutRequested: 'payout',
  UnexpectedPaymentReceived: 'refund',
  PaymentRequestUnexpectedPaymentReceived: 'refund',
};

/** Every event of the store, folded into the ledger's movements and open intents. */

export async function readLedger(
  store: Pick<EventStore, 'readAll'>,
  alsoTo?: (e: LedgerEvent) => void,
): Promise<Ledger> {
  const fold = createLedgerFold();
  let after = 0;
  for (;;) {
    const batch = await store.readAll({ after, maxCount: PAGE });
    for (const e of batch) {
      fold.add(e);
      alsoTo?.(e);
    }
    if (batch.length < PAGE) return fold.result();
    after = batch[batch.length - 1]!.position;
  }
}

/** Intents still without an outcome `INTENT_GRACE_MS` before `until`, whenever they were made. */
function staleIntents(ledger: Ledger, until: Date): Mismatch[] {
  const stale = new Date(until.getTime() - INTENT_GRACE_MS).toISOString();
  return ledger.openIntents
    .filter((i) => i.at < stale)
    .map((i) => ({
      problem: 'intent_without_outcome',
      kind: i.kind ?? intentKind[i.eventType] ?? 'transfer',
      reference: i.key,
      streamId: i.streamId,
      ledgerCents: i.amountCents,
      gatewayCents: null,
      at: i.at,
    }));
}

/** The gateway's movements by `<kind>:<id>`, under each of their ids; the first listed wins. */
function gatewayById(
  atGateway: GatewayMovement[],
): Map<string, GatewayMovement> {
  const byId = new Map<string, GatewayMovement>();
  for (const g of atGateway)
    for (const id of [g.id, ...g.otherIds])
      if (!byId.has(`${g.kind}:${id}`)) byId.set(`${g.kind}:${id}`, g);
  return byId;
}

/** Problems in their listed order, then movement kinds, then time. */
const reportOrder = (a: Mismatch, b: Mismatch): number =>
  problems.indexOf(a.problem) - problems.indexOf(b.problem) ||
  movementKinds.indexOf(a.kind) - movementKinds.indexOf(b.kind) ||
  a.at.localeCompare(b.at);

/**
 * Compares the ledger with the gateway for [since, until]: every movement the ledger recorded in
 * the period must be at the gateway with the same amount, and every movement the gateway made in
 * the period must be in the ledger (at any time). Intents still unanswered after 15 minutes are
 * reported whenever they were made.
 */
export function compareMovements(
  ledger: Ledger,
  atGateway: GatewayMovement[],
  { since, until }: { since: Date; until: Date },
): Omit<ReconciliationReport, 'gateway'> {
  const from = since.toISOString();
  const to = until.toISOString();
  const inPeriod = (at: string) => at >= from && at <= to;
  const byId = gatewayById(atGateway);
  const ledgerIds = new Set(
    ledger.movements.flatMap((m) => m.ids.map((id) => `${m.kind}:${id}`)),
  );

  const mismatches: Mismatch[] = [];
  const totals = new Map<MovementKind, KindTotals>(
    movementKinds.map((kind) => [
      kind,
      {
        kind,
        ledgerCount: 0,
        ledgerCents: 0,
        gatewayCount: 0,
        gatewayCents: 0,
      },
    ]),
  );
  for (const m of ledger.movements) {
    if (!inPeriod(m.at)) continue;
    const t = totals.get(m.kind)!;
    t.ledgerCount += 1;
    t.ledgerCents += m.amountCents;
    const found = m.ids
      .map((id) => byId.get(`${m.kind}:${id}`))
      .find((g) => g !== undefined);
    const base = {
      kind: m.kind,
      reference: m.ids[0]!,
      streamId: m.streamId,
      ledgerCents: m.amountCents,
      at: m.at,
    };
    if (!found)
      mismatches.push({
        ...base,
        problem: 'missing_at_gateway',
        gatewayCents: null,
      });
    else if (found.amountCents !== m.amountCents)
      mismatches.push({
        ...base,
        problem: 'amount_differs',
        gatewayCents: found.amountCents,
      });
  }
  for (const g of atGateway) {
    if (!inPeriod(g.createdAt)) continue;
    const t = totals.get(g.kind)!;
    t.gatewayCount += 1;
    t.gatewayCents += g.amountCents;
    if (![g.id, ...g.otherIds].some((id) => ledgerIds.has(`${g.kind}:${id}`))) {
      mismatches.push({
        problem: 'missing_in_ledger',
        kind: g.kind,
        reference: g.id,
        streamId: g.group,
        ledgerCents: null,
        gatewayCents: g.amountCents,
        at: g.createdAt,
      });
    }
  }
  mismatches.push(...staleIntents(ledger, until));
  mismatches.push(...moneyShapeMismatches(ledger, atGateway, inPeriod));
  mismatches.sort(reportOrder);
  return { since: from, until: to, kinds: [...totals.values()], mismatches };
}

export interface ReconcileDeps {
  store: Pick<EventStore, 'readAll'>;
  gateway: Pick<PaymentGateway, 'mode' | 'listMovements'>;
}

/** Reads both sides and compares them for [since, now]. */
export async function reconcile(
  { store, gateway }: ReconcileDeps,
  { since, now }: { since: Date; now: Date },
): Promise<ReconciliationReport> {
  // One read of the store feeds the ledger's movements and the trial balance of the period.
  const trial = createTrialBalanceFold({
    since: since.toISOString(),
    until: now.toISOString(),
  });
  const [ledger, atGateway] = await Promise.all([
    readLedger(store, (e) => trial.add(e)),
    gateway.listMovements({
      since: new Date(since.getTime() - MATCH_MARGIN_MS),
      until: new Date(now.getTime() + MATCH_MARGIN_MS),
    }),
  ]);
  return {
    gateway: gateway.mode,
    ...compareMovements(ledger, atGateway, { since, until: now }),
    trialBalance: trial.result(),
  };
}

/** How far back a reconciliation looks when no start is given. */
export const DEFAULT_LOOKBACK_DAYS = 30;

/** "2026-03-01" or an ISO instant → a Date; null for anything else. */
export function parseSince(value: string): Date | null {
  const text = value.trim();
  if (!/^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(text))
    return null;
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? null : new Date(ms);
}

export const defaultSince = (now: Date): Date =>
  new Date(now.getTime() - DEFAULT_LOOKBACK_DAYS * 86_400_000);
