/**
 * OTN rules strings (`dim:7 ks:w cenh: cenhe: start:/3t3/.../`), read as OpenTafl reads them: its
 * notation/RulesSerializer.java for the keys, rules/GenericRules.java, rules/BoardImpl.java and
 * rules/Taflman.java for what they mean in play. Where its code and the spec text differ, the code
 * decides (marked [code] below); docs/otn-rules.md has the details.
 *
 * A string is `key:value` entries separated by white space (OpenTafl splits on single spaces only,
 * so makeRules writes single spaces): `dim` first, the start last, as `start` (a position record,
 * position.ts) or as the spec's `starti` (the same record with its rows in reverse order, the top
 * rank first, as OpenTafl writes records since v0.4.5.1b). With both, `starti` decides and `start`
 * is not read, as in OpenTafl's loadRulesRecord. A later entry overrides an earlier one, as in
 * OpenTafl's map; an absent
 * key takes OpenTafl's default (RulesSerializer.defaults). So a string without `x-` keys means to us
 * what it means to OpenTafl, in every aspect our parameters have. OpenTafl ignores keys it does not
 * know (getRulesMap stores every entry, loadRulesRecord looks up only its own): our `x-` keys travel
 * through it. We are stricter: unknown keys, malformed values and rules we cannot play are refused
 * with a code and a sentence naming the key, never an exception.
 *
 * OTN key -> parameters [default]. Piece lists: t attacker, T defender, K king (c n k C N are
 * pieces we do not have: accepted, ignored). Moving [code]: a piece neither passes nor stops on a
 * special square unless in its `p` list, nor enters it from elsewhere unless in its `re` list; to
 * stop it must also be in the `s` list. Hostility [code]: looked up by side, t for attackers and T
 * for defenders and king alike (K entries are not read), and a king on the throne is a piece: armed
 * he captures attackers, unarmed he shields them, whatever cenh says.
 *   esc:c|e [c]        escape corners | edge          atkf:y|n [y]  firstToMove attackers | defenders
 *   tfr:d|i [d]        repetitionDraws yes | no       ka:y|n [y]    kingArmed
 *   ks [s]             kingCapture / kingCaptureOnThrone / kingCaptureNextToThrone:
 *                      s|y 4 / four / elsewhere; c 2 / four / three (refused with no T in cenhe: the
 *                      throne then never closes the fourth side [code]); w|n 2 / elsewhere / elsewhere
 *   spd [-1]           soldierMove, kingMove: -1 rook, 1 step; one speed for all, or eight for
 *                      t,c,n,k,T,C,N,K (t and T alike)
 *   cenp cens cenre    kingReturns: K may stop on the throne [all, K, all];
 *                      thronePassage: everyone if t and T may pass, king if neither
 *   cenhe [all]        empty throne hostile: to attackers (t), to defenders (T), to the king (T)
 *   cenh [tcnk]        occupied throne hostile to defenders (T): throneHostileToDefenders `always`;
 *                      t: throneHostileToAttackers `always` rather than `empty` when the king is
 *                      armed (same play)
 *   corp cors corre    cornerStop: king-and-defenders if T may stop, else king [K, K, all]
 *   corh [all]         cornersHostile: t and T both, or neither
 *   surf:n             required: surf:y [the default!] makes encircling every defender win
 * Own keys, where OTN as OpenTafl reads it cannot say the value [absent: what OpenTafl does]:
 *   x-kthrone:4|e  x-knext:3|e   kingCaptureOnThrone, kingCaptureNextToThrone, over ks
 *   x-throneattackers:always|empty|never, x-throneking:y|n   over cenh, cenhe
 *   x-shield:y|n [n] kingAndShield    x-cornerimmune:y|n [n] cornerImmune
 *   x-allcaptured:y|n [y] allAttackersCapturedWins    x-blocked:l|p [l] blocked loses | passes
 *   x-quiet:N [0]  quietPlyLimit, plies without a capture (0: no limit)
 * Refused as not played here: surf:y, tfr:w|l, ka:h|a, ks:m, kj:j|c|r, sw:w|s, efe:y, ber:c|m,
 * fortresses, corners or throne other than the board's (cor, cen), speeds but -1 and 1, soldiers
 * stopping on the throne, attackers on corners, a king who may not pass the throne or reach the
 * corners, one-sided hostilities, knights, commanders and an attacking king in `start`.
 * nj, cj, swf and the fortress lists are read and ignored: nothing they govern exists here.
 *
 * makeRules writes every OTN key above and the five own keys OTN lacks entirely; the other own keys
 * only where the OTN keys cannot say the value, so that editing an OTN key still means what it says.
 */

import { MAX_SIZE, MIN_SIZE, geometry, parseSquare } from '../geometry.js';
import { ARD_RI_LAYOUT, BRANDUBH_LAYOUT, PRESETS } from '../presets.js';
import { fail, ok, type Result } from '../result.js';
import {
  defineRuleset,
  type RuleParameters,
  type MoveKind,
  type Ruleset,
  type ThroneHostility,
} from '../rules.js';
import { validateSetup } from '../setup.js';
import { makePosition, parsePosition, quote, reverseRanks } from './position.js';

export const RULES_ERRORS = {
  syntax: 'ERR_RULES_SYNTAX',
  missing: 'ERR_RULES_MISSING',
  order: 'ERR_RULES_ORDER',
  unknownKey: 'ERR_RULES_UNKNOWN_KEY',
  value: 'ERR_RULES_VALUE',
  dim: 'ERR_RULES_DIM',
  start: 'ERR_RULES_START',
  unsupported: 'ERR_RULES_UNSUPPORTED',
} as const;
export type RulesError = (typeof RULES_ERRORS)[keyof typeof RULES_ERRORS];

type Failed = Result<never, RulesError>;
const refuse = (entry: string, what: string, hint = ''): Failed =>
  fail(RULES_ERRORS.unsupported, `${entry} asks for ${what}, which this software does not play${hint}`);
/** An entry for a sentence, cut short so that a huge value stays readable. */
const shown = (key: string, value: string): string =>
  `${key}:${value.length > 40 ? `${value.slice(0, 37)}...` : value}`;

const ALL = 'tcnkTCNK';
const YES_NO: Form = [/^[yn]$/, 'y or n'];
const PIECES: Form = [/^[tcnkTCNK]*$/, 'piece letters from tcnkTCNK'];
const SQUARES: Form = [/^(?:[a-z][0-9]{1,2},?)*$/, 'a list of squares such as a1,a7,'];
type Form = readonly [RegExp, string];

const formsOf = (keys: readonly string[], form: Form) => keys.map((key): [string, Form] => [key, form]);
const SPACES = ['cor', 'cen', 'afor', 'dfor'];

/** Every key read, with the form of its value (for the sentence when it does not match). */
const FORMS = new Map<string, Form>([
  ...formsOf(['dim', 'name', 'start', 'starti'], [/^/, 'text']),
  ...formsOf(
    ['surf', 'atkf', 'swf', 'efe', 'x-throneking', 'x-shield', 'x-cornerimmune', 'x-allcaptured'],
    YES_NO,
  ),
  ...formsOf(['kj', 'nj', 'cj'], [/^[njcr]$/, 'n, j, c or r']),
  ...formsOf(SPACES, SQUARES),
  ...formsOf(
    ['cenhe', ...SPACES.flatMap((space) => ['h', 'p', 's', 're'].map((list) => space + list))],
    PIECES,
  ),
  ['esc', [/^[ce]$/, 'c (corners) or e (edge)']],
  ['tfr', [/^[dilw]$/, 'd, i, w or l']],
  ['ka', [/^[ynha]$/, 'y, n, h or a']],
  ['ks', [/^[yscwnm]$/, 's, c, w or m']],
  ['spd', [/^-?[0-9]{1,3}(?:,-?[0-9]{1,3})*,?$/, 'one speed or eight, comma-separated']],
  ['sw', [/^[nws]$/, 'n, w or s']],
  ['ber', [/^[ncm]$/, 'n, c or m']],
  ['x-kthrone', [/^[4e]$/, '4 (by four attackers) or e (as elsewhere)']],
  ['x-knext', [/^[3e]$/, '3 (by three attackers) or e (as elsewhere)']],
  ['x-throneattackers', [/^(?:always|empty|never)$/, 'always, empty or never']],
  ['x-blocked', [/^[lp]$/, 'l (loses) or p (passes)']],
  ['x-quiet', [/^[0-9]{1,6}$/, 'a number of plies']],
]);

/** OpenTafl's defaults for absent keys (RulesSerializer.defaults), and ours for our own keys. */
const DEFAULTS = new Map<string, string>([
  ...[...FORMS.keys()].map((key): [string, string] => [key, '']),
  ...Object.entries({ esc: 'c', surf: 'y', atkf: 'y', tfr: 'd', ka: 'y', ks: 's', kj: 'n', spd: '-1' }),
  ...Object.entries({ sw: 'n', efe: 'n', ber: 'n', cenp: ALL, cens: 'K', cenh: 'tcnk', cenhe: ALL }),
  ...Object.entries({ cenre: ALL, corp: 'K', cors: 'K', corh: ALL, corre: ALL }),
  ...Object.entries({ 'x-shield': 'n', 'x-cornerimmune': 'n', 'x-allcaptured': 'y', 'x-blocked': 'l' }),
  ['x-quiet', '0'],
]);

/** Values of ours that OTN can hold but that we cannot play, with the reason. */
const REFUSED: readonly (readonly [string, RegExp, string, string?])[] = [
  ['surf', /^y$/, 'a win by encircling every defender', ' (surf:y is also the default: write surf:n)'],
  ['tfr', /^[wl]$/, 'a repetition that wins or loses'],
  ['ka', /^[ha]$/, 'a king who captures only as the moving (h) or only as the far (a) piece'],
  ['ks', /^m$/, 'the middleweight king, captured against the board edge'],
  ['kj', /^[jcr]$/, 'a jumping king'],
  ['sw', /^[ws]$/, 'shieldwall captures'],
  ['efe', /^y$/, 'edge fort escapes'],
  ['ber', /^[cm]$/, 'berserk moves'],
  ['afor', /[a-z]/, 'attacker fortresses'],
  ['dfor', /[a-z]/, 'defender fortresses'],
];

/** OpenTafl's king strengths as our three king-capture parameters. */
type KingCapture = Pick<RuleParameters, 'kingCapture' | 'kingCaptureOnThrone' | 'kingCaptureNextToThrone'>;
const KING_STRENGTHS: Record<'s' | 'c' | 'w', KingCapture> = {
  s: { kingCapture: 4, kingCaptureOnThrone: 'four', kingCaptureNextToThrone: 'elsewhere' },
  c: { kingCapture: 2, kingCaptureOnThrone: 'four', kingCaptureNextToThrone: 'three' },
  w: { kingCapture: 2, kingCaptureOnThrone: 'elsewhere', kingCaptureNextToThrone: 'elsewhere' },
};

/** Every parameter, so that a parsed ruleset can be compared with the presets field by field. */
const PARAMETER_SET: Record<keyof RuleParameters, true> = {
  ...{ size: true, layout: true, start: true, firstToMove: true, soldierMove: true, kingMove: true },
  ...{ kingReturns: true, thronePassage: true, throneHostileToAttackers: true },
  ...{ throneHostileToDefenders: true, throneHostileToKing: true, cornerStop: true, cornersHostile: true },
  ...{ cornerImmune: true, kingArmed: true, kingCapture: true, kingCaptureOnThrone: true },
  ...{ kingCaptureNextToThrone: true, kingAndShield: true, escape: true, allAttackersCapturedWins: true },
  ...{ blocked: true, repetitionDraws: true, quietPlyLimit: true },
};
const RULE_PARAMETER_KEYS = Object.keys(PARAMETER_SET) as readonly (keyof RuleParameters)[];

type Get = (key: string) => string;
type Entry = readonly [key: string, value: string];

/** Reads an OTN rules string into a ruleset: a preset when its parameters are one's, else `custom`. */
export function parseRules(text: string): Result<Ruleset, RulesError> {
  if (typeof text !== 'string') return fail(RULES_ERRORS.syntax, 'a rules string must be text');
  const entries = readEntries(text);
  if (!entries.ok) return entries;
  const map = new Map(entries.value);
  const get: Get = (key) => map.get(key) ?? DEFAULTS.get(key) ?? '';
  const checked = checkValues(entries.value, get);
  if (!checked.ok) return checked;
  const size = checked.value;
  const rules = readParameters(get);
  if (!rules.ok) return rules;
  const startKey = map.has('starti') ? 'starti' : 'start';
  return readStart(map.get('name') ?? '', startKey, get(startKey), size, rules.value);
}

/**
 * Splits the string into entries and checks that `dim` comes first, once, and the start (`start`
 * or `starti`, each at most once) last.
 */
function readEntries(text: string): Result<Entry[], RulesError> {
  const words = text
    .trim()
    .split(/\s+/)
    .filter((w) => w !== '');
  const entries: Entry[] = [];
  for (const word of words) {
    const m = /^([^:]+):([^:]*)$/.exec(word);
    if (!m) return fail(RULES_ERRORS.syntax, `the entry ${quote(word)} is not key:value with one colon`);
    entries.push([m[1]!, m[2]!]);
  }
  const count = (key: string) => entries.filter(([k]) => k === key).length;
  if (count('dim') === 0)
    return fail(RULES_ERRORS.missing, 'the rules string has no dim: entry, which OTN requires');
  if (count('dim') > 1 || entries[0]![0] !== 'dim')
    return fail(RULES_ERRORS.order, 'dim: must be the first entry, and only one');
  if (count('start') + count('starti') === 0)
    return fail(
      RULES_ERRORS.missing,
      'the rules string has no start: entry (or starti:, the start with its rows reversed), which OTN requires',
    );
  for (const key of ['start', 'starti'])
    if (count(key) > 1) return fail(RULES_ERRORS.order, `${key}: is given more than once`);
  const last = entries[entries.length - 1]![0];
  if (last !== 'start' && last !== 'starti')
    return fail(RULES_ERRORS.order, 'the start (start: or starti:) must be the last entry');
  return ok(entries);
}

/** Known keys, well-formed values, a playable board size, nothing we cannot play; gives the size. */
function checkValues(entries: readonly Entry[], get: Get): Result<number, RulesError> {
  for (const [key, value] of entries) {
    const form = FORMS.get(key);
    if (!form)
      return fail(RULES_ERRORS.unknownKey, `${quote(key)} is neither an OTN rules key nor one of ours`);
    if (!form[0].test(value)) return fail(RULES_ERRORS.value, `${key}: ${quote(value)} is not ${form[1]}`);
  }
  const size = Number(get('dim'));
  if (!/^[0-9]{1,2}$/.test(get('dim')) || size < MIN_SIZE || size > MAX_SIZE || size % 2 === 0)
    return fail(
      RULES_ERRORS.dim,
      `${shown('dim', get('dim'))} is not an odd board size from ${MIN_SIZE} to ${MAX_SIZE}`,
    );
  for (const [key, values, what, hint] of REFUSED)
    if (values.test(get(key))) return refuse(shown(key, get(key)), what, hint);
  const geo = geometry(size);
  for (const [key, squares, what] of [
    ['cor', geo.corners, 'the four corners'],
    ['cen', [geo.throne], 'the centre'],
  ] as const) {
    const value = get(key);
    if (value === '' && !entries.some(([k]) => k === key)) continue;
    const named = value.split(',').filter((s) => s !== '');
    const found = named.map((s) => parseSquare(geo, s));
    const bad = named.find((_, i) => found[i] === undefined);
    if (bad !== undefined)
      return fail(RULES_ERRORS.value, `${key}: ${bad} is not a square of a ${size}x${size} board`);
    const same = found.length === squares.length && squares.every((sq) => found.includes(sq));
    if (!same) return refuse(shown(key, value), `special squares other than ${what}`);
  }
  return ok(size);
}

type BoardRules = Omit<RuleParameters, 'size' | 'layout' | 'start'>;

/** The parameters every key but dim and start gives, or why the keys ask for something else. */
function readParameters(get: Get): Result<BoardRules, RulesError> {
  const moves = readSpeeds(get('spd'));
  if (!moves.ok) return moves;
  const squares = readSpecialSquares(get);
  if (!squares.ok) return squares;
  const ks = get('ks');
  const strength = KING_STRENGTHS[ks === 'y' ? 's' : ks === 'n' ? 'w' : (ks as 's' | 'c' | 'w')];
  const onThrone = get('x-kthrone');
  const nextToThrone = get('x-knext');
  if (ks === 'c' && nextToThrone === '' && !get('cenhe').includes('T'))
    return refuse('ks:c', 'a king next to the empty throne who cannot be captured (no T in cenhe)');
  return ok({
    firstToMove: get('atkf') === 'y' ? 'attackers' : 'defenders',
    ...moves.value,
    ...squares.value,
    kingArmed: get('ka') === 'y',
    kingCapture: strength.kingCapture,
    kingCaptureOnThrone:
      onThrone === '' ? strength.kingCaptureOnThrone : onThrone === '4' ? 'four' : 'elsewhere',
    kingCaptureNextToThrone:
      nextToThrone === '' ? strength.kingCaptureNextToThrone : nextToThrone === '3' ? 'three' : 'elsewhere',
    kingAndShield: get('x-shield') === 'y',
    escape: get('esc') === 'e' ? 'edge' : 'corners',
    allAttackersCapturedWins: get('x-allcaptured') === 'y',
    blocked: get('x-blocked') === 'p' ? 'passes' : 'loses',
    repetitionDraws: get('tfr') === 'd',
    quietPlyLimit: Number(get('x-quiet')),
  });
}

/** `spd`: OpenTafl's speed limits, -1 for none (rook moves) and 1 for one square (step moves). */
function readSpeeds(value: string): Result<Pick<RuleParameters, 'soldierMove' | 'kingMove'>, RulesError> {
  const speeds = value
    .split(',')
    .filter((s) => s !== '')
    .map(Number);
  if (speeds.length !== 1 && speeds.length !== 8)
    return fail(
      RULES_ERRORS.value,
      `${shown('spd', value)} has ${speeds.length} speeds; give one, or eight for t,c,n,k,T,C,N,K`,
    );
  const speed = (i: number) => speeds[speeds.length === 1 ? 0 : i];
  const kind = (s: number | undefined): MoveKind | undefined =>
    s === -1 ? 'rook' : s === 1 ? 'step' : undefined;
  const [attackers, defenders, king] = [kind(speed(0)), kind(speed(4)), kind(speed(7))];
  if (!attackers || !defenders || !king)
    return refuse(shown('spd', value), 'a speed other than -1 (any) or 1 (one square)');
  if (attackers !== defenders)
    return refuse(shown('spd', value), 'attackers (t) and defenders (T) moving differently');
  return ok({ soldierMove: attackers, kingMove: king });
}

type SquareRules = Pick<
  RuleParameters,
  | 'kingReturns'
  | 'thronePassage'
  | 'throneHostileToAttackers'
  | 'throneHostileToDefenders'
  | 'throneHostileToKing'
  | 'cornerStop'
  | 'cornersHostile'
  | 'cornerImmune'
>;

/** The throne (cen...) and corner (cor...) piece lists, read as OpenTafl's move generator reads them. */
function readSpecialSquares(get: Get): Result<SquareRules, RulesError> {
  const has = (key: string, piece: string) => get(key).includes(piece);
  const passes = (space: 'cen' | 'cor', piece: string) => has(`${space}p`, piece) && has(`${space}re`, piece);
  const stops = (space: 'cen' | 'cor', piece: string) => passes(space, piece) && has(`${space}s`, piece);
  if (!passes('cen', 'K'))
    return refuse('cenp', 'a king who may not pass the throne (K missing in cenp or cenre)');
  if (stops('cen', 't') || stops('cen', 'T')) return refuse('cens', 'soldiers stopping on the throne');
  if (passes('cen', 't') !== passes('cen', 'T'))
    return refuse('cenp', 'attackers and defenders passing the throne differently (t and T)');
  if (!stops('cor', 'K'))
    return refuse('cors', 'a king who may not reach the corners (K in corp, cors, corre)');
  if (stops('cor', 't')) return refuse('cors', 'attackers stopping on the corners');
  const cornersHostile = has('corh', 't');
  if (has('corh', 'T') !== cornersHostile) return refuse('corh', 'corners hostile to one side only');
  const [occupied, empty] = [has('cenh', 'T'), has('cenhe', 'T')];
  if (occupied && !empty) return refuse('cenh', 'the throne hostile to defenders only with the king on it');
  const defenders: ThroneHostility = occupied ? 'always' : empty ? 'empty' : 'never';
  const armed = get('ka') === 'y';
  const attackers = has('cenhe', 't') ? (armed && has('cenh', 't') ? 'always' : 'empty') : 'never';
  const ownAttackers = get('x-throneattackers');
  return ok({
    kingReturns: stops('cen', 'K'),
    thronePassage: passes('cen', 't') ? 'everyone' : 'king',
    throneHostileToAttackers: ownAttackers === '' ? attackers : (ownAttackers as ThroneHostility),
    throneHostileToDefenders: defenders,
    throneHostileToKing: get('x-throneking') === '' ? has('cenhe', 'T') : get('x-throneking') === 'y',
    cornerStop: stops('cor', 'T') ? 'king-and-defenders' : 'king',
    cornersHostile,
    cornerImmune: get('x-cornerimmune') === 'y',
  });
}

/**
 * Checks the start (`start`, or `starti` read bottom row last) against the rules (setup.ts) and
 * names the ruleset: a preset's, or custom.
 */
function readStart(
  name: string,
  key: 'start' | 'starti',
  record: string,
  size: number,
  rules: BoardRules,
): Result<Ruleset, RulesError> {
  if (/[cnkCN]/.test(record))
    return refuse(key, 'knights or commanders (n, c, N, C) or an attacking king (k)');
  const parsed = parsePosition(record); // as written, so that its rows are named as the reader sees them
  if (!parsed.ok) return fail(RULES_ERRORS.start, `${key}: ${parsed.message}`);
  if (parsed.value.size !== size)
    return fail(RULES_ERRORS.start, `${key} has ${parsed.value.size} rows, but dim is ${size}`);
  const board = key === 'starti' ? reverseRanks(size, parsed.value.board) : parsed.value.board;
  const start = makePosition(size, board);
  const layout = start === BRANDUBH_LAYOUT ? 'brandubh' : start === ARD_RI_LAYOUT ? 'ard-ri' : 'custom';
  const parameters: RuleParameters = { size, layout, start, ...rules };
  const preset = PRESETS.find((p) => RULE_PARAMETER_KEYS.every((key) => p[key] === parameters[key]));
  const ruleset =
    preset ??
    defineRuleset({
      ...parameters,
      id: 'custom',
      name: name.replace(/_/g, ' ').trim() || 'Custom rules',
      game: layout === 'ard-ri' ? 'ard-ri' : 'brandubh',
      source: 'OTN rules string',
      notes: [],
    });
  const setup = validateSetup(ruleset, { size, board, turn: ruleset.firstToMove });
  return setup.ok ? ok(ruleset) : fail(RULES_ERRORS.start, `${key}: ${setup.message}`);
}

const yn = (b: boolean): string => (b ? 'y' : 'n');
const letters = (pieces: Record<string, boolean>): string =>
  Object.keys(pieces)
    .filter((p) => pieces[p])
    .join('');

/** The OTN value of `ks` nearest to the rules: exact when a strength of OpenTafl's is theirs. */
function strengthOf(rules: Ruleset): 's' | 'c' | 'w' {
  if (rules.kingCapture === 4) return 's';
  const c = KING_STRENGTHS.c;
  const exact = rules.kingCaptureOnThrone === c.kingCaptureOnThrone;
  const throneCounts = rules.throneHostileToDefenders !== 'never'; // OpenTafl's cenhe T, read for the king
  return exact && throneCounts && rules.kingCaptureNextToThrone === c.kingCaptureNextToThrone ? 'c' : 'w';
}

/** Own keys for the parameters that the OTN entries, as OpenTafl reads them, do not say. */
function refinements(rules: Ruleset, ks: 's' | 'c' | 'w'): string[] {
  const strength = KING_STRENGTHS[ks];
  const attackers = rules.throneHostileToAttackers;
  const otnAttackers = attackers === 'always' && !rules.kingArmed ? 'empty' : attackers;
  return [
    rules.kingCaptureOnThrone === strength.kingCaptureOnThrone
      ? ''
      : `x-kthrone:${rules.kingCaptureOnThrone === 'four' ? '4' : 'e'}`,
    rules.kingCaptureNextToThrone === strength.kingCaptureNextToThrone
      ? ''
      : `x-knext:${rules.kingCaptureNextToThrone === 'three' ? '3' : 'e'}`,
    attackers === otnAttackers ? '' : `x-throneattackers:${attackers}`,
    rules.throneHostileToKing === (rules.throneHostileToDefenders !== 'never')
      ? ''
      : `x-throneking:${yn(rules.throneHostileToKing)}`,
  ].filter((entry) => entry !== '');
}

function speedsOf(rules: Ruleset): string {
  const speed = (move: string) => (move === 'rook' ? '-1' : '1');
  if (rules.soldierMove === rules.kingMove) return speed(rules.kingMove);
  return [...Array<string>(7).fill(speed(rules.soldierMove)), speed(rules.kingMove)].join(',');
}

/** Writes a ruleset as one OTN rules string; `parseRules(makeRules(r))` has r's parameters. */
export function makeRules(rules: Ruleset): string {
  const ks = strengthOf(rules);
  const name = rules.name.trim().replace(/\s+/g, '_').replace(/:/g, '');
  const defendersOnCorners = rules.cornerStop === 'king-and-defenders';
  const { throneHostileToAttackers: attackers, throneHostileToDefenders: defenders } = rules;
  return [
    `dim:${rules.size}`,
    ...(name === '' ? [] : [`name:${name}`]),
    `esc:${rules.escape === 'edge' ? 'e' : 'c'}`,
    'surf:n',
    `atkf:${yn(rules.firstToMove === 'attackers')}`,
    `tfr:${rules.repetitionDraws ? 'd' : 'i'}`,
    `ka:${yn(rules.kingArmed)}`,
    `ks:${ks}`,
    `spd:${speedsOf(rules)}`,
    `cenp:${rules.thronePassage === 'everyone' ? 'tTK' : 'K'}`,
    `cens:${rules.kingReturns ? 'K' : ''}`,
    `cenh:${letters({ t: attackers === 'always', T: defenders === 'always' })}`,
    `cenhe:${letters({ t: attackers !== 'never', T: defenders !== 'never', K: defenders !== 'never' })}`,
    `corp:${defendersOnCorners ? 'TK' : 'K'}`,
    `cors:${defendersOnCorners ? 'TK' : 'K'}`,
    `corh:${rules.cornersHostile ? 'tTK' : ''}`,
    ...refinements(rules, ks),
    `x-shield:${yn(rules.kingAndShield)}`,
    `x-cornerimmune:${yn(rules.cornerImmune)}`,
    `x-allcaptured:${yn(rules.allAttackersCapturedWins)}`,
    `x-blocked:${rules.blocked === 'passes' ? 'p' : 'l'}`,
    `x-quiet:${rules.quietPlyLimit}`,
    `start:${rules.start}`,
  ].join(' ');
}
