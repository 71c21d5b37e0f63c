// `tafl otep` (the engine speaking OTEP on its streams) and OtepProcess (an OTEP engine program
// driven from here): in-process, as a real process under a scripted host, engine against engine
// through the protocol both ways, and every way an external engine can fail.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import {
  makeLastMoveRecord,
  makeMoveSquares,
  makePosition,
  makeRules,
  playMoveRecord,
  presetById,
  startingPosition,
  type Outcome,
  type Position,
  type Side,
} from '@tafl/core';
import { BANK_MOVES, seededRandom, type OtepClock } from '@tafl/engine';
import { readLines } from '../src/commands/otep.js';
import { OtepProcess, OtepProcessError, splitCommandLine } from '../src/otep-process.js';
import { BIN, expectUsageError, lines, tafl } from './helpers.js';

const RULES = presetById('opentafl-brandub')!;
const OTN = makeRules(RULES);
const board = (pos: Position): string => makePosition(pos.geo.size, pos.board.cells);
const FINISH: Record<Outcome['status'], number> = { ongoing: 0, draw: 1, attackers: 2, defenders: 3 };
/** Node limits make the engine's games replay exactly; the time limit never binds before them. */
const ENGINE = ['otep', '--nodes', '2000', '--time', '60000'];
const quoted = (word: string): string => `'${word.replace(/'/g, `'\\''`)}'`;
const engineCommand = (...args: string[]): string => [process.execPath, BIN, ...args].map(quoted).join(' ');

describe('tafl otep in-process', () => {
  it('prints its usage', async () => {
    const ran = await tafl(['otep', '--help']);
    expect(ran.code).toBe(0);
    expect(ran.stdout).toMatch(/^Usage: tafl otep \[--level L\] \[--time MS\] \[--nodes N\]/);
  });

  it('refuses a level, time or node count it cannot use', async () => {
    expectUsageError(await tafl(['otep', '--level', '9']), /--level must be a whole number from 1 to 6/);
    expectUsageError(await tafl(['otep', '--time', '1.5']), /--time must be a whole number/);
    expectUsageError(await tafl(['otep', '--nodes', '0']), /--nodes must be a whole number/);
    expectUsageError(await tafl(['otep', 'extra']), /otep does not take the argument "extra"/);
  });

  it('says hello, answers play with status and move, and stops reading at goodbye', async () => {
    const ran = await tafl(['otep', '--nodes', '500'], {
      stdin: [`rules ${OTN}\npl`, 'ay attackers\r\n', 'goodbye\nplay defenders\n'],
    });
    expect(ran.code).toBe(0);
    expect(ran.stderr).toBe('');
    const out = lines(ran.stdout);
    expect(out).toHaveLength(3);
    expect(out[0]).toBe('hello');
    expect(out[1]).toMatch(/^status attackers depth \d+ /);
    expect(out[2]).toMatch(/^move [a-g][1-7]-[a-g][1-7]$/);
  });

  it('ends quietly when its input ends', async () => {
    const ran = await tafl(['otep'], { stdin: [] });
    expect(ran).toEqual({ code: 0, stdout: 'hello\n', stderr: '' });
  });

  it('reads lines across chunks, CRLF, and UTF-8 split between chunks', async () => {
    const bytes = new TextEncoder().encode('é\n');
    async function* chunks(): AsyncGenerator<string | Uint8Array> {
      yield 'a\r\nb';
      yield 'c\n';
      yield bytes.slice(0, 1);
      yield bytes.slice(1);
      yield 'last';
    }
    const got: string[] = [];
    for await (const line of readLines(chunks())) got.push(line);
    expect(got).toEqual(['a', 'bc', 'é', 'last']);
  });
});

describe('splitting an engine command line', () => {
  it.each([
    ['engine', ['engine']],
    ['  java -jar  "Open Tafl.jar" --engine ', ['java', '-jar', 'Open Tafl.jar', '--engine']],
    [`node -e 'console.log("hi")'`, ['node', '-e', 'console.log("hi")']],
    [String.raw`a\ b "c\"d" 'e\f' g""`, ['a b', 'c"d', String.raw`e\f`, 'g']],
    [`x ''`, ['x', '']],
  ])('splits %j as a shell would', (text, words) => {
    expect(splitCommandLine(text)).toEqual({ ok: true, value: words });
  });

  it('refuses an unclosed quote and an empty line', () => {
    expect(splitCommandLine(`engine 'oops`)).toMatchObject({ ok: false, message: /has an unclosed '/ });
    expect(splitCommandLine('   ')).toMatchObject({ ok: false, message: 'the engine command line is empty' });
  });
});

/** The lines of a child's stdout, one at a time, with a time limit on each. */
function lineReader(child: ChildProcessWithoutNullStreams): (timeoutMs?: number) => Promise<string> {
  const queue: string[] = [];
  let wake: (() => void) | undefined;
  createInterface({ input: child.stdout }).on('line', (line) => {
    queue.push(line);
    wake?.();
  });
  return async (timeoutMs = 20_000) => {
    const deadline = Date.now() + timeoutMs;
    while (queue.length === 0) {
      if (Date.now() > deadline) throw new Error('the engine said nothing in time');
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, 50);
      });
    }
    return queue.shift()!;
  };
}

function spawnEngine(args: readonly string[]): ChildProcessWithoutNullStreams {
  return spawn(process.execPath, [BIN, ...args], { env: { ...process.env, NO_COLOR: '1' } });
}

const exitOf = (child: ChildProcessWithoutNullStreams): Promise<number | null> =>
  new Promise((resolve) => child.on('close', (code) => resolve(code)));

describe('tafl otep under a scripted host', () => {
  it('plays a whole game with clock updates, every move legal, to the end, then exits at goodbye', async () => {
    const child = spawnEngine(ENGINE);
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const next = lineReader(child);
    const send = (...messages: string[]): void =>
      void child.stdin.write(messages.map((m) => `${m}\n`).join(''));
    expect(await next()).toBe('hello');
    send(`rules ${OTN}`); // the side comes with play
    const pos = startingPosition(RULES);
    const random = seededRandom(2024);
    const left = { attackers: 300_000, defenders: 300_000 };
    let last: string | undefined;
    while (!pos.isOver() && pos.ply < 300) {
      if (pos.turn === 'defenders') {
        // the scripted opponent: a seeded random legal move, in full OTN
        const moves = pos.legalMoves();
        pos.play(moves[Math.floor(random() * moves.length)]!);
        last = makeLastMoveRecord(pos);
        left.defenders -= 700;
        continue;
      }
      const clock = `clock ${left.attackers} ${left.defenders} 0 0 0`;
      const turn = [...(last ? [`opponent-move ${last} ${board(pos)}`] : [])];
      // OpenTafl sends the clock before play, the spec after it: both are read
      send(...turn, ...(pos.ply % 4 === 0 ? [clock, 'play attackers'] : ['play attackers', clock]));
      let reply = await next();
      while (reply.startsWith('status ')) reply = await next();
      expect(reply).toMatch(/^move [a-g][1-7]-[a-g][1-7]$/);
      const played = playMoveRecord(pos, reply.slice('move '.length));
      expect(played.ok, `${reply} at ply ${pos.ply + 1}`).toBe(true);
      send(`move ${board(pos)}`);
      left.attackers -= 300;
    }
    const outcome = pos.outcome();
    expect(outcome.status).not.toBe('ongoing');
    send(`finish ${FINISH[outcome.status]}`, 'goodbye');
    expect(await exitOf(child)).toBe(0);
    expect(stderr).toBe('');
  });

  it('answers malformed messages with error 0 and goes on playing', async () => {
    const child = spawnEngine(ENGINE);
    const next = lineReader(child);
    expect(await next()).toBe('hello');
    const say = async (message: string): Promise<string> => {
      child.stdin.write(`${message}\n`);
      return next();
    };
    expect(await say('hello?')).toBe('status ignored "hello?", which is not an OTEP command');
    expect(await say('dump 2')).toBe('status ignored "dump", which is not an OTEP command'); // OpenTafl's host sends dump
    expect(await say('rules dim:7 start:/oops/')).toMatch(/^error -1 rules not supported: /);
    expect(await say('position /7/7/7/3K3/7/7/7/')).toBe('error 0 position before rules: send rules first');
    child.stdin.write(`rules ${OTN}\n`);
    expect(await say('clock 1 2 3')).toMatch(/^error 0 clock needs five numbers/);
    expect(await say('opponent-move ')).toMatch(/^error 0 opponent-move needs a move list/);
    expect(await say('opponent-move d7-d9 /garbage/')).toMatch(/^error 0 bad position in opponent-move/);
    expect(await say('side up')).toBe('error 0 side must be attackers or defenders, not "up"');
    expect(await say(`${'x'.repeat(5000)}`)).toMatch(
      /^status ignored "x{57}\.\.\.", which is not an OTEP command$/,
    );
    expect(await say('play attackers')).toMatch(/^status /);
    expect(await next()).toMatch(/^move [a-g][1-7]-[a-g][1-7]$/);
    child.stdin.end('goodbye\n');
    expect(await exitOf(child)).toBe(0);
  });
});

describe('OtepProcess driving tafl otep', () => {
  it('plays a whole game between two tafl otep processes through the protocol, to the end', async () => {
    const sent: string[] = [];
    const engines = {} as Record<Side, OtepProcess>;
    for (const side of ['attackers', 'defenders'] as const) {
      const level = side === 'attackers' ? '6' : '4';
      engines[side] = await OtepProcess.start(engineCommand(...ENGINE, '--level', level), {
        onLine: (direction, line) => {
          if (direction === '>' && side === 'defenders') sent.push(line);
        },
      });
      engines[side].newGame(RULES);
    }
    const pos = startingPosition(RULES);
    const left = { attackers: 120_000, defenders: 120_000 };
    while (!pos.isOver() && pos.ply < 300) {
      const clock: OtepClock = {
        attackers: { ms: left.attackers, overtime: false, periods: 0 },
        defenders: { ms: left.defenders, overtime: false, periods: 0 },
        periodMs: 0,
      };
      const move = await engines[pos.turn].bestMove(pos, { clock });
      expect(pos.isLegal(move)).toBe(true);
      left[pos.turn] -= 200;
      pos.play(move);
    }
    expect(pos.outcome().status).not.toBe('ongoing');
    for (const engine of Object.values(engines)) {
      engine.finish(pos.outcome());
      await engine.close();
    }
    // the defenders' engine heard: the new game (rules alone: no side, no start), then each turn
    // the attackers' move, clock, play
    expect(sent[0]).toBe(`rules ${OTN}`);
    expect(sent[1]).toMatch(/^opponent-move [a-g][1-7]-[a-g][1-7] \/\S+\/$/);
    expect(sent[2]).toBe('clock 119800 120000 0 0 0');
    expect(sent[3]).toBe('play defenders');
    expect(sent[4]).toMatch(/^move \/\S+\/$/);
    expect(sent.filter((l) => l.startsWith('side') || l === 'start')).toEqual([]);
    expect(sent.slice(-2)).toEqual([`finish ${FINISH[pos.outcome().status]}`, 'goodbye']);
  });

  it('plays with a time per move when there is no clock, and refuses use after close', async () => {
    const engine = await OtepProcess.start(engineCommand(...ENGINE, '--level', '2'));
    const pos = startingPosition(RULES);
    const move = await engine.bestMove(pos, { timeMs: 300 });
    expect(pos.isLegal(move)).toBe(true);
    await engine.close();
    await expect(engine.bestMove(pos)).rejects.toThrow(/has been closed/);
  });
});

/** A fake engine: a node script that says hello and does `onPlay` (JavaScript) at each play. */
function fakeEngine(onPlay: string, hello = 'console.log("hello");'): string {
  const script =
    'const rl = require("readline").createInterface({ input: process.stdin });' +
    hello +
    `rl.on("line", (l) => { if (l.startsWith("play")) { ${onPlay} } if (l === "goodbye") process.exit(0); });`;
  return `${quoted(process.execPath)} -e ${quoted(script)}`;
}

describe('OtepProcess: an engine that fails', () => {
  const pos = startingPosition(RULES);

  it('cannot start a program that is not there', async () => {
    await expect(OtepProcess.start('/nonexistent/tafl-engine --fast')).rejects.toThrow(
      /the engine "\/nonexistent\/tafl-engine --fast" could not be started: spawn \/nonexistent\/tafl-engine ENOENT/,
    );
  });

  it('refuses an unclosed quote in the command line', async () => {
    await expect(OtepProcess.start(`engine 'oops`)).rejects.toThrow(/has an unclosed '/);
  });

  it('reports an engine that exits before hello, with its last words on stderr', async () => {
    const command = `${quoted(process.execPath)} -e ${quoted('console.error("no licence file"); process.exit(3)')}`;
    await expect(OtepProcess.start(command)).rejects.toThrow(
      /exited with code 3; its last words on stderr: no licence file/,
    );
  });

  it('gives up on an engine that never says hello', async () => {
    const command = fakeEngine('', 'console.log("Loading..."); setInterval(() => {}, 1000);');
    await expect(OtepProcess.start(command, { helloTimeoutMs: 400 })).rejects.toThrow(
      /sent no hello within 400 ms \(its last lines: (nothing|"Loading...")\)/,
    );
  });

  it('gives up on an engine that does not move in time: its clock (a bank of BANK_MOVES moves) and a grace', async () => {
    const engine = await OtepProcess.start(fakeEngine('console.log("status thinking");'), { graceMs: 200 });
    await expect(engine.bestMove(pos, { timeMs: 10 })).rejects.toThrow(
      new RegExp(
        `sent no move for the attackers within ${BANK_MOVES * 10 + 200} ms \\(its last lines: "hello / status thinking"\\)`,
      ),
    );
    // its state is unknown now: it is not asked again
    await expect(engine.bestMove(pos)).rejects.toThrow(/sent no move/);
    await engine.close(500);
  });

  it('refuses a move it cannot read or play, after asking again once', async () => {
    const transcript: string[] = [];
    const engine = await OtepProcess.start(fakeEngine('console.log("move z9-z10");'), {
      onLine: (direction, line) => transcript.push(`${direction} ${line}`),
    });
    await expect(engine.bestMove(pos)).rejects.toThrow(/played "z9-z10": "z9-z10" names a square/);
    expect(transcript.filter((l) => l.startsWith('> error'))).toEqual(['> error 2', '> error 2']);
    await engine.close();
  });

  it('refuses a message that is not OTEP while it waits for a move', async () => {
    const engine = await OtepProcess.start(fakeEngine('console.log("move d7-c7 at once");'));
    await expect(engine.bestMove(pos)).rejects.toThrow(
      /sent "move d7-c7 at once": move needs one move record/,
    );
    await engine.close();
  });

  it('gives its last lines on stdout and stderr with its failure, and is no longer usable', async () => {
    const dies = await OtepProcess.start(
      fakeEngine(
        'console.log("status deep in thought"); console.error("Exception in thread AI"); process.exit(1);',
      ),
    );
    expect(dies.usable).toBe(true);
    const failure = await dies.bestMove(pos).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(failure).toBeInstanceOf(OtepProcessError);
    expect((failure as OtepProcessError).message).toMatch(/exited with code 1/);
    expect((failure as OtepProcessError).lastLines).toEqual([
      'stdout: hello',
      'stdout: status deep in thought',
      'stderr: Exception in thread AI',
    ]);
    expect(dies.usable).toBe(false);
    await dies.close();
  });

  it('with a send delay, sends every line in order, none within the delay of the engine’s last line', async () => {
    const sent: string[] = [];
    const engine = await OtepProcess.start(fakeEngine('console.log("move d7-c7");'), {
      sendDelayMs: 30,
      onLine: (direction, line) => direction === '>' && sent.push(line),
    });
    engine.newGame(RULES);
    expect(makeMoveSquares(pos.geo, await engine.bestMove(pos, { timeMs: 100 }))).toBe('d7-c7');
    expect(sent).toEqual([`rules ${OTN}`, 'clock 4000 4000 0 0 0', 'play attackers']);
    engine.finish();
    await engine.close();
    expect(sent.slice(-2)).toEqual(['finish 0', 'goodbye']);
  });

  it('reports an engine that gives up (error -1) or dies in the middle of a game', async () => {
    const givesUp = await OtepProcess.start(fakeEngine('console.log("error -1 out of ideas");'));
    await expect(givesUp.bestMove(pos)).rejects.toThrow(/gave up: out of ideas/);
    await givesUp.close();
    const dies = await OtepProcess.start(fakeEngine('process.exit(7);'));
    await expect(dies.bestMove(pos)).rejects.toThrow(/exited with code 7/);
    await dies.close();
  });

  it('ignores lines that are not OTEP and passes status lines on', async () => {
    const statuses: string[] = [];
    const engine = await OtepProcess.start(
      fakeEngine(
        'console.log("Client received: play"); console.log("status 3 moves seen"); console.log("move d7-c7");',
      ),
      { onStatus: (text) => statuses.push(text) },
    );
    expect(makeMoveSquares(pos.geo, await engine.bestMove(pos))).toBe('d7-c7');
    expect(statuses).toEqual(['3 moves seen']);
    await engine.close();
  });
});
