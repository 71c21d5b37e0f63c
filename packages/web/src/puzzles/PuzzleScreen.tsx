/**
 * The puzzle page (`#/puzzles`, `#/puzzles/ID` for one puzzle): play the winning line of a proved
 * puzzle (data.ts) on the board, and choose a ruleset and a difficulty. The page is the game
 * screen's layout (lichess's puzzles are the model): the board first, its panel beside it (under it
 * on a phone) with the task, the answer and the buttons at its top, so that the whole board, the
 * task and the answer are on screen together at a phone's size and a desktop's; the choice follows,
 * and how the puzzles were made comes under them all. A right move
 * is answered at once by the stored line's reply (the solver's longest defence); a wrong one is
 * refused and said, and may be tried again or the solution shown; the end is "Solved!", kept in
 * this browser (progress.ts). The board takes moves as the other boards do (mouse, touch,
 * keyboard); every outcome is also a sentence in a live region.
 */

import { makeMoveRecord, makeMoveSquares, moveFrom, moveTo, presetById, roleOf, type Move } from '@tafl/core';
import type { ComponentChildren } from 'preact';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { routeHash } from '../app/router.js';
import type { ScreenProps } from '../app/screen.js';
import { useTitle } from '../app/title.js';
import type { BoardConfig } from '../board/api.js';
import { Board } from '../board/Board.js';
import { BoardSettings } from '../board/BoardSettings.js';
import { boardPieces, boardSquares, squareLabeler } from '../game/board-view.js';
import { destinations } from '../game/model.js';
import { MovesLegend } from '../game/MovesLegend.js';
import { moveNotation } from '../game/notation.js';
import { RECOMMENDED_RULES, readPrefs } from '../game/prefs.js';
import { rulesetName } from '../rules/names.js';
import {
  DIFFICULTIES,
  PUZZLE_DATA,
  judgeMove,
  nextPuzzle,
  positionAt,
  puzzleRulesets,
  puzzlesOf,
  type Puzzle,
} from './data.js';
import { loadChoice, loadSolved, markSolved, saveChoice, type Solved } from './progress.js';
import { puzzleText } from './text.js';
import '../game/game.css';
import './puzzles.css';

/** How long the reply waits, so the player sees the move made before the answer. */
const REPLY_MS = 350;

/** Where the player is; the moves in it as the app writes them (game/notation.ts). */
type Status =
  | { readonly kind: 'play' }
  | { readonly kind: 'right'; readonly reply: string }
  | { readonly kind: 'wrong' | 'also'; readonly move: string }
  | { readonly kind: 'solved' }
  | { readonly kind: 'shown' };

export function PuzzleScreen({ lang, t, navigate, id }: ScreenProps & { readonly id?: string | undefined }) {
  const p = puzzleText(t);
  useTitle(t.appName, p.title);
  const rulesets = useMemo(() => puzzleRulesets(), []);
  const [solved, setSolved] = useState<Solved>(loadSolved);
  const asked = PUZZLE_DATA.puzzles.find((q) => q.id === id);
  const [chosen, setChoice] = useState(() => ({
    rules: openingRuleset(rulesets),
    difficulty: loadChoice().difficulty ?? 0,
  }));
  // A puzzle asked for by its address shows its own ruleset (and every difficulty if its own is not chosen).
  const choice =
    asked === undefined || (asked.rules === chosen.rules && [0, asked.difficulty].includes(chosen.difficulty))
      ? chosen
      : { rules: asked.rules, difficulty: 0 };
  const list = puzzlesOf(choice.rules, choice.difficulty === 0 ? undefined : choice.difficulty);
  const solvedHere = new Set(solved[choice.rules] ?? []);
  const puzzle = asked ?? nextPuzzle(list, solvedHere);

  const choose = (rules: string, difficulty: number): void => {
    setChoice({ rules, difficulty });
    saveChoice({ rules, difficulty });
    const first = nextPuzzle(
      puzzlesOf(rules, difficulty === 0 ? undefined : difficulty),
      new Set(solved[rules] ?? []),
    );
    navigate(first ? { screen: 'puzzles', id: first.id } : { screen: 'puzzles' });
  };

  const all = puzzlesOf(choice.rules, undefined);
  const solvedCount = all.filter((q) => solvedHere.has(q.id)).length;
  const choiceFields = (
    <div class="puzzle-choice">
      <div class="field">
        <label for="puzzle-rules">{p.rulesetLabel}</label>
        <select
          id="puzzle-rules"
          value={choice.rules}
          onChange={(e) => choose(e.currentTarget.value, choice.difficulty)}
        >
          {rulesets.map((r) => {
            const rules = presetById(r);
            return (
              <option key={r} value={r}>
                {rules ? rulesetName(rules, lang) : r}
              </option>
            );
          })}
        </select>
      </div>
      <div class="field">
        <label for="puzzle-difficulty">{p.difficultyLabel}</label>
        <select
          id="puzzle-difficulty"
          value={String(choice.difficulty)}
          onChange={(e) => choose(choice.rules, Number(e.currentTarget.value))}
        >
          <option value="0">{p.anyDifficulty}</option>
          {DIFFICULTIES.map((d) => (
            <option key={d} value={String(d)}>
              {p.difficultyName(d)}
            </option>
          ))}
        </select>
      </div>
      <p class="puzzle-progress">{p.progress(solvedCount, all.length)}</p>
    </div>
  );
  return (
    <div class="puzzle-page">
      {puzzle === undefined ? (
        <>
          <h1 class="puzzle-title">{p.title}</h1>
          {choiceFields}
          <p>{p.none}</p>
        </>
      ) : (
        <PuzzleBoard
          key={puzzle.id}
          {...{ lang, t, navigate }}
          puzzle={puzzle}
          number={all.indexOf(puzzle) + 1}
          solvedBefore={solvedHere.has(puzzle.id)}
          onSolved={() => setSolved((s) => markSolved(s, puzzle.rules, puzzle.id))}
          onNext={() => {
            const next = nextPuzzle(list.length > 0 ? list : all, solvedHere, puzzle.id);
            if (next) navigate({ screen: 'puzzles', id: next.id });
          }}
        >
          {choiceFields}
        </PuzzleBoard>
      )}
      <section class="puzzle-about">
        <p>{p.intro}</p>
        {/* Folded: how the puzzles were made, the command line with it, for whoever asks. */}
        <details class="how-made" data-testid="puzzles-how-made">
          <summary>{p.aboutTitle}</summary>
          <p>{p.about(PUZZLE_DATA.puzzles.length)}</p>
          <p>{p.command}</p>
          <pre>
            <code data-testid="puzzles-command">{PUZZLE_DATA.command}</code>
          </pre>
        </details>
      </section>
    </div>
  );
}

/**
 * The ruleset the page opens on: the one last chosen here, else the start page's (the recommended
 * one, game/prefs.ts, until the player chooses another), else the first that has puzzles.
 */
function openingRuleset(rulesets: readonly string[]): string {
  const wanted = [loadChoice().rules, readPrefs().rules, RECOMMENDED_RULES];
  return wanted.find((r) => r !== undefined && rulesets.includes(r)) ?? rulesets[0]!;
}

function PuzzleBoard({
  t,
  lang,
  puzzle,
  number,
  solvedBefore,
  onSolved,
  onNext,
  children,
}: ScreenProps & {
  readonly puzzle: Puzzle;
  readonly number: number;
  readonly solvedBefore: boolean;
  readonly onSolved: () => void;
  readonly onNext: () => void;
  /** The choice of ruleset and difficulty, after the puzzle's own buttons. */
  readonly children: ComponentChildren;
}) {
  const p = puzzleText(t);
  /** The moves played so far, as move squares: the line's, or at the end a move that wins at once. */
  const [played, setPlayed] = useState<readonly string[]>([]);
  const [status, setStatus] = useState<Status>({ kind: 'play' });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const pos = useMemo(() => {
    const at = positionAt(puzzle, 0);
    for (const name of played) {
      const move = at.legalMoves().find((m) => makeMoveSquares(at.geo, m) === name);
      if (move !== undefined) at.play(move);
    }
    return at;
  }, [puzzle, played]);
  const rules = pos.rules;
  const over = status.kind === 'solved' || status.kind === 'shown';
  const waiting = pos.turn !== puzzle.turn;

  const onMove = (from: number, to: number): void => {
    const move: Move = pos.legalMoves().find((m) => moveFrom(m) === from && moveTo(m) === to) ?? -1;
    if (move === -1) return;
    const name = makeMoveSquares(pos.geo, move);
    const verdict = judgeMove(puzzle, pos, played.length, move);
    if (verdict === 'wrong' || verdict === 'also') {
      setStatus({ kind: verdict, move: moveNotation(pos, move) });
      return;
    }
    const now = [...played, name];
    setPlayed(now);
    if (now.length >= puzzle.line.length) {
      setStatus({ kind: 'solved' });
      onSolved();
      return;
    }
    const reply = puzzle.line[now.length]!;
    setStatus({ kind: 'play' });
    timer.current = setTimeout(() => {
      setPlayed([...now, reply]);
      setStatus({ kind: 'right', reply: makeMoveRecord(positionAt(puzzle, now.length + 1)) });
    }, REPLY_MS);
  };

  const showSolution = (): void => {
    clearTimeout(timer.current);
    setPlayed(puzzle.line);
    setStatus({ kind: 'shown' });
  };
  const restart = (): void => {
    clearTimeout(timer.current);
    setPlayed([]);
    setStatus({ kind: 'play' });
  };

  const last = pos.lastMove();
  const captured = pos.lastCaptured().map((square, i) => ({
    square,
    role: roleOf(pos.lastCapturedCodes()[i]!) ?? 'attacker',
  }));
  const king = captured.find((c) => c.role === 'king');
  const config: BoardConfig = {
    ...boardSquares(rules, pos.geo),
    pieces: boardPieces(pos),
    coordinates: true,
    dests: over || waiting || pos.isOver() ? new Map() : destinations(pos),
    ...(last !== undefined && last >= 0 ? { lastMove: [moveFrom(last), moveTo(last)] as const } : {}),
    ...(captured.length > 0 ? { captured } : {}),
    ...(king ? { kingCaptured: king.square } : {}),
    squareLabel: squareLabeler(t, rules.size),
    label: t.boardLabel,
    onMove,
  };

  const message =
    status.kind === 'solved'
      ? p.solved
      : status.kind === 'shown'
        ? p.solution(puzzle.line.map((_, i) => makeMoveRecord(positionAt(puzzle, i + 1))).join(' '))
        : status.kind === 'wrong'
          ? p.wrong(status.move, (puzzle.line.length - played.length + 1) / 2)
          : status.kind === 'also'
            ? p.also(status.move)
            : status.kind === 'right'
              ? p.right(status.reply)
              : waiting
                ? ''
                : p.yourMove;

  return (
    <div class="game-screen puzzle-screen">
      <section class="game-board">
        <div class="board-wrap">
          <Board config={config} />
        </div>
      </section>
      <aside class="game-panel puzzle-panel">
        <header class="game-head">
          <h1 class="puzzle-title">{p.title}</h1>
          <h2 class="game-title">{p.heading(number, puzzle.difficulty, puzzle.rating)}</h2>
        </header>
        <p class="puzzle-prompt">
          <strong>{p.prompt(puzzle.turn, puzzle.moves)}</strong>
        </p>
        <p
          class={`puzzle-status puzzle-${status.kind}`}
          role="status"
          aria-live="polite"
          data-status={status.kind}
        >
          {message}
        </p>
        {solvedBefore && status.kind !== 'solved' && <p class="puzzle-before">{p.solvedBefore}</p>}
        <div class="puzzle-actions">
          {!over && (
            <button type="button" class="action" onClick={showSolution}>
              {p.showSolution}
            </button>
          )}
          <button type="button" class="action" onClick={restart} disabled={played.length === 0}>
            {p.restart}
          </button>
          <button type="button" class={`action${over ? ' primary' : ''}`} onClick={onNext}>
            {p.next}
          </button>
        </div>
        {children}
        <p class="puzzle-note">{p.lineNote}</p>
        <MovesLegend lang={lang} />
        <BoardSettings lang={lang} />
        <p class="puzzle-link">
          <a href={routeHash({ screen: 'puzzles', id: puzzle.id })}>{puzzle.id}</a>
        </p>
      </aside>
    </div>
  );
}
