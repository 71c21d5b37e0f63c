/**
 * Learn to play: `#/learn` lists the rulesets with the player's progress, `#/learn/ID` is a
 * ruleset's course (its lessons, done or not), `#/learn/ID/LESSON` one lesson. The lessons come
 * from core's `lessonsFor`, which made and checked them from the ruleset's parameters; this
 * screen only shows them, lets the player move on the board, and asks the core whether the move
 * was the answer. A wrong move is explained and the board goes back to the lesson's position; the
 * right one is shown played (captures fading, the king on his exit square), then "Next lesson".
 */

import {
  PASS,
  PRESETS,
  geometry,
  lessonPosition,
  lessonsFor,
  makeMoveSquares,
  moveFrom,
  moveTo,
  parseSquare,
  roleOf,
  sourceOf,
  tryLessonMove,
  type Lesson,
  type Position,
  type Ruleset,
  type Square,
} from '@tafl/core';
import type { ComponentChildren } from 'preact';
import { useMemo, useRef, useState } from 'preact/hooks';
import type { ScreenProps } from '../app/screen.js';
import { useTitle } from '../app/title.js';
import type { BoardConfig, PieceRole } from '../board/api.js';
import { Board } from '../board/Board.js';
import { boardPieces, boardSquares, squareLabeler } from '../game/board-view.js';
import { findRuleset, loadCustomRulesets } from '../rules/catalog.js';
import { describeRuleset } from '../rules/describe.js';
import { RULES_TEXT } from '../rules/text/index.js';
import type { Lang } from '../i18n/index.js';
import { doneOf, loadProgress, markDone, type Progress } from './progress.js';
import { LEARN_TEXT, type LessonArgs } from './text/index.js';
import './lessons.css';

/** presets.ts lists the six rulesets of the leaflets first, then the reference rulesets. */
const LEAFLETS = 6;

type Props = ScreenProps & { readonly ruleset?: string; readonly lesson?: string };

export function LearnScreen(props: Props) {
  if (props.ruleset === undefined) return <CourseIndex {...props} />;
  return <CourseOrLesson {...props} ruleset={props.ruleset} />;
}

function CourseOrLesson(props: Props & { readonly ruleset: string }) {
  const { lang, t, ruleset } = props;
  const text = LEARN_TEXT[lang];
  const rules = useMemo(() => findRuleset(ruleset), [ruleset]);
  const lessons = useMemo(() => (rules ? lessonsFor(rules) : []), [rules]);
  if (!rules)
    return (
      <Missing t={t} lang={lang} message={RULES_TEXT[lang].ui.notFound(ruleset)}>
        <a href="#/learn">{text.allRulesets}</a>
      </Missing>
    );
  if (props.lesson === undefined) return <Course {...props} rules={rules} lessons={lessons} />;
  const index = lessons.findIndex((l) => l.id === props.lesson);
  if (index < 0)
    return (
      <Missing t={t} lang={lang} message={text.noLesson}>
        <a href={courseHref(rules)}>{text.backToCourse}</a>
      </Missing>
    );
  return (
    <LessonView
      key={`${rules.id}/${props.lesson}`}
      {...props}
      rules={rules}
      lessons={lessons}
      index={index}
    />
  );
}

function Missing({
  t,
  lang,
  message,
  children,
}: Pick<ScreenProps, 't' | 'lang'> & { readonly message: string; readonly children: ComponentChildren }) {
  useTitle(t.appName, LEARN_TEXT[lang].title);
  return (
    <div class="learn">
      <p class="learn-notice">{message}</p>
      <p>{children}</p>
    </div>
  );
}

const courseHref = (rules: Ruleset): string => `#/learn/${encodeURIComponent(rules.id)}`;
const lessonHref = (rules: Ruleset, lesson: Lesson): string =>
  `${courseHref(rules)}/${encodeURIComponent(lesson.id)}`;

/** The words a lesson is told: its squares and the ruleset's parameters. */
function argsOf(rules: Ruleset, lesson: Lesson): LessonArgs {
  const [from = '', to = ''] = lesson.move.split('-');
  return { rules, turn: lessonPosition(rules, lesson).turn, from, to, target: lesson.target ?? '' };
}

/** "The leaflet's own words: “negras” for the attackers...", for a preset whose source has some. */
function sourceWords(rules: Ruleset, lang: Lang): string | undefined {
  const source = sourceOf(rules.id);
  if (!source || source.terms.length === 0) return undefined;
  const t = RULES_TEXT[lang];
  return t.board.terms(
    source.kind,
    source.terms.map(([term, word]) => [t.terms[term], word] as const),
  );
}

// ------------------------------------------------------------------------------ the list

function CourseIndex({ lang, t }: ScreenProps) {
  const text = LEARN_TEXT[lang];
  const rulesText = RULES_TEXT[lang];
  useTitle(t.appName, text.title);
  const progress = useMemo(() => loadProgress(), []);
  const own = useMemo(() => loadCustomRulesets(), []);
  const group = (id: string, title: string, list: readonly Ruleset[]) => (
    <section class="learn-group" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <ul class="learn-cards">
        {list.map((rules) => (
          <CourseCard key={rules.id} rules={rules} lang={lang} progress={progress} />
        ))}
      </ul>
    </section>
  );
  return (
    <div class="learn learn-index">
      <header class="learn-head">
        <h1>{text.title}</h1>
        <p class="learn-intro">{text.intro}</p>
      </header>
      {group('learn-leaflets', rulesText.ui.leaflets, PRESETS.slice(0, LEAFLETS))}
      {group('learn-references', rulesText.ui.references, PRESETS.slice(LEAFLETS))}
      {own.length > 0 && group('learn-yours', rulesText.ui.yours, own)}
    </div>
  );
}

function CourseCard({ rules, lang, progress }: { rules: Ruleset; lang: Lang; progress: Progress }) {
  const text = LEARN_TEXT[lang];
  const ids = useMemo(() => lessonsFor(rules).map((l) => l.id), [rules]);
  const done = doneOf(progress, rules.id, ids).length;
  const d = describeRuleset(rules, lang);
  return (
    <li>
      <a class={`learn-card game-${rules.game}`} href={courseHref(rules)} data-ruleset={rules.id}>
        <span class="learn-card-name">{d.name}</span>
        <span class="learn-card-line">{d.oneLine}</span>
        <span class="learn-card-progress">
          <progress max={Math.max(ids.length, 1)} value={done} aria-hidden="true" />
          <span class="learn-progress-text">{text.progress(done, ids.length)}</span>
        </span>
      </a>
    </li>
  );
}

// ------------------------------------------------------------------------------ a course

function Course({ lang, t, rules, lessons }: Props & { rules: Ruleset; lessons: readonly Lesson[] }) {
  const text = LEARN_TEXT[lang];
  useTitle(t.appName, describeRuleset(rules, lang).name, text.title);
  const progress = useMemo(() => loadProgress(), [rules.id]);
  const done = doneOf(
    progress,
    rules.id,
    lessons.map((l) => l.id),
  );
  const next = lessons.find((l) => !done.includes(l.id)) ?? lessons[0];
  const d = describeRuleset(rules, lang);
  const words = sourceWords(rules, lang);
  return (
    <div class="learn learn-course" data-ruleset={rules.id}>
      <nav class="learn-back">
        <a href="#/learn">← {text.allRulesets}</a>
      </nav>
      <header class="learn-head">
        <h1>{text.courseOf(d.name)}</h1>
        <p class="learn-intro">{d.oneLine}</p>
        {words && <p class="learn-terms">{words}</p>}
        <p class="learn-progress-text" data-testid="course-progress">
          {text.progress(done.length, lessons.length)}
        </p>
        <div class="action-row">
          {next && (
            <a class="action primary" href={lessonHref(rules, next)}>
              {done.length === 0 ? text.start : text.continue}
            </a>
          )}
          <a class="action" href={`#/rules/${encodeURIComponent(rules.id)}`}>
            {text.rulesLink}
          </a>
        </div>
      </header>
      {lessons.length === 0 ? (
        <p class="learn-notice">{text.noLessons}</p>
      ) : (
        <ol class="learn-lessons">
          {lessons.map((lesson) => {
            const isDone = done.includes(lesson.id);
            return (
              <li key={lesson.id} class={isDone ? 'is-done' : ''} data-lesson={lesson.id}>
                <a href={lessonHref(rules, lesson)}>
                  <span class="learn-mark" aria-hidden="true">
                    {isDone ? '✓' : ''}
                  </span>
                  <span>{text.lessons[lesson.id].title(argsOf(rules, lesson))}</span>
                  {isDone && <span class="visually-hidden"> ({text.done})</span>}
                </a>
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}

// ------------------------------------------------------------------------------ a lesson

type Phase =
  | { readonly kind: 'task' }
  | { readonly kind: 'wrong'; readonly attempt: number }
  | { readonly kind: 'done'; readonly position: Position };

/** The legal moves of the side to move, by origin square, as the board wants them. */
function destinations(pos: Position): Map<Square, Square[]> {
  const dests = new Map<Square, Square[]>();
  for (const move of pos.legalMoves()) {
    if (move === PASS) continue;
    const list = dests.get(moveFrom(move)) ?? [];
    list.push(moveTo(move));
    dests.set(moveFrom(move), list);
  }
  return dests;
}

function LessonView({
  lang,
  t,
  rules,
  lessons,
  index,
}: Props & { rules: Ruleset; lessons: readonly Lesson[]; index: number }) {
  const text = LEARN_TEXT[lang];
  const lesson = lessons[index]!;
  const words = text.lessons[lesson.id];
  const args = useMemo(() => argsOf(rules, lesson), [rules, lesson]);
  const [phase, setPhase] = useState<Phase>({ kind: 'task' });
  // A fresh start position after each wrong move, so the board takes back what it showed.
  const [attempts, setAttempts] = useState(0);
  const start = useMemo(() => lessonPosition(rules, lesson), [rules, lesson, attempts]);
  const feedback = useRef<HTMLDivElement>(null);
  const name = describeRuleset(rules, lang).name;
  const title = words.title(args);
  useTitle(t.appName, title, name, text.title);

  const answer = (move: string): void => {
    const tried = tryLessonMove(rules, lesson, move);
    if (!tried) return;
    if (tried.correct) {
      markDone(rules.id, lesson.id);
      setPhase({ kind: 'done', position: tried.position });
    } else {
      setAttempts((n) => n + 1);
      setPhase({ kind: 'wrong', attempt: attempts + 1 });
    }
    // After the right move the words and "Next lesson" take the focus; after a wrong one the
    // player stays on the board to try again, and the explanation is scrolled into view.
    requestAnimationFrame(() =>
      tried.correct ? feedback.current?.focus() : feedback.current?.scrollIntoView({ block: 'nearest' }),
    );
  };

  const shown = phase.kind === 'done' ? phase.position : start;
  const pieces = useMemo(() => boardPieces(shown), [shown]);
  const geo = geometry(rules.size);
  const played = phase.kind === 'done' ? phase.position.lastMove() : undefined;
  const captured =
    phase.kind === 'done'
      ? phase.position.lastCaptured().map((square, i) => ({
          square,
          role: roleOf(phase.position.lastCapturedCodes()[i]!) as PieceRole,
        }))
      : [];
  const target = lesson.target !== undefined ? parseSquare(geo, lesson.target) : undefined;
  const config: BoardConfig = {
    ...boardSquares(rules, geo),
    pieces,
    coordinates: true,
    dests: phase.kind === 'done' ? new Map() : destinations(start),
    ...(played !== undefined && played !== PASS
      ? { lastMove: [moveFrom(played), moveTo(played)] as const }
      : {}),
    ...(captured.length > 0 ? { captured } : {}),
    highlights: phase.kind !== 'done' && target !== undefined ? [{ square: target, kind: 'hint' }] : [],
    squareLabel: squareLabeler(t, rules.size),
    label: t.boardLabel,
    onMove: (from, to) => answer(makeMoveSquares(geo, (from << 8) | to)),
  };
  const next = lessons[index + 1];
  const words0 = sourceWords(rules, lang);
  const doneCount = doneOf(
    loadProgress(),
    rules.id,
    lessons.map((l) => l.id),
  ).length;

  return (
    <div class="learn-lesson" data-ruleset={rules.id} data-lesson={lesson.id}>
      <section class="learn-board">
        <div class="board-wrap">
          <Board config={config} />
        </div>
      </section>
      <aside class="learn-panel">
        <nav class="learn-back">
          <a href={courseHref(rules)}>← {text.backToCourse}</a>
        </nav>
        <p class="learn-step">
          {name} · {text.lessonOf(index + 1, lessons.length)}
        </p>
        <h1 class="learn-title">{title}</h1>
        <p class="learn-task">{words.task(args)}</p>
        <p class="learn-side">{text.youPlay(args.turn)}</p>
        {phase.kind !== 'done' && start.mustPass() && (
          <p>
            <button type="button" class="action primary" onClick={() => answer('pass')}>
              {text.pass}
            </button>
          </p>
        )}
        <div
          class={`learn-feedback${phase.kind === 'done' ? ' is-right' : phase.kind === 'wrong' ? ' is-wrong' : ''}`}
          role="status"
          tabIndex={-1}
          ref={feedback}
        >
          {phase.kind === 'wrong' && (
            <p key={phase.attempt}>
              <strong>{text.notQuite}</strong> {words.wrong(args)}
            </p>
          )}
          {phase.kind === 'done' && (
            <p>
              <strong>{text.wellDone}</strong> {words.success(args)}
            </p>
          )}
        </div>
        {phase.kind === 'done' && (
          <div class="action-row learn-actions">
            {next ? (
              <a class="action primary" href={lessonHref(rules, next)}>
                {text.nextLesson}
              </a>
            ) : (
              <p class="learn-finished">{doneCount === lessons.length ? text.finished : ''}</p>
            )}
            <button
              type="button"
              class="action"
              onClick={() => {
                setAttempts((n) => n + 1);
                setPhase({ kind: 'task' });
              }}
            >
              {text.tryAgain}
            </button>
            <a class="action" href={courseHref(rules)}>
              {text.backToCourse}
            </a>
          </div>
        )}
        {words0 && <p class="learn-terms">{words0}</p>}
      </aside>
    </div>
  );
}
