/**
 * Requests as a forger writes them, for the cross-site attack tests: a raw HTTP/1.1 request over
 * a TCP socket (the request line, the headers and the body exactly as given: no client tidies the
 * path, merges a repeated header or upper-cases a method), and the spellings of a route's path
 * that a router may decode to the route (or not).
 *
 *     const r = await raw(server.url, { method: 'POST', target: '/%61pi/account/signout', headers });
 *     for (const s of spellings('/api/account/signout', host)) ...
 */

import { connect } from 'node:net';

export interface RawRequest {
  readonly method: string;
  /** The request-target as sent: a path (spelled any way) or an absolute URL. */
  readonly target: string;
  /** Sent in this order; a name twice is sent twice. Host is added unless given. */
  readonly headers?: readonly (readonly [string, string])[];
  readonly body?: string;
}

export interface RawResponse {
  readonly status: number;
  /** Lower-case names; a header sent twice has its values joined with ', '. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

/** A request of its own connection (Connection: close), and the server's whole answer. */
export function raw(base: string, request: RawRequest): Promise<RawResponse> {
  const url = new URL(base);
  const headers = [...(request.headers ?? [])];
  if (!headers.some(([name]) => name.toLowerCase() === 'host')) headers.unshift(['Host', url.host]);
  const body = Buffer.from(request.body ?? '');
  if (request.body !== undefined) headers.push(['Content-Length', String(body.length)]);
  headers.push(['Connection', 'close']);
  const head = `${request.method} ${request.target} HTTP/1.1\r\n${headers.map(([n, v]) => `${n}: ${v}\r\n`).join('')}\r\n`;
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname);
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    // The server may answer and close before it has read the body (a refusal): the answer counts.
    socket.on('error', (e) => (chunks.length > 0 ? undefined : reject(e)));
    socket.on('close', () => {
      const parsed = parseResponse(Buffer.concat(chunks));
      if (parsed) resolve(parsed);
      else reject(new Error(`no HTTP answer to ${request.method} ${request.target}`));
    });
    // Not end(): a half-closed connection may be dropped before it is answered.
    socket.write(Buffer.concat([Buffer.from(head, 'latin1'), body]));
  });
}

function parseResponse(data: Buffer): RawResponse | undefined {
  const end = data.indexOf('\r\n\r\n');
  if (end < 0) return undefined;
  const [statusLine, ...lines] = data.subarray(0, end).toString('latin1').split('\r\n');
  const status = /^HTTP\/1\.[01] (\d{3})/.exec(statusLine ?? '')?.[1];
  if (status === undefined) return undefined;
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
  }
  let body = data.subarray(end + 4);
  if (headers['transfer-encoding']?.toLowerCase() === 'chunked') body = unchunk(body);
  return { status: Number(status), headers, body: body.toString('utf8') };
}

function unchunk(data: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = data.indexOf('\r\n', at);
    if (lineEnd < 0) break;
    const size = Number.parseInt(data.subarray(at, lineEnd).toString('latin1'), 16);
    if (!(size > 0)) break;
    parts.push(data.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

/** The error code of a JSON refusal, or undefined. */
export function errorCode(response: RawResponse): string | undefined {
  try {
    return (JSON.parse(response.body) as { error?: { code?: string } }).error?.code;
  } catch {
    return undefined;
  }
}

/** One way of writing a request line aimed at a route. */
export interface Spelling {
  readonly what: string;
  readonly method?: string;
  readonly target: string;
}

const hex = (c: string, lower = false): string =>
  [...Buffer.from(c, 'utf8')]
    .map((b) => `%${lower ? b.toString(16).padStart(2, '0') : b.toString(16).toUpperCase().padStart(2, '0')}`)
    .join('');

/**
 * Spellings of `path` (an `/api/...` path with its parameters filled in): percent-encoding of a
 * letter, of every character, of a parameter (`param`, a value in the path), double encoding, an
 * encoded slash, `//`, `/./` and `/../`, a trailing slash or dot, `;x` path parameters, a query and
 * a fragment, upper case, a backslash, an overlong UTF-8 letter, an encoded NUL, the absolute form
 * (`POST http://host/api/...`) and a lower-case method. Some reach the route, some reach nothing:
 * a request must change nothing either way.
 */
export function spellings(path: string, host: string, method: string, param?: string): Spelling[] {
  const [, top = '', ...rest] = path.split('/');
  const tail = rest.join('/');
  const last = rest.at(-1) ?? '';
  const head = rest.slice(0, -1).join('/');
  const list: Spelling[] = [
    { what: 'as routed', target: path },
    { what: 'a letter percent-encoded', target: `/${hex(top[0]!)}${top.slice(1)}/${tail}` },
    { what: 'every character percent-encoded', target: path.replace(/[^/]/g, (c) => hex(c)) },
    { what: 'every character in lower-case hex', target: path.replace(/[^/]/g, (c) => hex(c, true)) },
    {
      what: 'a letter of the last segment encoded',
      target: `/${top}/${head ? `${head}/` : ''}${hex(last[0]!)}${last.slice(1)}`,
    },
    { what: 'double percent-encoding', target: `/%25${hex(top[0]!).slice(1)}${top.slice(1)}/${tail}` },
    { what: 'an encoded slash', target: `/${top}%2F${tail}` },
    { what: 'a doubled leading slash', target: `//${top}/${tail}` },
    { what: 'a doubled inner slash', target: `/${top}//${tail}` },
    { what: 'a trailing slash', target: `${path}/` },
    { what: 'a trailing dot', target: `${path}.` },
    { what: 'a dot segment', target: `/${top}/./${tail}` },
    { what: 'a dot-dot segment', target: `/${top}/x/../${tail}` },
    { what: 'an encoded dot-dot segment', target: `/${top}/x/%2E%2E/${tail}` },
    { what: 'a ;x path parameter at the end', target: `${path};x` },
    { what: 'a ;x path parameter in the first segment', target: `/${top};x/${tail}` },
    { what: 'a query', target: `${path}?x=1` },
    { what: 'a fragment', target: `${path}#x` },
    { what: 'upper case', target: `/${top.toUpperCase()}/${tail}` },
    { what: 'all upper case', target: path.toUpperCase() },
    { what: 'a backslash', target: `/${top}\\${tail}` },
    { what: 'an overlong UTF-8 letter', target: `/%C1%A1${top.slice(1)}/${tail}` },
    { what: 'an encoded NUL at the end', target: `${path}%00` },
    { what: 'an encoded space at the end', target: `${path}%20` },
    { what: 'the absolute form', target: `http://${host}${path}` },
    {
      what: 'the absolute form, a letter encoded',
      target: `http://${host}/${hex(top[0]!)}${top.slice(1)}/${tail}`,
    },
    { what: 'the method in lower case', method: method.toLowerCase(), target: path },
  ];
  if (param !== undefined) {
    const encoded = [...param].map((c) => hex(c)).join('');
    list.push(
      { what: 'its parameter percent-encoded', target: path.replace(param, encoded) },
      {
        what: 'its parameter and a letter encoded',
        target: `/${hex(top[0]!)}${top.slice(1)}/${tail.replace(param, encoded)}`,
      },
    );
  }
  return list;
}
