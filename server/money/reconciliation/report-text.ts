import { centsToDecimal } from '@machines/money';
import type { Mismatch, ReconciliationReport } from './reconcile';

const problemText: Record<Mismatch['problem'], string> = {
  missing_at_gateway: 'in the ledger but not at the gateway',
  missing_in_ledger: 'at the gateway but not in the ledger',
  amount_differs: 'amounts differ',
  intent_without_outcome: 'intent without an outcome for over 15 minutes',
  paid_out_above_held: 'paid out above what was charged and held',
  charge_without_gateway_id: 'charge recorded without a gateway id',
  refund_without_charge: 'refund of money never charged',
};

const euros = (cents: number | null) =>
  cents === null ? '—' : `€${centsToDecimal(Math.abs(cents))}`;

/** The report as an operator reads it on a terminal: totals per kind, then each mismatch grouped by kind. */
export function reportLines(report: ReconciliationReport): string[] {
  const lines = [
    `Reconciliation with the ${report.gateway} gateway, ${report.since} to ${report.until}`,
  ];
  for (const k of report.kinds) {
    lines.push(
      `  ${k.kind.padEnd(18)} ledger ${String(k.ledgerCount).padStart(5)} ${euros(k.ledgerCents).padStart(14)}   gateway ${String(k.gatewayCount).padStart(5)} ${euros(k.gatewayCents).padStart(14)}`,
    );
  }
  lines.push(...trialBalanceLines(report));
  if (report.mismatches.length === 0) {
    lines.push('OK: every movement matches.');
    return lines;
  }
  lines.push(`MISMATCH: ${report.mismatches.length} found.`);
  for (const kind of new Set(report.mismatches.map((m) => m.kind))) {
    lines.push(`  ${kind}:`);
    for (const m of report.mismatches.filter((x) => x.kind === kind)) {
      lines.push(
        `    ${problemText[m.problem]}: ${m.reference} (${m.streamId ?? 'no stream'}) ledger ${euros(m.ledgerCents)}, gateway ${euros(m.gatewayCents)}, at ${m.at}`,
      );
    }
  }
  return lines;
}

/** The trial balance: each day's postings across all escrows, and any escrow that did not sum to zero. */
function trialBalanceLines(report: ReconciliationReport): string[] {
  const trial = report.trialBalance;
  if (!trial) return [];
  const lines = trial.days.map(
    (d) =>
      `  trial balance ${d.day} debits ${euros(d.debitsCents).padStart(14)} credits ${euros(d.creditsCents).padStart(14)}${d.debitsCents === d.creditsCents ? '' : '  UNBALANCED'}`,
  );
  const unbalancedDays = trial.days.filter(
    (d) => d.debitsCents !== d.creditsCents,
  ).length;
  if (unbalancedDays === 0 && trial.unbalanced.length === 0)
    lines.push(
      `Trial balance: ${trial.days.length} day(s), every escrow's accounts sum to zero.`,
    );
  else {
    lines.push(
      `UNBALANCED: ${unbalancedDays} day(s) and ${trial.unbalanced.length} escrow state(s) whose accounts do not sum to zero.`,
    );
    for (const u of trial.unbalanced)
      lines.push(
        `    ${u.streamId} at ${u.at}: posted ${u.postedCents}, pending ${u.pendingCents}`,
      );
  }
  return lines;
}
