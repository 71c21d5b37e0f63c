// One game of `tafl match`: two players from an opening until a rule of the game ends it or the
// ply limit adjudicates it a draw, with its OTN record; and a player's bad move is a loud failure.
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
