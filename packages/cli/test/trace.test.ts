// `tafl trace`: moves on standard input, records out, exactly as the trace vectors hold them
// (packages/core/test/fixtures/vectors); each record is written as soon as its move is read, and
// the first bad move ends the run.
import { PRESETS } from '@tafl/core';
import { describe, expect, it } from 'vitest';
import { run } from '../src/cli.js';
import { collector, expectUsageError, lines, tafl, traceLines, vectors } from './helpers.js';

const brandub = vectors('opentafl-brandub.jsonl');

describe('tafl trace', () => {
  it('writes the first records of a vector game for its first moves', async () => {
    const game = brandub[0]!;
    const { code, stdout } = await tafl(['trace', '--rules', game.rules], {
      stdin: [game.moves.slice(0, 6).join(' ') + '\n'],
    });
    expect(code).toBe(0);
    expect(lines(stdout)).toEqual(traceLines(game, 7));
  });

  for (const file of ['plazoleta.jsonl', 'ard-ri-fr.jsonl', 'brandub-fr.jsonl', 'rare-events.jsonl']) {
    it(`reproduces the first game of ${file} whole`, async () => {
      const game =
        file === 'brandub-fr.jsonl'
          ? vectors(file).find((g) => g.moves.includes('pass'))!
          : vectors(file)[0]!;
      const { code, stdout } = await tafl(['trace', '--rules', game.rules], {
        stdin: [game.moves.join('\n')],
      });
      expect(code).toBe(0);
      expect(lines(stdout)).toEqual(traceLines(game));
    });
  }

  it('writes each record as soon as its move is read, before the next arrives', async () => {
    const game = brandub[2]!;
    const stdout = collector();
    const written = (): number => lines(stdout.text).length;
    async function* typed(): AsyncGenerator<string> {
      expect(written()).toBe(1); // the start, before any input
      yield `${game.moves[0]!}\n`;
      expect(written()).toBe(2);
      yield `  ${game.moves[1]!.slice(0, 3)}`; // half a move is not played yet
      expect(written()).toBe(2);
      yield `${game.moves[1]!.slice(3)}\t`;
      expect(written()).toBe(3);
      yield game.moves[2]!; // the last move needs no whitespace after it
    }
    const code = await run(['trace', '--rules', game.rules], { stdout, stderr: collector(), stdin: typed() });
    expect(code).toBe(0);
    expect(lines(stdout.text)).toEqual(traceLines(game, 4));
  });

  it('starts from --position and --turn, counting plies from there', async () => {
    const game = brandub[1]!; // ends with the king captured, so no repetition is lost
    const k = 20;
    const from = game.trace[k]!;
    const { stdout } = await tafl(
      [
        'trace',
        '--rules',
        game.rules,
        '--position',
        String(from['position']),
        '--turn',
        String(from['turn']),
      ],
      { stdin: [game.moves.slice(k).join(' ')] },
    );
    const start = Object.fromEntries(
      Object.entries(from).filter(([key]) => key !== 'move' && key !== 'captured'),
    );
    const expected = [{ ...start, ply: 0 }, ...game.trace.slice(k + 1).map((r, i) => ({ ...r, ply: i + 1 }))];
    expect(lines(stdout)).toEqual(expected.map((r) => JSON.stringify(r)));
  });

  it('stops at an illegal move with exit code 2, naming its ply and the move', async () => {
    const game = brandub[0]!;
    const ran = await tafl(['trace', '--rules', game.rules], { stdin: [`${game.moves[0]!} d4-d5 d2-d3`] });
    expect(ran.code).toBe(2);
    expect(lines(ran.stdout)).toEqual(traceLines(game, 2));
    expect(ran.stderr).toBe('tafl: at ply 2, d4-d5 is not a legal move for the defenders\n');
  });

  it('stops at a malformed move, naming its ply and the move', async () => {
    const ran = await tafl(['trace', '--rules', 'plazoleta'], { stdin: ['d7-c7 c4c5'] });
    expect(ran.code).toBe(2);
    expect(ran.stderr).toMatch(/^tafl: at ply 2, "c4c5" is not a move such as d2-e2/);
  });

  it('stops at a move after the end of the game', async () => {
    const game = brandub[6]!;
    const ran = await tafl(['trace', '--rules', game.rules], { stdin: [[...game.moves, 'd1-c1'].join(' ')] });
    expect(ran.code).toBe(2);
    expect(ran.stderr).toBe(
      `tafl: at ply ${game.moves.length + 1}, d1-c1 cannot be played: the game has ended\n`,
    );
  });

  it('needs the rules', async () => {
    expectUsageError(await tafl(['trace']), /trace needs the rules: --rules ID/);
    expectUsageError(
      await tafl(['trace', '--rules', 'plazoleta', '--rules-string', 'dim:7']),
      /either --rules or --rules-string, not both/,
    );
  });
});

// Needs the colleague's makeRules/parseRules (notation/rules.ts is a stub until then): any
// string that `tafl rules ID --otn` prints plays as the ruleset itself.
describe('tafl trace --rules-string', () => {
  const files = new Map(PRESETS.map((r) => [r.id, `${r.id}.jsonl`]));
  for (const [id, file] of files) {
    it(`plays the first ${id} vector game by the OTN string of ${id}`, async () => {
      const otn = (await tafl(['rules', id, '--otn'])).stdout.trim();
      const game = vectors(file)[0]!;
      const ran = await tafl(['trace', '--rules-string', otn], { stdin: [game.moves.join(' ')] });
      expect(ran.stderr).toBe('');
      expect(lines(ran.stdout)).toEqual(traceLines(game));
    });
  }

  it('takes keys added or changed (tfr:i), which cannot matter to a game with no repetition', async () => {
    const otn = (await tafl(['rules', 'opentafl-brandub', '--otn'])).stdout.trim();
    const changed = /(^|\s)tfr:\S*/.test(otn) ? otn.replace(/(^|\s)tfr:\S*/, '$1tfr:i') : `${otn} tfr:i`;
    const game = brandub[0]!;
    const ran = await tafl(['trace', '--rules-string', changed], { stdin: [game.moves.join(' ')] });
    expect(ran.stderr).toBe('');
    expect(lines(ran.stdout)).toEqual(traceLines(game));
  });

  it('rejects a malformed rules string', async () => {
    expectUsageError(
      await tafl(['trace', '--rules-string', 'dim:x start:oops']),
      /^tafl: invalid rules string: /,
    );
  });
});
