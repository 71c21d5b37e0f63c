/**
 * Words and figures shared by the commands and the bench: the outcome of a game as a phrase,
 * node counts and rates, and paragraphs wrapped for a terminal.
 */

import type { Outcome, Position } from '@tafl/core';

/** `the attackers win (king captured)`, `a draw (repetition)`, or `ongoing`. */
export function describeOutcome(outcome: Outcome): string {
  if (outcome.status === 'ongoing') return 'ongoing';
  if (outcome.status === 'draw') return `a draw (${outcome.reason})`;
  return `the ${outcome.status} win (${outcome.reason})`;
}

/** Who is to move and, when the game has ended, how; one line. */
export function describeTurn(pos: Position): string {
  if (pos.isOver()) return `${pos.turn} to move; the game has ended: ${describeOutcome(pos.outcome())}`;
  if (pos.mustPass()) return `${pos.turn} to move; they have no legal move and must pass`;
  const n = pos.legalMoveCount;
  return `${pos.turn} to move; ${n} legal move${n === 1 ? '' : 's'}`;
}

/** Nodes per second as a whole number, or `-` when the time is too short to measure. */
export const rate = (nodes: number, ms: number): string =>
  ms > 0 ? String(Math.round((nodes * 1000) / ms)) : '-';

export const seconds = (ms: number): string => (ms / 1000).toFixed(3);

/** Millions with one decimal, for the bench's summary: `34.2M`. */
export const millions = (nodes: number, ms: number): string =>
  ms > 0 ? `${(((nodes / ms) * 1000) / 1e6).toFixed(1)}M` : '-';

/** Wraps a paragraph to `width` columns, every line after the first indented by `indent`. */
export function wrap(text: string, width: number, indent: string): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line !== '' && line.length + 1 + word.length > width) {
      lines.push(line);
      line = indent + word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  lines.push(line);
  return lines.join('\n');
}

/** Rows of cells as columns padded to their widest cell, two spaces apart; `right` columns right-aligned. */
export function columns(rows: readonly (readonly string[])[], right: readonly boolean[] = []): string {
  const widths: number[] = [];
  for (const row of rows) row.forEach((cell, i) => (widths[i] = Math.max(widths[i] ?? 0, cell.length)));
  const pad = (cell: string, i: number): string =>
    right[i] === true ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!);
  return rows.map((row) => row.map(pad).join('  ').trimEnd() + '\n').join('');
}
