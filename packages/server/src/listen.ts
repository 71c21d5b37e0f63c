/**
 * Where the server listens, and the line that says so.
 *
 * HOST and PORT (127.0.0.1:8080) give a TCP address; SOCKET gives a Unix socket instead, for a
 * proxy on the same machine. On TCP, any local user can reach 127.0.0.1:PORT and, when
 * TRUST_PROXY names 127.0.0.1, claim any client address in X-Forwarded-For; a socket is a file,
 * and the kernel lets only those with write permission on it connect: the server makes it
 * mode 0660, its own user's and group's, so that only the proxy's user (put in the server's
 * group) and root can talk to it, and every connection on it is the proxy's (TRUST_PROXY=1).
 * docs/deploy.md, "Behind nginx or Caddy", tells the set-up.
 *
 * Each setting is checked before anything opens, and a refusal names it; so does a failure to
 * listen (a port in use, an address not on this machine, a name that does not resolve).
 *
 * The line saying where the server listens is a log line like every other (JSON in production,
 * so that `journalctl -o cat | jq` reads the whole journal); a person at a terminal (stdout a
 * TTY, as with `npm start`) also gets it as a plain line on stdout.
 */

import { chmodSync, existsSync, lstatSync, unlinkSync } from 'node:fs';
import { connect, isIP } from 'node:net';
import { isAbsolute } from 'node:path';

/** The start of the listening line: a reader takes the address that follows. */
export const LISTENING = 'Brandubh & Ard Ri: ';

/** The mode of the server's Unix socket: its user and group may connect, nobody else. */
export const SOCKET_MODE = 0o660;

/** Where to listen: a TCP host and port, or a Unix socket's path. */
export type ListenAt =
  | { readonly kind: 'tcp'; readonly host: string; readonly port: number }
  | { readonly kind: 'socket'; readonly path: string };

type Env = Readonly<Record<string, string | undefined>>;

const HOST_NAME =
  /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*\.?$/i;
/** A Unix socket's path is at most 107 bytes on Linux (sun_path's 108, with its NUL). */
const MAX_SOCKET_PATH = 107;

const given = (value: string | undefined): value is string => value !== undefined && value.trim() !== '';

/** HOST, PORT and SOCKET from the environment; a bad value throws a sentence naming its setting. */
export function listenSettings(env: Env): ListenAt {
  if (given(env.SOCKET)) return socketSetting(env);
  const rawPort = given(env.PORT) ? env.PORT : '8080';
  const port = Number(rawPort.trim());
  if (!/^\d+$/.test(rawPort.trim()) || port > 65_535)
    throw new Error(`PORT=${rawPort}: a port number from 0 to 65535 (0: any free port)`);
  const host = given(env.HOST) ? env.HOST.trim() : '127.0.0.1';
  const bare = host.replace(/^\[(.*)\]$/, '$1');
  if (isIP(bare) === 0 && !HOST_NAME.test(bare))
    throw new Error(
      `HOST=${env.HOST}: an address of this machine to listen on (127.0.0.1, ::1, 0.0.0.0) or a host name`,
    );
  return { kind: 'tcp', host: bare, port };
}

function socketSetting(env: Env): ListenAt {
  const path = env.SOCKET!.trim();
  if (!isAbsolute(path) || Buffer.byteLength(path) > MAX_SOCKET_PATH)
    throw new Error(`SOCKET=${env.SOCKET}: an absolute path of at most ${MAX_SOCKET_PATH} bytes`);
  for (const name of ['HOST', 'PORT'] as const)
    if (given(env[name]))
      throw new Error(
        `SOCKET=${env.SOCKET} and ${name}=${env[name]}: the server listens on a socket or on a port, not both (unset ${name})`,
      );
  const trust = env.TRUST_PROXY?.trim() ?? '';
  if (trust !== '' && !/^\d+$/.test(trust))
    throw new Error(
      `TRUST_PROXY=${env.TRUST_PROXY} with SOCKET: a connection on a socket has no address to compare; every one is the proxy's, so TRUST_PROXY=1`,
    );
  return { kind: 'socket', path };
}

/**
 * The listening line's text for one address (Fastify's `listenTextResolver`):
 * `Brandubh & Ard Ri: http://127.0.0.1:8080/` or `Brandubh & Ard Ri: unix:/run/tafl/tafl.sock`.
 */
export function listeningText(address: string): string {
  return `${LISTENING}${address.startsWith('/') ? `unix:${address}` : `${address}/`}`;
}

/**
 * Before listening on a socket: a file left at its path by a server that was killed is removed;
 * a socket some process still answers on is not taken over.
 */
export async function clearStaleSocket(path: string): Promise<void> {
  if (!existsSync(path)) return;
  if (!lstatSync(path).isSocket())
    throw new Error(`SOCKET=${path}: the path is a file that is not a socket; remove it or choose another`);
  const answered = await new Promise<boolean>((resolve) => {
    const probe = connect(path, () => (probe.destroy(), resolve(true)));
    probe.once('error', () => resolve(false));
  });
  if (answered)
    throw new Error(`SOCKET=${path}: another process is listening on it; stop it, or choose another SOCKET`);
  unlinkSync(path);
}

/**
 * After listening on a socket: the proxy's user, in the server's group, may connect; others not.
 * Until then it is as the umask made it, its owner's alone (connecting takes write permission,
 * which the umasks of systemd's units and of a login shell leave to the owner only).
 */
export function restrictSocket(path: string): void {
  chmodSync(path, SOCKET_MODE);
}

/** A failure to listen as a sentence naming the setting that led to it. */
export function listenFailure(at: ListenAt, e: unknown): Error {
  const code = (e as { code?: string }).code;
  const reason = e instanceof Error ? e.message : String(e);
  if (at.kind === 'socket')
    return new Error(
      `SOCKET=${at.path}: cannot listen on it (${reason}); does its folder exist, writable by this user?`,
    );
  const where = `HOST=${at.host} PORT=${at.port}`;
  const why: Record<string, string> = {
    EADDRINUSE: `PORT=${at.port} is in use on ${at.host}: another server listens there; stop it or choose another PORT`,
    EACCES: `PORT=${at.port}: this user may not listen on a port below 1024; use a higher PORT behind the proxy`,
    EADDRNOTAVAIL: `HOST=${at.host} is not an address of this machine`,
    ENOTFOUND: `HOST=${at.host}: no such host name`,
    EAI_AGAIN: `HOST=${at.host}: the name could not be resolved`,
  };
  return new Error(`${(code && why[code]) ?? `${where}: cannot listen there`} (${reason})`);
}
