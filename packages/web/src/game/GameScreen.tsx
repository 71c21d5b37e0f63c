/**
 * The game screen: the board first, and beside it (below it on a phone) the players, the
 * announcements, the move list with its step buttons, the evaluation, the actions, and once the
 * game is over the way to the analysis board (analysis/). The state is one `Game` (model.ts),
 * stored on every change (storage.ts), and the shown ply; everything else is derived from them.
 * The computer, hints and the evaluation ask engine.ts, which searches in a Web Worker.
 */

import {
  PASS,
  SIDES,
  encodeMove,
  moveFrom,
  moveTo,
  type Move,
  type Result,
  type Side,
  type Square,
} from '@tafl/core';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { ScreenProps } from '../app/screen.js';
import { localGameTitle, useTitle } from '../app/title.js';
import type { BoardConfig } from '../board/api.js';
import { Board } from '../board/Board.js';
import { BoardSettings } from '../board/BoardSettings.js';
import { describeRuleset } from '../rules/describe.js';
import { announce, announcementHighlights } from './announce.js';
import { Announcements, spokenMove } from './Announcements.js';
import { boardPieces, boardSquares, lastMoveMarks, squareLabeler } from './board-view.js';
import { GameActions, SoundToggle } from './Controls.js';
import { computerMove, evaluate, hintMove, preloadEngine, stopEngine, type Evaluation } from './engine.js';
import { Icon } from './icons.js';
import { EvalBar } from './EvalBar.js';
import { finalScore } from './evaluation.js';
import { ExportPanel } from './ExportPanel.js';
import {
  acceptDraw,
  computerToMove,
  declineDraw,
  deriveGame,
  destinations,
  flip,
  humanSides,
  offerDraw,
  playMove,
  positionAt,
  rematch,
  resign,
  ruleResult,
  shownPly,
  sideToMove,
  takeback,
  takebackPlies,
  type Game,
  type View,
} from './model.js';
import { MovesBox, useStepKeys } from './MovesBox.js';
import { moveNotation } from './notation.js';
import { useMoveSounds } from './sound.js';
import { ANALYSIS_TEXT } from '../analysis/text.js';
import { pageStore } from './storage.js';
import './game.css';
import { Notice } from '../app/Notice.js';

const EVAL_KEY = 'tafl.showEval';
/** Time for the evaluation display. */
const EVAL_MS = 1500;

export function GameScreen(props: ScreenProps & { readonly id: string }) {
  const game = useMemo(() => pageStore().get(props.id), [props.id]);
  if (!game) return <Notice t={props.t} title={props.t.gameNotFound} />;
  return <GameView key={props.id} {...props} initial={game} />;
}

/** The ply a link asked to show (`#/game/ID?ply=N`), else the last. */
function initialView(): View {
  const query = new URLSearchParams(location.hash.split('?')[1] ?? '');
  const ply = Number(query.get('ply'));
  return query.has('ply') && Number.isInteger(ply) ? ply : undefined;
}

function readShowEval(): boolean {
  try {
    return localStorage.getItem(EVAL_KEY) === '1';
  } catch {
    return false;
  }
}

function GameView({ lang, t, navigate, initial }: ScreenProps & { readonly initial: Game }) {
  const store = pageStore();
  const [game, setGame] = useState(initial);
  const [view, setView] = useState<View>(initialView);
  const [thinking, setThinking] = useState(false);
  const [engineError, setEngineError] = useState<string | undefined>();
  const [retry, setRetry] = useState(0);
  const [hint, setHint] = useState<{ readonly ply: number; readonly move: Move } | undefined>();
  const [hintBusy, setHintBusy] = useState(false);
  const [showEval, setShowEval] = useState(readShowEval);
  const [evaluation, setEvaluation] = useState<{ readonly ply: number; readonly value: Evaluation }>();
  const [refusals, setRefusals] = useState(0);
  const saved = useRef(initial);

  // Every change is stored at once: a reload finds the game where it was. In a layout effect, run
  // with the render that shows the move, not after the paint: leaving the screen right after a move
  // (the start page, a link) unmounts it before a plain effect runs, and the move was lost.
  useLayoutEffect(() => {
    if (saved.current === game) return;
    saved.current = game;
    store.save(game);
  }, [game]);

  const update = (change: (g: Game) => Game): void => setGame(change);

  const derived = useMemo(() => deriveGame(game), [game]);
  const total = game.moves.length;
  const shown = shownPly(view, total);
  const live = shown === total;
  const position = useMemo(() => {
    if (!derived.ok) return undefined;
    if (live) return derived.value.position;
    const pos = positionAt(game, shown);
    return pos.ok ? pos.value : undefined;
  }, [derived, shown, live]);
  const result = derived.ok ? derived.value.result : undefined;
  const toMove = sideToMove(game);
  const humanTurn = !result && humanSides(game).includes(toMove) && !thinking;
  useTitle(t.appName, ...localGameTitle(lang, game, derived, thinking));
  // A fresh array after a refused move too: the board then takes back what it showed.
  const pieces = useMemo(() => (position ? boardPieces(position) : []), [position, refusals]);
  const dests = useMemo(
    () => (position && live && humanTurn ? destinations(position) : new Map<Square, Square[]>()),
    [position, live, humanTurn],
  );

  // The computer moves when it is its turn.
  useEffect(() => {
    if (game.opponent.kind !== 'computer' || !computerToMove(game)) return;
    let current = true;
    setThinking(true);
    setEngineError(undefined);
    const ply = game.moves.length;
    computerMove(game, game.opponent.level)
      .then(({ move }) => {
        if (!current) return;
        setThinking(false);
        if (move !== undefined) update((g) => (g.moves.length === ply ? orSame(playMove(g, move), g) : g));
      })
      .catch((e: unknown) => {
        if (!current) return;
        setThinking(false);
        setEngineError(messageOf(e));
      });
    return () => {
      current = false;
      setThinking(false);
      stopEngine('play');
    };
  }, [game.id, game.moves.length, game.result, retry]);

  // The evaluation of the shown position, improving with each depth.
  useEffect(() => {
    if (!showEval || !position) return;
    const end = ruleResult(position);
    if (end) {
      setEvaluation({ ply: shown, value: { score: finalScore(end.winner), depth: 0, best: undefined } });
      return;
    }
    let current = true;
    const ply = shown;
    const show = (value: Evaluation): void => {
      if (current) setEvaluation({ ply, value });
    };
    evaluate(game, ply, EVAL_MS, show)
      .then(show)
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [showEval, shown, total, game.id]);

  // Load the engine early against the computer; leaving the screen stops every search.
  useEffect(() => {
    if (game.opponent.kind === 'computer') preloadEngine();
    return () => {
      stopEngine('play');
      stopEngine('study');
    };
  }, []);

  // Arrow keys step through the moves when the board or a field does not want them.
  useStepKeys(total, setView);

  // A sound for each new move and for the end (none when stepping through the list).
  const lastPlayed = derived.ok ? derived.value.plies[total - 1] : undefined;
  useMoveSounds(total, (lastPlayed?.captured.length ?? 0) > 0, result !== undefined);

  if (!derived.ok || !position)
    return <Notice t={t} title={t.gameBroken} detail={derived.ok ? undefined : derived.message} />;

  const { rules, plies } = derived.value;
  const description = describeRuleset(rules, lang);
  const shownResult = live ? result : ruleResult(position);
  const list = announce(position, shownResult, live ? game.drawOffer : undefined);
  const hintHere = hint && hint.ply === total && live ? hint.move : undefined;
  const lastPly = plies[shown - 1];

  const onMove = (from: Square, to: Square): void => {
    const next = playMove(game, encodeMove(from, to));
    if (next.ok) {
      setGame(next.value);
      setHint(undefined);
    } else setRefusals((n) => n + 1);
  };

  const config: BoardConfig = {
    ...boardSquares(rules, position.geo),
    pieces,
    flipped: game.flipped ?? false,
    coordinates: true,
    dests,
    ...lastMoveMarks(lastPly),
    highlights: [
      ...announcementHighlights(list),
      ...(hintHere !== undefined && hintHere !== PASS
        ? [
            { square: moveFrom(hintHere), kind: 'hint' as const },
            { square: moveTo(hintHere), kind: 'hint' as const },
          ]
        : []),
    ],
    squareLabel: squareLabeler(t, rules.size),
    label: t.boardLabel,
    onMove,
  };

  const spoken = spokenMove(
    t,
    rules.size,
    lastPly?.side,
    lastPly?.record,
    lastPly?.captured.map((c) => c.square) ?? [],
    list,
    rules.quietPlyLimit,
  );

  const askHint = (): void => {
    setHintBusy(true);
    const ply = total;
    hintMove(game)
      .then((move) => move !== undefined && setHint({ ply, move }))
      .catch(() => undefined)
      .finally(() => setHintBusy(false));
  };

  const toggleEval = (on: boolean): void => {
    setShowEval(on);
    try {
      localStorage.setItem(EVAL_KEY, on ? '1' : '0');
    } catch {
      // the choice lasts for this page
    }
    if (!on) stopEngine('study');
  };

  const playerName = (side: Side): string =>
    game.opponent.kind === 'local'
      ? side === 'attackers'
        ? t.attackers
        : t.defenders
      : game.opponent.human === side
        ? t.playerYou
        : t.playerComputer(game.opponent.level);
  const capturedBy = (side: Side): number =>
    plies.slice(0, shown).reduce((n, p) => n + (p.side === side ? p.captured.length : 0), 0);
  const status = result
    ? ''
    : thinking
      ? t.computerThinking
      : game.opponent.kind === 'computer' && toMove === game.opponent.human
        ? t.yourTurn
        : toMove === 'attackers'
          ? t.turnAttackers
          : t.turnDefenders;
  const rulesHref = rules.id !== 'custom' ? `#/rules/${encodeURIComponent(rules.id)}` : undefined;
  const canPass = live && humanTurn && position.mustPass();
  const drawOnOffer = live && !result && game.drawOffer !== undefined;

  return (
    <div class={`game-screen${thinking ? ' is-thinking' : ''}`}>
      <section class="game-board">
        <div class="board-wrap">
          <Board config={config} />
        </div>
      </section>
      <aside class="game-panel">
        <header class="game-head">
          <h1 class="game-title">
            {rulesHref ? <a href={rulesHref}>{description.name}</a> : description.name}
          </h1>
          <p class="game-subtitle">
            {game.opponent.kind === 'local' ? t.vsLocal : t.vsComputer(game.opponent.level)}
          </p>
        </header>

        <ul class="players" aria-label={t.players}>
          {SIDES.map((side) => (
            <li class={`player player-${side}${!result && toMove === side ? ' is-turn' : ''}`} key={side}>
              <span class={`disc disc-${side}`} aria-hidden="true" />
              <span class="player-name">
                {playerName(side)}
                {game.opponent.kind === 'computer' && (
                  <span class="player-side"> · {side === 'attackers' ? t.attackers : t.defenders}</span>
                )}
              </span>
              {thinking && toMove === side && <span class="spinner" aria-hidden="true" />}
              <span class="player-captures" title={t.capturesTitle}>
                {t.capturesCount(capturedBy(side))}
              </span>
            </li>
          ))}
        </ul>

        <p class={`status${status ? '' : ' is-empty'}`} role="status" data-testid="status">
          {status}
        </p>
        {engineError !== undefined && (
          <div class="banner banner-error" role="alert">
            <span class="banner-text">{t.engineFailed}</span>
            <button type="button" class="action" onClick={() => setRetry((n) => n + 1)}>
              {t.retry}
            </button>
          </div>
        )}

        <Announcements
          t={t}
          list={list}
          size={rules.size}
          quietLimit={rules.quietPlyLimit}
          spoken={spoken}
          {...(canPass ? { onPass: () => update((g) => orSame(playMove(g, PASS), g)) } : {})}
          {...(drawOnOffer
            ? { onAcceptDraw: () => update(acceptDraw), onDeclineDraw: () => update(declineDraw) }
            : {})}
        />
        {hintHere !== undefined && <p class="hint-text">{t.hintShow(moveNotation(position, hintHere))}</p>}
        {showEval && (
          <EvalBar
            t={t}
            lang={lang}
            evaluation={evaluation?.ply === shown ? evaluation.value : undefined}
            finished={ruleResult(position)}
            pov={game.opponent.kind === 'computer' ? game.opponent.human : 'attackers'}
          />
        )}

        <MovesBox t={t} plies={plies} shown={shown} firstSide={game.turn} setView={setView} />

        {result && (
          <a
            class="action primary wide"
            href={`#/analysis/${encodeURIComponent(game.id)}`}
            data-testid="analysis-board-link"
          >
            <Icon name="analyse" /> {ANALYSIS_TEXT[lang].openBoard}
          </a>
        )}

        {result ? (
          <div class="game-actions">
            <div class="action-row">
              <button
                type="button"
                class="action primary"
                onClick={() => {
                  const next = rematch(game);
                  store.save(next);
                  navigate({ screen: 'game', id: next.id });
                }}
              >
                {t.rematch}
              </button>
              <a class="action" href="#/">
                {t.newGame}
              </a>
              <button type="button" class="action" onClick={() => update((g) => flip(g))}>
                <Icon name="flip" /> {t.flipBoard}
              </button>
              <SoundToggle t={t} />
              <label class="toggle">
                <input
                  type="checkbox"
                  checked={showEval}
                  onChange={(e) => toggleEval((e.target as HTMLInputElement).checked)}
                />
                {t.showEvaluation}
              </label>
            </div>
          </div>
        ) : (
          <GameActions
            t={t}
            takeback={takebackPlies(game)}
            canResign
            canOfferDraw={game.opponent.kind === 'local' && game.drawOffer === undefined}
            canHint={humanTurn && live && !canPass}
            hintBusy={hintBusy}
            showEval={showEval}
            onTakeback={() => {
              setView(undefined);
              setHint(undefined);
              update((g) => takeback(g));
            }}
            onResign={() =>
              update((g) => resign(g, g.opponent.kind === 'computer' ? g.opponent.human : sideToMove(g)))
            }
            onOfferDraw={() => update((g) => offerDraw(g, sideToMove(g)))}
            onHint={askHint}
            onToggleEval={toggleEval}
            onFlip={() => update((g) => flip(g))}
          />
        )}

        <BoardSettings lang={lang} />
        <ExportPanel t={t} lang={lang} game={game} rules={rules} shown={shown} position={position} />
      </aside>
    </div>
  );
}

/** A result's value, or `fallback` when it failed. */
const orSame = (r: Result<Game>, fallback: Game): Game => (r.ok ? r.value : fallback);

const messageOf = (e: unknown): string => (e instanceof Error ? e.message : String(e));
