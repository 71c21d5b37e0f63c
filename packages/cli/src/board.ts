/**
 * The board as text, drawn like the diagrams of docs/rules.md: rank 1 at the bottom, file letters
 * below, A attacker, D defender, K king. Empty special squares (the throne and the corners) are
 * `+`, so they stand out from the `.` of an ordinary empty square even without color; color is
 * an extra for terminals, chosen by the caller.
 */

import { ATTACKER, DEFENDER, KING, geometry } from '@tafl/core';

const ESC = '\u001b[';
const paint = (code: string, text: string): string => `${ESC}${code}m${text}${ESC}0m`;

const PIECES: Readonly<Record<number, readonly [string, string]>> = {
  [ATTACKER]: ['A', '1;31'],
  [DEFENDER]: ['D', '1;36'],
  [KING]: ['K', '1;33'],
};

export const LEGEND = 'A attacker, D defender, K king, + empty throne or corner, . empty square';

/** One square's symbol: a piece letter, `+` for an empty throne or corner, `.` otherwise. */
function symbol(code: number, special: boolean, color: boolean): string {
  const piece = PIECES[code];
  if (piece) return color ? paint(piece[1], piece[0]) : piece[0];
  if (special) return color ? paint('2', '+') : '+';
  return color ? paint('2', '.') : '.';
}

/** Draws a board of `size` (piece codes by square, a1 = 0), top rank first. */
export function drawBoard(size: number, board: ArrayLike<number>, color = false): string {
  const geo = geometry(size);
  const width = String(size).length;
  const label = (text: string): string => (color ? paint('2', text) : text);
  const lines: string[] = [];
  for (let rank = size - 1; rank >= 0; rank--) {
    const cells: string[] = [];
    for (let file = 0; file < size; file++) {
      const sq = rank * size + file;
      cells.push(symbol(board[sq] ?? 0, sq === geo.throne || geo.isCorner[sq] === 1, color));
    }
    lines.push(`${label(String(rank + 1).padStart(width))} ${cells.join(' ')}`);
  }
  const files = Array.from({ length: size }, (_, f) => String.fromCharCode(97 + f)).join(' ');
  lines.push(`${' '.repeat(width)} ${label(files)}`);
  return lines.join('\n') + '\n';
}
