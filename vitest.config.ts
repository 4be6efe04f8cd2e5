import { defineConfig } from 'vitest/config';

export default defineConfig({
  // `@machines/…` and any other alias come from tsconfig.json's `paths`, the one place they are named.
  resolve: { tsconfigPaths: true },
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
