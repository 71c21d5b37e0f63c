/**
 * A page for trying the board alone (board-test.html, built into dist for the browser tests):
 * a game under a preset's rules, with its legal moves from @tafl/core, or exactly the
 * destinations given in the address. Every move the board reports is listed in `#moves` and in
 * `window.boardMoves`. Address parameters:
 *   rules=ID       a preset (brandubh-2019 by default)
 *   dests=d7:c7.e7,a4:a5   these destinations only (a move then plays without rules)
 *   flipped=1  coords=0  edge=1 (edge escape squares)  hl=d4:danger,e4:route
 */

import {
  ATTACKER,
  DEFENDER,
  KING,
  PRESETS,
  encodeMove,
  geometry,
  moveFrom,
  moveTo,
  parseSquare,
  squareName,
  startingPosition,
  type Position,
} from '@tafl/core';
import { render } from 'preact';
import { useMemo, useState } from 'preact/hooks';
import type { BoardConfig, BoardSquare, PieceRole, SquareMarks } from './api.js';
import { Board } from './Board.js';
import '../styles/global.css';
import './testbed.css';

declare global {
  interface Window {
    boardMoves: string[];
  }
}

const params = new URLSearchParams(location.search);
const rules =
  PRESETS.find((r) => r.id === params.get('rules')) ?? PRESETS.find((r) => r.id === 'brandubh-2019')!;
const geo = geometry(rules.size);
const ROLE_OF: Record<number, PieceRole | undefined> = {
  [ATTACKER]: 'attacker',
  [DEFENDER]: 'defender',
  [KING]: 'king',
};

function parseDests(text: string): Map<BoardSquare, BoardSquare[]> {
  const dests = new Map<BoardSquare, BoardSquare[]>();
  for (const entry of text.split(',')) {
    const [from = '', tos = ''] = entry.split(':');
    const f = parseSquare(geo, from);
    const ts = tos.split('.').map((t) => parseSquare(geo, t));
    if (f !== undefined)
      dests.set(
        f,
        ts.filter((t): t is number => t !== undefined),
      );
  }
  return dests;
}

function parseHighlights(text: string): NonNullable<BoardConfig['highlights']> {
  return text.split(',').flatMap((entry) => {
    const [name = '', kind] = entry.split(':');
    const square = parseSquare(geo, name);
    return square !== undefined && (kind === 'route' || kind === 'hint' || kind === 'danger')
      ? [{ square, kind }]
      : [];
  });
}

function label(sq: BoardSquare, piece: PieceRole | undefined, marks: SquareMarks): string {
  const parts = [squareName(geo, sq), piece ?? 'empty'];
  if (marks.selected) parts.push('selected');
  if (marks.dest) parts.push('legal move');
  if (marks.lastMove) parts.push('last move');
  if (marks.captured) parts.push(`${marks.captured} captured`);
  return parts.join(', ');
}

interface Game {
  readonly pieces: readonly (PieceRole | undefined)[];
  readonly dests: ReadonlyMap<BoardSquare, readonly BoardSquare[]>;
  readonly lastMove?: readonly [BoardSquare, BoardSquare];
  readonly captured?: readonly { readonly square: BoardSquare; readonly role: PieceRole }[];
}

function fromPosition(pos: Position): Game {
  const pieces = Array.from({ length: geo.squares }, (_, sq) => ROLE_OF[pos.pieceAt(sq)]);
  const dests = new Map<BoardSquare, BoardSquare[]>();
  if (!pos.isOver())
    for (const m of pos.legalMoves())
      if (m >= 0) dests.set(moveFrom(m), [...(dests.get(moveFrom(m)) ?? []), moveTo(m)]);
  return { pieces, dests };
}

function Testbed() {
  const position = useMemo(() => startingPosition(rules), []);
  const fixed = params.get('dests');
  const [game, setGame] = useState<Game>(() => {
    const start = fromPosition(position);
    return fixed === null ? start : { ...start, dests: parseDests(fixed) };
  });
  const [flipped, setFlipped] = useState(params.get('flipped') === '1');
  const [moves, setMoves] = useState<string[]>([]);

  const onMove = (from: BoardSquare, to: BoardSquare): void => {
    const text = `${squareName(geo, from)}-${squareName(geo, to)}`;
    window.boardMoves.push(text);
    setMoves((ms) => [...ms, text]);
    if (fixed !== null) {
      const pieces = [...game.pieces];
      pieces[to] = pieces[from];
      pieces[from] = undefined;
      setGame({ pieces, dests: new Map(), lastMove: [from, to] });
      return;
    }
    const before = game.pieces;
    position.play(encodeMove(from, to));
    const captured = position.lastCaptured().flatMap((square) => {
      const role = before[square];
      return role ? [{ square, role }] : [];
    });
    setGame({ ...fromPosition(position), lastMove: [from, to], captured });
  };

  const config: BoardConfig = {
    size: geo.size,
    pieces: game.pieces,
    throne: geo.throne,
    corners: geo.corners,
    edgeEscape: params.get('edge') === '1' || rules.escape === 'edge',
    flipped,
    coordinates: params.get('coords') !== '0',
    dests: game.dests,
    ...(game.lastMove ? { lastMove: game.lastMove } : {}),
    ...(game.captured ? { captured: game.captured } : {}),
    highlights: parseHighlights(params.get('hl') ?? ''),
    squareLabel: label,
    label: 'Board',
    onMove,
  };

  return (
    <div class="testbed">
      <h1>Board testbed: {rules.id}</h1>
      <div class="testbed-board">
        <Board config={config} />
      </div>
      <p>
        <button type="button" id="flip" onClick={() => setFlipped((f) => !f)}>
          Flip the board
        </button>
      </p>
      <ol id="moves" aria-live="polite">
        {moves.map((m, i) => (
          <li key={i}>{m}</li>
        ))}
      </ol>
    </div>
  );
}

window.boardMoves = [];
render(<Testbed />, document.getElementById('app')!);
