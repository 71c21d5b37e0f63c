// One game of `tafl match`: two players from an opening until a rule of the game ends it or the
// ply limit adjudicates it a draw, with its OTN record; a player's bad move is a loud failure; an
// outside engine's failure loses it by forfeit, and the clock (a bank a side) loses it on time.
import {
  federationBrandubh,
  encodeMove,
  parseRecord,
  replayRecord,
  tagValue,
  type BySide,
  type Move,
  type Position,
} from '@tafl/core';
import { describe, expect, it } from 'vitest';
import { playGame, type GameSetup } from '../src/match/game.js';
import { pairOpening } from '../src/match/openings.js';
import { createPlayer, type Player } from '../src/match/player.js';
import { longestMoves } from '../src/match/report.js';
import { OtepProcessError } from '../src/otep-process.js';
import { BANK_MOVES, type OtepClock } from '@tafl/engine';

const level = (n: number): Player =>
  createPlayer({ kind: 'level', level: n, label: `level:${n}` }, { ttBits: 12 });

const opening = pairOpening(federationBrandubh, 4, 5, 0)!;

const setup = (players: BySide<Player>, more: Partial<GameSetup> = {}): GameSetup => ({
  rules: federationBrandubh,
  opening,
  players,
  names: { attackers: 'A', defenders: 'B' },
  seeds: { attackers: 11, defenders: 12 },
  timeMs: undefined,
  maxPlies: 400,
  ...more,
});

/** A player that answers with `choose(pos)`. */
const fake = (choose: (pos: Position) => Move | undefined): Player => ({
  newGame: () => Promise.resolve(),
  move: (pos) => Promise.resolve(choose(pos)),
  finish: () => Promise.resolve(),
  close: () => Promise.resolve(),
});

const firstLegal = fake((pos) => pos.legalMoves()[0]);

describe('a match game', () => {
  it('between level 1 and level 2 ends by a rule, and its record replays to the same end', async () => {
    const game = await playGame(setup({ attackers: level(1), defenders: level(2) }));
    expect(game.ending).not.toBe('ply limit');
    expect(game.moves).toHaveLength(game.plies);
    expect(game.moveTimes.attackers.length + game.moveTimes.defenders.length).toBe(
      game.plies - opening.length,
    );
    const record = parseRecord(game.record);
    if (!record.ok) throw new Error(record.message);
    expect(record.value.moves.map((m) => m.move)).toEqual(game.moves);
    expect(tagValue(record.value, 'attackers')).toBe('A');
    expect(tagValue(record.value, 'defenders')).toBe('B');
    const replayed = replayRecord(record.value, federationBrandubh);
    if (!replayed.ok) throw new Error(replayed.message);
    const outcome = replayed.value.position.outcome();
    expect(outcome).toEqual({ status: game.winner, reason: game.ending });
    expect(tagValue(record.value, 'result')).toBe(
      { attackers: '1', defenders: '-1', draw: '0' }[game.winner],
    );
  });

  it('says at which ply each timed move was played, and the report where each engine’s longest was', async () => {
    // The attackers answer at once but for their third move, which takes 80 ms.
    const third = opening.length + 5;
    const slowOnce: Player = {
      ...firstLegal,
      move: async (pos) => {
        if (pos.ply + 1 === third) await new Promise((r) => setTimeout(r, 80));
        return pos.legalMoves()[0];
      },
    };
    const game = await playGame(setup({ attackers: slowOnce, defenders: firstLegal }, { maxPlies: 30 }));
    const plies = [...game.movePlies.attackers, ...game.movePlies.defenders].sort((x, y) => x - y);
    expect(plies).toEqual(
      Array.from({ length: game.plies - opening.length }, (_, i) => opening.length + 1 + i),
    );
    for (const side of ['attackers', 'defenders'] as const) {
      expect(game.movePlies[side]).toHaveLength(game.moveTimes[side].length);
      expect(game.movePlies[side].every((p, i, all) => i === 0 || p - all[i - 1]! === 2)).toBe(true);
    }
    // As game 3 of a match, engine A attacking: A's longest move is that one, at its ply.
    const played = { task: { index: 2, opening, aSide: 'attackers' as const, seeds: { a: 0, b: 0 } } };
    const longest = longestMoves([{ ...played, aSide: 'attackers', winner: game.winner, result: game }]);
    expect(longest.a.game).toBe(3);
    expect(longest.a.ply).toBe(third);
    expect(longest.a.ms).toBeGreaterThanOrEqual(75);
    expect(longest.b.ms).toBeLessThan(longest.a.ms);
  });

  it('is the same game again from the same opening and seeds (the noisy levels search to a fixed depth)', async () => {
    const first = await playGame(setup({ attackers: level(2), defenders: level(1) }));
    const again = await playGame(setup({ attackers: level(2), defenders: level(1) }));
    expect(again.moves).toEqual(first.moves);
  });

  it('that reaches the ply limit is adjudicated a draw, and its record says so', async () => {
    const maxPlies = opening.length + 6;
    const game = await playGame(setup({ attackers: firstLegal, defenders: firstLegal }, { maxPlies }));
    expect(game).toMatchObject({ winner: 'draw', ending: 'ply limit', plies: maxPlies });
    const record = parseRecord(game.record);
    if (!record.ok) throw new Error(record.message);
    expect(tagValue(record.value, 'result')).toBe('0');
    expect(tagValue(record.value, 'termination')).toBe(`ply limit of ${maxPlies}, adjudicated a draw`);
    const replayed = replayRecord(record.value, federationBrandubh);
    expect(replayed.ok && replayed.value.position.isOver()).toBe(false);
  });

  it('fails loudly when a player makes an illegal move', async () => {
    // a1 to g7: a corner to a corner, never a move.
    const illegal = fake(() => encodeMove(0, 48));
    await expect(playGame(setup({ attackers: illegal, defenders: firstLegal }))).rejects.toThrow(
      /A \(the attackers\) at ply 5 played the illegal move a1-g7 in \/.* \(attackers to move\)/,
    );
  });

  it('fails loudly when a player gives no move, or changes the position', async () => {
    const none = fake(() => undefined);
    await expect(playGame(setup({ attackers: none, defenders: firstLegal }))).rejects.toThrow(/gave no move/);
    const meddler = fake((pos) => {
      pos.play(pos.legalMoves()[0]!);
      return pos.legalMoves()[0];
    });
    await expect(playGame(setup({ attackers: firstLegal, defenders: meddler }))).rejects.toThrow(
      /B \(the defenders\) at ply 6 changed the position/,
    );
  });
});

describe('a match game with an engine that fails or runs out of time', () => {
  /** A player that plays its first legal moves and fails at its `failAt`-th move as an OTEP engine does. */
  function failing(failAt: number): Player & { closed: number; finished: unknown[] } {
    let moves = 0;
    const player = {
      closed: 0,
      finished: [] as unknown[],
      newGame: () => Promise.resolve(),
      move: (pos: Position) =>
        ++moves === failAt
          ? Promise.reject(
              new OtepProcessError('the engine "x" exited with code 9', [
                'stdout: move d1-e1',
                'stderr: crash',
              ]),
            )
          : Promise.resolve(pos.legalMoves()[0]),
      finish: (outcome: unknown) => {
        player.finished.push(outcome);
        return Promise.resolve();
      },
      close: () => {
        player.closed++;
        return Promise.resolve();
      },
    };
    return player;
  }

  it('is lost by the engine that fails, which is closed (to be started again), with its failure and last lines', async () => {
    const defenders = failing(3);
    const attackers = failing(0);
    const game = await playGame(setup({ attackers, defenders }));
    expect(game.winner).toBe('attackers');
    expect(game.ending).toBe('engine failure');
    expect(game.failure).toEqual({
      side: 'defenders',
      message: 'the engine "x" exited with code 9',
      lastLines: ['stdout: move d1-e1', 'stderr: crash'],
    });
    expect(game.plies).toBe(opening.length + 5); // the defenders' third move never came
    expect(defenders.closed).toBe(1);
    expect(defenders.finished).toEqual([]); // a dead engine is not told the game is over
    expect(attackers.finished).toEqual([undefined]); // the other: stopped before the end (finish 0)
    const record = parseRecord(game.record);
    if (!record.ok) throw new Error(record.message);
    expect(tagValue(record.value, 'result')).toBe('1');
    expect(tagValue(record.value, 'termination')).toBe("the defenders' engine failed");
  });

  it('is lost by an engine that cannot start it', async () => {
    const broken: Player = {
      ...failing(0),
      newGame: () => Promise.reject(new OtepProcessError('the engine "x" could not be started')),
    };
    const game = await playGame(setup({ attackers: broken, defenders: firstLegal }));
    expect(game).toMatchObject({ winner: 'defenders', ending: 'engine failure', plies: opening.length });
    expect(game.failure?.side).toBe('attackers');
  });

  it('keeps a clock: a bank of BANK_MOVES moves, the time a move added back after each move', async () => {
    const clocks: (OtepClock | undefined)[] = [];
    const recording: Player = {
      ...firstLegal,
      move: (pos, _timeMs, clock) => {
        clocks.push(clock);
        return Promise.resolve(pos.legalMoves()[0]);
      },
    };
    const timeMs = 60_000; // far more than a move of firstLegal takes
    await playGame(
      setup({ attackers: recording, defenders: recording }, { timeMs, maxPlies: opening.length + 4 }),
    );
    expect(clocks).toHaveLength(4);
    const bank = BANK_MOVES * timeMs;
    expect(clocks[0]).toEqual({
      attackers: { ms: bank, overtime: false, periods: 0 },
      defenders: { ms: bank, overtime: false, periods: 0 },
      periodMs: 0,
    });
    // after the attackers' move: their bank lost the move's time and gained the time a move
    expect(clocks[1]!.attackers.ms).toBeGreaterThan(bank);
    expect(clocks[1]!.attackers.ms).toBeLessThanOrEqual(bank + timeMs);
    expect(clocks[1]!.defenders.ms).toBe(bank);
  });

  it('is lost on time by a side whose move takes longer than its bank', async () => {
    const slow: Player = {
      ...firstLegal,
      // the bank at 1 ms a move is BANK_MOVES ms; this move takes 200
      move: (pos) => new Promise((resolve) => setTimeout(() => resolve(pos.legalMoves()[0]), 200)),
    };
    const game = await playGame(setup({ attackers: slow, defenders: firstLegal }, { timeMs: 1 }));
    expect(game).toMatchObject({ winner: 'defenders', ending: 'time', plies: opening.length });
    expect(game.failure).toBeUndefined();
    const record = parseRecord(game.record);
    if (!record.ok) throw new Error(record.message);
    expect(tagValue(record.value, 'termination')).toMatch(
      /^the attackers lost on time \(\d+ ms with 40 ms left\)$/,
    );
  });

  it('still fails loudly on a bug of ours: an error that is not an engine’s failure', async () => {
    const buggy = fake(() => {
      throw new Error('a bug');
    });
    await expect(playGame(setup({ attackers: buggy, defenders: firstLegal }))).rejects.toThrow(/a bug/);
  });
});
