import { afterAll, describe } from 'vitest';
import { describeEventStoreContract } from './event-store.contract';
import { describeResumeContract } from './event-store-resume.contract';
import { contractAdapters, removeContractFiles } from './contract-adapters';

afterAll(removeContractFiles);

for (const adapter of contractAdapters) {
  describe.runIf(adapter.enabled)(adapter.name, () => {
    if (adapter.create)
      describeEventStoreContract(adapter.name, adapter.create);
    describeResumeContract(adapter.name, adapter.outage);
  });
}
