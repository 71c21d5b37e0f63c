/**
 * English: the reference catalogue of the rules pages and the rules editor. Its shape is the type
 * every other language must have (`RulesText`): a missing or extra key fails to compile. Values are
 * sentences, or small functions for sentences with squares, moves or numbers in them. Each sentence
 * of an explanation is chosen by explain.ts from the parameter values, never by a ruleset's id.
 */

import { sourceLine, type RuleParameters, type RuleSource, type SourceKind } from '@tafl/core';
import { RULESET_NAMES } from '../names.js';

const SOURCE_NOUN: { readonly [k in SourceKind]: string } = {
  leaflet: 'leaflet',
  article: 'article',
  blog: 'blog post',
  program: 'program',
  federation: 'federation',
};

const s = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

/** A list of words: "a", "a and b", "a, b and c". */
const list = (items: readonly string[], and = 'and'): string =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} ${and} ${items.at(-1)!}`;

/** A source's own word for a thing, after the page's word for it: [“the corners”, “casillas de Salida”]. */
export type TermPair = readonly [ours: string, theirs: string];

/** What a diagram's caption is told: the move, and the squares it captures or spares. */
export interface CaptionArgs {
  readonly move: string;
  /** The captured squares as a list in words ("b6 and d6"). */
  readonly captured: string;
  /** The square of the piece the caption says is not captured. */
  readonly spared: string;
}

export const en = {
  list: (items: readonly string[]) => list(items),
  orList: (items: readonly string[]) => list(items, 'or'),

  sections: {
    board: 'The board and the pieces',
    turn: 'Who moves first',
    moves: 'How the pieces move',
    throne: 'The throne',
    corners: 'The corners',
    captures: 'Captures',
    king: 'Capturing the king',
    end: 'How the game ends',
    draws: 'Draws',
  },

  board: {
    squares: (size: number, throne: string, corners: string) =>
      `The game is played on a board of ${size}x${size} squares. The centre square, ${throne}, is the throne; the four corners, ${corners}, are special squares too.`,
    sides:
      'Two sides face each other: the attackers, with the dark pieces, and the defenders, with the light pieces and their king.',
    terms: (kind: SourceKind, pairs: readonly TermPair[]) =>
      `The ${SOURCE_NOUN[kind]}’s own words: ${list(pairs.map(([ours, theirs]) => `“${theirs}” for ${ours}`))}.`,
    layoutBrandubh: (a: number, d: number) =>
      `Brandubh layout: ${s(a, 'attacker', 'attackers')} and ${s(d, 'defender', 'defenders')} form a cross, with the king on the throne in the middle.`,
    layoutArdRi: (a: number, d: number) =>
      `Ard Ri layout: ${s(a, 'attacker', 'attackers')} surround ${s(d, 'defender', 'defenders')}, with the king on the throne in the middle.`,
    layoutCustom: (a: number, d: number, king: string) =>
      `A layout of its own: ${s(a, 'attacker', 'attackers')}, ${s(d, 'defender', 'defenders')}, and the king on ${king}.`,
    layoutNoKing: (a: number, d: number) =>
      `A layout of its own: ${s(a, 'attacker', 'attackers')} and ${s(d, 'defender', 'defenders')}.`,
  },

  turn: {
    attackers: 'The attackers move first; then the players take turns, each moving one piece.',
    defenders: 'The defenders move first; then the players take turns, each moving one piece.',
  },

  moves: {
    orthogonal:
      'Pieces move in a straight line along a row or a column, never diagonally. No piece jumps over another or ends its move on an occupied square.',
    allRook: 'Every piece, the king included, moves any number of empty squares, like a rook in chess.',
    allStep: 'Every piece, the king included, moves one square only, to an empty neighbouring square.',
    soldiersRook: 'The soldiers move any number of empty squares, like a rook in chess.',
    soldiersStep: 'The soldiers move one square only, to an empty neighbouring square.',
    kingRook: 'The king moves any number of empty squares, like a rook.',
    kingStep: 'The king moves one square only.',
  },

  throne: {
    onlyKing: (throne: string) => `Only the king may stop on the throne (${throne}).`,
    returns: 'The king may leave the throne and come back to it at will.',
    noReturn: 'Once the king has left the throne, no piece may stop on it again, the king included.',
    passEveryone: 'Any piece may pass over the empty throne, without stopping on it.',
    passKing: 'Only the king may pass over the empty throne; the soldiers must go round it.',
    passNone: 'As every piece moves one square at a time, no piece ever passes over the throne.',
    hostileAll:
      'The empty throne is hostile to every piece, the king included: it helps to capture any piece, as if it were an enemy.',
    hostileNone: 'The throne is hostile to no one, the king included: it never helps to capture.',
    hostileAlwaysAll:
      'The throne, empty or with the king on it, is hostile to every soldier, as if it were an enemy; the empty throne helps to capture the king too.',
    attackersAlways:
      'The throne is hostile to the attackers even with the king on it: it helps the defenders capture them.',
    attackersEmpty: 'The empty throne is hostile to the attackers: it helps the defenders capture them.',
    attackersNever: 'The throne is never hostile to the attackers.',
    defendersAlways:
      'The throne is hostile to the defenders, empty or with the king on it: it helps the attackers capture them.',
    defendersEmpty: 'The empty throne is hostile to the defenders: it helps the attackers capture them.',
    defendersNever: 'The throne is never hostile to the defenders.',
    kingHostile: 'The empty throne also helps to capture the king.',
    kingNotHostile: 'The empty throne never helps to capture the king.',
  },

  corners: {
    onlyKing: (corners: string) => `Only the king may stop on a corner (${corners}).`,
    kingAndDefenders: (corners: string) =>
      `The king and the defenders may stop on the corners (${corners}); the attackers may not.`,
    hostile:
      'The empty corners are hostile to every piece, the king included: a piece beside a corner is captured by a single enemy on its other side.',
    hostileSoldiers:
      'The empty corners are hostile to the soldiers of both sides: a soldier beside a corner is captured by a single enemy on its other side. (The king beside a corner stands on the edge, where he cannot be captured.)',
    notHostile: 'The corners are hostile to no one: they never help to capture.',
    onTheEdge: 'The corners are edge squares like any other: the king who reaches one escapes.',
    defenderCounts:
      'A corner with a defender on it counts as that defender: it helps to capture attackers, and never defenders.',
    immune:
      'A piece standing on a corner cannot be captured. (On this board, whose edge never helps to capture, no piece on a corner could be captured anyway.)',
  },

  captures: {
    custodial:
      'A piece is captured when an enemy moves next to it so that it is caught between the piece that moved and another enemy piece, or a square hostile to it, in a row or a column (never diagonally). It is removed from the board.',
    active: 'Only the side that moves captures: a piece may safely move in between two enemies.',
    several: 'One move may capture several pieces, each caught on its own line.',
    edge: 'Pinning a piece against the edge of the board captures nothing.',
    optional: 'Capturing is never compulsory.',
    kingArmed:
      'The king captures like any defender, both as the piece that moves and as the piece on the far side.',
    kingUnarmed:
      'The king takes no part in captures: his own moves capture nothing, and he never counts as the piece on the far side.',
  },

  king: {
    byTwo: 'The king is captured like a soldier, between two attackers in a row or a column.',
    byTwoWith: (squares: string) =>
      `The king is captured like a soldier, between two attackers in a row or a column, or between an attacker and ${squares}.`,
    byFour:
      'The king is captured only when he is enclosed on all four sides by attackers. The edge of the board never counts, so he cannot be captured on the edge.',
    byFourWith: (squares: string) =>
      `The king is captured only when he is enclosed on all four sides, by attackers or by ${squares}. The edge of the board never counts, so he cannot be captured on the edge.`,
    emptyThrone: 'the empty throne',
    aCorner: 'a corner',
    theCorners: 'the corners',
    onThroneFour: 'On the throne he must be surrounded by attackers on all four sides.',
    onThroneFourToo: 'On the throne, too, that takes four attackers.',
    onThroneTwo: 'On the throne, too, two attackers are enough.',
    nextThree: (squares: string) =>
      `Next to the throne (${squares}) he must be surrounded by attackers on his three other sides: the empty throne closes the fourth.`,
    nextByHostileThrone: (squares: string) =>
      `Next to the throne (${squares}) three attackers are enough, as the empty throne closes the fourth side.`,
    nextSafe: (squares: string) =>
      `Next to the throne (${squares}) he cannot be captured, as the throne does not help to capture him.`,
    shield:
      'King and shield: when the king is on the throne with attackers on three sides and a defender on the fourth, an attacker who moves to the square beyond that defender captures the defender and the king together, and the attackers win.',
  },

  end: {
    escapeCorners: 'The defenders win as soon as the king reaches a corner.',
    escapeEdge: 'The defenders win as soon as the king reaches any square on the edge of the board.',
    kingCaptured: 'The attackers win as soon as they capture the king.',
    allCaptured: 'The defenders also win by capturing every attacker.',
    blockedLoses: 'A side that has no legal move on its turn loses.',
    blockedPasses:
      'A side that has no legal move passes its turn (passing is allowed only then); if neither side can move, the game is drawn.',
    announce:
      'When the king could escape on his next move, the defenders must announce it, saying “une ou deux sorties” (one or two ways out); if they do not, the escape does not count and the attackers may play their last piece again.',
  },

  draws: {
    repetition:
      'When the same position occurs for the third time with the same side to move, the game is drawn (the starting position counts as the first time).',
    noRepetition: 'Repeating a position does not end the game.',
    quiet: (n: number) =>
      `After ${s(n, 'single move', 'single moves')} in a row without a capture (of either side: ${n / 2} moves of each), the game is drawn.`,
    agreement: 'The players may also agree to a draw at any time, and either player may resign.',
  },

  marks: {
    reading: 'reading',
    'house rule': 'house rule',
  },

  /** The presets' notes, by note id (core's presets.ts); `agreement` is every ruleset's. */
  notes: {
    repetition:
      'These rules have no draw: here the third occurrence of a position, same side to move, draws.',
    kingArmed: 'The rules do not say whether the king captures: he does, as one of the defenders’ pieces.',
    kingUnarmed:
      'A piece is taken between two enemy “peones” (soldiers): the king, not a soldier, takes no part in captures.',
    layoutArdRi:
      'The article gives no starting position: the Ard Ri layout, two attackers for each defender as it says.',
    kingEnclosed:
      'The article only says the attackers must “enclose” him (“encerrarlo”): on all four sides, here.',
    repetitionThird:
      'The article only names “la repetición de jugadas”: here the third occurrence, same side to move.',
    firstToMove: 'The leaflet does not say who moves first: the attackers do.',
    thronePassage:
      'The leaflet forbids stopping on the empty centre and says nothing of passing: pieces may pass over it.',
    defendersMeansAttackers:
      'The leaflet says the “Defenders” must surround him here: it means the Aggressors.',
    blockedLoses: 'The leaflet does not say what happens to a side with no legal move: it loses.',
    bothBlocked: 'The leaflet does not say what happens when neither side can move: the game is drawn.',
    quietPlies:
      'The twenty “déplacements successifs” are read as twenty single moves in a row, of either side.',
    kingAgainstCorner:
      'The leaflet makes exceptions for the brannán only on and beside the throne: one attacker takes him against an empty corner.',
    defenderOnCorner:
      'The leaflet lets defenders stop on the corners and says no more: a corner holding one counts as that defender, as the throne holding the king counts as the king.',
    kingAndShield:
      'Only when the attacker’s move makes the sandwich: completing the three sides while an attacker already stands beyond the shield captures nothing.',
    escapeAnnouncement:
      'The app announces every open way out itself, so the announcement is never missing and the penalty never applies.',
    agreement: 'No source mentions them: the app adds draw by agreement and resignation to every ruleset.',
  },

  /** The page's words for the things a source may name in words of its own. */
  terms: {
    attackers: 'the attackers',
    defenders: 'the defenders',
    soldiers: 'the soldiers',
    king: 'the king',
    throne: 'the throne',
    corners: 'the corners',
  },

  captions: {
    custodial: (a: CaptionArgs) =>
      `The attackers play ${a.move}: the defender on ${a.captured} is caught between two attackers and captured.`,
    notCaptured: (a: CaptionArgs) =>
      `The defenders play ${a.move}, in between two attackers: nothing is captured, as only the side that moves captures.`,
    multiple: (a: CaptionArgs) =>
      `The defenders play ${a.move} and capture the attackers on ${a.captured} at once, each on its own line.`,
    throneDefender: (a: CaptionArgs) =>
      `The king has left the throne. The attackers play ${a.move}: the defender on ${a.captured} is captured against the empty throne.`,
    throneDefenderOccupied: (a: CaptionArgs) =>
      `The attackers play ${a.move}: the defender on ${a.captured} is captured against the throne, even with the king on it.`,
    throneAttacker: (a: CaptionArgs) =>
      `The king has left the throne. The defenders play ${a.move}: the attacker on ${a.captured} is captured against the empty throne.`,
    throneAttackerOccupied: (a: CaptionArgs) =>
      `The defenders play ${a.move}: the attacker on ${a.captured} is captured against the throne with the king on it.`,
    corner: (a: CaptionArgs) =>
      `The attackers play ${a.move}: the defender on ${a.captured} is captured against the corner.`,
    cornerDefender: (a: CaptionArgs) =>
      `A defender may stop on a corner: it plays ${a.move} and captures the attacker on ${a.captured}.`,
    kingArmed: (a: CaptionArgs) =>
      `The king plays ${a.move} and captures the attacker on ${a.captured}, like any defender.`,
    kingUnarmed: (a: CaptionArgs) =>
      `The king plays ${a.move}: the attacker on ${a.spared} is not captured, as the king takes no part in captures.`,
    kingTwo: (a: CaptionArgs) =>
      `The attackers play ${a.move}: the king on ${a.captured} is caught between two attackers and captured.`,
    kingCorner: (a: CaptionArgs) =>
      `The attackers play ${a.move}: the king on ${a.captured} is captured against the corner.`,
    kingThroneHostile: (a: CaptionArgs) =>
      `The attackers play ${a.move}: the king on ${a.captured} is captured against the empty throne.`,
    kingThroneSafe: (a: CaptionArgs) =>
      `The attackers play ${a.move}: the king on ${a.spared} is not captured, as the empty throne does not help to capture him.`,
    kingOnThroneTwo: (a: CaptionArgs) =>
      `The attackers play ${a.move}: two attackers capture the king on ${a.captured}, even on the throne.`,
    kingOnThroneFour: (a: CaptionArgs) =>
      `The attackers play ${a.move}: the king on the throne, ${a.captured}, is surrounded on all four sides and captured.`,
    kingNextToThrone: (a: CaptionArgs) =>
      `The attackers play ${a.move}: the king on ${a.captured}, next to the throne, is surrounded on three sides, the empty throne closing the fourth, and captured.`,
    kingNextToThroneSafe: (a: CaptionArgs) =>
      `The attackers play ${a.move}: the king on ${a.spared}, next to the throne, is not captured by three attackers, as the throne does not help to capture him.`,
    kingEnclosed: (a: CaptionArgs) =>
      `The attackers play ${a.move}: the king on ${a.captured} is enclosed on all four sides and captured.`,
    kingEdge: (a: CaptionArgs) =>
      `The attackers play ${a.move}: the king on ${a.spared} is not captured, as the edge never counts.`,
    kingShield: (a: CaptionArgs) =>
      `The attackers play ${a.move}: the king and the defender in front of him, on ${a.captured}, are captured together.`,
    kingShieldNone: (a: CaptionArgs) =>
      `The attackers play ${a.move}, completing the three sides while an attacker already stands beyond the defender: nothing is captured.`,
    escapeCorner: (a: CaptionArgs) => `The king plays ${a.move} and reaches a corner: the defenders win.`,
    escapeEdge: (a: CaptionArgs) => `The king plays ${a.move} and reaches the edge: the defenders win.`,
  },

  /** The presets' names (a custom ruleset keeps its own). */
  names: RULESET_NAMES.en,

  /** A preset's source in one line (core's sources.ts names it, in English). */
  source: (source: RuleSource) => sourceLine(source),
  customSource: 'Your own rules, made in the rules editor',

  /** The one-line description of describe.ts. */
  oneLine: {
    separator: '; ',
    noReturn: 'the king may not return to the throne',
    brandubh: 'Brandubh layout',
    ardRi: 'Ard Ri layout',
    custom: 'own layout',
    defendersFirst: 'defenders first',
    kingSteps: 'the king moves one square',
    allStep: 'every piece moves one square',
    kingByTwo: 'king captured by 2',
    kingByFour: 'king captured by 4',
    nextThree: '3 beside the throne',
    onThroneFour: '4 on the throne',
    onThroneTwo: '2 on the throne too',
    shield: 'king and shield',
    escapeCorners: 'escape to a corner',
    escapeEdge: 'escape to the edge',
    quiet: (n: number) => `draw after ${n} single moves without a capture`,
  },

  ui: {
    title: 'Rules',
    intro:
      'Every ruleset, explained from its parameters. Where a leaflet is silent or unclear, the choice made here is marked as a reading; what the app adds is marked as a house rule.',
    leaflets: 'From the leaflets',
    references: 'Reference rulesets of other software',
    yours: 'Your rulesets',
    noneYet: 'None yet: make one in the rules editor.',
    openEditor: 'Open the rules editor',
    allRulesets: 'All rulesets',
    notFound: (id: string) => `There is no ruleset “${id}”.`,
    source: 'Source',
    play: 'Play this ruleset',
    editCopy: 'Edit a copy',
    edit: 'Edit',
    marksLegend: 'Marks',
    readingLegend: 'a reading: the leaflet is silent or unclear, and this is the choice made here.',
    houseRuleLegend: 'a house rule: the app adds it; the leaflet does not say it.',
    startPosition: 'The starting position',
    diagram: 'Diagram',
    otnTitle: 'OTN rules string',
    otnHelp: 'These rules as one line of OpenTafl notation, for other tafl software or the rules editor.',
    copy: 'Copy',
    copied: 'Copied',
  },

  editor: {
    title: 'Rules editor',
    intro:
      'Change any rule, set up the starting position, and save: your rulesets appear on the home screen, ready to play.',
    startFrom: 'Start from',
    chooseRuleset: 'Choose a ruleset…',
    name: 'Name',
    defaultName: 'My rules',
    copyName: (name: string) => `${name} (my copy)`,
    save: 'Save',
    saved: 'Saved.',
    delete: 'Delete',
    deleted: 'Deleted.',
    confirmDelete: (name: string) => `Delete “${name}”?`,
    play: 'Save and play',
    rulesPage: 'Rules page',
    invalid: 'Fix the starting position before saving.',
    position: 'Starting position',
    positionHelp: 'Choose a piece, then click squares to place it; click a piece again to remove it.',
    tools: 'Piece to place',
    toolAttacker: 'Attacker',
    toolDefender: 'Defender',
    toolKing: 'King',
    toolEmpty: 'Remove',
    clear: 'Clear the board',
    layoutBrandubh: 'Brandubh layout',
    layoutArdRi: 'Ard Ri layout',
    positionOk: 'The position is valid.',
    board: 'Starting position editor',
    exportTitle: 'Export',
    exportHelp: 'This ruleset as an OTN rules string.',
    download: 'Download',
    importTitle: 'Import',
    importHelp: 'Paste an OTN rules string and import it (it replaces what is in the editor).',
    importButton: 'Import',
    imported: 'Imported.',
    importError: 'This rules string cannot be read:',
    preview: 'Read these rules',
    yes: 'yes',
    no: 'no',
  },

  /** The position editor's checks, by code (core's validateSetup codes and the editor's own). */
  issues: {
    ERR_NO_KING: 'The position has no king: place exactly one.',
    ERR_KINGS: (n: number) => `The position has ${n} kings: it must have exactly one.`,
    ERR_THRONE: (square: string) => `Only the king may stand on the throne, but ${square} holds a soldier.`,
    ERR_ATTACKER_CORNER: (square: string) => `An attacker may not stand on the corner ${square}.`,
    ERR_DEFENDER_CORNER: (square: string) =>
      `A defender may not stand on the corner ${square} under these rules (only the king may stop on the corners).`,
    ERR_KING_ESCAPED: (square: string) =>
      `The king stands on ${square}, an escape square: the game would be over before it begins.`,
    ERR_NO_ATTACKERS: 'The position has no attackers.',
    ERR_OTHER: (message: string) => `The position is not valid: ${message}`,
  },

  /** The editor's form: a label and a help sentence for every parameter, and the words of the values. */
  parameters: {
    size: { label: 'Board', help: 'Every ruleset here is played on 7x7 squares.' },
    layout: { label: 'Layout', help: 'A standard starting position, or your own (edit it below).' },
    start: { label: 'Starting position', help: 'Set it up on the board below.' },
    firstToMove: { label: 'First to move', help: 'The side that makes the first move of the game.' },
    soldierMove: { label: 'Soldiers move', help: 'How far the attackers and defenders move.' },
    kingMove: { label: 'The king moves', help: 'How far the king moves.' },
    kingReturns: {
      label: 'The king may return to the throne',
      help: 'If not, once he has left it no piece may stop there again.',
    },
    thronePassage: {
      label: 'Who may pass over the empty throne',
      help: 'Moving through it without stopping (only the king ever stops on it).',
    },
    throneHostileToAttackers: {
      label: 'Throne hostile to the attackers',
      help: 'When the throne helps the defenders capture an attacker, as if it were a defender.',
    },
    throneHostileToDefenders: {
      label: 'Throne hostile to the defenders',
      help: 'When the throne helps the attackers capture a defender, as if it were an attacker.',
    },
    throneHostileToKing: {
      label: 'Empty throne hostile to the king',
      help: 'Whether the empty throne also helps to capture the king.',
    },
    cornerStop: { label: 'Who may stop on a corner', help: 'The attackers never may.' },
    cornersHostile: {
      label: 'Corners hostile',
      help: 'Empty corners help to capture any piece beside them, the king included.',
    },
    cornerImmune: {
      label: 'A piece on a corner cannot be captured',
      help: 'On a 7x7 board with a neutral edge this never arises; it is kept for completeness.',
    },
    kingArmed: {
      label: 'The king captures',
      help: 'Whether the king takes part in captures, as the moving piece and as the far piece.',
    },
    kingCapture: {
      label: 'The king is captured',
      help: 'By two attackers like a soldier, or only enclosed on all four sides (the edge never counts).',
    },
    kingCaptureOnThrone: {
      label: 'On the throne, the king is captured',
      help: 'By attackers on all four sides, or as elsewhere.',
    },
    kingCaptureNextToThrone: {
      label: 'Next to the throne, the king is captured',
      help: 'By three attackers on his free sides, the empty throne closing the fourth, or as elsewhere.',
    },
    kingAndShield: {
      label: 'King and shield',
      help: 'The king on the throne with attackers on three sides and a defender on the fourth: an attacker beyond that defender captures both.',
    },
    escape: { label: 'The king escapes on', help: 'Reaching one of these squares wins for the defenders.' },
    allAttackersCapturedWins: {
      label: 'Capturing every attacker wins',
      help: 'The defenders also win by capturing all the attackers.',
    },
    blocked: { label: 'A side with no legal move', help: 'If both sides are blocked and they pass, a draw.' },
    repetitionDraws: {
      label: 'Third repetition draws',
      help: 'The same position for the third time, with the same side to move.',
    },
    quietPlyLimit: {
      label: 'Draw after this many single moves without a capture',
      help: 'A single move is one side’s move (of either side); 0 for no limit.',
    },
  } satisfies { readonly [K in keyof RuleParameters]: { readonly label: string; readonly help: string } },

  values: {
    layout: { brandubh: 'Brandubh', 'ard-ri': 'Ard Ri', custom: 'Your own' },
    side: { attackers: 'Attackers', defenders: 'Defenders' },
    move: { rook: 'Any distance (like a rook)', step: 'One square' },
    hostility: { always: 'Always, even occupied', empty: 'When empty', never: 'Never' },
    passage: { everyone: 'Everyone', king: 'The king only' },
    cornerStop: { king: 'The king only', 'king-and-defenders': 'The king and the defenders' },
    kingCapture: { 2: 'By two, like a soldier', 4: 'By four, enclosed on all sides' },
    onThrone: { four: 'By four attackers', elsewhere: 'As elsewhere' },
    nextToThrone: { three: 'Three attackers and the throne', elsewhere: 'As elsewhere' },
    escape: { corners: 'The corners', edge: 'Any edge square' },
    blocked: { loses: 'Loses', passes: 'Passes' },
  },
};

type Widen<T> = {
  readonly [K in keyof T]: T[K] extends (...args: infer A) => string
    ? (...args: A) => string
    : T[K] extends string
      ? string
      : Widen<T[K]>;
};

/** The shape every language's catalogue has. */
export type RulesText = Widen<typeof en>;
