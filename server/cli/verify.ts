import { verifyStore } from '../event-store/hash-chain';
import { runCli, withEventStore } from './run-cli';

/**
 * `npm run verify`: checks every stream's hash chain over the events as stored (personal fields
 * sealed, so an erased key changes nothing here); exits 1 and lists the first break of each broken stream.
 */
runCli(
  () =>
    withEventStore(async (store) => {
      const { streams, events, breaks } = await verifyStore(store.stored);
      if (breaks.length === 0) {
        console.log(
          `OK: ${events} events in ${streams} streams; every hash chain is intact.`,
        );
        return 0;
      }
      console.log(
        `BROKEN: ${breaks.length} of ${streams} streams (${events} events checked). First break per stream:`,
      );
      for (const b of breaks) {
        const why =
          b.reason === 'missing'
            ? 'written without a hash'
            : 'content does not match its hash (edited, or an earlier event removed)';
        console.log(
          `  ${b.streamId} revision ${b.revision} (position ${b.position}, ${b.type}): ${why}`,
        );
      }
      return 1;
    }),
  { errorCode: 2 },
);
