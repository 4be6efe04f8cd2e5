import { runCli } from './run-cli';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { loadConfig } from '../config';
import { pruneBackups } from '../event-store/backup-retention';
import { backupSqliteStore } from '../event-store/sqlite-backup';

const USAGE =
  'Usage: npm run backup -- <file>   (copies $DATA_DIR/events.db while the app runs, then deletes its backups in that folder older than BACKUP_MAX_AGE_DAYS; restore: docs/operations.md)';

/**
 * `npm run backup -- <file>`: an online, consistent, verified copy of the embedded event store;
 * then the backups this command took into the same folder more than BACKUP_MAX_AGE_DAYS ago are
 * deleted, since each holds the key table with keys erased since (docs/privacy.md).
 */
async function main(argv: string[]): Promise<number> {
  const [file, ...rest] = argv;
  if (!file || rest.length > 0 || file.startsWith('-')) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  if (config.kurrentUrl) {
    console.error(
      'KURRENTDB_URL is set: back up KurrentDB with its own tools (docs/operations.md); this command copies the embedded SQLite store.',
    );
    return 2;
  }
  const source = join(config.dataDir, 'events.db');
  if (!existsSync(source)) {
    console.error(`No event store at ${source} (check DATA_DIR).`);
    return 1;
  }
  const target = resolve(file);
  if (existsSync(target)) {
    console.error(`${target} exists already; choose a new file name.`);
    return 2;
  }
  const started = Date.now();
  const report = await backupSqliteStore(source, target);
  console.log(
    `Backed up ${source} to ${target} in ${((Date.now() - started) / 1000).toFixed(1)} s: ` +
      `${report.events} events in ${report.streams} streams up to position ${report.head}; integrity verified.`,
  );
  const maxAgeDays = config.backupMaxAgeDays;
  const pruned = pruneBackups(dirname(target), {
    now: new Date(),
    maxAgeDays,
    keep: [source],
  });
  for (const path of pruned)
    console.log(`Deleted ${path}: older than ${maxAgeDays} days.`);
  return 0;
}

runCli(main);
