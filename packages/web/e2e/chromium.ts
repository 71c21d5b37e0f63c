/**
 * How the browser tests start Debian's Chromium: its path, and the switches every test browser is
 * launched with (harness.ts's `launchBrowser`, and installable.e2e.ts's browser with a profile).
 * No vitest here: the browser tests' global set-up (chromium-features.ts) imports it too.
 */

import { chromium } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The switches of every test browser but `--disable-features` (`launchSwitches`). */
export const BASE_SWITCHES: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * The features the test browsers run without, on top of playwright-core's own list. Chromium's
 * new headless mode (Debian's Chromium 156 has no other) opens a hidden omnibox popup, a WebUI
 * page in a renderer of its own, with every window; that renderer used a fifth to two fifths of a
 * core the whole time, the page under test idle or not, and the browser tests ran a fifth faster
 * without it (1193 s against 972 s for all of them on the two cores of CI).
 */
export const DISABLED_FEATURES: readonly string[] = [
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
  'WebUIOmniboxFullPopup',
];

/**
 * Chromium keeps only the last `--disable-features` of its command line, and playwright-core
 * passes one of its own before the caller's switches: a second one would drop playwright's list.
 * So the browser tests' global set-up launches Chromium once, reads playwright's list from
 * chrome://version's command line, and gives every test file the two lists as one.
 */
export async function disabledFeatures(): Promise<string[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: [...BASE_SWITCHES] });
  try {
    const page = await browser.newPage();
    await page.goto('chrome://version');
    const commandLine = (await page.locator('#command_line').textContent()) ?? '';
    const theirs = /--disable-features=(\S+)/.exec(commandLine)?.[1]?.split(',') ?? [];
    return [...new Set([...theirs, ...DISABLED_FEATURES])];
  } finally {
    await browser.close();
  }
}

/** The switches to launch a test browser with, given the features to run without. */
export function launchSwitches(features: readonly string[]): string[] {
  return features.length > 0
    ? [...BASE_SWITCHES, `--disable-features=${features.join(',')}`]
    : [...BASE_SWITCHES];
}
