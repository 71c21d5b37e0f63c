/**
 * JSON a client sent, read at a cost no greater than a flat text of its size. JSON.parse's cost
 * is not the text's size but what it builds: 512 KiB of `[[[…]]]` took 22 ms, 512 KiB of
 * `[{"k0":0},{"k1":0},…]` (a new key in every object: a hidden class each) 24 ms, against
 * 2.3 ms for 512 KiB of `[0,0,…]` (Node 20). So a text is scanned first, one pass over its
 * characters that allocates nothing (1 ms for 512 KiB): its size, the depth of its brackets and
 * its object members (every `:` outside strings), each against the most the protocol needs,
 * stopping at the first one too many. Only a text within every bound reaches JSON.parse, whose
 * work is then bounded by the text's size and its members. Array elements are not counted: a
 * plain value in an array costs what its bytes do.
 *
 * The scan does not check the JSON: wherever a text is valid so far, the depth and members it
 * counts are those JSON.parse has built, so JSON.parse fails on an invalid text before it goes
 * past a bound.
 *
 * No Node API: the app bundles protocol.ts, which reads WebSocket messages with this.
 */

export interface JsonBounds {
  /** What the text is, for the sentences: `a message`, `the request body`. */
  readonly what: string;
  /** The most characters the text may have (its bytes, for a text decoded from UTF-8). */
  readonly maxLength: number;
  /** The deepest nesting of arrays and objects: `{"a": 1}` is 1, `{"a": [1]}` is 2. */
  readonly maxDepth: number;
  /**
   * The most object members (key and value pairs) in all; not counted when absent (a text whose
   * size is a few kilobytes cannot hold enough of them to matter).
   */
  readonly maxMembers?: number;
}

export interface JsonRefusal {
  readonly code: 'msg/size' | 'msg/depth' | 'msg/json';
  readonly message: string;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;

/** Why a text is refused before it is parsed (its size, depth or members), or undefined. */
export function scanJson(text: string, bounds: JsonBounds): JsonRefusal | undefined {
  if (text.length > bounds.maxLength)
    return { code: 'msg/size', message: `${bounds.what} has at most ${bounds.maxLength} bytes` };
  const maxMembers = bounds.maxMembers ?? Infinity;
  let depth = 0;
  let members = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      // An escape's next character never ends the string (`\"`), whatever it is.
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
      if (++depth > bounds.maxDepth)
        return {
          code: 'msg/depth',
          message: `${bounds.what} nests arrays and objects at most ${bounds.maxDepth} deep`,
        };
    } else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) depth--;
    else if (c === COLON && ++members > maxMembers)
      return { code: 'msg/size', message: `${bounds.what} has at most ${maxMembers} keys in all` };
  }
  return undefined;
}

/** The value of a JSON text within `bounds`, or why not (its size, depth or members, or not JSON). */
export function readJson(
  text: string,
  bounds: JsonBounds,
): { readonly ok: true; readonly value: unknown } | ({ readonly ok: false } & JsonRefusal) {
  const refused = scanJson(text, bounds);
  if (refused) return { ok: false, ...refused };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, code: 'msg/json', message: `${bounds.what} is not JSON` };
  }
}
