/**
 * A worker thread of scripts/tune.mjs: plays the games it is sent, each side a `Search` with
 * the weights the task gives it and a fixed node budget a move (so a game depends on its opening
 * and the weights only, not on the machine's load), through the match's own game loop
 * (@tafl/cli's match/game.js). When the task asks, it records every quiet position the engine
 * moved from: its features, as `features` counts them, for the fit to weigh later.
 *
 * Quiet means a position whose static evaluation the search would use as it stands: the side to
 * move has no move that wins at once and does not face an open line of the king to an escape
 * square (the search answers both before it looks at the evaluation), and the move the engine
 * chose takes nothing (after a capture the board is about to change, which the features cannot
 * see). Positions before ply `skip` (the random opening and a few plies after) are left out.
 */

import { parentPort, workerData } from 'node:worker_threads';
import { PASS, presetById } from '@tafl/core';
import { FEATURE_COUNT, Search, evalContext, evaluate, features, routesFrom } from '@tafl/engine';
import { playGame } from '@tafl/cli/dist/match/game.js';
import { scoresOf, startFeatures, tuningSet, weightVector } from '../../tune/dist/tune.js';

const port = parentPort;
if (port === null) throw new Error('tune/worker.mjs runs only as a worker thread');
const { rulesId, nodes, maxPlies, skip, ttBits } = workerData;
const rules = presetById(rulesId);
if (rules === undefined) throw new Error(`no preset ${JSON.stringify(rulesId)}`);
const start = startFeatures(rules);

/** True when the side to move has a move that ends the game in its favour. */
function winsAtOnce(pos) {
  const side = pos.turn;
  for (const move of pos.legalMoves()) {
    pos.play(move);
    const won = pos.outcome().status === side;
    pos.undo();
    if (won) return true;
  }
  return false;
}

function takes(pos, move) {
  if (move === PASS) return false;
  pos.play(move);
  const captured = pos.lastCaptured().length > 0;
  pos.undo();
  return captured;
}

/** The fit's score (weights times features less the start's) must be the engine's own. */
function checkModel(pos, ctx, row, weights) {
  const score = scoresOf(tuningSet(row, Float64Array.of(0), start), weightVector(weights))[0];
  const engine = evaluate(pos, ctx) * (pos.turn === 'defenders' ? 1 : -1);
  if (Math.abs(Math.round(score) - engine) > 1)
    throw new Error(`the tuning model scores ${score} where evaluate() says ${engine}: eval.ts changed?`);
}

/** A match player (match/player.ts's interface) searching with given weights to a node budget. */
class WeightsPlayer {
  constructor(weights, record) {
    this.weights = weights;
    this.record = record;
    this.search = new Search({ weights, ttBits });
    this.ctx = undefined;
  }

  newGame() {
    this.search.clear();
    return Promise.resolve();
  }

  move(pos) {
    const { move } = this.search.run(pos, { nodes });
    if (this.record !== undefined && pos.ply >= skip && move !== undefined) {
      // every feature counted, those the weights leave out too: the fit weighs them
      this.ctx ??= evalContext(pos, this.weights, true);
      // The search's own test of an open line (Position.escapeRoutes misses the king's routes when
      // the defenders have more than 28 moves: its buffer is too small).
      const threatened =
        pos.turn === 'attackers' && pos.kingSquare >= 0 && routesFrom(pos, this.ctx, pos.kingSquare) > 0;
      if (!threatened && !takes(pos, move) && !winsAtOnce(pos)) {
        const row = Float64Array.from(features(pos, this.ctx));
        checkModel(pos, this.ctx, row, this.weights);
        this.record.push(row);
      }
    }
    return Promise.resolve(move);
  }

  finish() {
    return Promise.resolve();
  }

  close() {
    return Promise.resolve();
  }
}

async function play(task) {
  const rows = [];
  const record = task.collect ? rows : undefined;
  const result = await playGame({
    rules,
    opening: task.opening,
    players: {
      attackers: new WeightsPlayer(task.weights.attackers, record),
      defenders: new WeightsPlayer(task.weights.defenders, record),
    },
    names: { attackers: 'attackers', defenders: 'defenders' },
    seeds: { attackers: 0, defenders: 0 },
    timeMs: undefined,
    maxPlies,
  });
  const flat = new Float64Array(rows.length * FEATURE_COUNT);
  rows.forEach((row, i) => flat.set(row, i * FEATURE_COUNT));
  return { index: task.index, winner: result.winner, ending: result.ending, plies: result.plies, rows: flat };
}

port.on('message', (message) => {
  if (message.type === 'close') {
    port.close();
    return;
  }
  play(message.task).then(
    (result) => port.postMessage({ type: 'result', result }, [result.rows.buffer]),
    (e) => port.postMessage({ type: 'failed', index: message.task.index, error: e?.stack ?? String(e) }),
  );
});
