/**
 * What the reverse-proxy tests share: a self-signed certificate for the example name, free
 * ports, HTTPS and plain HTTP requests from a chosen loopback address (127.0.0.2, 127.0.0.3...
 * are distinct clients as the proxy sees them), and a proxy process of our own, stopped when the
 * test file ends whatever happens.
 */

import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { connect, createServer } from 'node:net';
import { join } from 'node:path';

/** The name the example configurations serve, and the test's certificate is for. */
export const NAME = 'tafl.example.org';

/** A self-signed certificate for NAME (openssl req), its key, and the certificate's text. */
export function makeCertificate(dir: string): { cert: string; key: string; ca: string } {
  const cert = join(dir, 'cert.pem');
  const key = join(dir, 'key.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '2',
      '-subj',
      `/CN=${NAME}`,
      '-addext',
      `subjectAltName=DNS:${NAME}`,
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'ignore' },
  );
  return { cert, key, ca: readFileSync(cert, 'utf8') };
}

/** A port free on 127.0.0.1 when asked (the proxy takes it right after). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * `text` with each `[from, to]` replaced, every one required to be there exactly `count` times:
 * a configuration that changed under the test fails it instead of being tested half-templated.
 */
export function template(text: string, replacements: readonly (readonly [string, string, number])[]): string {
  let out = text;
  for (const [from, to, count] of replacements) {
    const found = out.split(from).length - 1;
    if (found !== count) throw new Error(`the configuration has ${found} of "${from}", not ${count}`);
    out = out.split(from).join(to);
  }
  return out;
}

export interface Answer {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

export interface RequestOptions {
  readonly method?: string;
  readonly headers?: Record<string, string>;
  readonly body?: string;
  /** The client's own address (127.0.0.x). */
  readonly from?: string;
}

/** One HTTPS request to 127.0.0.1:`port`, for NAME, trusting only `ca`; a fresh connection. */
export function https(port: number, ca: string, path: string, options: RequestOptions = {}): Promise<Answer> {
  return send(
    httpsRequest({
      host: '127.0.0.1',
      port,
      path,
      method: options.method ?? 'GET',
      headers: { host: NAME, ...options.headers },
      servername: NAME,
      ca,
      agent: false,
      ...(options.from ? { localAddress: options.from } : {}),
    }),
    options.body,
  );
}

/** One plain HTTP request to 127.0.0.1:`port`, for NAME. */
export function http(port: number, path: string, options: RequestOptions = {}): Promise<Answer> {
  return send(
    httpRequest({
      host: '127.0.0.1',
      port,
      path,
      method: options.method ?? 'GET',
      headers: { host: NAME, ...options.headers },
      agent: false,
      ...(options.from ? { localAddress: options.from } : {}),
    }),
    options.body,
  );
}

function send(req: ReturnType<typeof httpRequest>, body: string | undefined): Promise<Answer> {
  return new Promise((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const children = new Set<ChildProcess>();
process.once('exit', () => children.forEach((c) => c.kill('SIGKILL')));

export interface ProxyProcess {
  readonly output: () => string;
  /** Stops it (SIGTERM) and waits for its exit. */
  stop(): Promise<void>;
}

/**
 * Starts `command args` and waits until 127.0.0.1:`port` accepts connections; throws with what
 * it wrote (and `logFile`, if any) when it exits first or takes more than 20 s.
 */
export async function startProxy(
  command: string,
  args: readonly string[],
  port: number,
  logFile?: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<ProxyProcess> {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env });
  children.add(child);
  let output = '';
  child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => (children.delete(child), resolve())),
  );
  const said = (): string => {
    let log = '';
    try {
      if (logFile) log = readFileSync(logFile, 'utf8');
    } catch {
      // not written yet
    }
    return `${output}${log}`;
  };
  const end = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`${command} exited (${child.exitCode ?? child.signalCode}): ${said()}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => (socket.destroy(), resolve(true)));
      socket.on('error', () => resolve(false));
    });
    if (open) break;
    if (Date.now() > end) {
      child.kill('SIGKILL');
      throw new Error(`${command} did not listen on ${port} within 20 s: ${said()}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    output: said,
    stop: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

/** Writes `text` to `dir/name`; its path. */
export function write(dir: string, name: string, text: string): string {
  const file = join(dir, name);
  writeFileSync(file, text);
  return file;
}
