// Analysis: several best lines (multiPv) from the search, and the analysis of a whole game on
// worker threads (the built `@tafl/engine/node`), as the analysis board uses them. Searches are
// bounded by depth, never by time, so nothing here depends on the machine's speed.
import {
  ANALYSIS_ERROR,
  parseGameAnalysis,
  playMoveRecord,
  presetById,
  startingPosition,
  type PlyEval,
} from '@tafl/core';
import { ENGINE_ERRORS, EngineError, analyseGame } from '@tafl/engine/node';
import { describe, expect, it } from 'vitest';
import { Search, type SearchInfo } from '../src/search.js';
import { checkLimits } from '../src/worker/game.js';
import type { WorkerReply } from '../src/worker/protocol.js';
import { serve } from '../src/worker/serve.js';

const brandubh = presetById('brandubh-2019')!;
/** brandubh-2019, the attackers capture the king on the fifth ply (Kd4-d2, then a2-c2). */
const KING_CAPTURE = ['a4-a2', 'd3-b3', 'd2-e2', 'd4-d2', 'a2-c2'];
/** A quiet middle position of brandubh-2019 with many reasonable moves. */
const OPENING = ['d2-e2', 'd3-d2', 'b4-b2', 'd2-d3'];

const after = (moves: readonly string[]) => {
  const pos = startingPosition(brandubh);
  for (const m of moves) if (!playMoveRecord(pos, m).ok) throw new Error(m);
  return pos;
};

describe('multiPv', () => {
  it('finds three distinct lines of one depth, best first, the first being the result', () => {
    const pos = after(OPENING);
    const multi = new Search().run(pos, { depth: 5, multiPv: 3 });
    expect(multi.depth).toBe(5);
    const lines = multi.lines!;
    expect(lines).toHaveLength(3);
    expect(new Set(lines.map((l) => l.pv[0])).size).toBe(3);
    for (let i = 1; i < lines.length; i++)
      expect(lines[i - 1]!.score).toBeGreaterThanOrEqual(lines[i]!.score);
    expect(multi.score).toBe(lines[0]!.score);
    expect(multi.pv).toEqual(lines[0]!.pv);
    for (const line of lines) expect(pos.isLegal(line.pv[0]!)).toBe(true);
  });

  it('reports its lines at every finished depth', () => {
    const seen: SearchInfo[] = [];
    new Search().run(after(OPENING), { depth: 4, multiPv: 2 }, (info) => seen.push(info));
    expect(seen.map((i) => i.depth)).toEqual([1, 2, 3, 4]);
    for (const info of seen) expect(info.lines).toHaveLength(2);
  });

  it('gives no more lines than there are legal moves, and none with multiPv 1', () => {
    const pos = after(OPENING);
    expect(new Search().run(pos, { depth: 3 }).lines).toBeUndefined();
    const lines = new Search().run(pos, { depth: 2, multiPv: 5 }).lines!;
    expect(lines.length).toBe(Math.min(5, pos.legalMoveCount));
  });

  it('is a limit the worker checks: a whole number from 1 to 5 (and analysis true or false)', () => {
    expect(checkLimits({ multiPv: 3 }).ok).toBe(true);
    const notBoolean = checkLimits({ analysis: 'yes' as unknown as boolean });
    expect(!notBoolean.ok && notBoolean.code).toBe(ENGINE_ERRORS.limits);
    expect(checkLimits({ analysis: true }).ok).toBe(true);
    for (const multiPv of [0, 6, 1.5]) {
      const checked = checkLimits({ multiPv });
      expect(checked.ok).toBe(false);
      expect(!checked.ok && checked.code).toBe(ENGINE_ERRORS.limits);
    }
  });
});

describe('the worker’s analyse message', () => {
  it('answers one ply message per position asked, latest first, then analysed', () => {
    const posted: WorkerReply[] = [];
    serve((m) => m.type !== 'ready' && posted.push(m))({
      type: 'analyse',
      id: 7,
      rules: 'brandubh-2019',
      moves: KING_CAPTURE,
      plies: [3, 5, 4],
      depth: 2,
    });
    expect(posted.map((m) => m.type)).toEqual(['ply', 'ply', 'ply', 'analysed']);
    expect(posted.map((m) => (m.type === 'ply' ? m.ply : -1))).toEqual([5, 4, 3, -1]);
    expect(posted.every((m) => m.id === 7)).toBe(true);
    const last = posted[0]!;
    expect(last.type === 'ply' && last.eval).toEqual({ score: 30000, result: 'attackers' });
  });

  it('refuses a position that is not in the game', () => {
    const posted: WorkerReply[] = [];
    serve((m) => m.type !== 'ready' && posted.push(m))({
      type: 'analyse',
      id: 1,
      rules: 'brandubh-2019',
      moves: [],
      plies: [1],
      depth: 2,
    });
    expect(posted).toEqual([expect.objectContaining({ type: 'error', code: ENGINE_ERRORS.position })]);
  });
});

describe('analyseGame on worker threads', () => {
  const game = { rules: brandubh, start: brandubh.start, turn: brandubh.firstToMove, moves: KING_CAPTURE };

  it('gives an entry per position, the finished last one its result, which the core accepts', async () => {
    const seen: number[] = [];
    const analysis = await analyseGame(
      { rules: 'brandubh-2019', moves: KING_CAPTURE, depth: 4 },
      { onPly: (ply) => seen.push(ply) },
    );
    expect(analysis).toBeDefined();
    expect(analysis!.depth).toBe(4);
    expect(analysis!.plies).toHaveLength(KING_CAPTURE.length + 1);
    expect(analysis!.plies[5]).toEqual({ score: 30000, result: 'attackers' });
    expect(
      analysis!.plies.slice(0, 5).every((p: PlyEval) => p.result === undefined && p.pv!.length > 0),
    ).toBe(true);
    expect([...seen].sort()).toEqual([0, 1, 2, 3, 4, 5]);
    expect(parseGameAnalysis(analysis, game)).toEqual({ ok: true, value: analysis });
    // The attackers have a forced win from the position before the capture.
    expect(analysis!.plies[4]!.score).toBe(30000 - 1);
  });

  it('resolves undefined when stopped, and reports nothing after', async () => {
    const controller = new AbortController();
    let after = 0;
    const running = analyseGame(
      { rules: 'brandubh-2019', moves: OPENING, depth: 30 },
      {
        signal: controller.signal,
        onPly: () => {
          if (controller.signal.aborted) after++;
        },
      },
    );
    setTimeout(() => controller.abort(), 50);
    await expect(running).resolves.toBeUndefined();
    await new Promise((r) => setTimeout(r, 50));
    expect(after).toBe(0);
  });

  it('refuses a game with an illegal move, naming it', async () => {
    const refused = analyseGame({ rules: 'brandubh-2019', moves: ['a4-a2', 'a1-a3'] });
    await expect(refused).rejects.toBeInstanceOf(EngineError);
    await expect(refused).rejects.toMatchObject({
      code: ENGINE_ERRORS.move,
      message: expect.stringMatching(/a1-a3/),
    });
  });

  it('refuses a depth out of range', async () => {
    await expect(analyseGame({ rules: 'brandubh-2019', moves: [], depth: 0 })).rejects.toMatchObject({
      code: ENGINE_ERRORS.limits,
    });
  });

  it('an analysis with a score changed is refused by the core', async () => {
    const analysis = (await analyseGame({ rules: 'brandubh-2019', moves: KING_CAPTURE, depth: 2 }))!;
    const tampered = { ...analysis, plies: analysis.plies.map((p, i) => (i === 5 ? { score: 0 } : p)) };
    expect(parseGameAnalysis(tampered, game)).toMatchObject({ ok: false, code: ANALYSIS_ERROR });
  });
});
