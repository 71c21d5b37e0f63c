#!/usr/bin/env node
/**
 * Writes test/fixtures/tactics.json, the engine's tactics suite: positions of every preset whose
 * forced result is proved here by exhaustive search (wins in exactly 1, 3 and 5 plies; defences
 * where only one move, or a few, hold against a threat). Plain JavaScript on the built packages,
 * so that no TypeScript runner is needed; from the repository root:
 *
 *     npm run build && node packages/engine/scripts/make-tactics.mjs [--seed N] [--out FILE] [--only RULES]
 *
 * The same seed writes the same file (the clock only times the log); it takes a few minutes on
 * one core.
 *
 * The answers must not come from the search they test, so this script has its own solver: a
 * depth-limited AND/OR search over the core's Position, every legal move of both sides, no
 * evaluation (a position is won within N plies, or not). Alpha-beta in its boolean form (an OR
 * node stops at its first winning move, an AND node at its first refutation) plus two exact
 * savings: a table of results already proved (sound because within seven plies of a fresh setup
 * no position can stand three times and no quiet-ply limit is reached), and, at the last ply,
 * playing only the moves that could end the game at once: the king's move to an escape square, a
 * move that lands next to an enemy piece (every capture, the king's and king-and-shield's too, is
 * made by a piece landing next to its victim), and, where a blocked side loses, any move when
 * the opponent has at most 4 (size - 1) moves (the most one quiet move can take away). Every
 * fixture written is then proved again by the same solver without either saving.
 *
 * Candidates: every position of seeded random playouts of each ruleset; playout positions thinned
 * to one or two attackers where capturing every attacker wins; and seeded patterns for the rare
 * themes (king hunts: attackers beside the king; brandub-fr's king on the throne with a shield
 * and attackers around; one or two attackers among defenders), the rest of the board at random.
 * A candidate becomes a fixture when its side to move wins in exactly 1, 3 or 5 plies (no
 * shorter win), with every winning first move listed, or when it faces a threat (the opponent
 * would win at once if it could pass), has no win within 5 plies of its own, every move but one
 * to three loses within 2 (else 4) plies, and those few hold for `DEFENCE_HORIZON` plies. The
 * theme is the way of winning that proves the win alone (the threat's, for a defence). A
 * balanced choice by ruleset, theme and length is written, formatted by the repository's prettier.
 */

import { writeFileSync } from 'node:fs';
import { URL, fileURLToPath } from 'node:url';
import {
  DEFENDER,
  KING,
  PASS,
  PRESETS,
  makeMoveSquares,
  makePosition,
  opposite,
  positionFromOtn,
  startingPosition,
} from '@tafl/core';

const DEFAULT_OUT = fileURLToPath(new URL('../test/fixtures/tactics.json', import.meta.url));
const GENERATOR = 'packages/engine/scripts/make-tactics.mjs';
/** A wrong defence loses within 2 or 4 plies; the right ones must hold this long. */
const DEFENCE_HORIZON = 6;
/** At most this many correct moves make a defence position. */
const MAX_DEFENCES = 3;
/** Per ruleset: playouts, and how many candidates get the (costly) 5-ply test. */
const PLAYOUTS = 24;
const MAX_PLAYOUT_PLIES = 80;
const DEEP_CHECKS = 400;
const DEEP_STRIDE = 3;
const THINNED = 30;
const SHIELD_PATTERNS = 300;
const HUNT_PATTERNS = 150;
const LAST_ATTACKER_PATTERNS = 400;
/** Fixtures per ruleset, and the most of one (kind, theme, plies) bucket. */
const PER_RULESET = 12;
const PER_BUCKET = 2;

/** mulberry32, the project's seeded PRNG. */
function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const pick = (random, items) => items[Math.floor(random() * items.length)];

// ---------------------------------------------------------------------------------------------
// The solver

const MAX_PLY = 16;
const UNKNOWN_WIN = 15;

/**
 * Proves wins and losses within a number of plies. `accept(pos)` narrows what counts as a win
 * for the side that started the puzzle: it is asked about a finished game that side has won. An
 * `accept` that looks back beyond the last move needs `table: false` (a tabled result would then
 * depend on the way the position was reached); `plain` turns off the table and the last-ply
 * shortcut alike.
 */
class Solver {
  constructor({ plain = false, accept = () => true, table = !plain } = {}) {
    this.plain = plain;
    this.tabled = table;
    this.accept = accept;
    this.buffers = Array.from({ length: MAX_PLY }, () => new Int32Array(1024));
    this.killers = new Int32Array(MAX_PLY);
    /** Proved results by position: win/loss within (low 4 bits), and none within (next 4 bits). */
    this.winTable = new Map();
    this.lossTable = new Map();
    this.plays = 0;
  }

  /** Did the side `me` win the finished game `pos` in a way that counts? */
  won(pos, me) {
    return pos.outcome().status === me && this.accept(pos);
  }

  /** Does the side to move force a win within `n` plies? */
  wins(pos, n, ply = 0) {
    if (n < 1 || pos.isOver()) return false;
    if (this.winsNow(pos, ply)) return true;
    if (n < 3) return false;
    const key = this.tabled ? tableKey(pos) : undefined;
    const known = key === undefined ? undefined : lookup(this.winTable, key, n);
    if (known !== undefined) return known;
    const moves = this.buffers[ply];
    const count = pos.generateMoves(moves);
    let result = false;
    for (let i = 0; i < count && !result; i++) {
      pos.play(moves[i]);
      this.plays++;
      result = !pos.isOver() && this.loses(pos, n - 1, ply + 1);
      pos.undo();
    }
    if (key !== undefined) store(this.winTable, key, n, result);
    return result;
  }

  /** Does the side to move lose within `n` plies whatever it plays? */
  loses(pos, n, ply = 0) {
    if (n < 2 || pos.isOver()) return false;
    const key = this.tabled ? tableKey(pos) : undefined;
    const known = key === undefined ? undefined : lookup(this.lossTable, key, n);
    if (known !== undefined) return known;
    const me = pos.turn;
    const moves = this.buffers[ply];
    const count = pos.generateMoves(moves);
    killerFirst(moves, count, this.killers[ply]);
    let result = true;
    for (let i = 0; i < count && result; i++) {
      pos.play(moves[i]);
      this.plays++;
      result = pos.isOver() ? pos.outcome().status === opposite(me) : this.wins(pos, n - 1, ply + 1);
      pos.undo();
      if (!result) this.killers[ply] = moves[i];
    }
    if (key !== undefined) store(this.lossTable, key, n, result);
    return result;
  }

  /** Does the side to move have a move that wins at once? */
  winsNow(pos, ply) {
    const me = pos.turn;
    const moves = this.buffers[ply];
    const count = pos.generateMoves(moves);
    const geo = pos.geo;
    const escape = pos.rules.escape === 'edge' ? geo.isEdge : geo.isCorner;
    const cells = pos.board.cells;
    const king = pos.kingSquare;
    const enemy = me === 'attackers' ? isDefenders : isAttacker;
    const mayBlock =
      this.plain || (pos.rules.blocked === 'loses' && pos.countMoves(opposite(me)) <= 4 * (geo.size - 1));
    for (let i = 0; i < count; i++) {
      const move = moves[i];
      if (!this.plain) {
        if (move === PASS) continue;
        const from = move >> 8;
        const to = move & 0xff;
        if (!(from === king && escape[to]) && !mayBlock && !nextTo(geo, cells, to, enemy)) continue;
      }
      pos.play(move);
      this.plays++;
      const won = pos.isOver() && this.won(pos, me);
      pos.undo();
      if (won) return true;
    }
    return false;
  }

  /** The first moves that win within `n` plies. */
  winningMoves(pos, n) {
    const me = pos.turn;
    return pos.legalMoves().filter((move) => {
      pos.play(move);
      const won = pos.isOver() ? this.won(pos, me) : this.loses(pos, n - 1, 1);
      pos.undo();
      return won;
    });
  }

  /** The shortest forced win within `max` plies (1, 3, 5...), or 0. */
  shortestWin(pos, max) {
    for (let n = 1; n <= max; n += 2) if (this.wins(pos, n)) return n;
    return 0;
  }

  clear() {
    this.winTable.clear();
    this.lossTable.clear();
  }
}

const isAttacker = (code) => code === 1;
const isDefenders = (code) => code === DEFENDER || code === KING;

function nextTo(geo, cells, sq, enemy) {
  for (let d = 0; d < 4; d++) {
    const n = geo.neighbour[sq * 4 + d];
    if (n >= 0 && enemy(cells[n])) return true;
  }
  return false;
}

function killerFirst(moves, count, killer) {
  for (let i = 1; i < count; i++)
    if (moves[i] === killer) {
      moves[i] = moves[0];
      moves[0] = killer;
      return;
    }
}

/** The exact position (pieces and side to move) as a string key. */
const tableKey = (pos) => String.fromCharCode(...pos.board.cells) + pos.turn[0];

/** A known result within `n` plies from an entry: proved within m <= n, or disproved within m >= n. */
function lookup(table, key, n) {
  const entry = table.get(key);
  if (entry === undefined) return undefined;
  if ((entry & 15) <= n) return true;
  if (entry >> 4 >= n) return false;
  return undefined;
}

function store(table, key, n, result) {
  if (table.size > 3_000_000) table.clear();
  const entry = table.get(key) ?? UNKNOWN_WIN;
  const within = entry & 15;
  const none = entry >> 4;
  table.set(key, result ? (none << 4) | Math.min(within, n) : (Math.max(none, n) << 4) | within);
}

// ---------------------------------------------------------------------------------------------
// Themes: what ends the game in every line of a proof

const reasonIs = (reason) => (pos) => pos.outcome().reason === reason;

/** King-and-shield: the king taken together with a defender by an attacker not beside him. */
function byShield(pos) {
  const codes = pos.lastCapturedCodes();
  const squares = pos.lastCaptured();
  const kingAt = squares[codes.indexOf(KING)];
  if (kingAt === undefined || !codes.includes(DEFENDER)) return false;
  const to = pos.lastMove() & 0xff;
  for (let d = 0; d < 4; d++) if (pos.geo.neighbour[to * 4 + d] === kingAt) return false;
  return true;
}

/** An escape from a position where the attackers, to move, faced two open routes or more. */
function throughTwoRoutes(pos) {
  if (pos.outcome().reason !== 'escape' || pos.ply < 3) return false;
  const escape = pos.lastMove();
  pos.undo();
  const reply = pos.lastMove();
  pos.undo();
  const routes = pos.escapeRoutes().length;
  pos.play(reply);
  pos.play(escape);
  return routes >= 2;
}

/**
 * The theme of a win in `n` plies: the way of winning that proves it alone (narrowed to
 * king-and-shield or an escape through two routes when those prove it too), or the ways joined
 * by "+" when several prove it each, or "combination" when the proof needs more than one.
 */
function winTheme(pos, n) {
  const proves = (accept) => new Solver({ accept, table: accept !== throughTwoRoutes }).wins(pos, n);
  const themes = [];
  if (proves(reasonIs('king captured')))
    themes.push(pos.rules.kingAndShield && proves(byShield) ? 'king-and-shield' : 'king-capture');
  if (proves(reasonIs('escape'))) themes.push(n >= 3 && proves(throughTwoRoutes) ? 'double-route' : 'escape');
  if (proves(reasonIs('all attackers captured'))) themes.push('last-attacker');
  if (proves(reasonIs('no legal move'))) themes.push('blocked');
  return themes.length > 0 ? themes.join('+') : 'combination';
}

/** The theme of a threat: how the opponent would win at once if the side to move could pass. */
function threatTheme(threat) {
  const side = threat.turn;
  const reasons = threat.legalMoves().map((move) => {
    threat.play(move);
    const outcome = threat.outcome();
    const reason = outcome.status !== side ? undefined : byShield(threat) ? 'shield' : outcome.reason;
    threat.undo();
    return reason;
  });
  if (reasons.includes('escape')) return 'escape-threat';
  if (reasons.includes('king captured')) return 'capture-threat';
  if (reasons.includes('shield')) return 'king-and-shield-threat';
  if (reasons.includes('all attackers captured')) return 'last-attacker-threat';
  return 'blocked-threat';
}

// ---------------------------------------------------------------------------------------------
// Analysis of one candidate

/**
 * The fixture a candidate makes, or undefined: a win in 1 or 3 (in 5 too when `deep`, or when
 * the position is threatened, so that a defence is never a win in disguise), else a defence.
 * Returns the fixture's fields without provenance.
 */
function analyse(rules, otn, turn, deep, solver) {
  const made = positionFromOtn(rules, otn, turn);
  if (!made.ok) return undefined;
  const pos = made.value;
  if (pos.isOver() || pos.mustPass()) return undefined;
  const name = (move) => makeMoveSquares(pos.geo, move);
  const threat = positionFromOtn(rules, otn, opposite(turn)).value;
  const threatened = !threat.isOver() && solver.wins(threat, 1);
  const win = solver.shortestWin(pos, deep || threatened ? 5 : 3);
  if (win > 0) {
    const moves = solver.winningMoves(pos, win).map(name).sort();
    return { kind: 'win', theme: winTheme(pos, win), plies: win, moves, solverDepth: win };
  }
  return threatened ? defence(pos, threat, solver, name) : undefined;
}

/**
 * A defence: the moves that avoid a loss within 2 plies, if they are few and all avoid it within
 * 4 too, else the moves that avoid it within 4, if they are few; in both cases they must hold for
 * `DEFENCE_HORIZON` plies, and some move must lose.
 */
function defence(pos, threat, solver, name) {
  const all = pos.legalMoves();
  const holds = (moves, n) =>
    moves.filter((move) => {
      pos.play(move);
      const safe = pos.isOver() ? pos.outcome().status !== pos.turn : !solver.wins(pos, n - 1, 1);
      pos.undo();
      return safe;
    });
  const within2 = holds(all, 2);
  const within4 = holds(within2, 4);
  const plies = within2.length <= MAX_DEFENCES && within4.length === within2.length ? 2 : 4;
  const good = within4;
  if (good.length === 0 || good.length > MAX_DEFENCES || good.length === all.length) return undefined;
  if (holds(good, DEFENCE_HORIZON).length !== good.length) return undefined;
  const moves = good.map(name).sort();
  return { kind: 'defence', theme: threatTheme(threat), plies, moves, solverDepth: DEFENCE_HORIZON };
}

// ---------------------------------------------------------------------------------------------
// Candidates

const snapshot = (pos) => ({ otn: makePosition(pos.geo.size, pos.board.cells), turn: pos.turn });

/** Every position of seeded random games; a move that ends the game is avoided 4 times in 5. */
function* playouts(rules, seed) {
  const random = prng(seed);
  for (let game = 0; game < PLAYOUTS; game++) {
    const pos = startingPosition(rules);
    for (let ply = 0; ply < MAX_PLAYOUT_PLIES && !pos.isOver(); ply++) {
      if (ply > 0) yield { ...snapshot(pos), source: { generator: 'playout', seed, game, ply } };
      const moves = pos.legalMoves();
      const quiet = moves.filter((move) => {
        pos.play(move);
        const over = pos.isOver();
        pos.undo();
        return !over;
      });
      pos.play(pick(random, quiet.length > 0 && random() < 0.8 ? quiet : moves));
    }
  }
}

/** Playout positions with the attackers thinned to one or two, where taking them all wins. */
function* thinned(rules, seed, positions) {
  if (!rules.allAttackersCapturedWins) return;
  const random = prng(seed);
  for (let i = 0; i < THINNED && positions.length > 0; i++) {
    const from = pick(random, positions);
    const board = positionFromOtn(rules, from.otn, from.turn).value.toSetup().board;
    const attackers = board.flatMap((code, sq) => (code === 1 ? [sq] : []));
    const keep = 1 + Math.floor(random() * 2);
    while (attackers.length > keep)
      board[attackers.splice(Math.floor(random() * attackers.length), 1)[0]] = 0;
    const otn = makePosition(rules.size, board);
    for (const turn of ['defenders', 'attackers'])
      yield { otn, turn, source: { generator: 'thinned-playout', seed, from: from.source, keep } };
  }
}

/** An empty board with a king, for the patterns below; `place` puts a piece on a free square. */
function patternBoard(rules, random, kingAt) {
  const geo = startingPosition(rules).geo;
  const board = new Array(geo.squares).fill(0);
  board[kingAt(geo)] = KING;
  const place = (code, count) => {
    for (let k = 0; k < count; k++)
      for (;;) {
        const sq = Math.floor(random() * geo.squares);
        if (board[sq] === 0 && sq !== geo.throne && !geo.isCorner[sq]) {
          board[sq] = code;
          break;
        }
      }
  };
  return { geo, board, place };
}

/**
 * A king hunt: the king anywhere off the escape squares with attackers on some of his sides, more
 * attackers and a few defenders at random (king captures and their defences are rare in random
 * games, above all where the king must be enclosed on four sides).
 */
function* huntPatterns(rules, seed) {
  const random = prng(seed);
  const ardRi = rules.layout === 'ard-ri';
  for (let i = 0; i < HUNT_PATTERNS; i++) {
    const { geo, board, place } = patternBoard(rules, random, (g) => {
      const escape = rules.escape === 'edge' ? g.isEdge : g.isCorner;
      for (;;) {
        const sq = Math.floor(random() * g.squares);
        if (!escape[sq]) return sq;
      }
    });
    const king = board.indexOf(KING);
    const sides = [0, 1, 2, 3].map((d) => geo.neighbour[king * 4 + d]).filter((sq) => sq >= 0);
    for (const sq of sides)
      if (sq !== geo.throne && !geo.isCorner[sq] && random() < (ardRi ? 0.6 : 0.35)) board[sq] = 1;
    place(1, (ardRi ? 4 : 2) + Math.floor(random() * 4));
    place(DEFENDER, Math.floor(random() * (ardRi ? 5 : 3)));
    const otn = makePosition(geo.size, board);
    for (const turn of ['attackers', 'defenders'])
      yield { otn, turn, source: { generator: 'king-hunt-pattern', seed, index: i } };
  }
}

/**
 * Where capturing every attacker wins: one or two attackers among defenders, the king near the
 * centre and, half the time, walled in by his own men (so that he cannot simply run instead).
 */
function* lastAttackerPatterns(rules, seed) {
  if (!rules.allAttackersCapturedWins) return;
  const random = prng(seed);
  for (let i = 0; i < LAST_ATTACKER_PATTERNS; i++) {
    const { geo, board, place } = patternBoard(rules, random, (g) => {
      const steps = [0, 0, 1, -1, g.size, -g.size];
      return g.throne + pick(random, steps) + pick(random, steps);
    });
    if (random() < 0.5) {
      const king = board.indexOf(KING);
      for (let d = 0; d < 4; d++) {
        const sq = geo.neighbour[king * 4 + d];
        if (sq !== geo.throne && random() < 0.8) board[sq] = DEFENDER;
      }
    }
    place(1, 1 + Math.floor(random() * 2));
    place(DEFENDER, 2 + Math.floor(random() * 4));
    const otn = makePosition(geo.size, board);
    for (const turn of ['defenders', 'attackers'])
      yield { otn, turn, source: { generator: 'last-attacker-pattern', seed, index: i } };
  }
}

/** brandub-fr's king-and-shield: the king on the throne with a shield, attackers around. */
function* shieldPatterns(rules, seed) {
  if (!rules.kingAndShield) return;
  const random = prng(seed);
  for (let i = 0; i < SHIELD_PATTERNS; i++) {
    const { geo, board, place } = patternBoard(rules, random, (g) => g.throne);
    const sides = [0, 1, 2, 3].map((d) => geo.neighbour[geo.throne * 4 + d]);
    const shield = Math.floor(random() * 4);
    board[sides[shield]] = DEFENDER;
    const beside = 1 + Math.floor(random() * 3);
    for (let k = 1; k <= beside; k++) board[sides[(shield + k) % 4]] = 1;
    place(1, 2 + Math.floor(random() * 4));
    place(DEFENDER, Math.floor(random() * 3));
    const otn = makePosition(geo.size, board);
    for (const turn of ['attackers', 'defenders'])
      yield { otn, turn, source: { generator: 'king-and-shield-pattern', seed, index: i } };
  }
}

// ---------------------------------------------------------------------------------------------
// Choosing and writing

/**
 * Finds every fixture of one ruleset, in the order the candidates come. One candidate in
 * `DEEP_STRIDE` of each source, up to `DEEP_CHECKS`, is also tested for a win in 5.
 */
function fixturesOf(rules, index, seed, log) {
  const solver = new Solver();
  const base = seed * 1000 + index * 10;
  const seen = new Set();
  const found = [];
  const scan = (candidates) => {
    let deepLeft = DEEP_CHECKS;
    let considered = 0;
    for (const candidate of candidates) {
      const id = `${candidate.otn} ${candidate.turn}`;
      if (seen.has(id)) continue;
      seen.add(id);
      solver.clear();
      const deep = deepLeft > 0 && considered++ % DEEP_STRIDE === 0;
      const fixture = analyse(rules, candidate.otn, candidate.turn, deep, solver);
      if (deep) deepLeft--;
      if (fixture !== undefined) found.push({ ...candidate, ...fixture });
    }
  };
  const games = [...playouts(rules, base + 1)];
  scan(games);
  scan(thinned(rules, base + 2, games));
  scan(shieldPatterns(rules, base + 3));
  scan(huntPatterns(rules, base + 4));
  scan(lastAttackerPatterns(rules, base + 5));
  log(`${rules.id}: ${seen.size} candidates, ${found.length} fixtures, ${solver.plays} plays`);
  const counts = {};
  for (const f of found)
    counts[`${f.kind} ${f.theme} ${f.plies}`] = (counts[`${f.kind} ${f.theme} ${f.plies}`] ?? 0) + 1;
  log(JSON.stringify(counts));
  return found;
}

const CLASSES = ['win 5', 'win 3', 'win 1', 'defence 4', 'defence 2'];
/**
 * The themes the suite is about, rarest first within a class; the others (a win by leaving the
 * opponent no move, or by several ways at once) are left out.
 */
const THEME_RANK = {
  'king-and-shield': 0,
  'last-attacker': 0,
  'king-and-shield-threat': 0,
  'last-attacker-threat': 0,
  'double-route': 1,
  'king-capture': 1,
  'escape-threat': 1,
  'capture-threat': 1,
  escape: 2,
};

/** The game or pattern a candidate comes from: two fixtures of one ruleset never share one. */
const origin = (f) => `${f.source.generator} ${f.source.game ?? f.source.index ?? f.source.from.game}`;

/**
 * A balanced choice of `PER_RULESET`: the (kind, theme, plies) buckets are taken in turn, first
 * the best theme of each class (win in 5, 3, 1, defence in 4, 2), then the next theme of each,
 * and so on, up to `PER_BUCKET` rounds; in a bucket, positions with fewer answers come first.
 */
function choose(found) {
  const buckets = new Map();
  for (const f of found) {
    if (THEME_RANK[f.theme] === undefined) continue;
    const key = `${f.kind} ${f.plies} ${f.theme}`;
    if (!buckets.has(key)) buckets.set(key, []);
    buckets.get(key).push(f);
  }
  const order = new Map(found.map((f, i) => [f, i]));
  const ordered = [];
  for (const cls of CLASSES) {
    const ofClass = [...buckets.keys()].filter((key) => key.startsWith(`${cls} `));
    const rank = (key) => THEME_RANK[buckets.get(key)[0].theme];
    ofClass.sort((x, y) => rank(x) - rank(y));
    ofClass.forEach((key, i) =>
      ordered.push({
        i,
        cls: CLASSES.indexOf(cls),
        queue: buckets
          .get(key)
          .sort((x, y) => x.moves.length - y.moves.length || order.get(x) - order.get(y)),
      }),
    );
  }
  ordered.sort((x, y) => x.i - y.i || x.cls - y.cls);
  const chosen = [];
  const used = new Set();
  for (let round = 0; round < PER_BUCKET; round++)
    for (const { queue } of ordered) {
      const f = queue.find((c) => !used.has(origin(c)));
      if (f === undefined || chosen.length >= PER_RULESET) continue;
      chosen.push(f);
      used.add(origin(f));
    }
  return chosen;
}

/** A fixture as written: where it comes from is `provenance` (the run, the candidate, the proof). */
function entry(rules, f, number, seed) {
  const { generator: source, ...origin } = f.source;
  return {
    id: `${rules.id}-${String(number).padStart(2, '0')}`,
    rules: rules.id,
    position: f.otn,
    turn: f.turn,
    kind: f.kind,
    theme: f.theme,
    plies: f.plies,
    moves: f.moves,
    provenance: { generator: `${GENERATOR} --seed ${seed}`, source, ...origin, solverDepth: f.solverDepth },
  };
}

/** Proves a chosen fixture again with the plain solver (every move, no table). */
function verifyPlain(rules, e) {
  const solver = new Solver({ plain: true });
  const pos = positionFromOtn(rules, e.position, e.turn).value;
  const name = (move) => makeMoveSquares(pos.geo, move);
  if (e.kind === 'win') {
    if (e.plies > 1 && solver.wins(pos, e.plies - 2)) return 'a shorter win exists';
    const moves = solver.winningMoves(pos, e.plies).map(name).sort();
    return moves.join() === e.moves.join() ? undefined : `winning moves ${moves.join()}`;
  }
  const threat = positionFromOtn(rules, e.position, opposite(e.turn)).value;
  if (!solver.wins(threat, 1)) return 'no threat';
  if (solver.wins(pos, 5)) return 'a win within 5 plies';
  const again = defence(pos, threat, solver, name);
  return again?.moves.join() === e.moves.join() ? undefined : `defences ${again?.moves.join()}`;
}

async function format(text, file) {
  try {
    const prettier = await import('prettier');
    const options = (await prettier.resolveConfig(file)) ?? {};
    return await prettier.format(text, { ...options, filepath: file });
  } catch {
    return text;
  }
}

async function main() {
  const args = process.argv.slice(2);
  const option = (name, fallback) => {
    const i = args.indexOf(name);
    return i >= 0 && args[i + 1] !== undefined ? args[i + 1] : fallback;
  };
  const seed = Number(option('--seed', '1'));
  const out = option('--out', DEFAULT_OUT);
  const only = option('--only', undefined);
  const log = (line) => process.stderr.write(`${line}\n`);
  const tactics = [];
  PRESETS.forEach((rules, index) => {
    if (only !== undefined && rules.id !== only) return;
    const started = Date.now();
    const chosen = choose(fixturesOf(rules, index, seed, log));
    chosen.forEach((f, i) => tactics.push(entry(rules, f, i + 1, seed)));
    log(`${rules.id}: ${chosen.length} chosen in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  });
  for (const e of tactics) {
    const problem = verifyPlain(
      PRESETS.find((r) => r.id === e.rules),
      e,
    );
    if (problem !== undefined) throw new Error(`${e.id}: the plain solver disagrees: ${problem}`);
  }
  log(`every fixture proved again by the plain solver`);
  const file = {
    about:
      'Tactics for the engine: positions whose forced result was proved by exhaustive search. ' +
      'Generated, never edited by hand: see the header of the generator to run it again.',
    generator: GENERATOR,
    seed,
    solver:
      'depth-limited AND/OR search over @tafl/core Position, every legal move, no evaluation; ' +
      `wins are exact (no shorter win); defences: wrong moves lose within "plies", the listed ones survive ${DEFENCE_HORIZON} plies`,
    tactics,
  };
  writeFileSync(out, await format(JSON.stringify(file, null, 2), out));
  log(`${tactics.length} tactics written to ${out}`);
}

await main();
