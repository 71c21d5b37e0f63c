import { defineConfig } from 'vitest/config';

// Browser tests (packages/*/e2e): a real server and Debian's Chromium; run by `npm run test:browser`.
export default defineConfig({
  test: {
    include: ['packages/*/e2e/**/*.e2e.ts'],
    testTimeout: 120_000,
    hookTimeout: 60_000,
    fileParallelism: false,
    // The features the test browsers run without (packages/web/e2e/chromium.ts).
    globalSetup: ['packages/web/e2e/chromium-features.ts'],
  },
});
