import { loadConfig } from '../config';
import { verifyStore } from '../event-store/hash-chain';
import { openEventStore } from '../event-store/open-event-store';

/** `npm run verify`: checks every stream's hash chain; exits 1 and lists the first break of each broken stream. */
async function main(): Promise<number> {
  const config = loadConfig();
  const store = openEventStore({ dataDir: config.dataDir, kurrentUrl: config.kurrentUrl });
  try {
    const { streams, events, breaks } = await verifyStore(store);
    if (breaks.length === 0) {
      console.log(`OK: ${events} events in ${streams} streams; every hash chain is intact.`);
      return 0;
    }
    console.log(`BROKEN: ${breaks.length} of ${streams} streams (${events} events checked). First break per stream:`);
    for (const b of breaks) {
      const why = b.reason === 'missing' ? 'written without a hash' : 'content does not match its hash (edited, or an earlier event removed)';
      console.log(`  ${b.streamId} revision ${b.revision} (position ${b.position}, ${b.type}): ${why}`);
    }
    return 1;
  } finally {
    await store.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error((error as Error).message);
    process.exit(2);
  },
);
