// Real games: the 525 Brandubh games of fixtures/games/brandubh-525.csv, played by people (the
// test data of the Rust library bunburya/hnefatafl-rs). fixtures/games/README.md says they follow
// the World Tafl Federation rules (federation-brandubh) without a repetition rule (OTN `tfr:i`):
// replayed so, every move is legal, every marked capture happens, and the 107 games that end by
// rule on their last move end with the recorded winner.
import { describe, expect, it } from 'vitest';
import {
  KING,
  federationBrandubh,
  geometry,
  makeRules,
  parseMove,
  parseRules,
  playMoveRecord,
  startingPosition,
  withParameters,
  type Position,
} from '../src/index.js';
import { parseMoveLists, type MoveList } from '../src/notation/movelist.js';
import { makeRecord, parseRecord, recordFromGame, replayRecord } from '../src/notation/record.js';
import { readFixture } from './fixtures.js';

const rules = withParameters(federationBrandubh, { repetitionDraws: false });
const parsed = parseMoveLists(readFixture('games/brandubh-525.csv'));
const games: MoveList[] = parsed.ok ? parsed.value : [];

interface Replay {
  readonly game: MoveList;
  /** 1-based, the line of the file. */
  readonly number: number;
  readonly position: Position;
  readonly played: number;
  readonly problems: string[];
}

/** Plays one game, noting every departure from what the README promises. */
function replay(game: MoveList, number: number): Replay {
  const pos = startingPosition(rules);
  const problems: string[] = [];
  let played = 0;
  for (const [i, move] of game.moves.entries()) {
    const where = `game ${number}, ply ${i + 1} ${move}`;
    if (pos.isOver()) problems.push(`${where}: the game ended before its last move`);
    const result = playMoveRecord(pos, move);
    if (!result.ok) {
      problems.push(`${where}: ${result.message}`);
      break;
    }
    played++;
    const codes = pos.lastCapturedCodes();
    const soldiers = codes.filter((c) => c !== KING).length;
    if (!move.includes('x') && soldiers > 0) problems.push(`${where}: captures a soldier it does not mark`);
    if (codes.includes(KING) && i !== game.moves.length - 1)
      problems.push(`${where}: captures the king before the last move`);
  }
  return { game, number, position: pos, played, problems };
}

const replays = games.map((game, i) => replay(game, i + 1));
const endedByRule = replays.filter((r) => r.position.isOver());

const tally = (keys: readonly string[]): Record<string, number> =>
  keys.reduce<Record<string, number>>((t, k) => ({ ...t, [k]: (t[k] ?? 0) + 1 }), {});

describe('the 525 games of brandubh-525.csv under federation-brandubh, repetition ignored', () => {
  it('reads all 525 lines', () => {
    expect(parsed.ok ? '' : parsed.message).toBe('');
    expect(games).toHaveLength(525);
  });

  it('plays all 11,226 moves legally, each capturing exactly the soldiers it marks', () => {
    expect(replays.flatMap((r) => r.problems)).toEqual([]);
    expect(replays.reduce((n, r) => n + r.played, 0)).toBe(11226);
  });

  it('`timeout` is not a move: 11 games end with it, and the 11,237 tokens less them are the 11,226 moves', () => {
    expect(games.filter((g) => g.timeout)).toHaveLength(11);
    expect(games.reduce((n, g) => n + g.moves.length + (g.timeout ? 1 : 0), 0)).toBe(11237);
  });

  it('ends exactly 107 games by rule on their last move, each with the recorded winner', () => {
    expect(endedByRule).toHaveLength(107);
    const wrong = endedByRule.filter((r) => r.position.outcome().status !== r.game.result);
    expect(
      wrong.map((r) => `game ${r.number}: ${JSON.stringify(r.position.outcome())} ${r.game.result}`),
    ).toEqual([]);
  });

  it('ends them so: 38 escapes, 68 kings captured, 1 side with no legal move', () => {
    const reasons = endedByRule.map((r) => r.position.outcome()).map((o) => ('reason' in o ? o.reason : ''));
    expect(tally(reasons)).toEqual({ escape: 38, 'king captured': 68, 'no legal move': 1 });
  });

  it('leaves the other 418 games ongoing (won by resignation or on time, drawn, unfinished)', () => {
    const others = replays.filter((r) => !r.position.isOver());
    expect(others).toHaveLength(418);
    expect(tally(others.map((r) => r.game.result ?? 'no result'))).toEqual({
      attackers: 139,
      defenders: 270,
      draw: 2,
      ongoing: 5,
      'no result': 2,
    });
  });

  it('a timeout is a loss on time of the side to move, in a game the rules had not ended', () => {
    const timeouts = replays.filter((r) => r.game.timeout);
    expect(timeouts.filter((r) => r.position.isOver())).toEqual([]);
    const recorded = timeouts.filter((r) => r.game.result !== undefined);
    expect(recorded).toHaveLength(9);
    for (const r of recorded) expect(r.game.result, `game ${r.number}`).not.toBe(r.position.turn);
  });

  it('the two counts are the captures marked in the attackers’ and in the defenders’ moves', () => {
    const marked = (g: MoveList, parity: number): number =>
      g.moves
        .filter((_, i) => i % 2 === parity)
        .reduce((n, m) => n + (m.includes('x') ? m.split('x')[1]!.split('/').length : 0), 0);
    expect(games.filter((g) => g.counts[0] !== marked(g, 0) || g.counts[1] !== marked(g, 1))).toEqual([]);
  });
});

/** The squares of a move record and the captures it lists, in a comparable form. */
function squares(text: string): string {
  const move = parseMove(geometry(rules.size), text);
  if (!move.ok) return `bad ${text}`;
  return `${move.value.move} ${[...(move.value.captures ?? [])].sort((a, b) => a - b).join('/')}`;
}

/**
 * A record without its captured king: the file lists the soldiers a move captures, a record lists
 * the king too, as OpenTafl writes him (`d2-a2xKa3`).
 */
const withoutKing = (text: string): string =>
  text
    .replace(/\/K[a-z][0-9]+/, '')
    .replace(/xK[a-z][0-9]+\//, 'x')
    .replace(/xK[a-z][0-9]+/, '');

describe('the 525 games as OTN records (recordFromGame, makeRecord, parseRecord, replayRecord)', () => {
  const records = replays.map((r) => {
    const result = { attackers: '1', defenders: '-1', draw: '0', ongoing: '?' }[r.game.result ?? 'ongoing'];
    const tags = [
      { key: 'event', value: `brandubh-525 game ${r.number}` },
      ...(r.position.isOver() ? [] : [{ key: 'result', value: result }]),
      ...(r.game.timeout ? [{ key: 'termination', value: 'lost on time' }] : []),
    ];
    return recordFromGame(r.position, tags);
  });

  it('writes each game and reads it back as the same record', () => {
    const mismatched = records.filter((rec) => {
      const back = parseRecord(makeRecord(rec));
      return !back.ok || JSON.stringify(back.value) !== JSON.stringify(rec);
    });
    expect(mismatched.map((rec) => rec.tags[0]!.value)).toEqual([]);
  });

  it('records the moves and the captures of the file, and the result of the games that ended', () => {
    records.forEach((rec, i) => {
      const game = replays[i]!.game;
      expect(
        rec.moves.map((m) => squares(withoutKing(m.move))),
        `game ${i + 1}`,
      ).toEqual(game.moves.map(squares));
    });
    const terminations = records.map((rec) => rec.tags.find((t) => t.key === 'termination')?.value ?? '');
    expect(tally(terminations)).toEqual({
      '': 407,
      'lost on time': 11,
      'king escaped': 38,
      'king captured': 68,
      'no legal move': 1,
    });
  });

  it('replays each record read back to the same game (rules given as the ruleset)', () => {
    const differing = records.filter((rec, i) => {
      const back = parseRecord(makeRecord(rec));
      const game = back.ok ? replayRecord(back.value, rules) : undefined;
      const original = replays[i]!.position;
      return (
        game === undefined ||
        !game.ok ||
        game.value.position.ply !== original.ply ||
        JSON.stringify(game.value.position.toSetup()) !== JSON.stringify(original.toSetup()) ||
        JSON.stringify(game.value.position.outcome()) !== JSON.stringify(original.outcome())
      );
    });
    expect(differing.map((rec) => rec.tags[0]!.value)).toEqual([]);
  });

  it('replays each record through its rules string (parseRules of makeRules, tfr:i)', () => {
    const rulesString = makeRules(rules);
    const read = parseRules(rulesString);
    expect(read.ok ? '' : `parseRules cannot read ${rulesString} (still the stub?): ${read.message}`).toBe(
      '',
    );
    expect(read.ok && read.value.repetitionDraws).toBe(false);
    const failures = records
      .map((rec) => replayRecord(rec))
      .filter((game, i) => !game.ok || game.value.position.ply !== replays[i]!.played);
    expect(failures.map((f) => (f.ok ? `ply ${f.value.position.ply}` : f.message)).slice(0, 3)).toEqual([]);
  });
});
