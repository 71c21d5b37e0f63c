/**
 * A worker thread of a match (match.ts starts it from dist/match/worker.js): it holds a player for
 * each of the two engines for the whole match and plays the games it is sent, one at a time; the
 * match runs as many workers as games at a time. An outside engine that fails loses its game by
 * forfeit, which is a result like any other (game.ts). What still fails a game is reported with
 * its error, and the match ends: an outside engine that cannot be started at all, in its own
 * words, or a bug of ours, with its stack.
 */

import { parentPort, workerData } from 'node:worker_threads';
import { presetById, type BySide, type Ruleset } from '@tafl/core';
import { playGame } from './game.js';
import { createPlayer, isEngineFailure } from './player.js';
import type { FromWorker, GameTask, ToWorker, WorkerInit } from './tasks.js';

function fail(message: string): never {
  throw new Error(message);
}

const port = parentPort ?? fail('match/worker.js runs only as a worker thread');
const init = workerData as WorkerInit;
const rules: Ruleset = presetById(init.rulesId) ?? fail(`no preset ${JSON.stringify(init.rulesId)}`);

const players = { a: createPlayer(init.engines.a), b: createPlayer(init.engines.b) };

async function play(task: GameTask): Promise<FromWorker> {
  const bySide = <T>(forA: T, forB: T): BySide<T> =>
    task.aSide === 'attackers' ? { attackers: forA, defenders: forB } : { attackers: forB, defenders: forA };
  const { a: specA, b: specB } = init.engines;
  const result = await playGame({
    rules,
    opening: task.opening,
    players: bySide(players.a, players.b),
    names: bySide(specA.label, specB.label),
    seeds: bySide(task.seeds.a, task.seeds.b),
    timeMs: init.timeMs,
    sideTimeMs: definedOnly(bySide(init.engineTimeMs?.a, init.engineTimeMs?.b)),
    maxPlies: init.maxPlies,
    tags: [{ key: 'event', value: `tafl match, game ${task.index + 1}` }],
  });
  return { type: 'result', index: task.index, result };
}

/** The sides that have a time of their own. */
function definedOnly(times: BySide<number | undefined>): Partial<BySide<number>> {
  const out: Partial<BySide<number>> = {};
  if (times.attackers !== undefined) out.attackers = times.attackers;
  if (times.defenders !== undefined) out.defenders = times.defenders;
  return out;
}

const errorText = (e: unknown): string =>
  !(e instanceof Error) ? String(e) : isEngineFailure(e) ? e.message : (e.stack ?? e.message);

port.on('message', (message: ToWorker) => {
  if (message.type === 'close') {
    void Promise.allSettled([players.a.close(), players.b.close()]).then(() => port.close());
    return;
  }
  play(message.task).then(
    (reply) => port.postMessage(reply),
    (e: unknown) =>
      port.postMessage({
        type: 'failed',
        index: message.task.index,
        error: errorText(e),
        engineFailure: isEngineFailure(e),
      } satisfies FromWorker),
  );
});
