import type { GatewayMovement, MovementKind } from '../gateway/payment-gateway';
import type { Ledger, Mismatch } from './report-types';

/** Movements that take money out of a deal's or request's charge (a reversal gives a transfer back). */
const outSign: Partial<Record<MovementKind, number>> = {
  refund: 1,
  transfer: 1,
  payout: 1,
  dispute: 1,
  transfer_reversal: -1,
};

/**
 * Per deal or request (the gateway's group): the money that left it — refunds, transfers and
 * payouts less reversals, and chargebacks not won back — above what was charged for it (at the
 * gateway, or in the ledger when the charge lies before the records read): money paid out that
 * the escrow never held. One mismatch per group, named by the movement that went past.
 */
function paidOutAboveHeld(
  ledger: Ledger,
  atGateway: GatewayMovement[],
  inPeriod: (at: string) => boolean,
): Mismatch[] {
  const ledgerCharged = new Map<string, number>();
  for (const m of ledger.movements)
    if (m.kind === 'charge')
      ledgerCharged.set(
        m.streamId,
        (ledgerCharged.get(m.streamId) ?? 0) + m.amountCents,
      );
  const groups = new Map<string, GatewayMovement[]>();
  // The escrows of deals and requests; money of no escrow is reported as missing in the ledger.
  for (const g of atGateway)
    if (g.group !== null && /^(deal|payment-request)-\d+$/.test(g.group))
      groups.set(g.group, [...(groups.get(g.group) ?? []), g]);
  const out: Mismatch[] = [];
  for (const [group, list] of groups) {
    const sorted = [...list].sort((a, b) =>
      a.createdAt.localeCompare(b.createdAt),
    );
    const charged = Math.max(
      ledgerCharged.get(group) ?? 0,
      sorted
        .filter((g) => g.kind === 'charge')
        .reduce((sum, g) => sum + g.amountCents, 0),
    );
    let paidOut = 0;
    let crossed: GatewayMovement | null = null;
    for (const g of sorted) {
      if (g.kind === 'dispute' && g.reinstated) continue;
      paidOut += (outSign[g.kind] ?? 0) * g.amountCents;
      if (paidOut > charged && crossed === null && (outSign[g.kind] ?? 0) > 0)
        crossed = g;
    }
    if (crossed === null || paidOut <= charged || !inPeriod(crossed.createdAt))
      continue;
    out.push({
      problem: 'paid_out_above_held',
      kind: crossed.kind,
      reference: crossed.id,
      streamId: group,
      ledgerCents: charged,
      gatewayCents: paidOut,
      at: crossed.createdAt,
    });
  }
  return out;
}

/** Refunds of a deal or request for which no charge was ever recorded, in the ledger or at the gateway. */
function refundsWithoutCharge(
  ledger: Ledger,
  atGateway: GatewayMovement[],
  inPeriod: (at: string) => boolean,
): Mismatch[] {
  const chargedStreams = new Set([
    ...ledger.movements
      .filter((m) => m.kind === 'charge')
      .map((m) => m.streamId),
    ...(ledger.unidentified ?? []).map((u) => u.streamId),
    ...atGateway
      .filter((g) => g.kind === 'charge' && g.group !== null)
      .map((g) => g.group!),
  ]);
  const seen = new Set<string>();
  const out: Mismatch[] = [];
  const report = (m: Omit<Mismatch, 'problem' | 'kind'>) => {
    if (
      seen.has(m.reference) ||
      m.streamId === null ||
      chargedStreams.has(m.streamId)
    )
      return;
    if (!inPeriod(m.at)) return;
    seen.add(m.reference);
    out.push({ problem: 'refund_without_charge', kind: 'refund', ...m });
  };
  for (const m of ledger.movements)
    if (m.kind === 'refund')
      report({
        reference: m.ids[0]!,
        streamId: m.streamId,
        ledgerCents: m.amountCents,
        gatewayCents: null,
        at: m.at,
      });
  for (const g of atGateway)
    if (g.kind === 'refund')
      report({
        reference: g.id,
        streamId: g.group,
        ledgerCents: null,
        gatewayCents: g.amountCents,
        at: g.createdAt,
      });
  return out;
}

/**
 * What is wrong with the shape of the money rather than one record: money paid out above what was
 * charged, a charge the ledger recorded without a gateway id, a refund of money never charged.
 */
export function moneyShapeMismatches(
  ledger: Ledger,
  atGateway: GatewayMovement[],
  inPeriod: (at: string) => boolean,
): Mismatch[] {
  const unidentified: Mismatch[] = (ledger.unidentified ?? [])
    .filter((u) => inPeriod(u.at))
    .map((u) => ({
      problem: 'charge_without_gateway_id',
      kind: 'charge',
      reference: u.reference,
      streamId: u.streamId,
      ledgerCents: u.amountCents,
      gatewayCents: null,
      at: u.at,
    }));
  return [
    ...paidOutAboveHeld(ledger, atGateway, inPeriod),
    ...unidentified,
    ...refundsWithoutCharge(ledger, atGateway, inPeriod),
  ];
}
