import { transferKind, type GatewayMovement } from '../payment-gateway';
import type { SimulatedLedger } from './simulated-ledger';

/**
 * The simulated gateway's own record of money moved in [since, until), read from its file: what
 * Stripe's list APIs answer for the live gateway. Records from before the gateway kept times count
 * as created at the epoch (outside every recent period).
 */
export function simulatedMovements(
  ledger: SimulatedLedger,
  { since, until }: { since: Date; until: Date },
): GatewayMovement[] {
  const from = since.toISOString();
  const to = until.toISOString();
  const out: GatewayMovement[] = [];
  const add = (
    m: Omit<GatewayMovement, 'createdAt'> & { createdAt: string | null },
  ) => {
    const createdAt = m.createdAt ?? new Date(0).toISOString();
    if (createdAt >= from && createdAt < to) out.push({ ...m, createdAt });
  };
  const groupOfSession = new Map<string, string | null>();
  for (const s of ledger.sessions.values()) {
    const group = s.input.transferGroup ?? null;
    groupOfSession.set(s.paymentIntentId, group);
    if (s.chargeId === null) continue;
    add({
      kind: 'charge',
      id: s.chargeId,
      otherIds: [s.paymentIntentId],
      amountCents: s.totalCents,
      createdAt: s.chargedAt,
      group,
    });
  }
  for (const r of ledger.refunds)
    add({
      kind: 'refund',
      id: r.id,
      otherIds: [],
      amountCents: r.amountCents,
      createdAt: r.createdAt,
      group: r.transferGroup,
    });
  for (const t of ledger.transfers) {
    add({
      kind: transferKind(t.transferGroup),
      id: t.id,
      otherIds: [],
      amountCents: t.amountCents,
      createdAt: t.createdAt,
      group: t.transferGroup,
    });
  }
  for (const r of ledger.reversals) {
    add({
      kind: 'transfer_reversal',
      id: r.id,
      otherIds: [r.transferId],
      amountCents: r.amountCents,
      createdAt: r.createdAt,
      group: r.transferGroup,
    });
  }
  for (const d of ledger.disputes) {
    add({
      kind: 'dispute',
      id: d.id,
      otherIds: [d.chargeId],
      amountCents: d.amountCents,
      createdAt: d.createdAt,
      group: groupOfSession.get(d.paymentIntentId) ?? null,
      ...(ledger.disputeOutcome(d.id) === 'won' ? { reinstated: true } : {}),
    });
  }
  return out;
}
