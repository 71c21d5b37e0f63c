/**
 * The evaluation: a weighted sum of features read off the board, built from the rule
 * parameters (where the king escapes, how he is captured), never from a ruleset's name. The
 * features are counts (material, mobility, the king's routes and freedom, guards of the squares
 * beside the escape squares, pieces that can be taken next move, for a king who steps his
 * fewest steps to an escape square and how many he can reach, each side's pieces within two
 * squares of the king and the attackers between him and his nearest corner, and each side's pieces
 * and the king on each class of square, `PLACES`); the weights are data, tuned
 * per ruleset by scripts/tune.mjs from the engine's own games (weights.ts).
 *
 * Every feature is counted from the defenders' side (more is better for them, so the attackers'
 * material gets a negative weight); `evaluate` returns the score for the side to move.
 */

import { ATTACKER, DEFENDER, EMPTY, KING, positionFromOtn, type Position } from '@tafl/core';

/**
 * The classes of squares under the board's symmetries, each named by its square in the corner's
 * eighth of a 7x7 board (a file no farther from the edge than its rank): a square's class is its
 * distances from the nearer file edge and the nearer rank edge, the smaller first, each at most 3
 * (on a larger board the squares farther in count as d4's row or file). `a1` is a corner, `a2`
 * beside one, `b2` diagonally next to one, `d4` the centre of a 7x7 board.
 */
export const PLACES = ['a1', 'a2', 'a3', 'a4', 'b2', 'b3', 'b4', 'c3', 'c4', 'd4'] as const;
type Place = (typeof PLACES)[number];

/** The features counting a kind of piece on each class of square (`attackersOnB3`, ...). */
function placeFeatures<K extends 'attackers' | 'defenders' | 'king'>(kind: K) {
  return PLACES.map((p) => `${kind}On${p.toUpperCase()}` as `${K}On${Uppercase<Place>}`);
}

/** A square's class in `PLACES`, from its distances to the nearer edges (0 on the edge). */
export function placeOf(file: number, rank: number, size: number): number {
  const a = Math.min(3, file, size - 1 - file);
  const b = Math.min(3, rank, size - 1 - rank);
  const lo = Math.min(a, b);
  const hi = Math.max(a, b);
  // Rows of the triangle lo <= hi <= 3: lo 0 has 4 classes, 1 has 3, 2 has 2, 3 has 1.
  return [0, 4, 7, 9][lo]! + hi - lo;
}

/** Pieces on each class of square: attackers, defenders (the king aside), the king. */
export const PLACE_FEATURES = [
  ...placeFeatures('attackers'),
  ...placeFeatures('defenders'),
  ...placeFeatures('king'),
] as const;

/** The pieces about the king (`kingShape`). */
export const SHAPE_FEATURES = ['attackersTowardCorner', 'attackersNearKing', 'defendersNearKing'] as const;

export const FEATURES = [
  'attackers',
  'defenders',
  'attackerMobility',
  'defenderMobility',
  'kingMobility',
  'kingRoutes',
  'kingRoutesInTwo',
  'guardsBesideEscape',
  'guardsDiagonal',
  'kingEnclosed',
  'defendersBesideKing',
  'attackersHangingToMove',
  'attackersHangingWaiting',
  'defendersHangingToMove',
  'defendersHangingWaiting',
  'kingHanging',
  'kingToCentre',
  'tempo',
  'kingStepsNear',
  'kingEscapesReachable',
  ...SHAPE_FEATURES,
  ...PLACE_FEATURES,
] as const;
export type Feature = (typeof FEATURES)[number];
export type Weights = { readonly [f in Feature]: number };
export const FEATURE_COUNT = FEATURES.length;

const F = Object.fromEntries(FEATURES.map((f, i) => [f, i])) as { [f in Feature]: number };
/** The first of each kind's place features (`attackersOnA1`, ...), the others in `PLACES` order. */
const ATTACKERS_ON = F.attackersOnA1;
const DEFENDERS_ON = F.defendersOnA1;
const KING_ON = F.kingOnA1;

/** What the features need to know about a ruleset and board, computed once per ruleset. */
export interface EvalContext {
  readonly weights: Float64Array;
  /** Per line (rows, then files): the positions along it that are escape squares. */
  readonly lineEscapes: Int32Array;
  /** 1 on squares next to an escape square (orthogonally), 2 diagonally next to a corner. */
  readonly guard: Uint8Array;
  /** Manhattan distance of each square from the throne. */
  readonly toCentre: Uint8Array;
  /** Each square's class in `PLACES` (`placeOf`). */
  readonly place: Uint8Array;
  /** The king escapes to the corners. */
  readonly corners: boolean;
  /**
   * The king's shape features are counted: they have a weight, or the caller asked for every
   * feature (the tuner, which must see them to weigh them). A ruleset whose weights leave them out
   * pays nothing for them.
   */
  readonly shape: boolean;
  readonly features: Float64Array;
  /**
   * The king moves one square at a time and the step features have a weight: they are counted
   * only then (a ruleset whose weights leave them out pays nothing for them).
   */
  readonly kingSteps: boolean;
  /** May the king stop on the empty throne again (he may cross it in steps only then)? */
  readonly kingReturns: boolean;
  /** Escape squares, 1 on each. */
  readonly escape: Uint8Array;
  /** Scratch of the king's breadth-first search: steps + 1 by square (0 unseen), and the queue. */
  readonly stepDist: Uint8Array;
  readonly stepQueue: Int32Array;
  /** The same search's bit sets, on a board of 64 squares or fewer. */
  readonly stepBits: StepBits | undefined;
  /**
   * The weighted features of the ruleset's starting position (tempo aside), taken off every
   * score so that the start is even and a draw (0) means what it should to both sides.
   */
  offset: number;
}

export function evalContext(pos: Position, weights: Weights, countAll = false): EvalContext {
  const geo = pos.geo;
  const n = geo.size;
  const t = pos.board.tables;
  const escape = pos.rules.escape === 'edge' ? geo.isEdge : geo.isCorner;
  const lineEscapes = new Int32Array(2 * n);
  for (let line = 0; line < 2 * n; line++)
    for (let p = 0; p < n; p++) if (escape[t.lineSquare[line * n + p]!]) lineEscapes[line]! |= 1 << p;
  const guard = new Uint8Array(geo.squares);
  const toCentre = new Uint8Array(geo.squares);
  const place = new Uint8Array(geo.squares);
  const centre = (n - 1) / 2;
  for (let sq = 0; sq < geo.squares; sq++) {
    const f = sq % n;
    const r = (sq / n) | 0;
    toCentre[sq] = Math.abs(f - centre) + Math.abs(r - centre);
    place[sq] = placeOf(f, r, n);
    if (escape[sq]) continue;
    for (let d = 0; d < 4; d++) {
      const nb = geo.neighbour[sq * 4 + d]!;
      if (nb >= 0 && escape[nb]) guard[sq] = 1;
    }
    if (!guard[sq] && pos.rules.escape === 'corners')
      for (const c of geo.corners)
        if (Math.abs((c % n) - f) === 1 && Math.abs(((c / n) | 0) - r) === 1) guard[sq] = 2;
  }
  const ctx: EvalContext = {
    weights: Float64Array.from(FEATURES.map((f) => weights[f])),
    lineEscapes,
    guard,
    toCentre,
    place,
    corners: pos.rules.escape === 'corners',
    shape: countAll || SHAPE_FEATURES.some((name) => weights[name] !== 0),
    features: new Float64Array(FEATURE_COUNT),
    kingSteps:
      pos.rules.kingMove === 'step' && (weights.kingStepsNear !== 0 || weights.kingEscapesReachable !== 0),
    kingReturns: pos.rules.kingReturns,
    escape,
    stepDist: new Uint8Array(geo.squares),
    stepQueue: new Int32Array(geo.squares),
    stepBits: stepBits(pos, escape),
    offset: 0,
  };
  const start = positionFromOtn(pos.rules);
  if (start.ok) {
    const f = features(start.value, ctx);
    ctx.offset = ctx.weights.reduce((sum, w, i) => sum + (i === F.tempo ? 0 : w * f[i]!), 0);
  }
  return ctx;
}

const popcount = (x: number): number => {
  let c = 0;
  for (let m = x; m !== 0; m &= m - 1) c++;
  return c;
};

/** Escape squares the king could reach in one move from `sq`, on the board as it stands. */
export function routesFrom(pos: Position, ctx: EvalContext, sq: number): number {
  const board = pos.board;
  const t = board.tables;
  return (
    popcount(board.rowDestinations(sq, KING) & ctx.lineEscapes[t.rowLine[sq]!]!) +
    popcount(board.colDestinations(sq, KING) & ctx.lineEscapes[t.colLine[sq]!]!)
  );
}

/**
 * Does a defender stand in the king's way to an escape, so that his stepping off the line would open
 * it (a discovered threat)? The first piece each way along the king's rank and file, when it is a
 * defender, is taken off the line and the king's destinations there looked at again: an escape
 * among them that was not before is such a way.
 */
export function routeBlocked(pos: Position, ctx: EvalContext, k: number): boolean {
  const board = pos.board;
  const t = board.tables;
  const cells = board.cells;
  const nb = pos.geo.neighbour;
  for (let d = 0; d < 4; d++) {
    let s = nb[k * 4 + d]!;
    while (s >= 0 && cells[s] === EMPTY) s = nb[s * 4 + d]!;
    if (s < 0 || cells[s] !== DEFENDER) continue;
    const onRow = t.rowLine[s] === t.rowLine[k];
    const line = onRow ? t.rowLine[k]! : t.colLine[k]!;
    const index = t.offset[KING]! + (onRow ? t.rowIndex[k]! : t.colIndex[k]!);
    const occ = board.lineOcc[line]!;
    const opened = t.destinations[index | (occ & ~(onRow ? t.rowBit[s]! : t.colBit[s]!))]!;
    if ((opened & ~t.destinations[index | occ]! & ctx.lineEscapes[line]!) !== 0) return true;
  }
  return false;
}

/** Fills `ctx.features` for `pos` and returns it. */
export function features(pos: Position, ctx: EvalContext): Float64Array {
  const board = pos.board;
  const cells = board.cells;
  const geo = pos.geo;
  const nb = geo.neighbour;
  const t = board.tables;
  const n = geo.size;
  const f = ctx.features;
  f.fill(0);
  f[F.attackers] = board.counts[0]!;
  f[F.defenders] = board.counts[1]! - (board.king >= 0 ? 1 : 0);
  f[F.attackerMobility] = board.countMoves(0);
  f[F.defenderMobility] = board.countMoves(1);
  f[F.tempo] = pos.turn === 'defenders' ? 1 : -1;
  const k = board.king;
  if (k >= 0) {
    const rowMask = board.rowDestinations(k, KING);
    const colMask = board.colDestinations(k, KING);
    f[F.kingMobility] = popcount(rowMask) + popcount(colMask);
    f[F.kingRoutes] = routesFrom(pos, ctx, k);
    let inTwo = 0;
    for (let m = rowMask; m !== 0; m &= m - 1)
      if (routesFrom(pos, ctx, t.lineSquare[t.rowLine[k]! * n + 31 - Math.clz32(m & -m)]!) > 0) inTwo++;
    for (let m = colMask; m !== 0; m &= m - 1)
      if (routesFrom(pos, ctx, t.lineSquare[t.colLine[k]! * n + 31 - Math.clz32(m & -m)]!) > 0) inTwo++;
    f[F.kingRoutesInTwo] = inTwo;
    f[F.kingToCentre] = ctx.toCentre[k]!;
    if (ctx.kingSteps) kingStepFeatures(pos, ctx, k, f);
    for (let d = 0; d < 4; d++) {
      const s = nb[k * 4 + d]!;
      if (s < 0) continue;
      const c = cells[s]!;
      if (c === ATTACKER) f[F.kingEnclosed]!++;
      else if (c === DEFENDER) f[F.defendersBesideKing]!++;
    }
  }
  if (k >= 0 && ctx.shape) kingShape(pos, ctx, k, f);
  const place = ctx.place;
  const attackers = board.lists[0];
  for (let i = 0; i < board.counts[0]!; i++) {
    const sq = attackers[i]!;
    const g = ctx.guard[sq]!;
    if (g === 1) f[F.guardsBesideEscape]!++;
    else if (g === 2) f[F.guardsDiagonal]!++;
    f[ATTACKERS_ON + place[sq]!]!++;
  }
  const defenders = board.lists[1];
  for (let i = 0; i < board.counts[1]!; i++) {
    const sq = defenders[i]!;
    f[(sq === k ? KING_ON : DEFENDERS_ON) + place[sq]!]!++;
  }
  hanging(pos, f);
  return f;
}

/**
 * Pieces about the king: attackers and defenders within two squares of him (either way), and
 * where he escapes to the corners, the fewest attackers in the rectangle between him and one of
 * his nearest corners. One pass over each side's pieces, counting the four quarters the king's
 * file and rank cut the board into (a piece on his file or rank lies in two of them).
 */
function kingShape(pos: Position, ctx: EvalContext, k: number, f: Float64Array): void {
  const board = pos.board;
  const n = pos.geo.size;
  const kf = k % n;
  const kr = (k / n) | 0;
  let near = 0;
  let southWest = 0;
  let southEast = 0;
  let northWest = 0;
  let northEast = 0;
  const attackers = board.lists[0];
  for (let i = 0; i < board.counts[0]!; i++) {
    const sq = attackers[i]!;
    const sf = sq % n;
    const sr = (sq / n) | 0;
    if (Math.abs(sf - kf) <= 2 && Math.abs(sr - kr) <= 2) near++;
    if (sr <= kr) {
      if (sf <= kf) southWest++;
      if (sf >= kf) southEast++;
    }
    if (sr >= kr) {
      if (sf <= kf) northWest++;
      if (sf >= kf) northEast++;
    }
  }
  f[F.attackersNearKing] = near;
  near = 0;
  const defenders = board.lists[1];
  for (let i = 0; i < board.counts[1]!; i++) {
    const sq = defenders[i]!;
    if (sq !== k && Math.abs((sq % n) - kf) <= 2 && Math.abs(((sq / n) | 0) - kr) <= 2) near++;
  }
  f[F.defendersNearKing] = near;
  if (!ctx.corners) return;
  // His nearest corners lie on his side of the middle file and rank (both sides, on them).
  const last = n - 1;
  const west = kf * 2 <= last;
  const east = kf * 2 >= last;
  const south = kr * 2 <= last;
  const north = kr * 2 >= last;
  let fewest = Infinity;
  if (south && west) fewest = Math.min(fewest, southWest);
  if (south && east) fewest = Math.min(fewest, southEast);
  if (north && west) fewest = Math.min(fewest, northWest);
  if (north && east) fewest = Math.min(fewest, northEast);
  f[F.attackersTowardCorner] = fewest;
}

/** Nearer escape than this many steps counts in `kingStepsNear`. */
const STEP_CAP = 7;
/** At most this many reachable escape squares count in `kingEscapesReachable`. */
const ESCAPES_CAP = 4;

/**
 * For a king who steps: a breadth-first search of his steps over empty squares (the throne
 * only where he may return to it) to the escape squares. `kingStepsNear` is STEP_CAP less the
 * fewest steps to one (0 when none is within reach), `kingEscapesReachable` how many escape
 * squares he can reach at all (at most ESCAPES_CAP). On a board of 64 squares or fewer the
 * search floods a bit set of two words a step at a time.
 */
function kingStepFeatures(pos: Position, ctx: EvalContext, k: number, f: Float64Array): void {
  const bits = ctx.stepBits;
  if (bits === undefined) {
    kingStepsByQueue(pos, ctx, k, f);
    return;
  }
  const board = pos.board;
  const n = pos.geo.size;
  // The squares he may step on: empty ones, the throne only where he may return to it.
  let openLo = bits.fullLo & ~bits.closedLo;
  let openHi = bits.fullHi & ~bits.closedHi;
  for (let side = 0; side < 2; side++) {
    const list = board.lists[side]!;
    for (let i = 0; i < board.counts[side]!; i++) {
      const sq = list[i]!;
      if (sq < 32) openLo &= ~(1 << sq);
      else openHi &= ~(1 << (sq - 32));
    }
  }
  let reachedLo = k < 32 ? 1 << k : 0;
  let reachedHi = k < 32 ? 0 : 1 << (k - 32);
  let frontLo = reachedLo;
  let frontHi = reachedHi;
  let nearest = 0;
  for (let step = 1; ; step++) {
    // One step every way: left (square - 1), right (+ 1), down (- n), up (+ n).
    const lLo = frontLo & bits.notFirstLo;
    const lHi = frontHi & bits.notFirstHi;
    const rLo = frontLo & bits.notLastLo;
    const rHi = frontHi & bits.notLastHi;
    let nextLo =
      (lLo >>> 1) | (lHi << 31) | (rLo << 1) | (frontLo >>> n) | (frontHi << (32 - n)) | (frontLo << n);
    let nextHi =
      (lHi >>> 1) | (rHi << 1) | (rLo >>> 31) | (frontHi >>> n) | (frontHi << n) | (frontLo >>> (32 - n));
    nextLo &= openLo & ~reachedLo;
    nextHi &= openHi & ~reachedHi;
    if ((nextLo | nextHi) === 0) break;
    reachedLo |= nextLo;
    reachedHi |= nextHi;
    if (nearest === 0 && ((nextLo & bits.escapeLo) | (nextHi & bits.escapeHi)) !== 0) nearest = step;
    // He does not step on from an escape square: the game is over there.
    frontLo = nextLo & ~bits.escapeLo;
    frontHi = nextHi & ~bits.escapeHi;
  }
  f[F.kingStepsNear] = nearest > 0 ? Math.max(0, STEP_CAP - nearest) : 0;
  f[F.kingEscapesReachable] = Math.min(
    ESCAPES_CAP,
    popcount(reachedLo & bits.escapeLo) + popcount(reachedHi & bits.escapeHi),
  );
}

/** The bit sets of `kingStepFeatures` on a board of 64 squares or fewer (bit i of lo is square i, of hi square 32 + i). */
interface StepBits {
  readonly fullLo: number;
  readonly fullHi: number;
  /** The throne, where the king may not return to it. */
  readonly closedLo: number;
  readonly closedHi: number;
  readonly escapeLo: number;
  readonly escapeHi: number;
  /** Squares off the first file (a step left stays on the board), and off the last. */
  readonly notFirstLo: number;
  readonly notFirstHi: number;
  readonly notLastLo: number;
  readonly notLastHi: number;
}

function stepBits(pos: Position, escape: Uint8Array): StepBits | undefined {
  const geo = pos.geo;
  const n = geo.size;
  if (geo.squares > 64 || n >= 32) return undefined;
  const words = { full: [0, 0], closed: [0, 0], escape: [0, 0], notFirst: [0, 0], notLast: [0, 0] };
  const set = (w: number[], sq: number): void => {
    w[sq >> 5]! |= 1 << (sq & 31);
  };
  for (let sq = 0; sq < geo.squares; sq++) {
    set(words.full, sq);
    if (sq === geo.throne && !pos.rules.kingReturns) set(words.closed, sq);
    if (escape[sq]) set(words.escape, sq);
    if (sq % n !== 0) set(words.notFirst, sq);
    if (sq % n !== n - 1) set(words.notLast, sq);
  }
  return {
    fullLo: words.full[0]!,
    fullHi: words.full[1]!,
    closedLo: words.closed[0]!,
    closedHi: words.closed[1]!,
    escapeLo: words.escape[0]!,
    escapeHi: words.escape[1]!,
    notFirstLo: words.notFirst[0]!,
    notFirstHi: words.notFirst[1]!,
    notLastLo: words.notLast[0]!,
    notLastHi: words.notLast[1]!,
  };
}

/** `kingStepFeatures` on a larger board: the same search with a queue. */
function kingStepsByQueue(pos: Position, ctx: EvalContext, k: number, f: Float64Array): void {
  const cells = pos.board.cells;
  const nb = pos.geo.neighbour;
  const throne = pos.geo.throne;
  const dist = ctx.stepDist;
  const queue = ctx.stepQueue;
  const escape = ctx.escape;
  dist.fill(0);
  dist[k] = 1;
  queue[0] = k;
  let head = 0;
  let tail = 1;
  let nearest = 0;
  let found = 0;
  while (head < tail) {
    const sq = queue[head++]!;
    const d = dist[sq]!;
    if (escape[sq] && sq !== k) {
      if (nearest === 0) nearest = d - 1;
      if (++found >= ESCAPES_CAP) break;
      continue;
    }
    for (let i = 0; i < 4; i++) {
      const s = nb[sq * 4 + i]!;
      if (s < 0 || dist[s] !== 0 || cells[s] !== EMPTY || (s === throne && !ctx.kingReturns)) continue;
      dist[s] = d + 1;
      queue[tail++] = s;
    }
  }
  f[F.kingStepsNear] = nearest > 0 ? Math.max(0, STEP_CAP - nearest) : 0;
  f[F.kingEscapesReachable] = found;
}

/** Counts the pieces each side could take with its next move (if it were its turn). */
function hanging(pos: Position, f: Float64Array): void {
  const board = pos.board;
  const cells = board.cells;
  const nb = pos.geo.neighbour;
  const attackersToMove = pos.turn === 'attackers';
  const captures = pos.captures;
  for (let side = 0; side < 2; side++) {
    const list = board.lists[side]!;
    const enemy = 1 - side;
    for (let i = 0; i < board.counts[side]!; i++) {
      const sq = list[i]!;
      const code = cells[sq]!;
      if (code === KING) {
        for (let d = 0; d < 4; d++) {
          const s = nb[sq * 4 + d]!;
          if (s >= 0 && cells[s] === EMPTY && board.reachable(0, s) && captures.kingFallsTo(cells, s)) {
            f[F.kingHanging] = attackersToMove ? 1 : 0.5;
            break;
          }
        }
        continue;
      }
      for (let d = 0; d < 2; d++) {
        const a = nb[sq * 4 + d]!;
        const b = nb[sq * 4 + d + 2]!;
        if (a < 0 || b < 0) continue;
        const open =
          (cells[a] === EMPTY && captures.hostileTo(cells, code, b) && board.reachable(enemy, a)) ||
          (cells[b] === EMPTY && captures.hostileTo(cells, code, a) && board.reachable(enemy, b));
        if (!open) continue;
        if (code === ATTACKER) f[attackersToMove ? F.attackersHangingToMove : F.attackersHangingWaiting]!++;
        else f[attackersToMove ? F.defendersHangingWaiting : F.defendersHangingToMove]!++;
        break;
      }
    }
  }
}

/** The score of `pos` for the side to move, in centi-soldiers. */
export function evaluate(pos: Position, ctx: EvalContext): number {
  const f = features(pos, ctx);
  const w = ctx.weights;
  let score = -ctx.offset;
  for (let i = 0; i < FEATURE_COUNT; i++) score += w[i]! * f[i]!;
  score = Math.round(score);
  return pos.turn === 'defenders' ? score : -score;
}
