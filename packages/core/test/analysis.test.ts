// The stored analysis of a game (analysis.ts): parseGameAnalysis accepts an analysis that fits
// its game and refuses, with a sentence naming the position and the fault, anything else. The
// game is a real one: line 106 of fixtures/games/brandubh-525.csv, seven plies under the
// federation rules without repetition (as games525.test.ts plays them), won by the attackers
// who capture the king on the last move.
import { describe, expect, it } from 'vitest';
import {
  ANALYSIS_ERROR,
  MAX_PV_LENGTH,
  WIN,
  federationBrandubh,
  finishedEval,
  parseGameAnalysis,
  playMoveRecord,
  startingPosition,
  withParameters,
  type AnalysedGame,
  type PlyEval,
} from '../src/index.js';
import { parseMoveLists } from '../src/notation/movelist.js';
import { readFixture } from './fixtures.js';

const rules = withParameters(federationBrandubh, { repetitionDraws: false });
const lists = parseMoveLists(readFixture('games/brandubh-525.csv'));
const moves = lists.ok ? lists.value[105]!.moves.map((m) => m) : [];
const game: AnalysedGame = { rules, start: rules.start, turn: rules.firstToMove, moves };

/** A valid analysis: every unfinished position's best line is the game's next two moves. */
function valid(): { version: 2; depth: number; plies: PlyEval[] } {
  const plies: PlyEval[] = moves.map((_, ply) => ({
    score: 10 * ply - 30,
    pv: moves.slice(ply, ply + 2),
    depth: 5,
  }));
  plies.push(finishedEval('attackers'));
  return { version: 2, depth: 5, plies };
}

const refused = (value: unknown, g: AnalysedGame = game): string => {
  const result = parseGameAnalysis(value, g);
  if (result.ok) throw new Error('the analysis was accepted');
  expect(result.code).toBe(ANALYSIS_ERROR);
  return result.message;
};

const withPly = (ply: number, entry: unknown) => {
  const a = valid();
  return { ...a, plies: a.plies.map((p, i) => (i === ply ? entry : p)) };
};

describe('parseGameAnalysis', () => {
  it('the fixture game ends with the attackers capturing the king on its seventh ply', () => {
    const pos = startingPosition(rules);
    for (const m of moves) expect(playMoveRecord(pos, m).ok).toBe(true);
    expect(moves).toHaveLength(7);
    expect(pos.outcome()).toEqual({ status: 'attackers', reason: 'king captured' });
  });

  it('accepts an analysis that fits its game, and returns it unchanged', () => {
    const result = parseGameAnalysis(valid(), game);
    expect(result).toEqual({ ok: true, value: valid() });
  });

  it('accepts entries without a best line or a depth (an analysis converted from scores alone)', () => {
    const a = valid();
    const bare = { ...a, depth: 0, plies: a.plies.map((p) => (p.result ? p : { score: p.score })) };
    expect(parseGameAnalysis(bare, game).ok).toBe(true);
  });

  it('drops nothing it accepts and copies only the known fields', () => {
    const result = parseGameAnalysis(valid(), game);
    expect(result.ok && result.value.plies[7]).toEqual({ score: WIN, result: 'attackers' });
  });

  it('refuses what is not an analysis object', () => {
    expect(refused(null)).toMatch(/not an object/);
    expect(refused([1, 2, 3])).toMatch(/not an object/);
    expect(refused({ ...valid(), extra: 1 })).toMatch(/unknown field "extra"/);
  });

  it('refuses another version, a bad depth and a missing list of positions', () => {
    expect(refused({ ...valid(), version: 1 })).toMatch(/version is 1, not 2/);
    expect(refused({ ...valid(), depth: -1 })).toMatch(/depth must be a whole number/);
    expect(refused({ ...valid(), depth: 2.5 })).toMatch(/depth must be a whole number/);
    expect(refused({ version: 2, depth: 4 })).toMatch(/no list of positions/);
  });

  it('refuses an analysis with one entry too few or too many', () => {
    const a = valid();
    expect(refused({ ...a, plies: a.plies.slice(1) })).toMatch(
      /has 7 positions, but the game of 7 plies has 8/,
    );
    expect(refused({ ...a, plies: [...a.plies, { score: 0 }] })).toMatch(/has 9 positions/);
  });

  it('refuses scores that are not whole numbers within ±WIN', () => {
    expect(refused(withPly(2, { score: 1.5 }))).toMatch(/position 2 .*score must be a whole number/);
    expect(refused(withPly(2, { score: WIN + 1 }))).toMatch(/position 2 .*score must be a whole number/);
    expect(refused(withPly(2, { score: '12' }))).toMatch(/score must be a whole number/);
    expect(refused(withPly(2, { score: WIN }))).toMatch(/finished game's, and this one is not over/);
  });

  it('refuses a finished position without its result, with another result, or with a search score', () => {
    expect(refused(withPly(7, { score: WIN }))).toMatch(/position 7 .*finished this position .* no result/);
    expect(refused(withPly(7, { score: -WIN, result: 'defenders' }))).toMatch(
      /result is "defenders", but the rules decided attackers \(king captured\)/,
    );
    expect(refused(withPly(7, { score: WIN - 1, result: 'attackers' }))).toMatch(/must be 30000, not 29999/);
    expect(refused(withPly(7, { score: WIN, result: 'attackers', pv: ['d1-d2'] }))).toMatch(/no best line/);
  });

  it('refuses a result on a position the rules have not finished', () => {
    expect(refused(withPly(3, { score: WIN, result: 'attackers' }))).toMatch(
      /position 3 .*the game is not over/,
    );
    expect(refused(withPly(3, { score: 0, result: 'nobody' }))).toMatch(/attackers, defenders or draw/);
  });

  it('refuses a best line with an illegal move, naming the move', () => {
    const message = refused(withPly(1, { score: 0, pv: [moves[1], 'a1-a2'] }));
    expect(message).toMatch(/position 1 .*move 2 of the best line, a1-a2, cannot be played/);
  });

  it('refuses a best line that is empty, too long or not a list of move records', () => {
    expect(refused(withPly(0, { score: 0, pv: [] }))).toMatch(/1 to 12 moves, not 0/);
    const long = Array.from({ length: MAX_PV_LENGTH + 1 }, () => 'pass');
    expect(refused(withPly(0, { score: 0, pv: long }))).toMatch(/1 to 12 moves, not 13/);
    expect(refused(withPly(0, { score: 0, pv: 'd2-e2' }))).toMatch(/not a list of moves/);
    expect(refused(withPly(0, { score: 0, pv: [42] }))).toMatch(
      /move 1 of the best line is not a move record/,
    );
  });

  it('refuses an entry that is not an object or has an unknown field', () => {
    expect(refused(withPly(4, 12))).toMatch(/position 4 .*not an object/);
    expect(refused(withPly(4, { score: 0, best: 'd2-e2' }))).toMatch(/unknown field "best"/);
  });

  it('refuses an analysis of a game whose moves cannot be played', () => {
    const broken = { ...game, moves: [...moves.slice(0, 6), 'a1-a2'] };
    expect(refused(valid(), broken)).toMatch(/the game's move 7 cannot be played/);
  });
});
