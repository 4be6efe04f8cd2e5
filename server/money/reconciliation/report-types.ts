import { reconciliationProblems } from '@machines/contract/money-api';
import type { MovementKind } from '../gateway/payment-gateway';
import type {
  LedgerMovement,
  OpenIntent,
  UnidentifiedCharge,
} from './ledger-movements';
import type { TrialBalance } from './trial-balance';

/** What the reconciliation reports: its problems, mismatches and totals, and the ledger it reads. */
export const problems = reconciliationProblems;
export type Problem = (typeof problems)[number];

export interface Mismatch {
  problem: Problem;
  kind: MovementKind;
  /** The gateway's id of the movement, or the intent's idempotency key. */
  reference: string;
  streamId: string | null;
  ledgerCents: number | null;
  gatewayCents: number | null;
  at: string;
}

export interface KindTotals {
  kind: MovementKind;
  ledgerCount: number;
  ledgerCents: number;
  gatewayCount: number;
  gatewayCents: number;
}

export interface ReconciliationReport {
  since: string;
  until: string;
  gateway: 'stripe' | 'simulated';
  kinds: KindTotals[];
  mismatches: Mismatch[];
  /** Per day of the period, what all escrows posted (debits = credits), and any escrow that did not balance. */
  trialBalance?: TrialBalance;
}

export interface Ledger {
  movements: LedgerMovement[];
  openIntents: OpenIntent[];
  /** Charges recorded without any gateway id (older results may lack it). */
  unidentified?: UnidentifiedCharge[];
}
