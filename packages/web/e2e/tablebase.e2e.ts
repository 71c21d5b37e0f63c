// The analysis board with the engine's endgame tables, in Chromium against the real server: a
// position of four pieces or fewer is answered by the tables (built in the engine's worker), the
// sentence says who wins in how many moves, from the side chosen, and that the tables proved it, and the line to the end
// is the engine's line.
//
// The position, under the French Ard-ri (ard-ri-fr), the defenders to move:
//
//   7  .  .  .  .  .  t  .
//   6  .  .  .  .  .  .  .
//   5  .  .  K  .  .  .  .
//   4  .  .  .  .  .  .  .
//   3  .  .  .  .  .  .  .
//   2  .  T  .  .  .  .  .
//   1  .  .  .  .  .  .  .
//      a  b  c  d  e  f  g
//
// The tables: a win for the defenders in 3 plies (c5-b5, then b5-a5 whatever the attacker does).
import { describe, expect, it } from 'vitest';
import { openPage, useApp } from './harness.js';

const app = useApp();

describe('the analysis board with the endgame tables', () => {
  it('answers a four-piece position from the tables, with the winner, the distance and the line', async () => {
    const position = encodeURIComponent('/7/1T5/7/7/2K4/7/5t1/');
    const { context, page } = await openPage(
      app.browser,
      `${app.server.url}#/analysis?rules=ard-ri-fr&position=${position}&turn=defenders`,
    );
    app.contexts.push(context);
    await page.waitForSelector('.analysis-screen [role="grid"]');
    const sentence = page.getByTestId('analysis-sentence');
    await expect
      .poll(() => sentence.textContent(), { timeout: 60_000 })
      .toContain('proved by the endgame tables');
    // Said from the side chosen: the attackers' view first, then the defenders'.
    await expect(page.getByRole('radio', { name: 'the attackers' }).isChecked()).resolves.toBe(true);
    await expect(sentence.textContent()).resolves.toContain('The attackers lose in 2 moves');
    await page.getByRole('radio', { name: 'the defenders' }).check();
    await expect.poll(() => sentence.textContent()).toContain('The defenders win in 2 moves');
    const line = await page.locator('.analysis-line[data-line="1"] .pv-move').allTextContents();
    // As the app writes moves: K the king; a trailing - marks an open way to escape, -- the escape.
    expect(line).toEqual(['Kc5-b5-', 'f7-e7', 'Kb5-a5--']);
  });
});
