// The engine side of OTEP (OpenTafl's opentafl-engine-protocol.txt): each message of the host,
// what the engine answers in the protocol's formats, the clock, and that no input makes it throw.
import { describe, expect, it, vi } from 'vitest';
import {
  PASS,
  makePosition,
  makeRules,
  playMoveRecord,
  positionFromOtn,
  presetById,
  type Position,
  type Side,
} from '@tafl/core';
import {
  OtepEngine,
  Search,
  levelConfig,
  levelSearch,
  makeClock,
  moveTime,
  otnMove,
  parseClock,
  seededRandom,
  type OtepClock,
  type OtepSearch,
  type SearchLimits,
  type SearchResult,
} from '../src/index.js';

const RULES = presetById('opentafl-brandub')!;
const OTN = makeRules(RULES);
const BRANDUBH = '/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/';
const board = (pos: Position | undefined): string => (pos ? makePosition(pos.geo.size, pos.board.cells) : '');

interface Call {
  readonly board: string;
  readonly turn: Side;
  readonly limits: SearchLimits;
  readonly lines: number;
}

/** A search that answers the legal moves in numeric order, scores 10, 9, ..., and remembers its calls. */
function firstMoves(calls: Call[] = [], timeMs = 0): OtepSearch {
  return (pos, limits, lines) => {
    calls.push({ board: board(pos), turn: pos.turn, limits, lines });
    const moves = pos.mustPass() ? [PASS] : pos.legalMoves().sort((a, b) => a - b);
    return {
      lines: moves.slice(0, lines).map((m, i) => ({ pv: [m], score: 10 - i })),
      depth: 1,
      nodes: moves.length,
      timeMs,
    };
  };
}

function engineWith(search: OtepSearch = firstMoves(), maxTimeMs = 5000): OtepEngine {
  const engine = new OtepEngine({ search, maxTimeMs });
  expect(engine.receive(`rules ${OTN}`)).toEqual([]);
  return engine;
}

const MOVE_LINE = /^move [a-g][1-7]-[a-g][1-7]$/;

describe('OTEP engine: greeting, rules, play', () => {
  it('says hello when it starts and does not answer the host’s hello', () => {
    const engine = new OtepEngine({ search: firstMoves(), maxTimeMs: 100 });
    expect(engine.hello()).toEqual(['hello']);
    expect(engine.receive('hello')).toEqual([]);
  });

  it('takes an OTN rules string silently and stands at its start', () => {
    const engine = engineWith();
    expect(board(engine.position)).toBe(BRANDUBH);
    expect(engine.position?.turn).toBe('attackers');
  });

  it('refuses rules it cannot play with a critical error (-1), naming why', () => {
    const engine = new OtepEngine({ search: firstMoves(), maxTimeMs: 100 });
    const [line, ...rest] = engine.receive(`rules dim:7 surf:y start:${BRANDUBH}`);
    expect(rest).toEqual([]);
    expect(line).toMatch(/^error -1 rules not supported: surf:y asks for a win by encircling/);
    expect(engine.receive('rules dim:7 start:/oops/')[0]).toMatch(/^error -1 rules not supported: /);
  });

  it('answers play with a status line and then move in simple notation, a legal move', () => {
    const engine = engineWith();
    const out = engine.receive('play attackers');
    expect(out).toHaveLength(2);
    expect(out[0]).toMatch(/^status attackers depth 1 score cp 10 nodes \d+ time 0 pv \S+$/);
    expect(out[1]).toMatch(MOVE_LINE);
    const start = positionFromOtn(RULES);
    expect(start.ok && playMoveRecord(start.value, out[1]!.slice('move '.length)).ok).toBe(true);
    // the move is played on the engine's board: the defenders are to move
    expect(engine.position?.turn).toBe('defenders');
    expect(engine.position?.ply).toBe(1);
  });

  it('plays the side play names, whoever its board said was to move', () => {
    const engine = engineWith();
    const out = engine.receive('play defenders');
    expect(out[1]).toMatch(MOVE_LINE);
    expect(engine.position?.turn).toBe('attackers');
  });

  it('cannot play before any rules: a critical error', () => {
    const engine = new OtepEngine({ search: firstMoves(), maxTimeMs: 100 });
    expect(engine.receive('play attackers')).toEqual(['error -1 asked to play before any rules']);
  });
});

describe('OTEP engine: opponent-move, move, error', () => {
  // Diagram (rank 7 at the top), attackers to move:
  //   4 . . . K . . .
  //   2 . . t T . t .    f2-e2 captures the defender on d2 between c2 and e2
  const CAPTURE_SETUP = '/7/2tT1t1/7/3K3/7/7/7/';

  function atCaptureSetup(ourSide: Side, toMove: Side): OtepEngine {
    const engine = engineWith();
    expect(engine.receive(`position ${CAPTURE_SETUP}`)).toEqual([]);
    expect(engine.receive(`side ${toMove}`)).toEqual([]); // after position: the side to move
    expect(engine.receive(`side ${ourSide}`)).toEqual([]); // then: the side we play
    return engine;
  }

  it('follows a move with captures (full OTN) and keeps the game’s history', () => {
    const engine = atCaptureSetup('defenders', 'attackers');
    expect(engine.receive('opponent-move f2-e2xd2 /7/2t1t2/7/3K3/7/7/7/')).toEqual([]);
    expect(board(engine.position)).toBe('/7/2t1t2/7/3K3/7/7/7/');
    expect(engine.position?.ply).toBe(1);
    expect(engine.position?.turn).toBe('defenders');
  });

  it('follows a move with an info symbol (d4-d7-: an open route to a corner)', () => {
    const engine = atCaptureSetup('attackers', 'defenders');
    expect(engine.receive('opponent-move d4-d7- /7/2tT1t1/7/7/7/7/3K3/')).toEqual([]);
    expect(engine.position?.ply).toBe(1);
    expect(engine.position?.turn).toBe('attackers');
  });

  it('follows a simple move (no captures given) and a pipe-separated list, oldest first', () => {
    const engine = atCaptureSetup('defenders', 'attackers');
    expect(engine.receive('opponent-move f2-e2|d4-d5|c2-c3 /7/4t2/2t4/7/3K3/7/7/')).toEqual([]);
    expect(engine.position?.ply).toBe(3);
  });

  it('reads OpenTafl’s taflman letters in move records', () => {
    expect(otnMove('tf2-e2xTd2')).toBe('f2-e2xd2');
    expect(otnMove('Kd4-d7-')).toBe('Kd4-d7-');
    const engine = atCaptureSetup('defenders', 'attackers');
    expect(engine.receive('opponent-move tf2-e2xTd2 /7/2t1t2/7/3K3/7/7/7/')).toEqual([]);
    expect(engine.position?.ply).toBe(1);
  });

  it('takes the host’s position when the moves do not lead to it, and says so in a status line', () => {
    const engine = engineWith();
    const out = engine.receive(`opponent-move d7-c7 ${CAPTURE_SETUP}`);
    expect(out).toEqual([
      "status took the host's position after opponent-move d7-c7: the moves do not lead to the position given",
    ]);
    expect(board(engine.position)).toBe(CAPTURE_SETUP);
  });

  it('answers a malformed move list with error 0, and still takes the position given', () => {
    const engine = engineWith();
    expect(engine.receive(`opponent-move zz-9 ${CAPTURE_SETUP}`)[0]).toMatch(
      /^error 0 took the host's position/,
    );
    expect(board(engine.position)).toBe(CAPTURE_SETUP);
  });

  it('takes its move back at error 2 and ignores the resent last move, as the spec’s error sequence has it', () => {
    const engine = engineWith();
    const afterD7C7 = '/3t3/3t3/3T3/ttTKTtt/3T3/3t3/2t4/';
    expect(engine.receive(`opponent-move d7-c7 ${afterD7C7}`)).toEqual([]);
    expect(engine.receive('play defenders')[1]).toMatch(MOVE_LINE);
    expect(engine.position?.ply).toBe(2);
    expect(engine.receive('error 2')).toEqual([]); // refused: taken back, and no error answered
    expect(engine.position?.ply).toBe(1);
    expect(board(engine.position)).toBe(afterD7C7);
    // error, then opponent-move with the prior move and the right board, then play
    expect(engine.receive(`opponent-move d7-c7 ${afterD7C7}`)).toEqual([]);
    expect(engine.position?.ply).toBe(1);
    expect(engine.receive('play defenders')[1]).toMatch(MOVE_LINE);
    expect(engine.position?.ply).toBe(2);
  });

  it('answers a move from the host without a position record with error 0', () => {
    const engine = engineWith();
    engine.receive('play attackers');
    expect(engine.receive('move d7-c7')[0]).toMatch(/^error 0 move from the host needs a position record/);
    expect(engine.position?.ply).toBe(1);
  });

  it('keeps its board when the host confirms the move, and takes the host’s when it differs', () => {
    const engine = engineWith();
    engine.receive('play attackers');
    expect(engine.receive(`move ${board(engine.position)}`)).toEqual([]);
    expect(engine.position?.ply).toBe(1);
    expect(engine.receive(`move ${CAPTURE_SETUP}`)).toEqual([
      "status took the host's position after our move",
    ]);
    expect(board(engine.position)).toBe(CAPTURE_SETUP);
    expect(engine.position?.turn).toBe('defenders');
  });
});

describe('OTEP engine: clock and time', () => {
  const clock = (a: number, d: number, period = 0, periods = 0, overtime = false): OtepClock => ({
    attackers: { ms: a, overtime, periods },
    defenders: { ms: d, overtime, periods },
    periodMs: period,
  });

  it('reads clock in milliseconds, * for overtime, with OpenTafl’s trailing space', () => {
    expect(parseClock('300000 299500* 30 3 2 ')).toEqual({
      ok: true,
      value: {
        attackers: { ms: 300000, overtime: false, periods: 3 },
        defenders: { ms: 299500, overtime: true, periods: 2 },
        periodMs: 30000,
      },
    });
    expect(makeClock(clock(1500, -1, 10000, 1))).toBe('clock 1500 -1 10 1 1');
    for (const bad of ['', '1 2 3 4', '1 2 3 4 5 6', 'a 2 3 4 5', '1 2 -3 4 5', '1* * 3 4 5'])
      expect(parseClock(bad).ok).toBe(false);
  });

  it('thinks a thirtieth of main time plus half an overtime period, capped, less a latency margin', () => {
    expect(moveTime(undefined, 'attackers', 0, 700)).toBe(700);
    expect(moveTime(clock(-1, -1), 'attackers', 0, 700)).toBe(700); // untimed
    expect(moveTime(clock(60_000, 1000), 'attackers', 0, 5000)).toBe(1950);
    expect(moveTime(clock(60_000, 1000), 'attackers', 0, 1000)).toBe(1000);
    expect(moveTime(clock(60_000, 1000), 'attackers', 3000, 5000)).toBe(1850);
    expect(moveTime(clock(3000, 1000, 10_000, 2), 'attackers', 0, 60_000)).toBe(5050);
    // in overtime: most of the period left; after a move the period starts afresh
    expect(moveTime(clock(1000, 1000, 10_000, 2, true), 'defenders', 0, 60_000)).toBe(750);
    expect(moveTime(clock(1000, 1000, 10_000, 2, true), 'defenders', 400, 60_000)).toBe(7950);
    // main time gone and no overtime: the least time, at once
    expect(moveTime(clock(0, 20, 0, 0), 'defenders', 30, 60_000)).toBe(10);
  });

  it('searches with the time the last clock gives, less what it has spent since', () => {
    const calls: Call[] = [];
    const engine = engineWith(firstMoves(calls, 600), 5000);
    expect(engine.receive('clock 60000 60000 0 0 0')).toEqual([]);
    engine.receive('play attackers');
    engine.receive('opponent-move d5-f5 /3t3/3t3/5T1/ttTKTtt/3T3/3t3/3t3/');
    engine.receive('play attackers'); // no clock this time (the spec sends it after play)
    expect(calls.map((c) => c.limits.timeMs)).toEqual([1950, 1930]);
    engine.receive('clock 30000 60000 0 0 0');
    engine.receive('play attackers');
    expect(calls[2]!.limits.timeMs).toBe(950);
  });

  it('answers a malformed clock with error 0 and keeps playing', () => {
    const engine = engineWith();
    expect(engine.receive('clock soon')[0]).toMatch(/^error 0 clock needs five numbers/);
    expect(engine.receive('play attackers')[1]).toMatch(MOVE_LINE);
  });
});

describe('OTEP engine: analysis, position, side, finish, goodbye', () => {
  it('sets up a position with the side to move from the side that follows it', () => {
    const engine = engineWith();
    engine.receive('position /7/2tT1t1/7/3K3/7/7/7/');
    engine.receive('side defenders');
    expect(engine.position?.turn).toBe('defenders');
    expect(engine.receive('position /7/7/7/')[0]).toMatch(/^error 0 bad position: /);
  });

  it('answers analyze N SECONDS with analysis, move lists and evaluations for the attackers', () => {
    const calls: Call[] = [];
    const engine = engineWith(firstMoves(calls));
    engine.receive('position /7/2tT1t1/7/3K3/7/7/7/');
    engine.receive('side defenders');
    const [line, ...rest] = engine.receive('analyze 3 2');
    expect(rest).toEqual([]);
    expect(calls[0]).toMatchObject({ lines: 3, turn: 'defenders', limits: { timeMs: 1950 } });
    // defenders to move: their scores 10, 9, 8 are -10, -9, -8 for the attackers
    expect(line).toMatch(/^analysis 3 \S+ -10 \S+ -9 \S+ -8$/);
  });

  it('writes a line of several moves with | and the captures of each (full OTN, the king’s moves marked K as OpenTafl writes them)', () => {
    const search: OtepSearch = (pos) => {
      const move = (text: string): number => pos.legalMoves().find((m) => m === encode(text))!;
      const encode = (text: string): number => {
        const sq = (s: string): number => (Number(s[1]) - 1) * 7 + s.charCodeAt(0) - 97;
        return (sq(text.slice(0, 2)) << 8) | sq(text.slice(3, 5));
      };
      const first = move('f2-e2');
      return { lines: [{ pv: [first, encode('d4-d7')], score: 250 }], depth: 2, nodes: 1, timeMs: 0 };
    };
    const engine = engineWith(search);
    engine.receive('position /7/2tT1t1/7/3K3/7/7/7/');
    engine.receive('side attackers');
    expect(engine.receive('analyze 1 1')).toEqual(['analysis 1 f2-e2xd2|Kd4-d7- 250']);
  });

  it('answers analyze in a finished game with analysis 0, and a malformed one with error 0', () => {
    const engine = engineWith();
    engine.receive('position /7/7/7/3K3/7/7/7/'); // no attackers left: the defenders have won
    expect(engine.receive('analyze 2 1')).toEqual(['analysis 0']);
    expect(engine.receive('analyze two 1')[0]).toMatch(/^error 0 analyze needs a number/);
  });

  it('stops at goodbye and reads nothing after it', () => {
    const engine = engineWith();
    expect(engine.receive('finish 2')).toEqual([]);
    expect(engine.finished).toBe(false);
    expect(engine.receive('goodbye')).toEqual([]);
    expect(engine.finished).toBe(true);
    expect(engine.receive('play attackers')).toEqual([]);
  });
});

describe('OTEP engine: no input makes it throw', () => {
  const VALID = [
    `rules ${OTN}`,
    'position /7/2tT1t1/7/3K3/7/7/7/',
    'side attackers',
    'clock 60000 60000* 10 1 1',
    'play attackers',
    'play defenders',
    'opponent-move f2-e2xd2 /7/2t1t2/7/3K3/7/7/7/',
    'move /7/2t1t2/7/3K3/7/7/7/',
    'analyze 2 1',
    'error 2',
    'finish 1',
    'start',
  ];
  const ANSWER = /^(status [ -~]*|move \S+|analysis \d+( \S+ -?\d+)*|error -?\d+ [ -~]+)$/;

  it('answers a command outside the protocol with a status line, never an error (OpenTafl sends dump)', () => {
    const engine = engineWith();
    // OpenTafl's host shows an engine's error line as "Engine error!"
    for (const line of ['dump', 'dump 3', 'frobnicate now'])
      expect(engine.receive(line)).toEqual([
        `status ignored "${line.split(' ')[0]}", which is not an OTEP command`,
      ]);
    expect(engine.receive('play attackers')[1]).toMatch(MOVE_LINE);
  });

  it('answers malformed messages with error 0, in ASCII', () => {
    const engine = engineWith();
    expect(engine.receive('side north')).toEqual([
      'error 0 side must be attackers or defenders, not "north"',
    ]);
    expect(engine.receive('play ℵ')[0]).toMatch(/^error 0 [ -~]+$/);
    expect(engine.receive('   ')).toEqual([]);
  });

  it('turns a search that throws into error 0', () => {
    const engine = engineWith(() => {
      throw new Error('boom');
    });
    expect(engine.receive('play attackers')).toEqual(['error 0 internal error on "play": boom']);
  });

  it('survives 3000 mutated and random messages, answering only in the protocol’s forms', () => {
    const random = seededRandom(7);
    const engine = new OtepEngine({ search: firstMoves(), maxTimeMs: 10 });
    const chars = 'tTK0123456789/abcdefgx-+|* :\t';
    for (let i = 0; i < 3000; i++) {
      let line = VALID[Math.floor(random() * VALID.length)]!;
      const edits = Math.floor(random() * 4);
      for (let e = 0; e < edits; e++) {
        const at = Math.floor(random() * (line.length + 1));
        const c = random() < 0.95 ? chars[Math.floor(random() * chars.length)]! : '\u00e9';
        line =
          random() < 0.5
            ? line.slice(0, at) + c + line.slice(at + 1)
            : line.slice(0, at) + line.slice(at + 1);
      }
      const out = engine.receive(line);
      for (const answer of out) expect(answer).toMatch(ANSWER);
    }
  });
});

describe('OTEP engine: the level search', () => {
  it('analyses several moves with one multi-line search: every line of the same depth, scores comparable', () => {
    const pos = positionFromOtn(RULES, BRANDUBH, 'attackers');
    if (!pos.ok) throw new Error(pos.message);
    // made (and warmed up, warmUp's searches) before the spies count
    const { search } = levelSearch(levelConfig(6));
    const run = vi.spyOn(Search.prototype, 'run');
    const scoreRootMoves = vi.spyOn(Search.prototype, 'scoreRootMoves');
    try {
      const thought = search(pos.value, { nodes: 20_000, timeMs: 60_000 }, 3);
      // one search with three lines (Search.run's multiPv: the root searched once a line at every
      // depth), not a deep first line and shallow others
      expect(run).toHaveBeenCalledTimes(1);
      expect(run.mock.calls[0]![1]).toMatchObject({ multiPv: 3, nodes: 20_000 });
      expect(scoreRootMoves).not.toHaveBeenCalled();
      const result = run.mock.results[0]!.value as SearchResult;
      expect(thought.depth).toBe(result.depth);
      expect(thought.lines).toEqual(result.lines);
      expect(thought.lines).toHaveLength(3);
      // best first, three different moves
      const scores = thought.lines.map((l) => l.score);
      expect(scores).toEqual([...scores].sort((a, b) => b - a));
      expect(new Set(thought.lines.map((l) => l.pv[0])).size).toBe(3);
    } finally {
      run.mockRestore();
      scoreRootMoves.mockRestore();
    }
  });

  it('writes the analysis of several lines with the first line’s score the best for the side to move', () => {
    const { search, newGame } = levelSearch(levelConfig(6));
    const engine = new OtepEngine({
      search,
      maxTimeMs: 60_000,
      limits: { nodes: 20_000 },
      onNewGame: newGame,
    });
    engine.receive(`rules ${OTN}`);
    engine.receive('position /3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/');
    engine.receive('side defenders');
    const [line] = engine.receive('analyze 3 30');
    const scores = line!
      .split(' ')
      .slice(2)
      .filter((_, i) => i % 2 === 1)
      .map(Number);
    expect(scores).toHaveLength(3);
    // defenders to move: evaluations are for the attackers, so the defenders' best is the lowest
    expect(scores).toEqual([...scores].sort((a, b) => a - b));
  });

  it('plays legal moves with a node limit, the same ones every time', () => {
    const play = (): string[] => {
      const { search, newGame } = levelSearch(levelConfig(6));
      const engine = new OtepEngine({
        search,
        maxTimeMs: 60_000,
        limits: { nodes: 2000 },
        onNewGame: newGame,
      });
      engine.receive(`rules ${OTN}`);
      const out = [engine.receive('play attackers')[1]!];
      out.push(engine.receive('analyze 3 30')[0]!);
      return out;
    };
    const first = play();
    expect(first[0]).toMatch(MOVE_LINE);
    expect(first[1]).toMatch(
      /^analysis 3 \S+ -?\d+ [a-g][1-7]-[a-g][1-7]\S* -?\d+ [a-g][1-7]-[a-g][1-7]\S* -?\d+$/,
    );
    expect(play()).toEqual(first);
  });
});
