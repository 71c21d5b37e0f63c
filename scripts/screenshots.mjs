// Screenshots of the app for docs/screenshots: the start page, a game against the computer, the
// analysis board (a line on an unfinished position, the rules' result on the finished one), a
// lesson and the puzzles, at desktop (1280x800) and phone (390x844) sizes, as JPEG.
//
//     npm run build && node scripts/screenshots.mjs [OUT_DIR]
//
// It starts `npm start`'s server on a free port with a throwaway data directory and drives
// Debian's Chromium (CHROMIUM_PATH, /usr/bin/chromium by default) with playwright-core.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const out = process.argv[2] ?? 'docs/screenshots';
const dataDir = mkdtempSync(join(tmpdir(), 'tafl-shots-'));
const server = spawn(process.execPath, ['packages/server/dist/main.js'], {
  env: { ...process.env, HOST: '127.0.0.1', PORT: '0', DATA_DIR: dataDir },
  stdio: ['ignore', 'ignore', 'pipe'],
});
// The server logs JSON lines on stderr (the plain line only at a terminal): the address is in the
// one that says it takes players (`Brandubh & Ard Ri: URL`).
const url = await new Promise((resolve, reject) => {
  let text = '';
  server.stderr.on('data', (chunk) => {
    text += chunk;
    const m = /Brandubh & Ard Ri: (http:\/\/[^\s"]+)/.exec(text);
    if (m) resolve(m[1]);
  });
  server.once('exit', (code) => reject(new Error(`the server exited (${code})`)));
});

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
const sizes = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };
// A short game the attackers win by taking the king (1. d6-a6 d5-a5xa6 2. g4-g5 Kd4-d6 3. g5-d5).
const GAME = 'rules=brandubh-2019&moves=d6-a6+d5-a5+g4-g5+d4-d6+g5-d5';
const errors = [];
try {
  for (const [size, viewport] of Object.entries(sizes)) {
    const context = await browser.newContext({ viewport, locale: 'en-GB' });
    const page = await context.newPage();
    page.on('pageerror', (e) => errors.push(`${size}: ${e.message}`));
    // A whole page from its top: the analysis board's board and controls stay at the top of the
    // window on a phone, so a page scrolled down would show them in its middle.
    const shot = async (name, fullPage = false) => {
      if (fullPage) await page.evaluate(() => globalThis.scrollTo(0, 0));
      await page.screenshot({ path: join(out, `${name}-${size}.jpg`), type: 'jpeg', quality: 60, fullPage });
    };

    await page.goto(url);
    await page.getByRole('button', { name: 'Play the computer', exact: true }).waitFor();
    await shot('home');

    await page.getByRole('button', { name: 'Play the computer', exact: true }).click();
    await page.getByTestId('status').filter({ hasText: 'Your move' }).waitFor();
    await shot('game');

    await page.goto(`${url}#/open?${GAME}`);
    await page.getByRole('link', { name: 'Analysis board' }).click();
    await page.getByRole('button', { name: 'Analyse the whole game' }).click();
    await page.getByText(/The game is analysed/).waitFor();
    // The keys in the panel (the new screen put the focus on the board, whose arrows are its own).
    await page.locator('.analysis-panel .game-title').click();
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowRight');
    await page.waitForTimeout(2500);
    await shot('analysis', size === 'phone');
    await page.keyboard.press('End');
    await page.waitForTimeout(800);
    await shot('analysis-finished', size === 'phone');

    await page.goto(`${url}#/learn/brandubh-2019/capture`);
    await page.getByRole('grid').waitFor();
    await shot('lesson');

    // The puzzles open on the recommended ruleset: the board, the task and the answer in view.
    await page.goto(`${url}#/puzzles`);
    await page.locator('.puzzle-status').waitFor();
    await shot('puzzles');
    await context.close();
  }
} finally {
  await browser.close();
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
if (errors.length > 0) {
  console.error(errors.join('\n'));
  process.exitCode = 1;
} else console.log(`screenshots written to ${out}`);
