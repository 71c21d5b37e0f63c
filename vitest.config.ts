import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/*/test/**/*.test.ts'],
    testTimeout: 60_000,
    // One line when the PostgreSQL tests are skipped for want of TAFL_TEST_PG.
    globalSetup: ['packages/server/test/pg-notice.ts'],
  },
});
