// The browser tests' global set-up (vitest.e2e.config.ts): the features every test browser runs
// without, found once for the whole run (chromium.ts, `disabledFeatures`) and given to each test
// file (harness.ts, `testBrowserSwitches`).
import type { TestProject } from 'vitest/node';
import { disabledFeatures } from './chromium.js';

export default async function setup(project: TestProject): Promise<void> {
  project.provide('chromiumDisabledFeatures', await disabledFeatures());
}
