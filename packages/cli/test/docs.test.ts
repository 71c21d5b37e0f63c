// docs/cli.md against `tafl --help`, which lists the commands, and each command's own usage:
// each command has its section (`## \`tafl NAME\``) with an example, each of its subcommands and
// options is named in that section, and the page names no command or subcommand that does not
// exist (in its headings, code spans and code blocks, where commands are written).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tafl } from './helpers.js';

const DOC_PATH = fileURLToPath(new URL('../../../docs/cli.md', import.meta.url));

interface Listed {
  readonly name: string;
  readonly subcommands: readonly string[];
  readonly options: readonly string[];
}

/**
 * The commands of `tafl --help`'s list, with the subcommands and options of each one's own usage
 * (`tafl NAME --help`; `help` has none).
 */
async function listed(help: string): Promise<Listed[]> {
  const names = [...help.matchAll(/^ {2}([a-z]+) {2,}\S/gm)].map((m) => m[1]!);
  return Promise.all(
    names.map(async (name) => {
      const usage = name === 'help' ? '' : (await tafl([name, '--help'])).stdout;
      const subcommands = [...usage.matchAll(new RegExp(`^(?:Usage:)? +tafl ${name} ([a-z]+)\\b`, 'gm'))];
      const options = [...usage.matchAll(/^ {2,}(?:-[a-z], )?(--[a-z][a-z0-9-]*)/gm)];
      return {
        name,
        subcommands: [...new Set(subcommands.map((m) => m[1]!))],
        options: [...new Set(options.map((m) => m[1]!))],
      };
    }),
  );
}

/** The page's sections by command: the text under each `## \`tafl NAME\`` heading. */
function sections(doc: string): Map<string, string> {
  const parts = doc.split(/^(?=## )/m);
  const found = new Map<string, string>();
  for (const part of parts) {
    const name = /^## `tafl ([a-z]+)`\n/.exec(part)?.[1];
    if (name) found.set(name, part);
  }
  return found;
}

/** The text where the page writes commands: its code blocks and code spans. */
function code(doc: string): string[] {
  const blocks = [...doc.matchAll(/^```[a-z]*\n([\s\S]*?)^```$/gm)].map((m) => m[1]!);
  const prose = doc.replace(/^```[a-z]*\n[\s\S]*?^```$/gm, '');
  const spans = [...prose.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]!);
  return [...blocks, ...spans];
}

const mentions = (text: string, option: string): boolean => new RegExp(`${option}(?![a-z0-9-])`).test(text);

const help = await tafl(['--help']);
const commands = await listed(help.stdout);
const doc = readFileSync(DOC_PATH, 'utf8');
const bySection = sections(doc);

describe('docs/cli.md', () => {
  it('reads the commands, subcommands and options of tafl --help', () => {
    expect(help.code).toBe(0);
    const names = commands.map((c) => c.name);
    expect(names).toEqual(expect.arrayContaining(['rules', 'perft', 'match', 'tb', 'help']));
    expect(commands.find((c) => c.name === 'tb')?.subcommands).toEqual(['build', 'probe', 'verify']);
    expect(commands.find((c) => c.name === 'match')?.options).toEqual(
      expect.arrayContaining(['--a', '--b', '--even-nodes', '--send-delay', '--help']),
    );
    expect(commands.find((c) => c.name === 'rules')?.options).toEqual(['--otn', '--help']);
  });

  it('names --help, which every command takes', () => {
    expect(mentions(doc, '--help')).toBe(true);
  });

  describe.each(commands.map((c) => [c.name, c] as const))('tafl %s', (name, command) => {
    it('has a section with an example', () => {
      const section = bySection.get(name);
      expect(section, `no "## \`tafl ${name}\`" section`).toBeDefined();
      const examples = code(section!).filter((c) =>
        new RegExp(`^(\\$ )?(npx )?tafl ${name}\\b`, 'm').test(c),
      );
      expect(examples.length, `no example of tafl ${name}`).toBeGreaterThan(0);
    });

    it('names every subcommand and option of its usage in its section', () => {
      const section = bySection.get(name) ?? '';
      for (const sub of command.subcommands)
        expect(section, `tafl ${name} ${sub}`).toContain(`tafl ${name} ${sub}`);
      const missing = command.options.filter((o) => o !== '--help' && !mentions(section, o));
      expect(missing).toEqual([]);
    });
  });

  it('names no command or subcommand that does not exist', () => {
    const named = new Map(commands.map((c) => [c.name, c.subcommands]));
    const wrong: string[] = [];
    for (const text of code(doc))
      for (const m of text.matchAll(/(?<![@/\w-])tafl ([a-z][a-z-]*)(?: ([a-z][a-z-]*))?/g)) {
        const [written, name, next] = m as unknown as [string, string, string | undefined];
        const subs = named.get(name);
        if (subs === undefined) wrong.push(written);
        else if (next !== undefined && subs.length > 0 && !subs.includes(next)) wrong.push(written);
      }
    expect(wrong).toEqual([]);
    expect([...bySection.keys()].filter((name) => !named.has(name))).toEqual([]);
  });
});
