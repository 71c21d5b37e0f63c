// A game as plain data and the pure actions on it (src/game/model.ts): moves, take-backs,
// resignation, draws by agreement, stepping through the moves, rematches.
import { PASS, encodeMove, parseSquare, geometry, presetById, type Move } from '@tafl/core';
import { describe, expect, it } from 'vitest';
import {
  acceptDraw,
  computerToMove,
  createGame,
  declineDraw,
  deriveGame,
  destinations,
  flip,
  offerDraw,
  playMove,
  positionAt,
  rematch,
  resign,
  rulesOf,
  shownPly,
  sideToMove,
  step,
  stepForKey,
  takeback,
  takebackPlies,
  type Game,
  type NewGame,
} from '../src/game/model.js';
import { DEFAULT_PREFS, parsePrefs } from '../src/game/prefs.js';

const geo = geometry(7);
const sq = (name: string): number => parseSquare(geo, name)!;
/** `d2-e2` as the core's move number. */
const mv = (text: string): Move => {
  const [from, to] = text.split('-') as [string, string];
  return encodeMove(sq(from), sq(to));
};

const NOW = 1_700_000_000_000;
const make = (spec: NewGame): Game => {
  const made = createGame(spec, NOW, 'g1');
  if (!made.ok) throw new Error(made.message);
  return made.value;
};
const play = (game: Game, ...moves: string[]): Game =>
  moves.reduce((g, m) => {
    const next = playMove(g, m === 'pass' ? PASS : mv(m), NOW + 1);
    if (!next.ok) throw new Error(`${m}: ${next.message}`);
    return next.value;
  }, game);

/**
 * brandubh-2019, the king captured in five plies (found by search):
 *   a4-a2 d3-b3 d2-e2 Kd4-d2 a2-c2: the king on d2 between c2 and e2.
 */
const KING_CAPTURE = ['a4-a2', 'd3-b3', 'd2-e2', 'd4-d2', 'a2-c2'];

describe('creating a game', () => {
  it('starts from the ruleset’s start, its first side to move, with no moves', () => {
    const game = make({ rules: 'brandubh-2019' });
    expect(game).toMatchObject({
      id: 'g1',
      rules: 'brandubh-2019',
      turn: 'attackers',
      moves: [],
      created: NOW,
    });
    expect(game.start).toBe(presetById('brandubh-2019')!.start);
    expect(game.opponent).toEqual({ kind: 'local' });
    expect(game.result).toBeUndefined();
  });

  it('refuses an unknown ruleset, an invalid start and an illegal move', () => {
    expect(createGame({ rules: 'no-such-rules' })).toMatchObject({ ok: false, code: 'ERR_GAME_RULES' });
    expect(createGame({ rules: 'plazoleta', start: '/7/7/7/7/7/7/7/' })).toMatchObject({
      ok: false,
      code: 'ERR_GAME_START',
    });
    expect(createGame({ rules: 'plazoleta', moves: ['d2-d3'] })).toMatchObject({
      ok: false,
      code: 'ERR_GAME_MOVE',
    });
  });

  it('rewrites given moves with their captures and ends a game the moves end', () => {
    const game = make({ rules: 'brandubh-2019', moves: KING_CAPTURE });
    expect(game.moves.at(-1)).toBe('a2-c2++');
    expect(game.result).toEqual({ winner: 'attackers', reason: 'king captured' });
  });

  it('carries a ruleset that is not a preset whole', () => {
    const own = { ...presetById('plazoleta')!, id: 'custom-1', name: 'Mine' };
    const game = make({ rules: own });
    expect(rulesOf(game.rules)).toEqual({ ok: true, value: own });
  });
});

describe('moves', () => {
  it('keeps each move as OTN with its captures, and derives the position by replaying', () => {
    const game = play(make({ rules: 'brandubh-2019' }), ...KING_CAPTURE.slice(0, 4));
    expect(game.moves).toEqual(['a4-a2', 'd3-b3', 'd2-e2', 'd4-d2']);
    const derived = deriveGame(game);
    if (!derived.ok) throw new Error(derived.message);
    expect(derived.value.position.ply).toBe(4);
    expect(derived.value.plies.map((p) => [p.side, p.king])).toEqual([
      ['attackers', false],
      ['defenders', false],
      ['attackers', false],
      ['defenders', true],
    ]);
    expect(sideToMove(game)).toBe('attackers');
  });

  it('ends the game when the rules end it: the king captured', () => {
    const game = play(make({ rules: 'brandubh-2019' }), ...KING_CAPTURE);
    expect(game.result).toEqual({ winner: 'attackers', reason: 'king captured' });
    expect(playMove(game, mv('c4-c3'))).toMatchObject({ ok: false });
  });

  it('refuses an illegal move and leaves the game as it was', () => {
    const game = make({ rules: 'brandubh-2019' });
    expect(playMove(game, mv('d2-d3'))).toMatchObject({ ok: false, code: 'ERR_GAME_MOVE' });
    expect(playMove(game, mv('d5-d6'))).toMatchObject({ ok: false });
  });

  it('records the captured pieces of a move', () => {
    // opentafl-brandub: a4-a2 c4-c1 b4-c4 e4-e1xd1, the defender on e1 takes the attacker on d1.
    const game = play(make({ rules: 'opentafl-brandub' }), 'a4-a2', 'c4-c1', 'b4-c4', 'e4-e1');
    expect(game.moves.at(-1)).toMatch(/^e4-e1xd1/);
    const derived = deriveGame(game);
    expect(derived.ok && derived.value.plies.at(-1)!.captured).toEqual([
      { square: sq('d1'), role: 'attacker' },
    ]);
  });

  it('lets a side with no legal move pass where the rules say so (brandub-fr)', () => {
    // Rank 1: a defender on the corner a1 (brandub-fr allows it), the attacker b1 boxed in by
    // c1 and b2; the king on the throne. The attackers, to move, have no move.
    //   2 . T . . . . .
    //   1 T t T . . . .
    const game = make({ rules: 'brandub-fr', start: '/TtT4/1T5/7/3K3/7/7/7/', turn: 'attackers' });
    const derived = deriveGame(game);
    expect(derived.ok && derived.value.position.mustPass()).toBe(true);
    expect(derived.ok && destinations(derived.value.position).size).toBe(0);
    const passed = play(game, 'pass');
    expect(passed.moves).toEqual(['pass']);
    expect(sideToMove(passed)).toBe('defenders');
  });

  it('gives the board the legal destinations by origin', () => {
    const pos = positionAt(make({ rules: 'brandubh-2019' }), 0);
    if (!pos.ok) throw new Error(pos.message);
    const dests = destinations(pos.value);
    expect(dests.get(sq('d2'))).toEqual(expect.arrayContaining([sq('c2'), sq('a2'), sq('g2')]));
    expect(dests.has(sq('d4'))).toBe(false);
  });
});

describe('take back', () => {
  it('takes back one move on one device', () => {
    const game = play(make({ rules: 'brandubh-2019' }), 'a4-a2', 'd3-b3');
    expect(takebackPlies(game)).toBe(1);
    expect(takeback(game, NOW + 2).moves).toEqual(['a4-a2']);
  });

  it('against the computer, takes back to the person’s last turn', () => {
    const vs = make({ rules: 'brandubh-2019', opponent: { kind: 'computer', level: 1, human: 'attackers' } });
    const answered = play(vs, 'a4-a2', 'd3-b3');
    expect(takebackPlies(answered)).toBe(2);
    expect(takeback(answered).moves).toEqual([]);
    // The computer is thinking: only the person's move goes.
    const waiting = play(vs, 'a4-a2');
    expect(computerToMove(waiting)).toBe(true);
    expect(takeback(waiting).moves).toEqual([]);
  });

  it('takes nothing back at the start or after the end', () => {
    expect(takebackPlies(make({ rules: 'plazoleta' }))).toBe(0);
    const over = play(make({ rules: 'brandubh-2019' }), ...KING_CAPTURE);
    expect(takebackPlies(over)).toBe(0);
    expect(takeback(over)).toBe(over);
  });
});

describe('resignation and draws', () => {
  it('a side that resigns loses', () => {
    const game = resign(make({ rules: 'plazoleta' }), 'attackers', NOW + 5);
    expect(game.result).toEqual({ winner: 'defenders', reason: 'resignation' });
    expect(game.updated).toBe(NOW + 5);
    expect(resign(game, 'defenders')).toBe(game);
  });

  it('a draw offered and accepted ends the game by agreement', () => {
    const offered = offerDraw(make({ rules: 'plazoleta' }), 'attackers');
    expect(offered.drawOffer).toBe('attackers');
    const drawn = acceptDraw(offered);
    expect(drawn.result).toEqual({ winner: 'draw', reason: 'agreement' });
    expect(drawn.drawOffer).toBeUndefined();
  });

  it('a declined offer, or a move by the other side, withdraws it', () => {
    const offered = offerDraw(make({ rules: 'brandubh-2019' }), 'attackers');
    expect(declineDraw(offered).drawOffer).toBeUndefined();
    // The offering side moves: the offer stands for the other side's turn.
    const moved = play(offered, 'a4-a2');
    expect(moved.drawOffer).toBe('attackers');
    // The other side moves instead of accepting: declined.
    expect(play(moved, 'd3-b3').drawOffer).toBeUndefined();
  });

  it('draws are offered between two people on one device only', () => {
    const vs = make({ rules: 'plazoleta', opponent: { kind: 'computer', level: 3, human: 'defenders' } });
    expect(offerDraw(vs, 'defenders')).toBe(vs);
  });
});

describe('stepping through the moves', () => {
  it('steps from the last move back to the start and forward again', () => {
    let view = step(undefined, 4, 'previous');
    expect(view).toBe(3);
    view = step(view, 4, 'first');
    expect(shownPly(view, 4)).toBe(0);
    expect(step(view, 4, 'previous')).toBe(0);
    view = step(view, 4, 'next');
    expect(view).toBe(1);
    // Reaching the last move follows the game again.
    expect(step(3, 4, 'next')).toBeUndefined();
    expect(step(1, 4, 'last')).toBeUndefined();
    expect(step(undefined, 4, 2)).toBe(2);
    expect(step(undefined, 4, 99)).toBeUndefined();
  });

  it('maps the arrow keys, Home and End', () => {
    expect(['ArrowLeft', 'ArrowRight', 'Home', 'End', 'a'].map(stepForKey)).toEqual([
      'previous',
      'next',
      'first',
      'last',
      undefined,
    ]);
  });

  it('shows the position after any ply', () => {
    const game = play(make({ rules: 'brandubh-2019' }), 'a4-a2', 'd3-b3');
    const pos = positionAt(game, 1);
    expect(pos.ok && pos.value.pieceAt(sq('a2'))).toBe(1);
    expect(pos.ok && pos.value.pieceAt(sq('b3'))).toBe(0);
  });
});

describe('rematch', () => {
  it('against the computer, swaps the sides', () => {
    const vs = make({ rules: 'plazoleta', opponent: { kind: 'computer', level: 4, human: 'attackers' } });
    const next = rematch(resign(vs, 'attackers'), NOW, 'g2');
    expect(next).toMatchObject({
      id: 'g2',
      moves: [],
      opponent: { kind: 'computer', level: 4, human: 'defenders' },
    });
    expect(next.result).toBeUndefined();
  });

  it('on one device, turns the board round', () => {
    const local = make({ rules: 'plazoleta' });
    expect(rematch(local).flipped).toBe(true);
    expect(rematch(flip(local)).flipped).toBeUndefined();
  });
});

describe('the remembered new-game choices', () => {
  it('reads each choice back, and the default for one that is missing or wrong', () => {
    expect(parsePrefs(null)).toEqual(DEFAULT_PREFS);
    expect(parsePrefs('{not json')).toEqual(DEFAULT_PREFS);
    expect(
      parsePrefs(JSON.stringify({ rules: 'ard-ri-fr', opponent: 'local', level: 5, side: 'attackers' })),
    ).toEqual({ rules: 'ard-ri-fr', opponent: 'local', level: 5, side: 'attackers' });
    expect(parsePrefs(JSON.stringify({ rules: 7, opponent: 'robot', level: 9, side: 'kings' }))).toEqual(
      DEFAULT_PREFS,
    );
  });
});
