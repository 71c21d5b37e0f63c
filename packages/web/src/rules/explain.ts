/**
 * A ruleset explained in words, from its parameters alone: the same code explains a preset and
 * a ruleset made in the editor. Each sentence is chosen by parameter values and names the
 * parameters it comes from, so a note of `rules.notes` (RULES.md's *(reading)* and *(house rule)*)
 * is shown as a mark on the first sentence about its parameter. The words are in rules/text.
 */

import {
  ATTACKER,
  DEFENDER,
  KING,
  PRESETS,
  geometry,
  parsePosition,
  squareName,
  type NoteKind,
  type RuleNote,
  type RuleParameters,
  type Ruleset,
} from '@tafl/core';
import type { Lang } from '../i18n/index.js';
import { RULES_TEXT, type RulesText } from './text/index.js';

export const SECTIONS = [
  'board',
  'turn',
  'moves',
  'throne',
  'corners',
  'captures',
  'king',
  'end',
  'draws',
] as const;
export type SectionId = (typeof SECTIONS)[number];

export type Parameter = keyof RuleParameters;

/** A note shown on a sentence: its kind in words, and what was decided. */
export interface Mark {
  readonly kind: NoteKind;
  readonly label: string;
  readonly text: string;
}

export interface Sentence {
  readonly text: string;
  /** The parameters the sentence comes from. */
  readonly parameters: readonly Parameter[];
  readonly marks: readonly Mark[];
}

export interface Section {
  readonly id: SectionId;
  readonly title: string;
  readonly sentences: readonly Sentence[];
}

/** A sentence before its marks: the text and the parameters it comes from. */
type Draft = readonly [text: string, ...parameters: Parameter[]];

/** The presets' notes by preset and parameter, with the key of their words in the catalogues. */
const NOTE_KEYS: Readonly<Record<string, keyof RulesText['notes']>> = {
  'plazoleta:repetitionDraws': 'repetition',
  'brandubh-2019:kingArmed': 'kingArmed',
  'brandubh-2019:repetitionDraws': 'repetition',
  'ard-ri-es:kingArmed': 'kingUnarmed',
  'ard-ri-es:layout': 'layoutArdRi',
  'brandubh-en:firstToMove': 'firstToMove',
  'brandubh-en:thronePassage': 'thronePassage',
  'brandubh-en:kingArmed': 'kingArmed',
  'brandubh-en:blocked': 'blocked',
  'brandubh-en:repetitionDraws': 'repetition',
  'ard-ri-fr:quietPlyLimit': 'quietPlies',
  'brandub-fr:kingAndShield': 'kingAndShield',
};

/**
 * A note's key by its English text: a ruleset saved by the editor keeps the notes of the preset it
 * came from, as plain data, so a note is known by what it says rather than by the ruleset's id.
 */
const KEY_BY_TEXT = new Map(
  PRESETS.flatMap((p) =>
    p.notes.flatMap((n) => {
      const key = NOTE_KEYS[`${p.id}:${n.parameter}`];
      return key ? [[`${n.kind}|${n.text}`, key] as const] : [];
    }),
  ),
);

/** The catalogue key of a note's words, or undefined for a note of no preset. */
export const noteKey = (note: RuleNote): keyof RulesText['notes'] | undefined =>
  KEY_BY_TEXT.get(`${note.kind}|${note.text}`);

/** A note in a language (a note of no preset keeps its own English words). */
export function markOf(note: RuleNote, t: RulesText): Mark {
  const key = noteKey(note);
  return { kind: note.kind, label: t.marks[note.kind], text: key ? t.notes[key] : note.text };
}

/** The marks of the notes on any of `parameters`: for a diagram, or a field of the editor. */
export const marksFor = (rules: Ruleset, parameters: readonly Parameter[], lang: Lang): Mark[] =>
  rules.notes.filter((n) => parameters.includes(n.parameter)).map((n) => markOf(n, RULES_TEXT[lang]));

/** The house rules every ruleset has: draw by agreement and resignation. */
const agreementMark = (t: RulesText): Mark => ({
  kind: 'house rule',
  label: t.marks['house rule'],
  text: t.notes.agreement,
});

/** The explanation of a ruleset in a language, section by section. */
export function explainRuleset(rules: Ruleset, lang: Lang): Section[] {
  const t = RULES_TEXT[lang];
  const words = wordsFor(rules, t);
  const drafts = SECTIONS.map((id) => ({ id, drafts: DRAFTERS[id](rules, t, words) }));
  const sentences = drafts.map(({ drafts }) =>
    drafts.map(([text, ...parameters]): { text: string; parameters: Parameter[]; marks: Mark[] } => ({
      text,
      parameters,
      marks: [],
    })),
  );
  const all = sentences.flat();
  for (const note of rules.notes) {
    const sentence = all.find((s) => s.parameters.includes(note.parameter));
    if (sentence) sentence.marks.push(markOf(note, t));
    else
      sentences[sentences.length - 1]!.push({
        text: t.parameters[note.parameter].label,
        parameters: [note.parameter],
        marks: [markOf(note, t)],
      });
  }
  const draws = sentences[SECTIONS.indexOf('draws')]!;
  draws.push({ text: t.draws.agreement, parameters: [], marks: [agreementMark(t)] });
  return drafts.map(({ id }, i) => ({ id, title: t.sections[id], sentences: sentences[i]! }));
}

/** Square names and piece counts the sentences need. */
interface Words {
  readonly throne: string;
  readonly corners: string;
  readonly besideThrone: string;
  readonly attackers: number;
  readonly defenders: number;
  readonly king: string | undefined;
}

function wordsFor(rules: Ruleset, t: RulesText): Words {
  const geo = geometry(rules.size);
  const name = (sq: number) => squareName(geo, sq);
  const beside = [0, 1, 2, 3].map((d) => geo.neighbour[geo.throne * 4 + d]!);
  const parsed = parsePosition(rules.start);
  const board = parsed.ok ? parsed.value.board : [];
  const king = board.indexOf(KING);
  return {
    throne: name(geo.throne),
    corners: t.list(geo.corners.map(name).sort()),
    besideThrone: t.list(beside.map(name).sort()),
    attackers: board.filter((c) => c === ATTACKER).length,
    defenders: board.filter((c) => c === DEFENDER).length,
    king: king >= 0 ? name(king) : undefined,
  };
}

type Drafter = (r: Ruleset, t: RulesText, w: Words) => Draft[];

const DRAFTERS: { readonly [id in SectionId]: Drafter } = {
  board: (r, t, w) => [
    [t.board.squares(r.size, w.throne, w.corners), 'size'],
    [t.board.sides],
    [
      r.layout === 'brandubh'
        ? t.board.layoutBrandubh(w.attackers, w.defenders)
        : r.layout === 'ard-ri'
          ? t.board.layoutArdRi(w.attackers, w.defenders)
          : w.king
            ? t.board.layoutCustom(w.attackers, w.defenders, w.king)
            : t.board.layoutNoKing(w.attackers, w.defenders),
      'layout',
      'start',
    ],
  ],

  turn: (r, t) => [[t.turn[r.firstToMove], 'firstToMove']],

  moves: (r, t) => [
    [t.moves.orthogonal],
    ...(r.soldierMove === r.kingMove
      ? [[r.kingMove === 'rook' ? t.moves.allRook : t.moves.allStep, 'soldierMove', 'kingMove'] as const]
      : [
          [r.soldierMove === 'rook' ? t.moves.soldiersRook : t.moves.soldiersStep, 'soldierMove'] as const,
          [r.kingMove === 'rook' ? t.moves.kingRook : t.moves.kingStep, 'kingMove'] as const,
        ]),
  ],

  throne: (r, t, w) => [
    [t.throne.onlyKing(w.throne)],
    [r.kingReturns ? t.throne.returns : t.throne.noReturn, 'kingReturns'],
    [
      r.soldierMove === 'step' && r.kingMove === 'step'
        ? t.throne.passNone
        : r.thronePassage === 'everyone'
          ? t.throne.passEveryone
          : t.throne.passKing,
      'thronePassage',
    ],
    ...throneHostility(r, t),
  ],

  corners: (r, t, w) => [
    [
      r.cornerStop === 'king' ? t.corners.onlyKing(w.corners) : t.corners.kingAndDefenders(w.corners),
      'cornerStop',
    ],
    [r.cornersHostile ? t.corners.hostile : t.corners.notHostile, 'cornersHostile'],
    ...(r.cornerStop === 'king-and-defenders' ? [[t.corners.defenderCounts, 'cornerStop'] as const] : []),
    ...(r.cornerImmune ? [[t.corners.immune, 'cornerImmune'] as const] : []),
  ],

  captures: (r, t) => [
    [t.captures.custodial],
    [t.captures.active],
    [t.captures.several],
    [t.captures.edge],
    [t.captures.optional],
    [r.kingArmed ? t.captures.kingArmed : t.captures.kingUnarmed, 'kingArmed'],
  ],

  king: (r, t, w) => [
    ...kingBase(r, t),
    ...kingOnThrone(r, t),
    ...kingNextToThrone(r, t, w),
    ...kingShield(r, t),
  ],

  end: (r, t) => [
    [r.escape === 'corners' ? t.end.escapeCorners : t.end.escapeEdge, 'escape'],
    [t.end.kingCaptured, 'kingCapture'],
    ...(r.allAttackersCapturedWins ? [[t.end.allCaptured, 'allAttackersCapturedWins'] as const] : []),
    [r.blocked === 'loses' ? t.end.blockedLoses : t.end.blockedPasses, 'blocked'],
    [t.end.announce, 'escape'],
  ],

  draws: (r, t) => [
    [r.repetitionDraws ? t.draws.repetition : t.draws.noRepetition, 'repetitionDraws'],
    ...(r.quietPlyLimit > 0 ? [[t.draws.quiet(r.quietPlyLimit), 'quietPlyLimit'] as const] : []),
  ],
};

/** The throne's hostility, in one sentence where all pieces are treated alike. */
function throneHostility(r: Ruleset, t: RulesText): Draft[] {
  const all: Parameter[] = ['throneHostileToAttackers', 'throneHostileToDefenders', 'throneHostileToKing'];
  const [a, d, k] = [r.throneHostileToAttackers, r.throneHostileToDefenders, r.throneHostileToKing];
  if (a === 'empty' && d === 'empty' && k) return [[t.throne.hostileAll, ...all]];
  if (a === 'never' && d === 'never' && !k) return [[t.throne.hostileNone, ...all]];
  if (a === 'always' && d === 'always' && k) return [[t.throne.hostileAlwaysAll, ...all]];
  const attackers = {
    always: t.throne.attackersAlways,
    empty: t.throne.attackersEmpty,
    never: t.throne.attackersNever,
  };
  const defenders = {
    always: t.throne.defendersAlways,
    empty: t.throne.defendersEmpty,
    never: t.throne.defendersNever,
  };
  return [
    [attackers[a], 'throneHostileToAttackers'],
    [defenders[d], 'throneHostileToDefenders'],
    [k ? t.throne.kingHostile : t.throne.kingNotHostile, 'throneHostileToKing'],
  ];
}

/**
 * How the king is captured in general. By two, the squares hostile to him may close the capture:
 * a corner, and the empty throne unless the king beside it is captured by three anyway. By four,
 * only attackers are named: every square next to a corner is on the edge, which never counts.
 */
function kingBase(r: Ruleset, t: RulesText): Draft[] {
  if (r.kingCapture === 4) return [[t.king.byFour, 'kingCapture']];
  const throne = r.throneHostileToKing && r.kingCaptureNextToThrone === 'elsewhere';
  const squares = [...(r.cornersHostile ? [t.king.aCorner] : []), ...(throne ? [t.king.emptyThrone] : [])];
  if (squares.length === 0) return [[t.king.byTwo, 'kingCapture']];
  const parameters: Parameter[] = throne ? ['kingCapture', 'throneHostileToKing'] : ['kingCapture'];
  return [[t.king.byTwoWith(t.orList(squares)), ...parameters]];
}

function kingOnThrone(r: Ruleset, t: RulesText): Draft[] {
  if (r.kingCapture === 4) return [[t.king.onThroneFourToo, 'kingCaptureOnThrone']];
  return [
    [r.kingCaptureOnThrone === 'four' ? t.king.onThroneFour : t.king.onThroneTwo, 'kingCaptureOnThrone'],
  ];
}

/** Beside the throne: by three; or, captured by four, three and the throne if it counts, else never. */
function kingNextToThrone(r: Ruleset, t: RulesText, w: Words): Draft[] {
  if (r.kingCaptureNextToThrone === 'three')
    return [[t.king.nextThree(w.besideThrone), 'kingCaptureNextToThrone']];
  if (r.kingCapture === 2) return [];
  return [
    [
      r.throneHostileToKing ? t.king.nextByHostileThrone(w.besideThrone) : t.king.nextSafe(w.besideThrone),
      'kingCaptureNextToThrone',
      'throneHostileToKing',
    ],
  ];
}

const kingShield = (r: Ruleset, t: RulesText): Draft[] =>
  r.kingAndShield ? [[t.king.shield, 'kingAndShield']] : [];
