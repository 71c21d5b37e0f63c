/**
 * The analysis board itself (lichess's is the model): the board, with an arrow for the engine's
 * best move, and under it the graph of the whole game; beside it (below on a phone) the
 * evaluation seen from one side, the engine's lines, the tree of moves and the whole-game
 * analysis. The state is the variation tree (tree.ts) and the path of the position shown;
 * everything else is derived. A position the rules have finished shows their result, never a
 * search score.
 */

import {
  encodeMove,
  makeLastMoveRecord,
  type GameAnalysis,
  type PlyEval,
  type Side,
  type Square,
} from '@tafl/core';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { ScreenProps } from '../app/screen.js';
import type { BoardArrow, BoardConfig } from '../board/api.js';
import { Board } from '../board/Board.js';
import { endReasonText, reasonText } from '../game/Announcements.js';
import { endAnnouncement } from '../game/announce.js';
import { boardPieces, lastMoveMarks, squareLabeler } from '../game/board-view.js';
import {
  analyseGame,
  analysePosition,
  stopPositionAnalysis,
  type Line,
  type PositionEval,
} from '../game/engine.js';
import { EvalGraph } from '../game/EvalGraph.js';
import {
  JUDGEMENT_THRESHOLDS,
  describeScore,
  judgements as judge,
  winningChances,
  type Judgement,
} from '../game/evaluation.js';
import { Icon } from '../game/icons.js';
import { deriveGame, destinations, ruleResult, type Game } from '../game/model.js';
import { describeRuleset } from '../rules/describe.js';
import type { Loaded } from './AnalysisScreen.js';
import { moveNumber, sideOfPly } from './numbering.js';
import type { AnalysisText } from './text.js';
import {
  addLine,
  addMove,
  branchPoint,
  continuation,
  deleteAt,
  existingPrefix,
  isMainline,
  nextPath,
  previousPath,
  promote,
  siblingPath,
  treeOf,
  type TreePath,
} from './tree.js';
import { TreeView } from './TreeView.js';
import {
  arrowOf,
  gamePrefix,
  lineOfMoves,
  lineOfRecords,
  onGameLine,
  scoreFigure,
  type PlayedLine,
} from './view.js';
import './analysis.css';
import { Notice } from '../app/Notice.js';
import { scoreSentence } from '../game/EvalBar.js';

const POV_KEY = 'tafl.analysis.pov';
const ENGINE_KEY = 'tafl.analysis.engine';
const LINES_KEY = 'tafl.analysis.lines';
/** How long the engine thinks about a position shown (it stops when another is shown). */
const POSITION_MS = 8000;

const remembered = (key: string, fallback: string): string => {
  try {
    return localStorage.getItem(key) ?? fallback;
  } catch {
    return fallback;
  }
};
const remember = (key: string, value: string): void => {
  try {
    localStorage.setItem(key, value);
  } catch {
    // the choice lasts for this page
  }
};

interface EngineLineView extends PlayedLine {
  readonly score: number;
}

export function AnalysisBoard(
  props: ScreenProps & {
    readonly text: AnalysisText;
    readonly loaded: Loaded;
    readonly onKeep: ((analysis: GameAnalysis | undefined) => void) | undefined;
  },
) {
  const { t, lang, text, loaded, onKeep } = props;
  const game = loaded.game;
  const [root, setRoot] = useState(() => treeOf(game.moves));
  const [path, setPath] = useState<TreePath>(() => game.moves);
  const [pov, setPov] = useState<Side>(() =>
    remembered(POV_KEY, 'attackers') === 'defenders' ? 'defenders' : 'attackers',
  );
  const [engineOn, setEngineOn] = useState(() => remembered(ENGINE_KEY, '1') === '1');
  const [multiPv, setMultiPv] = useState(() => (remembered(LINES_KEY, '1') === '3' ? 3 : 1));
  const [flipped, setFlipped] = useState(game.flipped ?? false);
  const [live, setLive] = useState<{ readonly key: string; readonly value: PositionEval }>();
  const [analysis, setAnalysisState] = useState<GameAnalysis | undefined>(loaded.analysis);
  const [running, setRunning] = useState<readonly (PlyEval | undefined)[] | undefined>();
  const [note, setNote] = useState<string>('');
  const [refusals, setRefusals] = useState(0);
  const abort = useRef<AbortController | undefined>(undefined);

  // The position shown: the game's start and the moves of the path, replayed by the rules.
  const shown = useMemo(() => {
    // The rules' result of the position shown, not the game's (a resignation ends no position).
    const line: Game = { ...game, moves: [...path] };
    delete (line as { result?: unknown }).result;
    const replay = deriveGame(line);
    return replay.ok ? replay.value : undefined;
  }, [path, game]);
  const base = useMemo(() => deriveGame(game), [game]);
  const key = path.join(' ');
  const position = shown?.position;
  const finished = position ? ruleResult(position) : undefined;
  const line: Line = { rules: game.rules, start: game.start, turn: game.turn, moves: path };

  // The engine thinks about the position shown, deeper and deeper, until another is shown.
  useEffect(() => {
    if (!engineOn || !position || finished || running) return;
    let current = true;
    const show = (value: PositionEval): void => {
      if (current) setLive({ key, value });
    };
    analysePosition(line, { multiPv, timeMs: POSITION_MS, onProgress: show })
      .then(show)
      .catch(() => undefined);
    return () => {
      current = false;
      stopPositionAnalysis();
    };
  }, [key, engineOn, multiPv, running !== undefined]);

  // Leaving the board stops every search.
  useEffect(
    () => () => {
      abort.current?.abort();
      stopPositionAnalysis();
    },
    [],
  );

  const total = game.moves.length;
  const gamePly = gamePrefix(game.moves, path);
  const onLine = onGameLine(game.moves, path);
  const stored: PlyEval | undefined = onLine
    ? (running?.[path.length] ?? analysis?.plies[path.length])
    : undefined;
  const judged: readonly (Judgement | undefined)[] = useMemo(
    () => (analysis ? judge(analysis, game.turn) : []),
    [analysis],
  );

  // The lines shown: the engine's of this position, else the stored analysis's best line.
  const lines: readonly EngineLineView[] = useMemo(() => {
    if (!position || finished) return [];
    if (live && live.key === key)
      return live.value.lines.map((l) => ({ score: l.score, ...lineOfMoves(position, l.pv) }));
    if (stored && stored.result === undefined)
      return [{ score: stored.score, ...lineOfRecords(position, stored.pv ?? []) }];
    return [];
  }, [live, key, position, stored]);
  const depth = live && live.key === key ? live.value.depth : stored?.depth;

  // Keys: ← → through the moves, ↑ ↓ through the variations, Home and End.
  const go = (next: TreePath): void => setPath(next);
  useEffect(() => {
    const onKey = (e: KeyboardEvent): void => {
      if (e.altKey || e.ctrlKey || e.metaKey || e.defaultPrevented) return;
      const target = e.target as Element | null;
      if (
        target?.closest?.('[role="grid"], [role="slider"], input, textarea, select, [contenteditable="true"]')
      )
        return;
      const next =
        e.key === 'ArrowLeft'
          ? previousPath(path)
          : e.key === 'ArrowRight'
            ? nextPath(root, path)
            : e.key === 'ArrowUp'
              ? siblingPath(root, path, -1)
              : e.key === 'ArrowDown'
                ? siblingPath(root, path, 1)
                : e.key === 'Home'
                  ? []
                  : e.key === 'End'
                    ? continuation(root, path)
                    : undefined;
      if (!next) return;
      e.preventDefault();
      setPath(next);
    };
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  }, [path, root]);

  const pieces = useMemo(() => (position ? boardPieces(position) : []), [position, refusals]);
  const dests = useMemo(
    () => (position && !finished ? destinations(position) : new Map<Square, Square[]>()),
    [position, finished],
  );

  if (!shown || !position || !base.ok) return <Notice t={t} title={t.gameBroken} />;

  const rules = shown.rules;
  const name = describeRuleset(rules, lang).name;

  const onMove = (from: Square, to: Square): void => {
    const p = position.clone();
    const move = encodeMove(from, to);
    if (!p.isLegal(move)) return setRefusals((n) => n + 1);
    p.play(move);
    const added = addMove(root, path, makeLastMoveRecord(p));
    setRoot(added.root);
    setPath(added.path);
  };

  const arrows: BoardArrow[] = [];
  lines.forEach((l, i) => {
    const squares = arrowOf(l.moves[0]);
    if (squares) arrows.push({ from: squares[0], to: squares[1], kind: i === 0 ? 'best' : 'alt' });
  });

  const config: BoardConfig = {
    size: rules.size,
    pieces,
    throne: position.geo.throne,
    corners: position.geo.corners,
    edgeEscape: rules.escape === 'edge',
    flipped,
    coordinates: true,
    dests,
    ...lastMoveMarks(shown.plies[shown.plies.length - 1]),
    ...(arrows.length > 0 ? { arrows } : {}),
    squareLabel: squareLabeler(t, rules.size),
    label: t.boardLabel,
    onMove,
  };

  const runAnalysis = (): void => {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setNote('');
    setRunning(Array.from({ length: total + 1 }, () => undefined));
    analyseGame(
      { rules: game.rules, start: game.start, turn: game.turn, moves: game.moves },
      {
        signal: controller.signal,
        onProgress: (plies) => !controller.signal.aborted && setRunning([...plies]),
      },
    )
      .then((done) => {
        if (controller.signal.aborted) return;
        setRunning(undefined);
        if (!done) return;
        setAnalysisState(done);
        void loaded.save?.(done).then((ok) => !ok && setNote(text.saveFailed));
      })
      .catch(() => {
        if (controller.signal.aborted) return;
        setRunning(undefined);
        setNote(text.analysisFailed);
      });
  };
  const stopAnalysis = (): void => {
    abort.current?.abort();
    abort.current = undefined;
    setRunning(undefined);
    setNote(text.stopped);
  };

  const graphPlies = running ?? analysis?.plies;
  const done = running ? running.filter((p) => p !== undefined).length : 0;
  const positionName = (ply: number): string => {
    if (ply === 0) return text.startShort;
    const i = ply - 1;
    return `${text.moveAt(moveNumber(i, game.turn), sideOfPly(i, game.turn))}: ${game.moves[i]}`;
  };

  // The evaluation shown: the rules' result on a finished position, else the best line's score.
  const best = lines[0];
  const figure = (score: number): string => {
    const d = describeScore(score);
    return scoreFigure(score, pov, lang, d.kind === 'win' ? d : undefined);
  };
  const thresholds = thresholdTexts(lang);
  const branch = branchPoint(root, path);
  const ending = loaded.ending && onLine && path.length === total ? loaded.ending : undefined;

  return (
    <div class="game-screen analysis-screen">
      <section class="game-board analysis-board">
        <div class="board-wrap">
          <Board config={config} />
          {graphPlies && total > 0 && (
            <EvalGraph
              label={text.graph}
              plies={graphPlies}
              total={total}
              shown={gamePly}
              offLine={!onLine}
              judgements={running ? [] : judged}
              positionName={positionName}
              judgementName={text.judgement}
              onSelect={(ply) => setPath(game.moves.slice(0, ply))}
            />
          )}
        </div>
      </section>
      <aside class="game-panel analysis-panel">
        <header class="game-head">
          <h1 class="game-title">
            {text.title} · {name}
          </h1>
          {loaded.back && (
            <p class="game-subtitle">
              <a href={loaded.back}>{text.backToGame}</a>
            </p>
          )}
        </header>

        <section class="analysis-eval" aria-label={t.evaluation} data-testid="analysis-eval">
          {finished ? (
            <p class="analysis-result" role="status">
              <strong>{text.won(finished.winner)}</strong>{' '}
              {endReasonText(t, endAnnouncement(position!, finished), rules.quietPlyLimit, rules.size)}
            </p>
          ) : (
            <>
              <div class="analysis-score">
                <span class="analysis-figure" data-testid="analysis-figure">
                  {best ? figure(best.score) : '…'}
                </span>
                <span class="analysis-pov">{text.evalFor(pov)}</span>
              </div>
              {/* Not a live region: it changes at every depth; the lines below say the same. */}
              <p class="analysis-sentence">
                {best ? scoreSentence(lang, best.score) : engineOn ? text.thinking : ''}
                {depth !== undefined && best && <span class="eval-depth"> · {text.depth(depth)}</span>}
              </p>
              {best && <EvalMeter score={best.score} pov={pov} label={t.evaluation} />}
            </>
          )}
          {ending && (
            <p class="analysis-ending">
              {text.gameEndedHere} {reasonText(t, ending, rules.quietPlyLimit)}
            </p>
          )}
          <div class="analysis-options">
            <label class="toggle">
              <input
                type="checkbox"
                checked={engineOn}
                onChange={(e) => {
                  const on = (e.target as HTMLInputElement).checked;
                  setEngineOn(on);
                  remember(ENGINE_KEY, on ? '1' : '0');
                  if (!on) stopPositionAnalysis();
                }}
              />
              {text.engine}
            </label>
            <label class="toggle">
              <input
                type="checkbox"
                checked={multiPv === 3}
                onChange={(e) => {
                  const three = (e.target as HTMLInputElement).checked;
                  setMultiPv(three ? 3 : 1);
                  remember(LINES_KEY, three ? '3' : '1');
                }}
              />
              {text.threeLines}
            </label>
            <fieldset class="analysis-pov-choice">
              <legend>{text.pointOfView}</legend>
              {(['attackers', 'defenders'] as const).map((side) => (
                <label key={side}>
                  <input
                    type="radio"
                    name="pov"
                    value={side}
                    checked={pov === side}
                    onChange={() => {
                      setPov(side);
                      remember(POV_KEY, side);
                    }}
                  />
                  {side === 'attackers' ? text.povAttackers : text.povDefenders}
                </label>
              ))}
            </fieldset>
          </div>
        </section>

        {!finished && lines.length > 0 && (
          <section class="analysis-lines" aria-label={text.lines}>
            <ol>
              {lines.map((l, i) => (
                <li key={i} class="analysis-line" data-line={i + 1}>
                  <span class="analysis-line-score" title={text.lineLabel(i + 1)}>
                    {figure(l.score)}
                  </span>
                  <span class="visually-hidden">{text.lineLabel(i + 1)}: </span>
                  <span class="analysis-line-moves">
                    {l.records.map((record, k) => {
                      const ply = path.length + k;
                      const side = sideOfPly(ply, game.turn);
                      const number =
                        side === 'attackers' || k === 0
                          ? `${moveNumber(ply, game.turn)}.${side === 'defenders' ? ' …' : ''} `
                          : '';
                      return (
                        <span key={k}>
                          {number && <span class="move-number">{number}</span>}
                          <button
                            type="button"
                            class="move pv-move"
                            onClick={() => {
                              const walked = addLine(root, path, l.records.slice(0, k + 1));
                              setRoot(walked.root);
                              setPath(walked.path);
                            }}
                          >
                            {record}
                          </button>{' '}
                        </span>
                      );
                    })}
                  </span>
                </li>
              ))}
            </ol>
          </section>
        )}

        <TreeView
          text={text}
          root={root}
          path={path}
          firstSide={game.turn}
          gameMoves={game.moves}
          judgements={running ? [] : judged}
          onSelect={go}
        />
        <div class="step-controls" role="group" aria-label={t.stepThrough}>
          <StepButton label={t.firstMove} icon="first" disabled={path.length === 0} onClick={() => go([])} />
          <StepButton
            label={t.previousMove}
            icon="previous"
            disabled={path.length === 0}
            onClick={() => go(previousPath(path))}
          />
          <span class="step-where">{positionName(path.length).split(':')[0]}</span>
          <StepButton
            label={t.nextMove}
            icon="next"
            disabled={nextPath(root, path) === path}
            onClick={() => go(nextPath(root, path))}
          />
          <StepButton
            label={t.lastMove}
            icon="last"
            disabled={nextPath(root, path) === path}
            onClick={() => go(continuation(root, path))}
          />
        </div>
        {branch !== undefined && (
          <div class="action-row tree-actions">
            <button type="button" class="action small" onClick={() => setRoot(promote(root, path))}>
              {text.promote}
            </button>
            {!isMainline(promote(root, path), path) && (
              <button type="button" class="action small" onClick={() => setRoot(promote(root, path, true))}>
                {text.makeMainline}
              </button>
            )}
            <button
              type="button"
              class="action small"
              onClick={() => {
                const cut = path.slice(0, branch + 1);
                const next = deleteAt(root, cut);
                setRoot(next);
                setPath(existingPrefix(next, path.slice(0, branch)));
              }}
            >
              {text.deleteVariation}
            </button>
          </div>
        )}
        <p class="note analysis-keys">{text.keysHelp}</p>

        {total > 0 && (
          <section class="analysis-game" aria-label={text.progress}>
            {running ? (
              <div class="analysis-progress">
                <label>
                  {text.progress}
                  <progress max={total + 1} value={done} data-testid="analysis-progress" />
                </label>
                <span>{text.progressText(done, total + 1)}</span>
                <button type="button" class="action small" onClick={stopAnalysis}>
                  {text.stop}
                </button>
              </div>
            ) : analysis ? (
              <p class="note">{text.analysedAt(analysis.depth)}</p>
            ) : (
              <button type="button" class="action wide" onClick={runAnalysis}>
                <Icon name="analyse" /> {text.analyseGame}
              </button>
            )}
            {note && (
              <p class="note" role="status">
                {note}
              </p>
            )}
            <p class="note analysis-help">
              {text.thresholdsHelp(thresholds.inaccuracy, thresholds.mistake, thresholds.blunder)}
            </p>
          </section>
        )}

        <div class="action-row">
          <button type="button" class="action" onClick={() => setFlipped((f) => !f)}>
            <Icon name="flip" /> {t.flipBoard}
          </button>
        </div>
        <p class="note analysis-kept">
          {loaded.kind === 'local'
            ? text.keptLocal
            : loaded.kind === 'online'
              ? text.keptOnline
              : text.notKept}
        </p>
        {onKeep && (
          <button type="button" class="action" onClick={() => onKeep(analysis)}>
            {text.keepAsGame}
          </button>
        )}
      </aside>
    </div>
  );
}

function StepButton(props: {
  readonly label: string;
  readonly icon: 'first' | 'previous' | 'next' | 'last';
  readonly disabled: boolean;
  readonly onClick: () => void;
}) {
  return (
    <button
      type="button"
      class="step"
      aria-label={props.label}
      title={props.label}
      disabled={props.disabled}
      onClick={props.onClick}
    >
      <Icon name={props.icon} />
    </button>
  );
}

/** A bar shared between the sides, the viewer's share first. */
function EvalMeter({
  score,
  pov,
  label,
}: {
  readonly score: number;
  readonly pov: Side;
  readonly label: string;
}) {
  const attackers = (winningChances(score) + 1) / 2;
  const share = pov === 'attackers' ? attackers : 1 - attackers;
  return (
    <div
      class={`eval-bar analysis-meter pov-${pov}`}
      role="meter"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(share * 100)}
    >
      <div class="eval-bar-attackers" style={{ width: `${attackers * 100}%` }} />
    </div>
  );
}

/** The judgement thresholds as the help states them, in the page's language. */
function thresholdTexts(lang: string): { readonly [j in Judgement]: string } {
  // A fall of x in chances counted from -1 to 1 is 50x points of chances counted from 0 to 100.
  const pct = (x: number): string => (x * 50).toLocaleString(lang, { maximumFractionDigits: 0 });
  return {
    inaccuracy: pct(JUDGEMENT_THRESHOLDS.inaccuracy),
    mistake: pct(JUDGEMENT_THRESHOLDS.mistake),
    blunder: pct(JUDGEMENT_THRESHOLDS.blunder),
  };
}
