import { replayCheck } from '../admin/replay-check';
import { runCli, withEventStore } from './run-cli';

/** `npm run replay-check`: would the current statecharts accept every stored deal and request, ending where they did? */
runCli(
  () =>
    withEventStore(async (store) => {
      const { streams, events, problems } = await replayCheck(store);
      if (problems.length === 0) {
        console.log(
          `OK: ${streams} deal and payment-request streams (${events} events) replay through the current statecharts to their recorded states.`,
        );
        return 0;
      }
      console.log(
        `${problems.length} of ${streams} streams differ under the current statecharts:`,
      );
      for (const p of problems)
        console.log(
          `  ${p.streamId} revision ${p.revision} (${p.type}): ${p.kind.replace('_', ' ')} — ${p.message}`,
        );
      return 1;
    }),
  { errorCode: 2 },
);
