import { loadConfig } from '../config';
import { replayCheck } from '../admin/replay-check';
import { openEventStore } from '../event-store/open-event-store';

/** `npm run replay-check`: would the current statecharts accept every stored deal and request, ending where they did? */
async function main(): Promise<number> {
  const config = loadConfig();
  const store = openEventStore({ dataDir: config.dataDir, kurrentUrl: config.kurrentUrl });
  try {
    const { streams, events, problems } = await replayCheck(store);
    if (problems.length === 0) {
      console.log(`OK: ${streams} deal and payment-request streams (${events} events) replay through the current statecharts to their recorded states.`);
      return 0;
    }
    console.log(`${problems.length} of ${streams} streams differ under the current statecharts:`);
    for (const p of problems) console.log(`  ${p.streamId} revision ${p.revision} (${p.type}): ${p.kind.replace('_', ' ')} — ${p.message}`);
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
