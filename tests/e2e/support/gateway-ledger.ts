import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { RunningServer } from './server';

/** What the simulated gateway did, read from its own file: every transfer and refund, with amounts. */
export function gatewayMovements(server: RunningServer): {
  transfers: number[];
  refunds: number[];
} {
  const db = new Database(join(server.dataDir, 'simulated-gateway.sqlite'), {
    readonly: true,
    fileMustExist: true,
  });
  try {
    const amounts = (table: string) =>
      db
        .prepare<[], { amount_cents: number }>(
          `SELECT amount_cents FROM ${table} ORDER BY rowid`,
        )
        .all()
        .map((r) => r.amount_cents);
    return {
      transfers: amounts('sim_transfers'),
      refunds: amounts('sim_refunds'),
    };
  } finally {
    db.close();
  }
}
