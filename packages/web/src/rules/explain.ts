/**
 * A ruleset explained in words, from its parameters: the same code explains a preset and a
 * ruleset made in the editor. Each sentence is chosen by parameter values and names the
 * parameters it comes from, so a note of `rules.notes` (a *reading* or a *house rule*,
 * docs/rules.md) is shown as a mark on the sentence that claims it, else on the first sentence
 * about its parameter. What a preset's source says beyond the parameters (its own words for the
 * pieces, a rule no parameter holds) comes from core's sources.ts, so it is said on that
 * preset's page and on no other. The words are in rules/text.
 */

import {
  ATTACKER,
  DEFENDER,
  KING,
  PRESETS,
  geometry,
  parsePosition,
  sourceOf,
  squareName,
  type NoteKind,
  type RuleSource,
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

/**
 * A sentence before its marks: the text, the parameters it comes from, and the ids of the notes
 * it says itself (a note goes there rather than to the first sentence about its parameter).
 */
type Draft = readonly [text: string, ...parameters: Parameter[]];
interface Claiming {
  readonly draft: Draft;
  readonly claims: readonly string[];
}
type Drafted = Draft | Claiming;
const claiming = (claims: readonly string[], ...draft: Draft): Claiming => ({ draft, claims });

type NoteKey = keyof RulesText['notes'];
const isNoteKey = (id: string): id is NoteKey => Object.hasOwn(RULES_TEXT.en.notes, id);

/**
 * The presets' notes by their English words: a ruleset saved by the editor before notes had ids
 * keeps them as plain data without one, so such a note is known by what it says.
 */
const KEY_BY_TEXT = new Map(
  PRESETS.flatMap((p) => p.notes.map((n) => [`${n.kind}|${n.text}`, n.id] as const)),
);

/** The catalogue key of a note's words, or undefined for a note of no preset. */
export const noteKey = (note: RuleNote): NoteKey | undefined => {
  const id = (note.id as string | undefined) ?? KEY_BY_TEXT.get(`${note.kind}|${note.text}`);
  return id !== undefined && isNoteKey(id) ? id : undefined;
};

/** A note in a language (a note of no preset keeps its own English words). */
export function markOf(note: RuleNote, t: RulesText): Mark {
  const key = noteKey(note);
  return { kind: note.kind, label: t.marks[note.kind], text: key ? t.notes[key] : note.text };
}

/**
 * Notes about one case of their parameter (the king against a corner, the leaflet's escape
 * announcement): on a page they mark only the sentence and the diagram that claim them, not every
 * diagram of the parameter.
 */
const CLAIMED_ONLY: ReadonlySet<string> = new Set(['kingAgainstCorner', 'escapeAnnouncement']);

/**
 * The marks of the notes on any of `parameters`: for a field of the editor (every note of the
 * parameter), or for a diagram, which passes the notes it `claims` (then a note of one case marks
 * only the diagram that claims it).
 */
export const marksFor = (
  rules: Ruleset,
  parameters: readonly Parameter[],
  lang: Lang,
  claims?: readonly string[],
): Mark[] =>
  rules.notes
    .filter((n) =>
      claims === undefined
        ? parameters.includes(n.parameter)
        : claims.includes(n.id) || (parameters.includes(n.parameter) && !CLAIMED_ONLY.has(n.id)),
    )
    .map((n) => markOf(n, RULES_TEXT[lang]));

/** The house rules every ruleset has: draw by agreement and resignation. */
const agreementMark = (t: RulesText): Mark => ({
  kind: 'house rule',
  label: t.marks['house rule'],
  text: t.notes.agreement,
});

interface Drafting {
  text: string;
  parameters: Parameter[];
  claims: readonly string[];
  marks: Mark[];
}

function drafting(d: Drafted): Drafting {
  const [text, ...parameters] = 'draft' in d ? d.draft : d;
  return { text, parameters, claims: 'claims' in d ? d.claims : [], marks: [] };
}

/** The explanation of a ruleset in a language, section by section. */
export function explainRuleset(rules: Ruleset, lang: Lang): Section[] {
  const t = RULES_TEXT[lang];
  const words = wordsFor(rules, t);
  const drafts = SECTIONS.map((id) => ({ id, drafts: DRAFTERS[id](rules, t, words) }));
  const sentences = drafts.map(({ drafts }) => drafts.map(drafting));
  const all = sentences.flat();
  for (const note of rules.notes) {
    const sentence =
      all.find((s) => s.claims.includes(note.id)) ?? all.find((s) => s.parameters.includes(note.parameter));
    if (sentence) sentence.marks.push(markOf(note, t));
    else
      sentences[sentences.length - 1]!.push({
        text: t.parameters[note.parameter].label,
        parameters: [note.parameter],
        claims: [],
        marks: [markOf(note, t)],
      });
  }
  const draws = sentences[SECTIONS.indexOf('draws')]!;
  draws.push({ text: t.draws.agreement, parameters: [], claims: [], marks: [agreementMark(t)] });
  return drafts.map(({ id }, i) => ({
    id,
    title: t.sections[id],
    sentences: sentences[i]!.map(({ text, parameters, marks }) => ({ text, parameters, marks })),
  }));
}

/** Square names and piece counts the sentences need. */
interface Words {
  readonly throne: string;
  readonly corners: string;
  readonly besideThrone: string;
  readonly attackers: number;
  readonly defenders: number;
  readonly king: string | undefined;
  /** The preset's source, for what it says beyond the parameters; none for other rules. */
  readonly source: RuleSource | undefined;
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
    source: sourceOf(rules.id),
  };
}

const states = (w: Words, statement: RuleSource['states'][number]): boolean =>
  w.source?.states.includes(statement) ?? false;

type Drafter = (r: Ruleset, t: RulesText, w: Words) => Drafted[];

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
    ...sourceTerms(t, w),
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
    ...(r.escape === 'edge' ? [[t.corners.onTheEdge, 'escape'] as const] : []),
    [
      r.cornersHostile
        ? r.kingCapture === 4
          ? t.corners.hostileSoldiers
          : t.corners.hostile
        : t.corners.notHostile,
      'cornersHostile',
    ],
    // The leaflet says only that defenders may stop there: what such a corner does is a reading.
    ...(r.cornerStop === 'king-and-defenders'
      ? [claiming(['defenderOnCorner'], t.corners.defenderCounts, 'cornerStop')]
      : []),
    ...(r.cornerImmune ? [[t.corners.immune, 'cornerImmune'] as const] : []),
  ],

  captures: (r, t, w) => [
    [t.captures.custodial],
    [t.captures.active],
    [t.captures.several],
    ...(states(w, 'edgeNeutral') ? [[t.captures.edge] as const] : []),
    ...(states(w, 'captureOptional') ? [[t.captures.optional] as const] : []),
    [r.kingArmed ? t.captures.kingArmed : t.captures.kingUnarmed, 'kingArmed'],
  ],

  king: (r, t, w) => [
    ...kingBase(r, t),
    ...kingOnThrone(r, t),
    ...kingNextToThrone(r, t, w),
    ...kingShield(r, t),
  ],

  end: (r, t, w) => [
    [r.escape === 'corners' ? t.end.escapeCorners : t.end.escapeEdge, 'escape'],
    ...(states(w, 'escapeAnnouncement') ? [claiming(['escapeAnnouncement'], t.end.announce, 'escape')] : []),
    [t.end.kingCaptured, 'kingCapture'],
    ...(r.allAttackersCapturedWins ? [[t.end.allCaptured, 'allAttackersCapturedWins'] as const] : []),
    [r.blocked === 'loses' ? t.end.blockedLoses : t.end.blockedPasses, 'blocked'],
  ],

  draws: (r, t) => [
    [r.repetitionDraws ? t.draws.repetition : t.draws.noRepetition, 'repetitionDraws'],
    ...(r.quietPlyLimit > 0 ? [[t.draws.quiet(r.quietPlyLimit), 'quietPlyLimit'] as const] : []),
  ],
};

/** The source's own words for the pieces and squares, as one sentence: only on a preset's page. */
function sourceTerms(t: RulesText, w: Words): Draft[] {
  const terms = w.source?.terms ?? [];
  if (w.source === undefined || terms.length === 0) return [];
  return [
    [
      t.board.terms(
        w.source.kind,
        terms.map(([term, word]) => [t.terms[term], word] as const),
      ),
    ],
  ];
}

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
function kingBase(r: Ruleset, t: RulesText): Drafted[] {
  if (r.kingCapture === 4) return [[t.king.byFour, 'kingCapture']];
  const throne = r.throneHostileToKing && r.kingCaptureNextToThrone === 'elsewhere';
  const squares = [...(r.cornersHostile ? [t.king.aCorner] : []), ...(throne ? [t.king.emptyThrone] : [])];
  if (squares.length === 0) return [[t.king.byTwo, 'kingCapture']];
  const parameters: Parameter[] = [
    'kingCapture',
    ...(r.cornersHostile ? (['cornersHostile'] as const) : []),
    ...(throne ? (['throneHostileToKing'] as const) : []),
  ];
  const claims = r.cornersHostile ? ['kingAgainstCorner'] : [];
  return [claiming(claims, t.king.byTwoWith(t.orList(squares)), ...parameters)];
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
