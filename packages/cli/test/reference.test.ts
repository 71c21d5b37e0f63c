// The engine of an earlier commit (reference.ts), what `npm run bench:ladder -- --against` plays
// today's engine against: built from git with the old core beside it, it plays a whole game of
// legal moves against today's level 1 through the match's own game loop.
import { playMoveRecord, presetById, startingPosition } from '@tafl/core';
import { describe, expect, it } from 'vitest';
import { CliError } from '../src/args.js';
import { playGame } from '../src/match/game.js';
import { createPlayer } from '../src/match/player.js';
import { REFERENCE_COMMIT, resolveCommit } from '../src/reference.js';

describe('the reference engine', () => {
  it('refuses what is not a commit of the repository', () => {
    expect(() => resolveCommit('no-such-commit-here')).toThrow(CliError);
    expect(() => resolveCommit('--help')).toThrow(CliError);
    expect(resolveCommit(REFERENCE_COMMIT)).toMatch(/^[0-9a-f]{40}$/);
  });

  it('builds the reference commit (the engine before the work on threads and time) and plays a legal game against today’s level 1', async () => {
    const rules = presetById('brandubh-2019')!;
    const old = createPlayer({ kind: 'reference', commit: REFERENCE_COMMIT, level: 3, label: 'old' });
    const today = createPlayer({ kind: 'level', level: 1, label: 'today' });
    try {
      const result = await playGame({
        rules,
        opening: [],
        players: { attackers: old, defenders: today },
        names: { attackers: 'old', defenders: 'today' },
        seeds: { attackers: 1, defenders: 2 },
        timeMs: 50,
        maxPlies: 60,
        tags: [],
      });
      // Every move was legal in today's rules core (playGame checks each), and the game ran.
      expect(result.moves.length).toBeGreaterThan(4);
      expect(result.failure).toBeUndefined();
      const pos = startingPosition(rules);
      for (const record of result.moves) expect(playMoveRecord(pos, record).ok).toBe(true);
    } finally {
      await Promise.all([old.close(), today.close()]);
    }
  }, 120_000);
});
