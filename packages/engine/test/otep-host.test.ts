// The host side of OTEP: what it sends for a new game (rules alone) and a move request (only what the engine
// lacks), how it reads the engine's lines, and a whole game between two of our engines through it.
import { describe, expect, it } from 'vitest';
import {
  makePosition,
  makeRules,
  playMoveRecord,
  positionFromOtn,
  presetById,
  startingPosition,
  type Position,
  type Side,
} from '@tafl/core';
import {
  BANK_MOVES,
  OtepEngine,
  OtepHost,
  clockOf,
  gameOf,
  levelConfig,
  levelSearch,
  makeClock,
  parseEngineLine,
  type OtepClock,
} from '../src/index.js';

const RULES = presetById('opentafl-brandub')!;
const OTN = makeRules(RULES);
const board = (pos: Position): string => makePosition(pos.geo.size, pos.board.cells);

/** The start with `moves` played. */
function after(...moves: string[]): Position {
  const pos = startingPosition(RULES);
  for (const m of moves) expect(playMoveRecord(pos, m).ok).toBe(true);
  return pos;
}

describe('OTEP host: reading the engine', () => {
  it.each([
    ['hello', { kind: 'hello' }],
    ['move d7-c7', { kind: 'move', record: 'd7-c7' }],
    ['error -1 cannot go on', { kind: 'error', code: -1, critical: true, message: 'cannot go on' }],
    ['error 0', { kind: 'error', code: 0, critical: false, message: '' }],
    ['status depth 4 score cp 12', { kind: 'status', text: 'depth 4 score cp 12' }],
    ['simple-moves off', { kind: 'simple-moves', on: false }],
    ['rules', { kind: 'ask', what: 'rules' }],
    ['clock', { kind: 'ask', what: 'clock' }],
    [
      'analysis 2 d7-c7|d5-f5 12.5 d2-c2 -3',
      {
        kind: 'analysis',
        lines: [
          { moves: ['d7-c7', 'd5-f5'], evaluation: 12.5 },
          { moves: ['d2-c2'], evaluation: -3 },
        ],
      },
    ],
    ['Client received: play attackers', { kind: 'other', line: 'Client received: play attackers' }],
  ])('reads %j', (line, message) => {
    expect(parseEngineLine(line)).toEqual(message);
  });

  it.each([
    'move',
    'move d7-c7 d5-f5',
    'error x',
    'simple-moves maybe',
    'analysis 1 d7-c7',
    'analysis 1 d7 x',
  ])('finds %j malformed', (line) => {
    expect(parseEngineLine(line).kind).toBe('malformed');
  });
});

describe('OTEP host: what it sends', () => {
  it('begins a game with rules alone: the protocol gives the side in play, and has no start', () => {
    // "OpenTafl will send side commands to engines in analysis mode and during replays only.
    // Engines being used for gameplay will be given the side to play in the 'play' command."
    expect(new OtepHost().newGame(RULES)).toEqual([`rules ${OTN}`]);
  });

  it('asks for the first move with clock then play, and sends rules first if the engine has none', () => {
    const clock: OtepClock = {
      attackers: { ms: 60000, overtime: false, periods: 0 },
      defenders: { ms: 59000, overtime: false, periods: 0 },
      periodMs: 0,
    };
    const host = new OtepHost();
    host.newGame(RULES);
    expect(host.requestMove(startingPosition(RULES), { clock })).toEqual([
      'clock 60000 59000 0 0 0',
      'play attackers',
    ]);
    expect(new OtepHost().requestMove(startingPosition(RULES))).toEqual([`rules ${OTN}`, 'play attackers']);
  });

  it('sends the opponent’s moves since the engine’s last, with the board after them', () => {
    const host = new OtepHost();
    host.newGame(RULES);
    expect(host.requestMove(after('d7-c7'))).toEqual([
      'opponent-move d7-c7 /3t3/3t3/3T3/ttTKTtt/3T3/3t3/2t4/',
      'play defenders',
    ]);
    expect(host.acceptMove(after('d7-c7'), 'd5-f5').ok).toBe(true);
    const pos = after('d7-c7', 'd5-f5', 'c7-c5');
    expect(host.requestMove(pos)).toEqual([`opponent-move c7-c5 ${board(pos)}`, 'play defenders']);
  });

  it('sends an opening of both sides’ plies one move a line, each with the board after it', () => {
    // The protocol: the move list of opponent-move "will only be more than one move in the case
    // of berserk tafl and berserk moves" (one side's turn); an opening holds both sides' plies.
    const host = new OtepHost();
    host.newGame(RULES);
    const plies = ['d6-c6', 'c4-c2', 'c6-f6', 'd5-b5'];
    expect(host.requestMove(after(...plies))).toEqual([
      ...plies.map((_, i) => `opponent-move ${plies[i]} ${board(after(...plies.slice(0, i + 1)))}`),
      'play attackers',
    ]);
  });

  it('sends full OTN records, with captures, once the engine asks for simple-moves off', () => {
    // Diagram (rank 7 at the top), defenders to move; the engine plays them:
    //   4 . . . K . . .
    //   2 . . t T . t .    after d4-d5, f2-e2 captures the defender on d2 between c2 and e2
    const setup = positionFromOtn(RULES, '/7/2tT1t1/7/3K3/7/7/7/', 'defenders');
    expect(setup.ok).toBe(true);
    if (!setup.ok) return;
    const pos = setup.value;
    for (const simple of [true, false]) {
      const host = new OtepHost();
      host.newGame(RULES);
      if (!simple) host.answer(parseEngineLine('simple-moves off'));
      const game = pos.clone();
      expect(host.requestMove(game)).toEqual(['position /7/2tT1t1/7/3K3/7/7/7/', 'play defenders']);
      const answer = host.acceptMove(game, 'd4-d5');
      expect(answer.ok).toBe(true);
      if (answer.ok) game.play(answer.move);
      expect(playMoveRecord(game, 'f2-e2').ok).toBe(true);
      const record = simple ? 'f2-e2' : 'f2-e2xd2';
      expect(host.requestMove(game)).toEqual([`opponent-move ${record} ${board(game)}`, 'play defenders']);
    }
  });

  it('sends a position that does not follow from what the engine knows whole, as position, then play', () => {
    const host = new OtepHost();
    host.newGame(RULES);
    host.requestMove(after('d7-c7', 'd5-f5'));
    const other = positionFromOtn(RULES, '/7/2tT1t1/7/3K3/7/7/7/', 'defenders');
    expect(other.ok).toBe(true);
    if (!other.ok) return;
    expect(host.requestMove(other.value)).toEqual(['position /7/2tT1t1/7/3K3/7/7/7/', 'play defenders']);
    // a take-back: the engine knew two moves, the game now has one
    const host2 = new OtepHost();
    host2.newGame(RULES);
    host2.requestMove(after('d7-c7', 'd5-f5'));
    expect(host2.requestMove(after('d7-c7'))[0]).toBe(`position ${board(after('d7-c7'))}`);
  });

  it('repeats the last move after refusing one, as OpenTafl does: error, opponent-move, play', () => {
    const host = new OtepHost();
    host.newGame(RULES);
    const pos = after('d7-c7');
    host.requestMove(pos);
    const refused = host.acceptMove(pos, 'd4-d7');
    expect(refused).toMatchObject({ ok: false, lines: ['error 2'] });
    expect(host.requestMove(pos, {}, true)).toEqual([`opponent-move d7-c7 ${board(pos)}`, 'play defenders']);
  });

  it('confirms a legal move with move and the board, and refuses the other side’s piece with error 1', () => {
    const host = new OtepHost();
    const pos = startingPosition(RULES);
    host.requestMove(pos);
    expect(host.acceptMove(pos, 'd5-f5')).toMatchObject({ ok: false, lines: ['error 1'] });
    expect(host.acceptMove(pos, 'nonsense')).toMatchObject({ ok: false, lines: ['error 2'] });
    const answer = host.acceptMove(pos, 'td7-c7');
    expect(answer).toMatchObject({ ok: true, lines: [`move ${board(after('d7-c7'))}`] });
    expect(pos.ply).toBe(0); // the host's game is the caller's to change
  });

  it('finishes with the outcome’s code and says goodbye', () => {
    const host = new OtepHost();
    expect(host.finish({ status: 'attackers', reason: 'king captured' })).toEqual(['finish 2']);
    expect(host.finish({ status: 'defenders', reason: 'escape' })).toEqual(['finish 3']);
    expect(host.finish({ status: 'draw', reason: 'repetition' })).toEqual(['finish 1']);
    expect(host.finish()).toEqual(['finish 0']);
    expect(host.goodbye()).toEqual(['goodbye']);
  });

  it('answers what the engine asks for with what it last sent', () => {
    const host = new OtepHost();
    host.newGame(RULES);
    host.requestMove(after('d7-c7'), { timeMs: 1500 });
    expect(host.answer(parseEngineLine('rules'))).toEqual([`rules ${OTN}`]);
    expect(host.answer(parseEngineLine('side'))).toEqual(['side defenders']);
    expect(host.answer(parseEngineLine('position'))).toEqual([`position ${board(after('d7-c7'))}`]);
    expect(host.answer(parseEngineLine('clock'))).toEqual(['clock 60000 60000 0 0 0']);
    expect(host.answer(parseEngineLine('status thinking'))).toEqual([]);
  });

  it('sends a time per move as a bank of main time, never overtime alone, and nothing for an untimed move', () => {
    expect(clockOf({})).toBeUndefined();
    expect(BANK_MOVES).toBe(40);
    for (const timeMs of [1, 250, 999, 1000, 1500, 60_000]) {
      const side = { ms: BANK_MOVES * timeMs, overtime: false, periods: 0 };
      expect(clockOf({ timeMs })).toEqual({ attackers: side, defenders: side, periodMs: 0 });
      expect(makeClock(clockOf({ timeMs })!)).toBe(`clock ${side.ms} ${side.ms} 0 0 0`);
    }
    const clock = clockOf({ timeMs: 100 })!;
    expect(clockOf({ timeMs: 5, clock })).toBe(clock);
  });

  it('finds the moves of a game from its setup', () => {
    const { start, moves } = gameOf(after('d7-c7', 'd5-f5'));
    expect(start.ply).toBe(0);
    expect(board(start)).toBe(RULES.start);
    expect(moves).toHaveLength(2);
  });
});

describe('OTEP host and engine together', () => {
  it('plays a whole game between two engines, every move legal, to the end of the game', () => {
    const engines = {} as Record<Side, { engine: OtepEngine; host: OtepHost }>;
    for (const side of ['attackers', 'defenders'] as const) {
      const { search, newGame } = levelSearch(levelConfig(side === 'attackers' ? 6 : 5));
      const engine = new OtepEngine({
        search,
        maxTimeMs: 60_000,
        limits: { nodes: 1500 },
        onNewGame: newGame,
      });
      expect(engine.hello()).toEqual(['hello']);
      const host = new OtepHost();
      for (const line of host.newGame(RULES)) expect(engine.receive(line)).toEqual([]);
      engines[side] = { engine, host };
    }
    const pos = startingPosition(RULES);
    const left: Record<Side, number> = { attackers: 300_000, defenders: 300_000 };
    while (!pos.isOver() && pos.ply < 400) {
      const { engine, host } = engines[pos.turn];
      const clock: OtepClock = {
        attackers: { ms: left.attackers, overtime: false, periods: 0 },
        defenders: { ms: left.defenders, overtime: false, periods: 0 },
        periodMs: 0,
      };
      const said = host.requestMove(pos, { clock }).flatMap((line) => engine.receive(line));
      const record = said.find((line) => line.startsWith('move '))?.slice('move '.length);
      expect(said.filter((line) => line.startsWith('error'))).toEqual([]);
      const answer = host.acceptMove(pos, record ?? '');
      expect(answer.ok, `${pos.turn} played ${record} at ply ${pos.ply + 1}`).toBe(true);
      if (!answer.ok) return;
      for (const line of answer.lines) expect(engine.receive(line)).toEqual([]);
      left[pos.turn] -= 100;
      pos.play(answer.move);
      expect(board(engine.position!)).toBe(board(pos));
    }
    expect(pos.outcome().status).not.toBe('ongoing');
    for (const { engine, host } of Object.values(engines)) {
      for (const line of [...host.finish(pos.outcome()), ...host.goodbye()])
        expect(engine.receive(line)).toEqual([]);
      expect(engine.finished).toBe(true);
    }
  });
});
