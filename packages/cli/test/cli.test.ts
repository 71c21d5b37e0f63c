// The command line as a whole: usage for every command, help for one, and one-sentence errors
// with exit code 2 for an unknown command or option.
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { guarded } from '../src/args.js';
import { loadCommands, usage } from '../src/cli.js';
import { collector, expectUsageError, tafl } from './helpers.js';

const COMMANDS = await loadCommands();

describe('tafl usage', () => {
  for (const argv of [[], ['--help'], ['-h'], ['help']]) {
    it(`tafl ${argv.join(' ')} prints the usage of every command`, async () => {
      const { code, stdout, stderr } = await tafl(argv);
      expect(code).toBe(0);
      expect(stderr).toBe('');
      expect(stdout).toBe(await usage());
      for (const c of COMMANDS) expect(stdout).toContain(c.usage);
    });
  }

  for (const c of COMMANDS) {
    it(`tafl ${c.name} --help and tafl help ${c.name} print its usage`, async () => {
      expect((await tafl([c.name, '--help'])).stdout).toBe(c.usage);
      expect((await tafl([c.name, '-h'])).stdout).toBe(c.usage);
      expect((await tafl(['help', c.name])).stdout).toBe(c.usage);
      expect(c.usage).toMatch(new RegExp(`^Usage: tafl ${c.name}`));
    });
  }
});

describe('tafl errors', () => {
  it('rejects an unknown command, naming the commands', async () => {
    expectUsageError(
      await tafl(['play']),
      // Every command in the order of the list, which other commands join at its end.
      new RegExp(
        `^tafl: unknown command "play"; commands: rules, show, moves, perft, ${COMMANDS.slice(4)
          .map((c) => c.name)
          .join(', ')}, help\n$`,
      ),
    );
    expectUsageError(await tafl(['help', 'play']), /unknown command "play"/);
  });

  it('rejects an unknown option, naming it and the command', async () => {
    expectUsageError(
      await tafl(['moves', '--rules', 'plazoleta', '--depht', '3']),
      /^tafl: unknown option --depht for tafl moves; see tafl moves --help\n$/,
    );
    expectUsageError(
      await tafl(['--verbose']),
      /^tafl: unknown option --verbose for tafl; see tafl --help\n$/,
    );
  });

  it('rejects a value given to a flag and a missing value', async () => {
    expectUsageError(await tafl(['rules', 'plazoleta', '--otn=yes']), /option --otn takes no value/);
    expectUsageError(await tafl(['moves', '--rules']), /option --rules needs a value/);
  });

  it('rejects an argument a command does not take', async () => {
    expectUsageError(
      await tafl(['perft', '--rules', 'plazoleta', '--depth', '1', '3']),
      /perft does not take the argument "3"/,
    );
  });

  it('rejects an unknown ruleset, naming the known ones', async () => {
    for (const command of ['moves', 'perft', 'trace', 'show'])
      expectUsageError(
        await tafl([command, '--rules', 'foo', ...(command === 'perft' ? ['--depth', '1'] : [])]),
        /^tafl: unknown ruleset "foo"; known: plazoleta, brandubh-2019, ard-ri-es, brandubh-en, ard-ri-fr, brandub-fr, opentafl-brandub, federation-brandubh\n$/,
      );
  });

  it('rejects a malformed position, saying what is wrong', async () => {
    expectUsageError(
      await tafl(['moves', '--rules', 'plazoleta', '--position', '3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3']),
      /^tafl: invalid position: a position record starts and ends with "\/"/,
    );
    expectUsageError(
      await tafl([
        'perft',
        '--rules',
        'plazoleta',
        '--depth',
        '1',
        '--position',
        '/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t4/',
      ]),
      /^tafl: invalid position: row 7 \("3t4"\) is 8 squares wide/,
    );
  });
});

describe('internal errors', () => {
  it("are exit code 1, told apart from the user's mistakes", async () => {
    const stderr = collector();
    const code = await guarded({ stdout: collector(), stderr, stdin: Readable.from([]) }, () => {
      throw new TypeError('boom');
    });
    expect(code).toBe(1);
    expect(stderr.text).toMatch(/^tafl: internal error, please report it: TypeError: boom\n/);
  });
});
