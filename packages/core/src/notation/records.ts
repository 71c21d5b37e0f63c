/**
 * Files of several OTN game records, one after another, as `tafl match --records` writes them and
 * as players keep collections (OpenTafl itself saves one game a file, so a collection is often
 * its files put end to end):
 *
 *     [event:game 1]            <- record 1, line 1
 *     [rules:dim:7 ... start:/3t3/.../]
 *
 *     1. d2-e2 Kd4-d3
 *     [|]                       <- a comment: the first bracket after a turn
 *     [event:game 2]            <- record 2: a tag after moves
 *     [rules:dim:7 ... starti:/3t3/.../]
 *
 * A record ends where a tag line follows its moves. The one ambiguity is the bracket on the line
 * after a turn, which OpenTafl and we use for the turn's comments: it is the turn's comment unless
 * it is the start of a header, that is unless the turn already has its comment, or the bracket is
 * a tag (`[key:value]`, no `|`) followed by more brackets, by the rules tag or line, or by turn 1.
 * So a comment that looks like a tag (`[note:x]`) on the last turn before another record is read as
 * that record's first tag. A bare `dim:` line after moves (the spec's rules line) starts a record
 * too. Each record is then read by `parseRecord`, with its lines counted from the top of the file,
 * and a broken record does not hide the others.
 */

import type { Result } from '../result.js';
import { parseRecord, type GameRecord, type RecordError } from './record.js';
import { TAG_KEY_RE, normalizeText } from './record-text.js';

/** One record of a file: the line where it starts, and the record or why it cannot be read. */
export type RecordInFile = Result<GameRecord, RecordError> & { readonly line: number };

/**
 * Reads every record of a file of OTN game records, in order; an empty (or blank) text has none.
 * Each failure names the line of the problem; `line` is where that record starts.
 */
export function parseRecords(text: string): RecordInFile[] {
  const normal = normalizeText(text);
  const starts = recordStarts(normal);
  return starts.map((start, i) => {
    const end = starts[i + 1]?.at ?? normal.length;
    return { ...parseRecord(normal.slice(start.at, end), start.line), line: start.line };
  });
}

/** A bracketed group (`[...]`: a tag or a comment) or a stretch of a line outside brackets. */
interface Item {
  readonly kind: 'group' | 'text';
  readonly at: number;
  readonly line: number;
  /** Inside the brackets, or the stretch trimmed. */
  readonly text: string;
  /** Nothing but white space before it on its line. */
  readonly lineStart: boolean;
}

interface Start {
  readonly at: number;
  readonly line: number;
}

/** Cuts the text into groups and stretches; a group runs to the first `]`, as in parseRecord. */
function items(text: string): Item[] {
  const out: Item[] = [];
  let line = 1;
  let lineStart = true;
  let i = 0;
  let bracket = -1; // the next "[" at or after i, found once per bracket (long texts stay linear)
  const stretchEnd = (from: number): number => {
    if (bracket < from) bracket = text.indexOf('[', from) < 0 ? text.length : text.indexOf('[', from);
    const newline = text.indexOf('\n', from);
    return Math.min(bracket, newline < 0 ? text.length : newline);
  };
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === '\n') {
      line++;
      lineStart = true;
      i++;
      continue;
    }
    if (/\s/.test(ch)) {
      i++;
      continue;
    }
    const close = ch === '[' ? text.indexOf(']', i) : -1;
    const end = ch !== '[' ? stretchEnd(i) : close < 0 ? text.length : close + 1;
    const inner = ch === '[' ? text.slice(i + 1, close < 0 ? text.length : close) : text.slice(i, end).trim();
    out.push({ kind: ch === '[' ? 'group' : 'text', at: i, line, text: inner, lineStart });
    for (let j = i; j < end; j++) if (text.charCodeAt(j) === 10) line++;
    lineStart = false;
    i = end;
  }
  return out;
}

const isTurn = (item: Item | undefined): boolean => item?.kind === 'text' && /^[0-9]+\./.test(item.text);
const isRulesLine = (item: Item | undefined): boolean => item?.kind === 'text' && /^dim:/.test(item.text);
const isTag = (item: Item): boolean => {
  const colon = item.text.indexOf(':');
  return colon > 0 && !item.text.includes('|') && TAG_KEY_RE.test(item.text.slice(0, colon));
};

/** Where each record starts: the first item, then every header that follows moves. */
function recordStarts(text: string): Start[] {
  const all = items(text);
  if (all.length === 0) return [];
  const starts: Start[] = [all[0]!];
  let inBody = false;
  let commented = false; // the current turn has its comment
  for (let i = 0; i < all.length; i++) {
    const item = all[i]!;
    if (isTurn(item)) {
      inBody = true;
      commented = false;
      continue;
    }
    if (!inBody) continue;
    if (isRulesLine(item) && item.lineStart) {
      starts.push(item);
      inBody = false;
      continue;
    }
    if (item.kind !== 'group') continue;
    if (!item.lineStart) {
      commented = true; // a comment on the turn's own line
      continue;
    }
    const run = all.slice(i, nextNonGroup(all, i));
    const follows = all[i + run.length];
    if (!commented && (!isTag(item) || (run.length === 1 && !startsHeader(run, follows)))) {
      commented = true; // the turn's comment; a group after it starts the next header
      continue;
    }
    starts.push(item);
    inBody = false;
  }
  return starts;
}

/** The index of the first item from `from` on that is not a group. */
function nextNonGroup(all: readonly Item[], from: number): number {
  let j = from;
  while (j < all.length && all[j]!.kind === 'group') j++;
  return j;
}

/** A tag that is the whole header or its start: the rules tag, or followed by the rules line or turn 1. */
const startsHeader = (run: readonly Item[], follows: Item | undefined): boolean =>
  run.some((g) => g.text.startsWith('rules:')) ||
  isRulesLine(follows) ||
  (isTurn(follows) && /^1\./.test(follows!.text));
