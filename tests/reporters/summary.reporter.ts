import type { Reporter, TestModule } from 'vitest/node';

/**
 * Prints one plain closing line, "N passed, N failed", after vitest's own summary, so any CI
 * that reads test totals understands the run. Failed suites (a file that did not load) count as failed.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const module of testModules) {
      let tests = 0;
      for (const test of module.children.allTests()) {
        tests++;
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failed++;
        else skipped++;
      }
      if (tests === 0 && module.state() === 'failed') failed++;
    }
    // The PostgreSQL (and Redis) suites need a server: say so once instead of skipping them silently.
    if (!process.env.PG_TEST_URL?.trim()) {
      process.stdout.write(
        '\nPostgreSQL suites skipped: PG_TEST_URL is not set (run them with PG_TEST_URL=postgres://root@127.0.0.1:5432/test REDIS_TEST_URL=redis://127.0.0.1:6379 npm test; see docs/operations.md)\n',
      );
    }
    process.stdout.write(
      `\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`,
    );
  }
}
