// The lessons in Chromium, against the app as `npm start` serves it: every lesson of brandub-fr
// (the ruleset with the most special rules: king-and-shield, passing, quiet moves) and one of
// ard-ri-fr answered by clicking the squares (or "Pass"), each showing its success text; a wrong
// move answered with its explanation and the board back at the lesson's position; the progress
// kept after a reload. Screenshots to look at: /tmp/shots/lesson-desktop.png (1280x800) and
// /tmp/shots/lesson-phone.png (390x844).
import { mkdirSync } from 'node:fs';
import {
  ardRiFr,
  brandubFr,
  lessonPosition,
  lessonsFor,
  makeMoveSquares,
  tryLessonMove,
  type Lesson,
  type Ruleset,
} from '@tafl/core';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { LEARN_TEXT, type LessonArgs } from '../src/lessons/text/index.js';
import { openPage, useApp } from './harness.js';

const app = useApp();
const en = LEARN_TEXT.en;

async function open(path: string, viewport?: { width: number; height: number }): Promise<Page> {
  const { context, page } = await openPage(app.browser, `${app.server.url}${path}`);
  app.contexts.push(context);
  if (viewport) await page.setViewportSize(viewport);
  return page;
}

const errorsOf = (page: Page): string[] => (page as Page & { errors?: string[] }).errors ?? [];
const square = (page: Page, name: string) => page.locator(`.learn-board [data-name="${name}"]`);

function argsOf(rules: Ruleset, lesson: Lesson): LessonArgs {
  const [from = '', to = ''] = lesson.move.split('-');
  return { rules, turn: lessonPosition(rules, lesson).turn, from, to, target: lesson.target ?? '' };
}

/** Opens a lesson by its address and waits for its board. */
async function goTo(page: Page, rules: Ruleset, lesson: Lesson): Promise<void> {
  await page.evaluate((hash) => (location.hash = hash), `#/learn/${rules.id}/${lesson.id}`);
  await page.waitForSelector(`.learn-lesson[data-lesson="${lesson.id}"] .tb-grid`);
}

/** Plays a move as a player does: a click on the piece, a click on its square; or "Pass". */
async function play(page: Page, move: string): Promise<void> {
  if (move === 'pass') return page.getByRole('button', { name: en.pass, exact: true }).click();
  const [from = '', to = ''] = move.split('-');
  await square(page, from).click();
  await square(page, to).click();
}

const feedback = (page: Page) => page.locator('.learn-feedback');

describe('the lessons', () => {
  it('every lesson of brandub-fr, and one of ard-ri-fr, answered on the board; progress kept after a reload', async () => {
    const rules = brandubFr;
    const lessons = lessonsFor(rules);
    const page = await open(`#/learn/${rules.id}`);
    await expect(page.getByTestId('course-progress').innerText()).resolves.toBe(
      en.progress(0, lessons.length),
    );
    for (const lesson of lessons) {
      await goTo(page, rules, lesson);
      const words = en.lessons[lesson.id];
      const args = argsOf(rules, lesson);
      await expect(page.locator('.learn-task').innerText()).resolves.toBe(words.task(args));
      await play(page, lesson.move);
      await page.waitForSelector('.learn-feedback.is-right');
      await expect(feedback(page).innerText(), lesson.id).resolves.toContain(words.success(args));
      // The pieces taken are shown where they stood: the king and his shield, the soldier.
      for (const taken of lesson.expect.captures ?? [])
        await expect(
          square(page, taken).locator('.tb-captured').count(),
          `${lesson.id} ${taken}`,
        ).resolves.toBe(1);
    }

    const other = lessonsFor(ardRiFr).find((l) => l.id === 'escape-edge')!;
    await goTo(page, ardRiFr, other);
    await play(page, other.move);
    await page.waitForSelector('.learn-feedback.is-right');
    await expect(feedback(page).innerText()).resolves.toContain(
      en.lessons['escape-edge'].success(argsOf(ardRiFr, other)),
    );
    // The king stands on his exit square.
    await expect(square(page, other.move.split('-')[1]!).getAttribute('aria-label')).resolves.toMatch(/king/);

    await page.evaluate(() => (location.hash = '#/learn/brandub-fr'));
    await page.reload();
    await expect(page.getByTestId('course-progress').innerText()).resolves.toBe(
      en.progress(lessons.length, lessons.length),
    );
    await expect(page.locator('.learn-lessons li.is-done').count()).resolves.toBe(lessons.length);
    await page.evaluate(() => (location.hash = '#/learn'));
    await expect(
      page.locator('.learn-card[data-ruleset="ard-ri-fr"] .learn-progress-text').innerText(),
    ).resolves.toBe(en.progress(1, lessonsFor(ardRiFr).length));
    expect(errorsOf(page)).toEqual([]);
  });

  it('a wrong move is explained, and the board goes back to the lesson’s position', async () => {
    const rules = brandubFr;
    const lesson = lessonsFor(rules).find((l) => l.id === 'capture')!;
    const start = lessonPosition(rules, lesson);
    const wrong = start
      .legalMoves()
      .map((m) => makeMoveSquares(start.geo, m))
      .find((m) => !tryLessonMove(rules, lesson, m)!.correct)!;
    const page = await open(`#/learn/${rules.id}/${lesson.id}`);
    await page.waitForSelector('.learn-lesson .tb-grid');
    await play(page, wrong);
    await page.waitForSelector('.learn-feedback.is-wrong');
    await expect(feedback(page).innerText()).resolves.toContain(
      en.lessons.capture.wrong(argsOf(rules, lesson)),
    );
    const [from = '', to = ''] = wrong.split('-');
    await expect(square(page, from).getAttribute('aria-label')).resolves.toMatch(/attacker/);
    await expect(square(page, to).getAttribute('aria-label')).resolves.toMatch(/empty/);
    // Then the right move still works.
    await play(page, lesson.move);
    await page.waitForSelector('.learn-feedback.is-right');

    mkdirSync('/tmp/shots', { recursive: true });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.waitForTimeout(200);
    await page.screenshot({ path: '/tmp/shots/lesson-desktop.png' });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(200);
    await page.screenshot({ path: '/tmp/shots/lesson-phone.png', fullPage: true });
    expect(errorsOf(page)).toEqual([]);
  });
});
