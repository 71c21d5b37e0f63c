/**
 * The rules editor as plain state and pure functions, tested without a DOM (the chessground
 * habit): the parameters, the starting position as an OTN record, the name, and the notes carried
 * from the ruleset it started from. A note stays only while its parameter keeps the value it was
 * written for: a reading of a leaflet says nothing about a value the player chose.
 *
 * The position checks are the core's (`validateSetup`), found square by square so that every
 * problem is listed at once, plus the editor's own: a king already on an escape square, and no
 * attacker at all, which would end the game before it begins.
 */

import {
  ARD_RI_LAYOUT,
  ATTACKER,
  BLOCKED,
  BRANDUBH_LAYOUT,
  CORNER_STOP,
  DEFENDER,
  EMPTY,
  ESCAPE,
  KING,
  LAYOUTS,
  MOVE_KINDS,
  SIDES,
  THRONE_HOSTILITY,
  THRONE_PASSAGE,
  defineRuleset,
  geometry,
  makePosition,
  makeRules,
  parsePosition,
  parseRules,
  presetById,
  squareName,
  validateSetup,
  type Result,
  type RuleNote,
  type RuleParameters,
  type Ruleset,
  type RulesError,
} from '@tafl/core';
import { createGame, type Game, type GameError } from '../game/model.js';
import {
  isCustomId,
  loadCustomRulesets,
  newCustomId,
  upsertCustomRuleset,
  type RulesetStorage,
} from './catalog.js';
import type { Parameter, SectionId } from './explain.js';

export interface EditorState {
  /** The saved ruleset's id (`custom-...`), or undefined until it is saved. */
  readonly id: string | undefined;
  readonly name: string;
  readonly parameters: RuleParameters;
  /** The notes of the ruleset it started from, and the parameters they were written for. */
  readonly notes: readonly RuleNote[];
  readonly origin: RuleParameters;
}

/** The form, section by section (the sections of the explanation); `start` is the position editor. */
export const FORM: readonly { readonly section: SectionId; readonly parameters: readonly Parameter[] }[] = [
  { section: 'board', parameters: ['size', 'layout'] },
  { section: 'turn', parameters: ['firstToMove'] },
  { section: 'moves', parameters: ['soldierMove', 'kingMove'] },
  {
    section: 'throne',
    parameters: [
      'kingReturns',
      'thronePassage',
      'throneHostileToAttackers',
      'throneHostileToDefenders',
      'throneHostileToKing',
    ],
  },
  { section: 'corners', parameters: ['cornerStop', 'cornersHostile', 'cornerImmune'] },
  { section: 'captures', parameters: ['kingArmed'] },
  {
    section: 'king',
    parameters: ['kingCapture', 'kingCaptureOnThrone', 'kingCaptureNextToThrone', 'kingAndShield'],
  },
  { section: 'end', parameters: ['escape', 'allAttackersCapturedWins', 'blocked'] },
  { section: 'draws', parameters: ['repetitionDraws', 'quietPlyLimit'] },
];

/** The values a parameter may take, for a select; `quietPlyLimit` is a number instead. */
export const CHOICES: {
  readonly [K in Exclude<Parameter, 'start' | 'quietPlyLimit'>]: readonly RuleParameters[K][];
} = {
  size: [7],
  layout: LAYOUTS,
  firstToMove: SIDES,
  soldierMove: MOVE_KINDS,
  kingMove: MOVE_KINDS,
  kingReturns: [true, false],
  thronePassage: THRONE_PASSAGE,
  throneHostileToAttackers: THRONE_HOSTILITY,
  throneHostileToDefenders: THRONE_HOSTILITY,
  throneHostileToKing: [true, false],
  cornerStop: CORNER_STOP,
  cornersHostile: [true, false],
  cornerImmune: [true, false],
  kingArmed: [true, false],
  kingCapture: [2, 4],
  kingCaptureOnThrone: ['four', 'elsewhere'],
  kingCaptureNextToThrone: ['three', 'elsewhere'],
  kingAndShield: [true, false],
  escape: ESCAPE,
  allAttackersCapturedWins: [true, false],
  blocked: BLOCKED,
  repetitionDraws: [true, false],
};

export const MAX_QUIET_PLIES = 999_999;

/** Every parameter, in the order of RuleParameters (a missing one fails to compile). */
const PARAMETER_SET: { readonly [K in Parameter]: true } = {
  ...{ size: true, layout: true, start: true, firstToMove: true, soldierMove: true, kingMove: true },
  ...{ kingReturns: true, thronePassage: true, throneHostileToAttackers: true },
  ...{ throneHostileToDefenders: true, throneHostileToKing: true, cornerStop: true, cornersHostile: true },
  ...{ cornerImmune: true, kingArmed: true, kingCapture: true, kingCaptureOnThrone: true },
  ...{ kingCaptureNextToThrone: true, kingAndShield: true, escape: true, allAttackersCapturedWins: true },
  ...{ blocked: true, repetitionDraws: true, quietPlyLimit: true },
};
export const PARAMETERS = Object.keys(PARAMETER_SET) as readonly Parameter[];

export const parametersOf = (r: RuleParameters): RuleParameters =>
  Object.fromEntries(PARAMETERS.map((k) => [k, r[k]])) as unknown as RuleParameters;

/**
 * The editor on a ruleset: a saved one of the player's is edited in place; a preset or an
 * imported ruleset becomes a new, unsaved one, named `name` (the UI gives "X (my copy)").
 */
export function editorFrom(rules: Ruleset, name: string = rules.name): EditorState {
  const parameters = parametersOf(rules);
  const own = isCustomId(rules.id);
  return {
    id: own ? rules.id : undefined,
    name: own ? rules.name : name,
    parameters,
    notes: rules.notes,
    origin: parameters,
  };
}

const layoutOf = (start: string): RuleParameters['layout'] =>
  start === BRANDUBH_LAYOUT ? 'brandubh' : start === ARD_RI_LAYOUT ? 'ard-ri' : 'custom';

/** Sets one parameter. A standard layout sets the position; a new position sets the layout. */
export function setParameter<K extends Parameter>(
  state: EditorState,
  key: K,
  value: RuleParameters[K],
): EditorState {
  const parameters: { -readonly [P in Parameter]: RuleParameters[P] } = { ...state.parameters };
  parameters[key] = value;
  if (key === 'layout' && value === 'brandubh') parameters.start = BRANDUBH_LAYOUT;
  if (key === 'layout' && value === 'ard-ri') parameters.start = ARD_RI_LAYOUT;
  // A layout of one's own is made on the board: choosing it alone changes nothing.
  if (key === 'layout' && value === 'custom') parameters.layout = layoutOf(parameters.start);
  if (key === 'start') parameters.layout = layoutOf(value as string);
  if (key === 'quietPlyLimit')
    parameters.quietPlyLimit = Math.max(0, Math.min(MAX_QUIET_PLIES, Math.floor(Number(value)) || 0));
  return { ...state, parameters };
}

export const setName = (state: EditorState, name: string): EditorState => ({ ...state, name });

/** Piece codes by square (a1 = 0), from the position record. */
export function boardOf(state: EditorState): number[] {
  const parsed = parsePosition(state.parameters.start);
  const size = state.parameters.size;
  return parsed.ok && parsed.value.size === size
    ? parsed.value.board
    : new Array<number>(size * size).fill(EMPTY);
}

export const TOOLS = ['attacker', 'defender', 'king', 'empty'] as const;
export type Tool = (typeof TOOLS)[number];
const TOOL_CODES: { readonly [t in Tool]: number } = {
  attacker: ATTACKER,
  defender: DEFENDER,
  king: KING,
  empty: EMPTY,
};

/** Puts the tool's piece on a square; the same piece there already is taken away. */
export function placePiece(state: EditorState, square: number, tool: Tool): EditorState {
  const board = boardOf(state);
  if (square < 0 || square >= board.length) return state;
  const code = TOOL_CODES[tool];
  board[square] = board[square] === code ? EMPTY : code;
  return setParameter(state, 'start', makePosition(state.parameters.size, board));
}

export const clearBoard = (state: EditorState): EditorState =>
  setParameter(
    state,
    'start',
    makePosition(state.parameters.size, new Array<number>(state.parameters.size ** 2).fill(EMPTY)),
  );

export const ISSUE_CODES = [
  'ERR_NO_KING',
  'ERR_KINGS',
  'ERR_THRONE',
  'ERR_ATTACKER_CORNER',
  'ERR_DEFENDER_CORNER',
  'ERR_KING_ESCAPED',
  'ERR_NO_ATTACKERS',
  'ERR_OTHER',
] as const;
export type IssueCode = (typeof ISSUE_CODES)[number];

/** A problem with the starting position; the UI says it in its language (rules/text `issues`). */
export interface Issue {
  readonly code: IssueCode;
  readonly square?: string;
  readonly count?: number;
  /** The core's sentence, for a problem the editor has no words of its own for. */
  readonly message?: string;
}

/** Every problem of the starting position under the current parameters, square by square. */
export function positionIssues(state: EditorState): Issue[] {
  const p = state.parameters;
  const geo = geometry(p.size);
  const board = boardOf(state);
  const issues: Issue[] = [];
  let kings = 0;
  let attackers = 0;
  board.forEach((code, sq) => {
    const square = squareName(geo, sq);
    if (code === KING) kings++;
    if (code === ATTACKER) attackers++;
    if (sq === geo.throne && (code === ATTACKER || code === DEFENDER))
      issues.push({ code: 'ERR_THRONE', square });
    if (geo.isCorner[sq] && code === ATTACKER) issues.push({ code: 'ERR_ATTACKER_CORNER', square });
    if (geo.isCorner[sq] && code === DEFENDER && p.cornerStop === 'king')
      issues.push({ code: 'ERR_DEFENDER_CORNER', square });
    const escape = p.escape === 'edge' ? geo.isEdge[sq] : geo.isCorner[sq];
    if (code === KING && escape) issues.push({ code: 'ERR_KING_ESCAPED', square });
  });
  if (kings === 0) issues.unshift({ code: 'ERR_NO_KING' });
  if (kings > 1) issues.unshift({ code: 'ERR_KINGS', count: kings });
  if (attackers === 0) issues.push({ code: 'ERR_NO_ATTACKERS' });
  const core = validateSetup(toRuleset(state, state.id ?? 'custom'), {
    size: p.size,
    board,
    turn: p.firstToMove,
  });
  if (!core.ok && issues.length === 0) issues.push({ code: 'ERR_OTHER', message: core.message });
  return issues;
}

/** The notes still true: those whose parameter has the value they were written for. */
export const keptNotes = (state: EditorState): RuleNote[] =>
  state.notes.filter((n) => state.parameters[n.parameter] === state.origin[n.parameter]);

/** The ruleset the editor holds, under an id. */
export function toRuleset(state: EditorState, id: string): Ruleset {
  const p = state.parameters;
  return defineRuleset({
    ...p,
    id,
    name: state.name.trim() || 'Custom rules',
    game: p.layout === 'ard-ri' ? 'ard-ri' : 'brandubh',
    source: 'Rules editor',
    notes: keptNotes(state),
  });
}

/** Saves to the player's rulesets (a new id the first time); refuses a position with problems. */
export function saveEditor(
  state: EditorState,
  storage: RulesetStorage | undefined,
  now: number,
): Result<{ readonly state: EditorState; readonly ruleset: Ruleset }, 'ERR_INVALID'> {
  if (positionIssues(state).length > 0)
    return { ok: false, code: 'ERR_INVALID', message: 'the starting position has problems' };
  const id =
    state.id ??
    newCustomId(
      now,
      loadCustomRulesets(storage).map((r) => r.id),
    );
  const ruleset = toRuleset(state, id);
  upsertCustomRuleset(ruleset, storage);
  return { ok: true, value: { state: { ...state, id }, ruleset } };
}

/**
 * A new game under a saved ruleset, between two players on this device ("Save and play"): the
 * game carries the ruleset itself, so that later edits of it do not change the game.
 */
export const gameUnder = (ruleset: Ruleset, now: number): Result<Game, GameError> =>
  createGame({ rules: ruleset, opponent: { kind: 'local' } }, now);

/** The OTN rules string of the editor's ruleset. */
export const exportRules = (state: EditorState): string => makeRules(toRuleset(state, state.id ?? 'custom'));

/**
 * Reads an OTN rules string into a new, unsaved editor. A string with a preset's parameters is
 * that preset (parseRules says so): it keeps its notes, and is named by `presetName` (a copy's
 * name in the player's language); any other keeps the string's own name.
 */
export function importRules(
  text: string,
  presetName: (preset: Ruleset) => string = (preset) => preset.name,
): Result<EditorState, RulesError> {
  const parsed = parseRules(text);
  if (!parsed.ok) return parsed;
  const rules = parsed.value;
  return { ok: true, value: editorFrom(rules, presetById(rules.id) ? presetName(rules) : rules.name) };
}
