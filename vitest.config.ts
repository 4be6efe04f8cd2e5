import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
    // Browser and crash tests start processes; keep files in parallel but bounded on 2 cores.
    pool: 'forks',
    maxWorkers: 2,
    reporters: ['default', './tests/reporters/summary.reporter.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
