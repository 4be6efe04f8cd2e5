import { it } from 'vitest';
import { createTestModel } from 'xstate/graph';
import { dealMachine } from '../../machines/deal/deal.machine';
import { dealModelEvents, serializeDealModelState } from '../support/deal-model';
it('count', () => {
  const model = createTestModel(dealMachine, { events: dealModelEvents, serializeState: serializeDealModelState });
  const sp = model.getShortestPaths();
  console.log('shortest', sp.length, sp.reduce((n, p) => n + p.steps.length, 0));
  const all = model.getShortestPaths({ allowDuplicatePaths: true });
  console.log('shortest all', all.length);
  const t = Date.now();
  const simple = model.getSimplePaths();
  console.log('simple', simple.length, simple.reduce((n, p) => n + p.steps.length, 0), Date.now() - t);
  console.log('simple all', model.getSimplePaths({ allowDuplicatePaths: true }).length);
});
