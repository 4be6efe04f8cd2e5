import { gatewayFromConfig } from '../money/gateway/create-gateway';
import {
  defaultSince,
  parseSince,
  reconcile,
} from '../money/reconciliation/reconcile';
import { reportLines } from '../money/reconciliation/report-text';
import { runCli, withEventStore } from './run-cli';

const usage =
  'usage: npm run reconcile [-- --since <YYYY-MM-DD | ISO instant>] [--json]';

/**
 * `npm run reconcile`: compares every money movement of the ledger with the gateway's own records
 * (Stripe with STRIPE_SECRET_KEY, else the simulated gateway's file: SIMULATED_GATEWAY_FILE or the
 * one in DATA_DIR; the server's configuration, through the same loader) since the given day
 * (default 30 days ago). Exit 0: everything matches; 1: a mismatch; 2: the check could not run.
 */
runCli(
  (argv) =>
    withEventStore(async (store, config) => {
      const at = argv.indexOf('--since');
      const sinceText = at >= 0 ? argv[at + 1] : undefined;
      if (at >= 0 && !sinceText) throw new Error(usage);
      const now = new Date();
      const since =
        sinceText === undefined ? defaultSince(now) : parseSince(sinceText);
      if (!since)
        throw new Error(
          `--since must be a date (YYYY-MM-DD) or an ISO instant; ${usage}`,
        );
      if (since >= now) throw new Error('--since must be in the past');
      // The server's configuration, read by the same loader: DATABASE_URL / KURRENTDB_URL (the
      // store, in withEventStore), STRIPE_SECRET_KEY or SIMULATED_GATEWAY_FILE / DATA_DIR.
      const gateway = gatewayFromConfig(config);
      try {
        const report = await reconcile({ store, gateway }, { since, now });
        console.log(
          argv.includes('--json')
            ? JSON.stringify(report, null, 2)
            : reportLines(report).join('\n'),
        );
        const unbalanced = report.trialBalance?.unbalanced.length ?? 0;
        return report.mismatches.length === 0 && unbalanced === 0 ? 0 : 1;
      } finally {
        (gateway as { close?: () => void }).close?.();
      }
    }),
  { errorCode: 2, name: 'reconcile' },
);
