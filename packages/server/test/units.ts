/**
 * The commands of a systemd unit of deploy/, run as systemd runs them (there is no systemd to run
 * the units in the tests): ExecCondition first (an exit of 1 to 254 skips the unit, which is
 * not a failure), then ExecStartPre, ExecStart and ExecStartPost, each of which must succeed,
 * under the unit's UMask.
 * The unit's text is taken as it is, `%%` and `$$` unescaped as systemd does, with only its
 * paths moved to the test's folders (each required to be there, as the proxy tests do).
 */

import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { template } from './tls-proxy.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export interface UnitRun {
  /** Whether ExecCondition let the unit run. */
  readonly ran: boolean;
  /** What the commands wrote (stdout and stderr), in order. */
  readonly output: string;
}

const STEPS = ['ExecCondition', 'ExecStartPre', 'ExecStart', 'ExecStartPost'] as const;

/** The unit's commands, by step, with systemd's escapes undone and `paths` replaced. */
export function unitCommands(
  name: string,
  paths: readonly (readonly [string, string, number])[],
): { step: (typeof STEPS)[number]; command: string }[] {
  const text = template(readFileSync(join(ROOT, 'deploy', name), 'utf8'), paths);
  return text
    .split('\n')
    .map((line) => /^(Exec\w+)=(.*)$/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null && (STEPS as readonly string[]).includes(m[1]!))
    .map((m) => ({
      step: m[1] as (typeof STEPS)[number],
      command: m[2]!.replace(/%%/g, '%').replace(/\$\$/g, '$'),
    }))
    .sort((a, b) => STEPS.indexOf(a.step) - STEPS.indexOf(b.step));
}

/**
 * Runs the unit `name` of deploy/ in `cwd` with `env` (its EnvironmentFile's settings) and
 * `paths` moved; throws, with what was written, when a command fails.
 */
export function runUnit(
  name: string,
  options: {
    readonly cwd: string;
    readonly env: Readonly<Record<string, string>>;
    readonly paths: readonly (readonly [string, string, number])[];
    /** Folders of programs the unit calls by name (node, pg_dump), before systemd's own PATH. */
    readonly bin?: readonly string[];
  },
): UnitRun {
  const path = [
    dirname(process.execPath),
    ...(options.bin ?? []),
    '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin',
  ].join(':');
  // UMask=, as systemd sets it for every command of the unit.
  const umask = /^UMask=(\d+)$/m.exec(readFileSync(join(ROOT, 'deploy', name), 'utf8'))?.[1];
  let output = '';
  for (const { step, command } of unitCommands(name, options.paths)) {
    const result = spawnSync('/bin/sh', ['-c', `${umask ? `umask ${umask}; ` : ''}${command}`], {
      cwd: options.cwd,
      env: { PATH: path, LANG: 'C.UTF-8', ...options.env },
      encoding: 'utf8',
    });
    output += `${result.stdout}${result.stderr}`;
    const code = result.status;
    if (step === 'ExecCondition' && code !== null && code >= 1 && code <= 254) return { ran: false, output };
    if (code !== 0) throw new Error(`${name}: ${step} exited with ${code ?? result.signal}: ${output}`);
  }
  return { ran: true, output };
}
