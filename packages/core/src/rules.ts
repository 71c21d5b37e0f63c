/**
 * The rule parameters of docs/rules.md as one typed data model. A ruleset is a frozen value of it; the
 * code branches on parameters, never on a ruleset's id, so the rules editor can make any
 * combination and every preset is just a row of data (presets.ts).
 */

import type { Side } from './types.js';

export const MOVE_KINDS = ['rook', 'step'] as const;
export type MoveKind = (typeof MOVE_KINDS)[number];

export const THRONE_HOSTILITY = ['always', 'empty', 'never'] as const;
/** When the throne acts as a capturing piece: `always` (even with the king on it), `empty`, `never`. */
export type ThroneHostility = (typeof THRONE_HOSTILITY)[number];

export const THRONE_PASSAGE = ['everyone', 'king'] as const;
export type ThronePassage = (typeof THRONE_PASSAGE)[number];

export const CORNER_STOP = ['king', 'king-and-defenders'] as const;
export type CornerStop = (typeof CORNER_STOP)[number];

export const ESCAPE = ['corners', 'edge'] as const;
export type Escape = (typeof ESCAPE)[number];

export const BLOCKED = ['loses', 'passes'] as const;
/** What happens to a side with no legal move. */
export type Blocked = (typeof BLOCKED)[number];

export const LAYOUTS = ['brandubh', 'ard-ri', 'custom'] as const;
export type Layout = (typeof LAYOUTS)[number];

export interface RuleParameters {
  /** Board size (odd); 7 in every ruleset here. */
  readonly size: number;
  /** Which standard layout `start` is, for display; `custom` for any other. */
  readonly layout: Layout;
  /** The starting position as an OTN position record (first row is rank 1). */
  readonly start: string;
  readonly firstToMove: Side;
  readonly soldierMove: MoveKind;
  readonly kingMove: MoveKind;
  /** May the king stop on the throne again after leaving it? No other piece ever stops there. */
  readonly kingReturns: boolean;
  /** Who may pass over the empty throne (a step move never passes over anything). */
  readonly thronePassage: ThronePassage;
  /** The throne as a capturing piece against attackers (for the defenders). */
  readonly throneHostileToAttackers: ThroneHostility;
  /** The throne as a capturing piece against defender soldiers (for the attackers). */
  readonly throneHostileToDefenders: ThroneHostility;
  /** The empty throne counts against the king in his capture. */
  readonly throneHostileToKing: boolean;
  readonly cornerStop: CornerStop;
  /** Empty corners act as a capturing piece against every piece, the king included. */
  readonly cornersHostile: boolean;
  /** A piece standing on a corner cannot be captured. */
  readonly cornerImmune: boolean;
  /** The king captures like a soldier (as mover and as the far piece). */
  readonly kingArmed: boolean;
  /** How the king is captured away from the throne: 2 custodial, or 4 enclosed (edge never counts). */
  readonly kingCapture: 2 | 4;
  /** On the throne: by attackers on all four sides, or as elsewhere. */
  readonly kingCaptureOnThrone: 'four' | 'elsewhere';
  /** Next to the throne: by three attackers on the free sides, or as elsewhere. */
  readonly kingCaptureNextToThrone: 'three' | 'elsewhere';
  /** brandub-fr's king-and-shield capture on the throne. */
  readonly kingAndShield: boolean;
  readonly escape: Escape;
  /** The defenders win when every attacker is captured. */
  readonly allAttackersCapturedWins: boolean;
  readonly blocked: Blocked;
  /** The third occurrence of a position (same side to move) draws. */
  readonly repetitionDraws: boolean;
  /** Plies in a row without a capture that draw the game; 0 for no limit. */
  readonly quietPlyLimit: number;
}

export const NOTE_KINDS = ['reading', 'house rule'] as const;
export type NoteKind = (typeof NOTE_KINDS)[number];

/**
 * A point where the ruleset is not its source's letter: a *reading* (the source is silent,
 * unclear or wrong, and this is the choice made) or a *house rule* (the software adds it).
 */
export interface RuleNote {
  /** A stable name, by which the app finds the note's words in each language. */
  readonly id: string;
  readonly kind: NoteKind;
  /** The parameter the note is about. */
  readonly parameter: keyof RuleParameters;
  /** What was decided, in English; the app translates by id and parameter. */
  readonly text: string;
}

export type Game = 'brandubh' | 'ard-ri';

export interface Ruleset extends RuleParameters {
  readonly id: string;
  readonly name: string;
  readonly game: Game;
  /** Where the rules come from, in one English line (sources.ts names each preset's source). */
  readonly source: string;
  readonly notes: readonly RuleNote[];
}

/** Freezes a ruleset and its notes, so a preset can be shared without defensive copies. */
export function defineRuleset(r: Ruleset): Ruleset {
  r.notes.forEach((n) => Object.freeze(n));
  Object.freeze(r.notes);
  return Object.freeze({ ...r });
}

/** A ruleset with some parameters changed: the rules editor's and `--rules-string`'s tool. */
export const withParameters = (base: Ruleset, changes: Partial<Ruleset>): Ruleset =>
  defineRuleset({ ...base, ...changes, notes: changes.notes ?? base.notes });
