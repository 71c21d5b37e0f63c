// A bot is play(position, limits) => Promise<{ move, info }>, runs off the main thread and is
// deterministic given a seed (here with node limits, which no time bound can cut short).
import { playMoveRecord, positionFromOtn, presetById, startingPosition, type Position } from '@tafl/core';
import { createNodeEngine, type Engine } from '@tafl/engine/node';
import { afterEach, describe, expect, it } from 'vitest';
import { engineBot, requestFor } from '../src/bot.js';
import { positionOf } from '../src/worker/game.js';

const engines: Engine[] = [];
const engine = (): Engine => {
  const e = createNodeEngine();
  engines.push(e);
  return e;
};
afterEach(() => {
  for (const e of engines.splice(0)) e.dispose();
});

function played(
  rulesId: string,
  moves: string[],
  start?: string,
  turn?: 'attackers' | 'defenders',
): Position {
  const pos = positionFromOtn(presetById(rulesId)!, start, turn);
  if (!pos.ok) throw new Error(pos.message);
  for (const m of moves) expect(playMoveRecord(pos.value, m).ok).toBe(true);
  return pos.value;
}

describe('the request for a position', () => {
  it('is the game it came from: its start and its moves, which replay to the same position', () => {
    const pos = played('opentafl-brandub', ['d2-e2', 'c4-c3', 'e2-e3', 'd3-d2']);
    const request = requestFor(pos, { depth: 2 });
    expect(request).toMatchObject({
      start: '/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/',
      turn: 'attackers',
      moves: ['d2-e2', 'c4-c3', 'e2-e3', 'd3-d2'],
      limits: { depth: 2 },
    });
    const replayed = positionOf(pos.rules, request);
    expect(replayed.ok && [replayed.value.keyLo, replayed.value.keyHi, replayed.value.ply]).toEqual([
      pos.keyLo,
      pos.keyHi,
      pos.ply,
    ]);
  });

  it('starts from a position set up by hand, with its side to move', () => {
    const pos = played('brandub-fr', ['d1-c1'], '/3K3/7/7/7/7/7/2ttt2/', 'defenders');
    expect(requestFor(pos)).toMatchObject({
      start: '/3K3/7/7/7/7/7/2ttt2/',
      turn: 'defenders',
      moves: ['d1-c1'],
    });
  });
});

describe('a bot over an engine', () => {
  it('plays a legal move and leaves the position as it was', async () => {
    const pos = played('ard-ri-fr', ['c3-b3']);
    const key = [pos.keyLo, pos.keyHi, pos.ply];
    const { move, info } = await engineBot(engine(), { nodes: 5_000 }).play(pos);
    expect([pos.keyLo, pos.keyHi, pos.ply]).toEqual(key);
    expect(pos.isLegal(move!)).toBe(true);
    expect(info.pv[0]).toBe(move);
  });

  it('takes the win it sees', async () => {
    const pos = played('brandub-fr', [], '/3K3/7/7/7/7/7/2ttt2/', 'defenders');
    const { move } = await engineBot(engine()).play(pos, { depth: 2 });
    pos.play(move!);
    expect(pos.outcome()).toEqual({ status: 'defenders', reason: 'escape' });
  });

  it('has no move when the game is over', async () => {
    const pos = played('opentafl-brandub', 'd1-e1 c4-c3 e1-d1 c3-c4 d1-e1 c4-c3 e1-d1 c3-c4'.split(' '));
    expect((await engineBot(engine()).play(pos, { depth: 1 })).move).toBeUndefined();
  });

  it('plays the same game twice given the same seeds and node limits', async () => {
    const game = async (): Promise<number[]> => {
      const attackers = engineBot(engine(), { nodes: 3_000, seed: 1 });
      const defenders = engineBot(engine(), { nodes: 3_000, seed: 2 });
      const pos = startingPosition(presetById('brandubh-en')!);
      const moves: number[] = [];
      for (let ply = 0; ply < 6 && !pos.isOver(); ply++) {
        const { move } = await (pos.turn === 'attackers' ? attackers : defenders).play(pos);
        expect(pos.isLegal(move!)).toBe(true);
        pos.play(move!);
        moves.push(move!);
      }
      return moves;
    };
    expect(await game()).toEqual(await game());
  });
});
