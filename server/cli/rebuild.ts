import cliProgress from 'cli-progress';
import { join } from 'node:path';
import { allProjections } from '../../projections/all-projections';
import { createProjectionRunner } from '../../projections/runner';
import { openReadDatabase } from '../../projections/read-database';
import { runCli, withEventStore } from './run-cli';

/** `npm run rebuild`: drops every read model and replays the whole event store, with a progress bar. */
runCli(() =>
  withEventStore(async (store, config) => {
    const db = openReadDatabase(join(config.dataDir, 'read.db'));
    const runner = createProjectionRunner({
      source: store,
      db,
      projections: allProjections,
      batchSize: 5_000,
    });
    const bar = new cliProgress.SingleBar(
      {
        format:
          'rebuild |{bar}| {percentage}% | {value}/{total} positions | {rate} events/s | ETA {eta}s',
      },
      cliProgress.Presets.shades_classic,
    );
    const started = Date.now();
    bar.start(Math.max(1, await store.headPosition()), 0, { rate: 0 });
    const applied = await runner.rebuild((count) => {
      const seconds = (Date.now() - started) / 1000;
      bar.update(runner.position, {
        rate: Math.round(count / Math.max(seconds, 0.001)),
      });
    });
    bar.stop();
    const seconds = (Date.now() - started) / 1000;
    console.log(
      `Rebuilt ${allProjections.length} read models from ${applied} events in ${seconds.toFixed(1)} s (${Math.round(applied / Math.max(seconds, 0.001))} events/s).`,
    );
    db.close();
    return 0;
  }),
);
