/**
 * The analysis board itself (lichess's is the model): the board, with an arrow for the engine's
 * best move, its step controls directly under it (the two always on screen together: on a phone
 * they stay at the top of the window while the rest scrolls, analysis.css), and under them the
 * graph of the whole game; beside it (below on a phone) the evaluation seen from one side, the
 * engine's lines, the tree of moves and the whole-game analysis. The state is the variation tree (tree.ts) and the path of the position shown;
 * everything else is derived. A position the rules have finished shows their result, never a
 * search score. This module holds the state and the searches; the panels beside the board show
 * parts of it (EvalPanel, EngineLines, TreeView, StepControls, TreeActions, GameAnalysisPanel).
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
import { BoardSettings } from '../board/BoardSettings.js';
import { endReasonText, reasonText } from '../game/Announcements.js';
import { endAnnouncement } from '../game/announce.js';
import { boardPieces, boardSquares, lastMoveMarks, squareLabeler } from '../game/board-view.js';
import {
  analyseGame,
  analysePosition,
  searchThreads,
  stopPositionAnalysis,
  type Line,
  type PositionEval,
} from '../game/engine.js';
import { EvalGraph } from '../game/EvalGraph.js';
import { describeScore, judgements as judge, type Judgement } from '../game/evaluation.js';
import { Icon } from '../game/icons.js';
import { deriveGame, destinations, positionAt, ruleResult, type Game } from '../game/model.js';
import { describeRuleset } from '../rules/describe.js';
import type { Loaded } from './loaded.js';
import { AnalysisLegend } from './AnalysisLegend.js';
import { EngineLines, type EngineLineView } from './EngineLines.js';
import { EvalPanel } from './EvalPanel.js';
import { GameAnalysisPanel } from './GameAnalysisPanel.js';
import { useTreeKeys } from './keys.js';
import { moveNumber, sideOfPly } from './numbering.js';
import { ENGINE_KEY, LINES_KEY, POV_KEY, remember, remembered } from './settings.js';
import { StepControls } from './StepControls.js';
import type { AnalysisText } from './text.js';
import { addLine, addMove, branchPoint, treeOf, type TreePath } from './tree.js';
import { TreeActions } from './TreeActions.js';
import { TreeView } from './TreeView.js';
import {
  arrowOf,
  gamePrefix,
  lineOfMoves,
  lineOfRecords,
  onGameLine,
  pathKey,
  scoreFigure,
  treeNotation,
} from './view.js';
import './analysis.css';
import { Notice } from '../app/Notice.js';

/** How long the engine thinks about a position shown (it stops when another is shown). */
const POSITION_MS = 8000;

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
  // Every move of the tree as the app shows it (game/notation.ts), by its path.
  const notations = useMemo(() => {
    const start = positionAt(game, 0);
    return start.ok ? treeNotation(start.value, root) : new Map<string, string>();
  }, [game, root]);
  const notation = (at: readonly string[]): string => notations.get(pathKey(at)) ?? at[at.length - 1] ?? '';
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
  const tablebase = live && live.key === key ? live.value.tablebase : undefined;

  // Keys: ← → through the moves, ↑ ↓ through the variations, Home and End.
  const go = (next: TreePath): void => setPath(next);
  useTreeKeys(root, path, setPath);

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
    ...boardSquares(rules, position.geo),
    pieces,
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
  const positionName = (ply: number): string => {
    if (ply === 0) return text.startShort;
    const i = ply - 1;
    return `${text.moveAt(moveNumber(i, game.turn), sideOfPly(i, game.turn))}: ${notation(game.moves.slice(0, ply))}`;
  };

  // The evaluation shown: the rules' result on a finished position, else the best line's score.
  const best = lines[0];
  const figure = (score: number): string => {
    const d = describeScore(score);
    return scoreFigure(score, pov, lang, d.kind === 'win' ? d : undefined);
  };
  /** A position of the game and its evaluation, as the graph reads it out: its move, its figure or result. */
  const readout = (ply: number): string => {
    const entry = graphPlies?.[ply];
    const name = positionName(ply);
    if (!entry) return name;
    if (entry.result !== undefined) return `${name} · ${text.won(entry.result)}`;
    return text.graphValue(name, figure(entry.score), text.evalFor(pov));
  };
  const branch = branchPoint(root, path);
  const ending = loaded.ending && onLine && path.length === total ? loaded.ending : undefined;

  const chooseEngine = (on: boolean): void => {
    setEngineOn(on);
    remember(ENGINE_KEY, on ? '1' : '0');
    if (!on) stopPositionAnalysis();
  };
  const chooseThreeLines = (three: boolean): void => {
    setMultiPv(three ? 3 : 1);
    remember(LINES_KEY, three ? '3' : '1');
  };
  const choosePov = (side: Side): void => {
    setPov(side);
    remember(POV_KEY, side);
  };
  const walk = (records: readonly string[]): void => {
    const walked = addLine(root, path, records);
    setRoot(walked.root);
    setPath(walked.path);
  };

  return (
    <div class="game-screen analysis-screen">
      <section class="game-board analysis-board">
        <div class="board-wrap">
          <div class="analysis-stage">
            <Board config={config} />
            <StepControls
              t={t}
              root={root}
              path={path}
              where={positionName(path.length).split(':')[0]!}
              onSelect={go}
            />
          </div>
          {graphPlies && total > 0 && (
            <EvalGraph
              label={text.graph}
              plies={graphPlies}
              total={total}
              shown={gamePly}
              offLine={!onLine}
              judgements={running ? [] : judged}
              positionName={positionName}
              readout={readout}
              pov={pov}
              firstSide={game.turn}
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

        <EvalPanel
          t={t}
          lang={lang}
          text={text}
          result={
            finished
              ? {
                  winner: finished.winner,
                  reason: endReasonText(
                    t,
                    endAnnouncement(position, finished),
                    rules.quietPlyLimit,
                    rules.size,
                  ),
                }
              : undefined
          }
          score={best?.score}
          depth={depth}
          tablebase={tablebase}
          ending={ending && reasonText(t, ending, rules.quietPlyLimit)}
          pov={pov}
          engineOn={engineOn}
          multiPv={multiPv}
          threads={searchThreads()}
          figure={figure}
          onEngine={chooseEngine}
          onThreeLines={chooseThreeLines}
          onPov={choosePov}
        />

        {!finished && lines.length > 0 && (
          <EngineLines
            text={text}
            lines={lines}
            asked={multiPv}
            ply={path.length}
            firstSide={game.turn}
            figure={figure}
            onWalk={walk}
          />
        )}

        <TreeView
          text={text}
          root={root}
          path={path}
          firstSide={game.turn}
          gameMoves={game.moves}
          judgements={running ? [] : judged}
          notation={notation}
          onSelect={go}
        />
        {branch !== undefined && (
          <TreeActions
            text={text}
            root={root}
            path={path}
            branch={branch}
            onTree={setRoot}
            onSelect={setPath}
          />
        )}
        <p class="note analysis-keys">{text.keysHelp}</p>
        <AnalysisLegend lang={lang} text={text} />

        {total > 0 && (
          <GameAnalysisPanel
            text={text}
            total={total}
            running={running}
            analysis={analysis}
            judged={judged}
            firstSide={game.turn}
            note={note}
            onRun={runAnalysis}
            onStop={stopAnalysis}
          />
        )}

        <div class="action-row">
          <button type="button" class="action" onClick={() => setFlipped((f) => !f)}>
            <Icon name="flip" /> {t.flipBoard}
          </button>
        </div>
        <BoardSettings lang={lang} />
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
