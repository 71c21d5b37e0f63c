/**
 * The diagrams of a rules page, built from the parameters like the leaflets' drawings: a custodial
 * capture, captures against the throne and the corners where they are hostile, several captures
 * at once, each form of the king's capture the ruleset has, an escape. A diagram is a position, a
 * move and what the move should do; `playDiagram` plays it with the core, and only a diagram whose
 * move does exactly what its caption says is shown (for the presets, a unit test asserts that none
 * is ever dropped). So a diagram cannot contradict the rules it illustrates.
 *
 * Every move is one square long, so that it is legal whether pieces move like rooks or step; the
 * king stands away from the edge where the edge is an escape. Positions are drawn below with rank 7
 * at the top, as docs/rules.md draws them.
 */

import {
  ATTACKER,
  DEFENDER,
  EMPTY,
  KING,
  makeMoveSquares,
  makePosition,
  parseMove,
  positionFromOtn,
  squareName,
  type Ruleset,
  type Side,
} from '@tafl/core';
import type { Parameter, SectionId } from './explain.js';
import type { RulesText } from './text/index.js';

export type CaptionKey = keyof RulesText['captions'];
export type Outcome = 'ongoing' | 'king captured' | 'escape';

export interface Diagram {
  /** The caption's key in the catalogues; also the diagram's id on a page. */
  readonly caption: CaptionKey;
  /** The section of the explanation it illustrates. */
  readonly section: SectionId;
  /** The parameters it shows: their notes mark the diagram too. */
  readonly parameters: readonly Parameter[];
  /** Notes of one case of a parameter that this diagram shows (explain.ts, `marksFor`). */
  readonly claims?: readonly string[];
  /** The position before the move, as an OTN position record. */
  readonly position: string;
  readonly turn: Side;
  /** The move, `c6-d6`. */
  readonly move: string;
  /** What the move captures (square names, sorted), and how the game stands after it. */
  readonly captures: readonly string[];
  readonly outcome: Outcome;
  /** The square of a piece that the caption says is not captured, if any. */
  readonly spared?: string;
}

const CODES: Readonly<Record<string, number>> = { '.': EMPTY, A: ATTACKER, D: DEFENDER, K: KING };

/** An OTN record from seven rows of `.ADK`, rank 7 first. */
function record(rows: readonly string[]): string {
  const board = rows
    .slice()
    .reverse()
    .flatMap((row) => [...row].map((c) => CODES[c] ?? EMPTY));
  return makePosition(rows.length, board);
}

type Spec = Omit<Diagram, 'position' | 'captures' | 'outcome'> & {
  readonly rows: readonly string[];
  readonly captures?: readonly string[];
  readonly outcome?: Outcome;
};

const diagram = ({ rows, captures = [], outcome = 'ongoing', ...rest }: Spec): Diagram => ({
  ...rest,
  position: record(rows),
  captures: [...captures].sort(),
  outcome,
});

/** Soldiers' captures: custodial, not by moving in between, several at once. */
function soldierDiagrams(): Diagram[] {
  return [
    diagram({
      caption: 'custodial',
      section: 'captures',
      parameters: [],
      rows: ['...A...', '.AD....', '.......', '...K...', '.......', '.......', '.......'],
      turn: 'attackers',
      move: 'd7-d6',
      captures: ['c6'],
    }),
    diagram({
      caption: 'notCaptured',
      section: 'captures',
      parameters: [],
      rows: ['.......', '.A.A...', '..D....', '...K...', '.......', '.......', '.......'],
      turn: 'defenders',
      move: 'c5-c6',
    }),
    diagram({
      caption: 'multiple',
      section: 'captures',
      parameters: [],
      rows: ['..D....', 'DA.AD..', '.......', '...K...', '.......', '.....A.', '.......'],
      turn: 'defenders',
      move: 'c7-c6',
      captures: ['b6', 'd6'],
    }),
  ];
}

/** The king's part in captures: he captures, or he takes no part. */
function kingArmedDiagram(r: Ruleset): Diagram {
  return diagram({
    caption: r.kingArmed ? 'kingArmed' : 'kingUnarmed',
    section: 'captures',
    parameters: ['kingArmed'],
    rows: ['.......', '..DA...', '....K..', '.......', '.......', '.A.....', '.......'],
    turn: 'defenders',
    move: 'e5-e6',
    ...(r.kingArmed ? { captures: ['d6'] } : { spared: 'd6' }),
  });
}

/**
 * The throne against soldiers. Hostile only when empty: the king has left it. Hostile always: the
 * surprising case, the king on it. One diagram when both sides are treated alike.
 */
function throneDiagrams(r: Ruleset): Diagram[] {
  const out: Diagram[] = [];
  const a = r.throneHostileToAttackers;
  const d = r.throneHostileToDefenders;
  if (d !== 'never')
    out.push(
      diagram({
        caption: d === 'always' ? 'throneDefenderOccupied' : 'throneDefender',
        section: 'throne',
        parameters:
          a === d ? ['throneHostileToDefenders', 'throneHostileToAttackers'] : ['throneHostileToDefenders'],
        rows:
          d === 'always'
            ? ['.......', '..A....', '...D...', '...K...', '.......', '.......', '.......']
            : ['.......', '..A....', '...D...', '.......', '.......', '.....K.', '.......'],
        turn: 'attackers',
        move: 'c6-d6',
        captures: ['d5'],
      }),
    );
  if (a !== 'never' && a !== d)
    out.push(
      diagram({
        caption: a === 'always' ? 'throneAttackerOccupied' : 'throneAttacker',
        section: 'throne',
        parameters: ['throneHostileToAttackers'],
        rows:
          a === 'always'
            ? ['.......', '..D....', '...A...', '...K...', '.......', '.A.....', '.......']
            : ['.......', '..D....', '...A...', '.......', '.......', '.A...K.', '.......'],
        turn: 'defenders',
        move: 'c6-d6',
        captures: ['d5'],
      }),
    );
  return out;
}

/** The corners: hostile to a soldier beside them; a defender may stop on one where allowed. */
function cornerDiagrams(r: Ruleset): Diagram[] {
  const out: Diagram[] = [];
  if (r.cornersHostile)
    out.push(
      diagram({
        caption: 'corner',
        section: 'corners',
        parameters: ['cornersHostile'],
        rows: ['.......', 'D......', '.A.....', '...K...', '.......', '.......', '.......'],
        turn: 'attackers',
        move: 'b5-a5',
        captures: ['a6'],
      }),
    );
  if (r.cornerStop === 'king-and-defenders')
    out.push(
      diagram({
        caption: 'cornerDefender',
        section: 'corners',
        parameters: ['cornerStop'],
        rows: ['.AD....', 'D......', '.......', '...K...', '.......', '.A.....', '.......'],
        turn: 'defenders',
        move: 'a6-a7',
        captures: ['b7'],
      }),
    );
  return out;
}

/** Every form of the king's capture that the parameters give, and where he is safe. */
function kingDiagrams(r: Ruleset): Diagram[] {
  const out: Diagram[] = [];
  const king = (spec: Omit<Spec, 'section' | 'turn' | 'outcome'>): void => {
    out.push(
      diagram({
        ...spec,
        section: 'king',
        turn: 'attackers',
        outcome: spec.captures?.length ? 'king captured' : 'ongoing',
      }),
    );
  };
  if (r.kingCapture === 2) {
    king({
      caption: 'kingTwo',
      parameters: ['kingCapture'],
      rows: ['..A....', '..K....', '.A.....', '.......', '.......', '.......', '.......'],
      move: 'b5-c5',
      captures: ['c6'],
    });
    if (r.cornersHostile && r.escape === 'corners')
      king({
        caption: 'kingCorner',
        parameters: ['kingCapture', 'cornersHostile'],
        claims: ['kingAgainstCorner'],
        rows: ['.......', 'K......', '.A.....', '.......', '.......', '.......', '.......'],
        move: 'b5-a5',
        captures: ['a6'],
      });
  }
  if (r.kingCaptureOnThrone === 'four' || r.kingCapture === 4)
    king({
      caption: 'kingOnThroneFour',
      parameters: ['kingCaptureOnThrone'],
      rows: ['.......', '.......', '...A...', '..AKA..', '..A....', '.......', '.......'],
      move: 'c3-d3',
      captures: ['d4'],
    });
  else
    king({
      caption: 'kingOnThroneTwo',
      parameters: ['kingCaptureOnThrone'],
      rows: ['.......', '.......', '...A...', '...K...', '..A....', '.......', '.......'],
      move: 'c3-d3',
      captures: ['d4'],
    });
  const nextToThrone = ['.......', '..A....', '..AKA..', '.......', '.......', '.......', '.......'];
  if (r.kingCaptureNextToThrone === 'three' || (r.kingCapture === 4 && r.throneHostileToKing))
    king({
      caption: 'kingNextToThrone',
      parameters: ['kingCaptureNextToThrone', 'throneHostileToKing'],
      rows: nextToThrone,
      move: 'c6-d6',
      captures: ['d5'],
    });
  else if (r.kingCapture === 4)
    king({
      caption: 'kingNextToThroneSafe',
      parameters: ['kingCaptureNextToThrone', 'throneHostileToKing'],
      rows: nextToThrone,
      move: 'c6-d6',
      spared: 'd5',
    });
  else
    king({
      caption: r.throneHostileToKing ? 'kingThroneHostile' : 'kingThroneSafe',
      parameters: ['throneHostileToKing'],
      rows: ['.......', '..A....', '...K...', '.......', '.......', '.......', '.......'],
      move: 'c6-d6',
      ...(r.throneHostileToKing ? { captures: ['d5'] } : { spared: 'd5' }),
    });
  if (r.kingCapture === 4) {
    king({
      caption: 'kingEnclosed',
      parameters: ['kingCapture'],
      rows: ['..A....', '.AKA...', '.A.....', '.......', '.......', '.......', '.......'],
      move: 'b5-c5',
      captures: ['c6'],
    });
    if (r.escape === 'corners')
      king({
        caption: 'kingEdge',
        parameters: ['kingCapture'],
        rows: ['..AKA..', '..A....', '.......', '.......', '.......', '.....D.', '.......'],
        move: 'c6-d6',
        spared: 'd7',
      });
  }
  if (r.kingAndShield) {
    king({
      caption: 'kingShield',
      parameters: ['kingAndShield'],
      rows: ['.......', '..A....', '...D...', '..AKA..', '...A...', '.......', '.......'],
      move: 'c6-d6',
      captures: ['d4', 'd5'],
    });
    king({
      caption: 'kingShieldNone',
      parameters: ['kingAndShield'],
      rows: ['.......', '...A...', '...D...', '..AK...', '...AA..', '.......', '.......'],
      move: 'e3-e4',
    });
  }
  return out;
}

/** The king reaches an escape square: a corner, or the edge. */
function escapeDiagram(r: Ruleset): Diagram {
  const corners = r.escape === 'corners';
  const rook = r.kingMove === 'rook';
  const rows = corners
    ? [rook ? '....K..' : '.....K.', '.......', '.......', '.......', '.......', '.A.....', '.......']
    : [
        '.......',
        rook ? '.......' : '..K....',
        rook ? '..K....' : '.......',
        '.......',
        '.......',
        '.....A.',
        '.......',
      ];
  return diagram({
    caption: corners ? 'escapeCorner' : 'escapeEdge',
    section: 'end',
    parameters: ['escape'],
    rows,
    turn: 'defenders',
    move: corners ? (rook ? 'e7-g7' : 'f7-g7') : rook ? 'c5-c7' : 'c6-c7',
    outcome: 'escape',
  });
}

/** Every diagram the parameters call for, before checking them against the core. */
export function candidateDiagrams(rules: Ruleset): Diagram[] {
  return [
    ...soldierDiagrams(),
    kingArmedDiagram(rules),
    ...throneDiagrams(rules),
    ...cornerDiagrams(rules),
    ...kingDiagrams(rules),
    escapeDiagram(rules),
  ];
}

/** What the core does with a diagram's move: its captures and the game's state after it. */
export interface Played {
  readonly ok: boolean;
  /** Why the diagram could not be played: its position or move is not valid under the rules. */
  readonly error?: string;
  readonly captures: readonly string[];
  readonly outcome: Outcome | 'other';
}

export function playDiagram(rules: Ruleset, d: Diagram): Played {
  const pos = positionFromOtn(rules, d.position, d.turn);
  if (!pos.ok) return { ok: false, error: pos.message, captures: [], outcome: 'other' };
  const p = pos.value;
  const parsed = parseMove(p.geo, d.move);
  if (!parsed.ok || !p.isLegal(parsed.value.move))
    return { ok: false, error: `${d.move} is not legal`, captures: [], outcome: 'other' };
  p.play(parsed.value.move);
  const o = p.outcome();
  const outcome: Outcome | 'other' =
    o.status === 'ongoing'
      ? 'ongoing'
      : o.reason === 'king captured' || o.reason === 'escape'
        ? o.reason
        : 'other';
  const captures = p
    .lastCaptured()
    .map((sq) => squareName(p.geo, sq))
    .sort();
  return { ok: true, captures, outcome };
}

/** Does the core do exactly what the diagram says? */
export function diagramHolds(rules: Ruleset, d: Diagram): boolean {
  const played = playDiagram(rules, d);
  return (
    played.ok &&
    played.outcome === d.outcome &&
    played.captures.length === d.captures.length &&
    played.captures.every((sq, i) => sq === d.captures[i])
  );
}

/** The diagrams of a rules page: those the core confirms. */
export const diagramsFor = (rules: Ruleset): Diagram[] =>
  candidateDiagrams(rules).filter((d) => diagramHolds(rules, d));

/** The move's squares as numbers, for drawing: [from, to]. */
export function moveSquares(rules: Ruleset, d: Diagram): readonly [number, number] | undefined {
  const pos = positionFromOtn(rules, d.position, d.turn);
  if (!pos.ok) return undefined;
  const parsed = parseMove(pos.value.geo, d.move);
  if (!parsed.ok) return undefined;
  const m = parsed.value.move;
  return makeMoveSquares(pos.value.geo, m) === d.move ? [m >> 8, m & 0xff] : undefined;
}
