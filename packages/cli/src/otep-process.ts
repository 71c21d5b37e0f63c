/**
 * An external OTEP engine as a child process, for `tafl match --a otep:'command line'`: spawns the
 * program (its command line split as a shell would, without running a shell), waits for its
 * `hello`, and asks it for moves through the engine package's OtepHost, which knows what to send.
 *
 * Every wait has a time limit, and every way an engine can fail becomes an `OtepProcessError` that
 * names the engine and says what happened: it could not start, exited (with the end of its stderr),
 * said nothing in time, gave up (`error -1`), or sent a move that cannot be read or played. A move
 * that is illegal is refused with `error` and asked for again, as OpenTafl does, `retries` times.
 * After a timeout the engine's state is unknown, so the process is not used again: close it.
 * Every such error carries the engine's last lines on stdout and stderr (`lastLines`), for a log.
 *
 * A game begins with `rules` alone: the side to play comes with each `play` (see the engine
 * package's OtepHost). A delay (`sendDelayMs`, none by default) keeps every line sent at least
 * that long after the engine's last line, for engines that fail when a line arrives within a
 * moment of their own move (OpenTafl's engine plays its move on its own board, and prints its
 * search's figures, after it has sent it, in another thread: a `play` that comes meanwhile
 * crashes it).
 */

import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';
import {
  fail,
  ok,
  type Move,
  type Outcome,
  type Position,
  type Result,
  type Ruleset,
  type Side,
} from '@tafl/core';
import { OtepHost, clockOf, parseEngineLine, type EngineMessage, type OtepMoveLimits } from '@tafl/engine';

export class OtepProcessError extends Error {
  constructor(
    message: string,
    /** The engine's last lines, `stdout: ...` then `stderr: ...`, oldest first (none if it never ran). */
    readonly lastLines: readonly string[] = [],
  ) {
    super(message);
  }
}

/** Splits a command line into words as a POSIX shell would: quotes, backslashes, no expansion. */
export function splitCommandLine(text: string): Result<string[], 'ERR_COMMAND_LINE'> {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  let quote: string | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote === "'") {
      if (c === "'") quote = undefined;
      else word += c;
    } else if (quote === '"') {
      if (c === '"') quote = undefined;
      else if (c === '\\' && '"\\$`'.includes(text[i + 1] ?? 'x')) word += text[++i];
      else word += c;
    } else if (/\s/.test(c)) {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
    } else {
      inWord = true;
      if (c === "'" || c === '"') quote = c;
      else if (c === '\\') word += text[++i] ?? '';
      else word += c;
    }
  }
  if (quote !== undefined)
    return fail('ERR_COMMAND_LINE', `the command line ${JSON.stringify(text)} has an unclosed ${quote}`);
  if (inWord) words.push(word);
  if (words.length === 0) return fail('ERR_COMMAND_LINE', 'the engine command line is empty');
  return ok(words);
}

export interface OtepProcessOptions {
  /** The engine's working directory. */
  readonly cwd?: string;
  /** How long the engine may take to say `hello` (default 10 s). */
  readonly helloTimeoutMs?: number;
  /** How long an untimed move may take (default 60 s). */
  readonly moveTimeoutMs?: number;
  /** Added to the engine's clock before it is given up on (default 5 s). */
  readonly graceMs?: number;
  /** How many times an illegal move is refused and asked for again (default 1). */
  readonly retries?: number;
  /** No line is sent within this many milliseconds of the engine's last line (default 0: at once). */
  readonly sendDelayMs?: number;
  /** The engine's `status` lines and non-critical errors. */
  readonly onStatus?: (text: string) => void;
  /** Every line, sent (`>`) or received (`<`), for a transcript. */
  readonly onLine?: (direction: '>' | '<', line: string) => void;
}

interface Waiter {
  readonly pick: (message: EngineMessage) => boolean;
  readonly resolve: (message: EngineMessage) => void;
  readonly reject: (error: Error) => void;
  readonly timer: NodeJS.Timeout;
}

const STDERR_TAIL = 2000;
/** How many of the engine's last lines on each stream an error carries. */
const TAIL_LINES = 8;
const delay = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms).unref());

export class OtepProcess {
  private readonly host = new OtepHost();
  private waiter: Waiter | undefined;
  /** Why the process cannot be used any more, once it cannot. */
  private broken: string | undefined;
  private stderr = '';
  private lastLines: string[] = [];
  /** When the engine's last line came, for `sendDelayMs`. */
  private lastReadAt = 0;
  private readonly exited: Promise<void>;
  /** The lines waiting for `sendDelayMs`, written in order. */
  private outbox: Promise<void> = Promise.resolve();

  private constructor(
    private readonly child: ChildProcessWithoutNullStreams,
    /** The engine in sentences: its command line. */
    readonly name: string,
    private readonly options: OtepProcessOptions,
  ) {
    child.stderr.setEncoding('utf8').on('data', (d: string) => {
      this.stderr = (this.stderr + d).slice(-STDERR_TAIL);
    });
    child.stdin.on('error', () => undefined); // a dead engine is reported by 'close'
    createInterface({ input: child.stdout }).on('line', (line) => this.read(line));
    this.exited = new Promise((resolve) => {
      child.on('error', (e) => this.breakDown(`${this.name} could not be started: ${e.message}`));
      child.on('close', (code, signal) => {
        const how = signal !== null ? `was killed by ${signal}` : `exited with code ${code}`;
        const said = this.stderr.trim() === '' ? '' : `; its last words on stderr: ${this.stderr.trim()}`;
        this.breakDown(`${this.name} ${how}${said}`);
        resolve();
      });
    });
  }

  /** Starts the engine of `commandLine` and waits for its `hello`. */
  static async start(commandLine: string, options: OtepProcessOptions = {}): Promise<OtepProcess> {
    const words = splitCommandLine(commandLine);
    if (!words.ok) throw new OtepProcessError(words.message);
    const [program, ...args] = words.value;
    const child = spawn(program!, args, { cwd: options.cwd, stdio: ['pipe', 'pipe', 'pipe'] });
    const engine = new OtepProcess(child, `the engine ${JSON.stringify(commandLine)}`, options);
    try {
      await engine.expect('hello', options.helloTimeoutMs ?? 10_000, (m) => m.kind === 'hello');
    } catch (e) {
      await engine.close(500);
      throw e;
    }
    return engine;
  }

  /** Tells the engine that a game under `rules` begins. */
  newGame(rules: Ruleset): void {
    this.check();
    this.send(this.host.newGame(rules));
  }

  /** False once the engine has failed or been closed: start another. */
  get usable(): boolean {
    return this.broken === undefined;
  }

  /** The engine's last lines, `stdout: ...` then `stderr: ...`, oldest first. */
  tail(): string[] {
    const stderr = this.stderr.split(/\r?\n/).filter((l) => l.trim() !== '');
    return [
      ...this.lastLines.map((l) => `stdout: ${l}`),
      ...stderr.slice(-TAIL_LINES).map((l) => `stderr: ${l}`),
    ];
  }

  /** The engine's move for the side to move in `pos` (which is not changed). */
  async bestMove(pos: Position, limits: OtepMoveLimits = {}): Promise<Move> {
    const retries = this.options.retries ?? 1;
    for (let attempt = 0; ; attempt++) {
      this.check();
      this.send(this.host.requestMove(pos, limits, attempt > 0));
      const what = `move for the ${pos.turn}`;
      const reply = await this.expect(what, this.timeFor(pos.turn, limits), (m) => m.kind === 'move');
      const record = reply.kind === 'move' ? reply.record : '';
      const answer = this.host.acceptMove(pos, record);
      this.send(answer.lines);
      if (answer.ok) return answer.move;
      if (attempt >= retries)
        throw this.error(`${this.name} played ${JSON.stringify(record)}: ${answer.message}`);
    }
  }

  /** Tells the engine that the game is over, with its outcome (none: stopped before the end). */
  finish(outcome?: Outcome): void {
    if (this.broken === undefined) this.send(this.host.finish(outcome));
  }

  /** Says goodbye and waits a little for the engine to exit, then ends it. */
  async close(waitMs = 2000): Promise<void> {
    const running = (): boolean => this.child.exitCode === null && this.child.signalCode === null;
    if (this.child.pid !== undefined && running()) {
      if (this.broken === undefined) this.send(this.host.goodbye());
      await this.outbox;
      this.breakDown(`${this.name} has been closed`);
      this.child.stdin.end();
      await Promise.race([this.exited, delay(waitMs)]);
      if (running()) {
        this.child.kill('SIGTERM');
        await Promise.race([this.exited, delay(waitMs)]);
        if (running()) this.child.kill('SIGKILL');
      }
    }
    this.breakDown(`${this.name} has been closed`);
  }

  /** The time the engine has for this move, plus the grace; the untimed default without a clock. */
  private timeFor(side: Side, limits: OtepMoveLimits): number {
    const clock = clockOf(limits);
    const own = clock?.[side];
    if (clock === undefined || own === undefined || own.ms < 0) return this.options.moveTimeoutMs ?? 60_000;
    return own.ms + own.periods * clock.periodMs + (this.options.graceMs ?? 5000);
  }

  private check(): void {
    if (this.broken !== undefined) throw this.error(this.broken);
    if (this.waiter !== undefined) throw this.error(`${this.name} is still thinking`);
  }

  private error(reason: string): OtepProcessError {
    return new OtepProcessError(reason, this.tail());
  }

  private send(lines: readonly string[]): void {
    if (lines.length === 0 || this.broken !== undefined) return;
    const write = (): void => {
      if (this.broken !== undefined) return;
      lines.forEach((line) => this.options.onLine?.('>', line));
      this.child.stdin.write(lines.map((line) => `${line}\n`).join(''));
    };
    const ms = this.options.sendDelayMs ?? 0;
    if (ms <= 0) write();
    else
      this.outbox = this.outbox
        .then(() => delay(Math.max(0, this.lastReadAt + ms - performance.now())))
        .then(write);
  }

  private read(line: string): void {
    this.lastReadAt = performance.now();
    this.options.onLine?.('<', line);
    this.lastLines = [...this.lastLines, line].slice(-TAIL_LINES);
    const message = parseEngineLine(line);
    if (message.kind === 'status') this.options.onStatus?.(message.text);
    if (message.kind === 'error' && !message.critical)
      this.options.onStatus?.(`error ${message.code} ${message.message}`.trim());
    if (message.kind === 'error' && message.critical)
      return this.breakDown(`${this.name} gave up: ${message.message || 'critical error'}`);
    if (message.kind === 'malformed' && this.waiter !== undefined)
      return this.breakDown(`${this.name} sent ${JSON.stringify(message.line)}: ${message.reason}`);
    this.send(this.host.answer(message));
    const waiter = this.waiter;
    if (waiter !== undefined && waiter.pick(message)) {
      this.waiter = undefined;
      clearTimeout(waiter.timer);
      waiter.resolve(message);
    }
  }

  /** Marks the process unusable and fails whatever was waiting, with `reason`. */
  private breakDown(reason: string): void {
    this.broken ??= reason;
    const waiter = this.waiter;
    this.waiter = undefined;
    if (waiter === undefined) return;
    clearTimeout(waiter.timer);
    waiter.reject(this.error(reason));
  }

  private expect(what: string, timeoutMs: number, pick: Waiter['pick']): Promise<EngineMessage> {
    this.check();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        const said = this.lastLines.length === 0 ? 'nothing' : JSON.stringify(this.lastLines.join(' / '));
        this.breakDown(`${this.name} sent no ${what} within ${timeoutMs} ms (its last lines: ${said})`);
      }, timeoutMs);
      this.waiter = { pick, resolve, reject, timer };
    });
  }
}
