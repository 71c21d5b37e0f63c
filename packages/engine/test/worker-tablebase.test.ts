// The worker's endgame tables: asked to analyse a position of four pieces or fewer, it builds
// the ruleset's tables up to four pieces and answers from them, with their line to the end; a
// level never waits for them.
import { positionFromOtn, presetById, seededRandom, WIN, type Side } from '@tafl/core';
import { describe, expect, it } from 'vitest';
import { mateIn } from '../src/search.js';
import { serve, WORKER_TABLEBASE_PIECES } from '../src/worker/serve.js';
import type { EngineRequest, FromWorker, ResultMessage } from '../src/worker/protocol.js';
import { createNodeEngine } from '@tafl/engine/node';

function worker(): (request: EngineRequest) => ResultMessage {
  const posted: FromWorker[] = [];
  const handle = serve((message) => posted.push(message));
  let id = 0;
  return (request) => {
    handle({ ...request, type: 'search', id: ++id, sentAt: Date.now() });
    const last = posted[posted.length - 1]!;
    if (last.type !== 'result') throw new Error(`expected a result, got ${JSON.stringify(last)}`);
    return last;
  };
}

const rules = presetById('ard-ri-fr')!;

/** Positions of the king, one defender and two attackers set at random, as OTN records. */
function positions(count: number, seed: number): { start: string; turn: Side }[] {
  const random = seededRandom(seed);
  const out: { start: string; turn: Side }[] = [];
  while (out.length < count) {
    const cells = Array<string>(49).fill('1');
    const squares = new Set<number>();
    while (squares.size < WORKER_TABLEBASE_PIECES) squares.add(Math.floor(random() * 49));
    [...squares].forEach((sq, i) => (cells[sq] = ['K', 'T', 't', 't'][i]!));
    const ranks = Array.from({ length: 7 }, (_, r) =>
      cells
        .slice(r * 7, r * 7 + 7)
        .join('')
        .replace(/1+/g, (ones) => String(ones.length)),
    );
    const start = `/${ranks.join('/')}/`;
    const turn: Side = random() < 0.5 ? 'attackers' : 'defenders';
    const pos = positionFromOtn(rules, start, turn);
    if (pos.ok && !pos.value.isOver()) out.push({ start, turn });
  }
  return out;
}

describe('the worker and the endgame tables', () => {
  it('a level does not wait for tables it has not built', () => {
    const ask = worker();
    const [p] = positions(1, 3);
    const result = ask({ rules: rules.id, ...p!, limits: { level: 6, seed: 1, timeMs: 200 } });
    expect(result.info.tablebase).toBeUndefined();
  });

  it('analysing a position of four pieces, it answers from the tables with their line to the end', () => {
    const ask = worker();
    let decided = 0;
    for (const p of positions(40, 7)) {
      const result = ask({ rules: rules.id, ...p, limits: { depth: 3 } });
      const tb = result.info.tablebase;
      expect(tb).toBeDefined();
      if (tb!.value === 'draw') {
        expect(result.info.score).toBe(0);
        continue;
      }
      decided++;
      // The score says the same as the tables: a win in d plies for the side to move is WIN - d.
      expect(mateIn(result.info.score)).toBe(tb!.value === 'win' ? tb!.distance : -tb!.distance);
      expect(Math.abs(result.info.score)).toBe(WIN - tb!.distance);
      // Their line, played on the board, ends the game in that many plies with that winner.
      const pos = positionFromOtn(rules, p.start, p.turn);
      if (!pos.ok) throw new Error(pos.message);
      const game = pos.value;
      expect(result.move).toBe(result.info.pv[0]);
      for (const move of result.info.pv) {
        expect(game.isLegal(move)).toBe(true);
        game.play(move);
      }
      expect(result.info.pv.length).toBe(tb!.distance);
      const outcome = game.outcome();
      expect(outcome.status).toBe(
        tb!.value === 'win' ? p.turn : p.turn === 'attackers' ? 'defenders' : 'attackers',
      );
    }
    expect(decided).toBeGreaterThan(5);
  });

  it('multi-line analysis from the tables gives each line its own score, best first', () => {
    const ask = worker();
    const [p] = positions(1, 11);
    const result = ask({ rules: rules.id, ...p!, limits: { depth: 3, multiPv: 3 } });
    expect(result.info.tablebase).toBeDefined();
    const lines = result.info.lines!;
    expect(lines.length).toBe(3);
    expect(new Set(lines.map((l) => l.pv[0])).size).toBe(3);
    for (let i = 1; i < lines.length; i++) expect(lines[i]!.score).toBeLessThanOrEqual(lines[i - 1]!.score);
    expect(lines[0]!.score).toBe(result.info.score);
  });

  it('the time the tables take does not count against a search’s budget (the client waits for them)', async () => {
    const engine = createNodeEngine();
    try {
      // A worker started and warm, with no tables yet; then a four-piece position at 1 s: the
      // build takes a few seconds, longer than that, and the answer must still come from the
      // tables. (At 200 ms a machine loaded twenty times over delivered the worker's 'tables'
      // message after the watchdog had fired: the budget must outlast a message's delivery.)
      await engine.start({ rules: 'brandub-fr', limits: { depth: 1 } });
      const [p] = positions(1, 5);
      const result = await engine.start({ rules: rules.id, ...p!, limits: { timeMs: 1000 } });
      expect(result.stopped).toBe(false);
      expect(result.info.tablebase).toBeDefined();
    } finally {
      engine.dispose();
    }
  });
});
