/**
 * Records for OpenTafl: what `makeRecord` writes, minus what OpenTafl cannot read, for the rules
 * OpenTafl plays as we do. docs/otn-rules.md ("Records for OpenTafl") has the reasons.
 *
 * OpenTafl plays a ruleset as we do when its rules string needs no `x-` key, or only the five
 * that `makeRules` always writes at the values that restate OpenTafl's own behaviour
 * (`x-shield:n x-cornerimmune:n x-allcaptured:y x-blocked:l x-quiet:0`), and two things OTN can
 * say but OpenTafl reads otherwise are absent: `tfr:i` (its RulesSerializer reads a draw) and
 * defenders who stop on hostile corners (its corner stays hostile to the defenders beside one).
 * Such a record's rules string is written without `x-` keys; the rest of the record follows what
 * OpenTafl's GameSerializer and MoveSerializer read: no `---` (a resignation is in the result
 * tag), no `pass`, at most four captures a move, no bare position line (the start goes into the
 * rules string, where OpenTafl reads it), no `[` or `]` in the rules' name (the tag would end
 * early), and no "1. " in a tag value (OpenTafl looks for the first turn from the top of the file,
 * tags included).
 */

import { fail, ok, type Result } from '../result.js';
import { withParameters, type Ruleset } from '../rules.js';
import { makeRecord, type GameRecord, type RecordMove, type RecordTag } from './record.js';
import { makePosition, parsePosition, quote } from './position.js';
import { makeRules, parseRules } from './rules.js';

export const OPENTAFL_ERRORS = {
  rules: 'ERR_OPENTAFL_RULES',
  position: 'ERR_OPENTAFL_POSITION',
  move: 'ERR_OPENTAFL_MOVE',
} as const;
export type OpenTaflError = (typeof OPENTAFL_ERRORS)[keyof typeof OPENTAFL_ERRORS];

/** The own keys whose value restates what OpenTafl does: only these may be left out. */
const OPENTAFL_BEHAVIOUR: Readonly<Record<string, string>> = {
  'x-shield': 'n',
  'x-cornerimmune': 'n',
  'x-allcaptured': 'y',
  'x-blocked': 'l',
  'x-quiet': '0',
};

/** What each own key asks of OpenTafl when it does not restate OpenTafl's behaviour. */
const ASKS: Readonly<Record<string, string>> = {
  'x-kthrone': 'a king captured on the throne otherwise than ks says',
  'x-knext': 'a king captured next to the throne otherwise than ks says',
  'x-throneattackers': 'a throne hostile to attackers otherwise than cenh and cenhe say',
  'x-throneking': 'an empty throne hostile to the king otherwise than cenhe says',
  'x-shield': 'the king-and-shield capture',
  'x-cornerimmune': 'pieces that cannot be captured on a corner',
  'x-allcaptured': 'no win for capturing every attacker',
  'x-blocked': 'a side with no legal move passing',
  'x-quiet': 'a draw after plies without a capture',
};

/**
 * What OpenTafl would play differently in these rules, in words (empty when OpenTafl plays them
 * as we do, and so can open and replay their records).
 */
export function openTaflDifferences(rules: Ruleset): string[] {
  const own = makeRules(rules)
    .split(' ')
    .map((entry) => entry.split(':') as [string, string])
    .filter(([key]) => key.startsWith('x-'))
    .filter(([key, value]) => OPENTAFL_BEHAVIOUR[key] !== value)
    .map(([key, value]) => `${ASKS[key] ?? 'a rule of ours'} (${key}:${value})`);
  return [
    ...own,
    ...(rules.repetitionDraws ? [] : ['repetitions that do not draw (OpenTafl reads tfr:i as a draw)']),
    ...(rules.cornerStop === 'king-and-defenders' && rules.cornersHostile
      ? ['defenders on hostile corners (OpenTafl keeps such a corner hostile to the defenders)']
      : []),
  ];
}

/** The rules string OpenTafl reads as these rules: `makeRules` without own keys, or why none. */
export function makeOpenTaflRules(rules: Ruleset): Result<string, OpenTaflError> {
  const differences = openTaflDifferences(rules);
  if (differences.length > 0)
    return fail(OPENTAFL_ERRORS.rules, `OpenTafl cannot play these rules: ${differences.join('; ')}`);
  const entries = makeRules(rules)
    .split(' ')
    .filter((entry) => !entry.startsWith('x-'))
    .map((entry) => (entry.startsWith('name:') ? entry.replace(/[[\]]/g, '') : entry))
    .filter((entry) => entry !== 'name:');
  return ok(entries.join(' '));
}

/**
 * A record as OpenTafl opens it (see the module header), from a record of ours whose rules
 * OpenTafl plays as we do. A resignation `---` leaves the moves; the result tag says who won (it
 * is added when the record has none).
 */
export function makeOpenTaflRecord(record: GameRecord): Result<string, OpenTaflError> {
  const parsed = parseRules(record.rules);
  if (!parsed.ok) return fail(OPENTAFL_ERRORS.rules, `the rules string cannot be read: ${parsed.message}`);
  const rules = withStart(parsed.value, record.position);
  if (!rules.ok) return rules;
  const rulesString = makeOpenTaflRules(rules.value);
  if (!rulesString.ok) return rulesString;
  const moves = record.moves;
  const resigned = moves[moves.length - 1]?.move === '---';
  const played = resigned ? moves.slice(0, -1) : moves;
  const bad = played.findIndex(unreadable);
  if (bad >= 0)
    return fail(
      OPENTAFL_ERRORS.move,
      `ply ${bad + 1}, ${quote(played[bad]!.move)}, is a move OpenTafl cannot read (a pass, or more than four captures)`,
    );
  const loser = played.length % 2 === 0 ? rules.value.firstToMove : other(rules.value.firstToMove);
  const tags = resigned ? withResignation(record.tags, loser) : record.tags;
  return ok(
    makeRecord({
      tags: tags.map(({ key, value }) => ({ key, value: value.replaceAll('1. ', '1.\u00a0') })),
      rules: rulesString.value,
      moves: played,
    }),
  );
}

const other = (side: 'attackers' | 'defenders') => (side === 'attackers' ? 'defenders' : 'attackers');

/** The rules with the record's own start position (the spec's position line), if it has one. */
function withStart(rules: Ruleset, position: string | undefined): Result<Ruleset, OpenTaflError> {
  if (position === undefined) return ok(rules);
  const parsed = parsePosition(position);
  if (!parsed.ok) return fail(OPENTAFL_ERRORS.position, `the start position: ${parsed.message}`);
  const start = makePosition(parsed.value.size, parsed.value.board);
  return ok(start === rules.start ? rules : withParameters(rules, { layout: 'custom', start }));
}

const unreadable = (move: RecordMove): boolean =>
  move.move === 'pass' || (move.move.split('x')[1]?.split('/').length ?? 0) > 4;

/** The tags with a result (the side that resigned loses) and a termination, unless given. */
function withResignation(tags: readonly RecordTag[], loser: 'attackers' | 'defenders'): RecordTag[] {
  const has = (key: string) => tags.some((t) => t.key === key && t.value !== '' && t.value !== '?');
  return [
    ...tags.filter((t) => !(t.key === 'result' && !has('result'))),
    ...(has('result') ? [] : [{ key: 'result', value: loser === 'attackers' ? '-1' : '1' }]),
    ...(has('termination') ? [] : [{ key: 'termination', value: 'resignation' }]),
  ];
}
