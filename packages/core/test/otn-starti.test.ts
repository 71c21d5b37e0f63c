// The inverted start `starti:` of OTN rules strings (notation/rules.ts). The OTN spec
// (jslater89/OpenTafl, opentafl-notation-spec.txt, section 3): "The rules record ends with the
// starting position entry OR the inverted starting position", the inverted record being "the
// regular position record with its rows in reverse order", top rank first. OpenTafl writes every
// game record with it since v0.4.5.1b (RulesSerializer.getRulesRecord with invertBoard); its
// loadRulesRecord reads `starti` first, so with both entries `starti` decides.
import { describe, expect, it } from 'vitest';
import {
  BRANDUBH_LAYOUT,
  PRESETS,
  RULES_ERRORS,
  makePosition,
  makeRules,
  parsePosition,
  parseRules,
  reverseRanks,
  type RulesError,
} from '../src/index.js';

const B = BRANDUBH_LAYOUT;

/**
 * The Brandubh start without the attacker on d1, as a position record (rank 1 first) and as an
 * inverted one (rank 7 first):
 *
 *   7 . . . t . . .
 *   6 . . . t . . .      start:  /7/3t3/3T3/ttTKTtt/3T3/3t3/3t3/
 *   5 . . . T . . .      starti: /3t3/3t3/3T3/ttTKTtt/3T3/3t3/7/
 *   4 t t T K T t t
 *   3 . . . T . . .
 *   2 . . . t . . .
 *   1 . . . . . . .
 *     a b c d e f g
 */
const NO_D1 = '/7/3t3/3T3/ttTKTtt/3T3/3t3/3t3/';
const NO_D1_INVERTED = '/3t3/3t3/3T3/ttTKTtt/3T3/3t3/7/';

function rulesOf(text: string) {
  const parsed = parseRules(text);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.value;
}

function expectFailure(text: string, code: RulesError, words: RegExp): void {
  const parsed = parseRules(text);
  expect(parsed.ok, text).toBe(false);
  if (parsed.ok) return;
  expect(parsed.code).toBe(code);
  expect(parsed.message).toMatch(words);
}

describe('starti: the start with its rows reversed', () => {
  it('OpenTafl’s own Brandub record string (its saved games) is the preset opentafl-brandub', () => {
    const rules = rulesOf(`dim:7 name:Brandub surf:n atkf:y ks:w cenh: cenhe: starti:${B}`);
    expect(rules.id).toBe('opentafl-brandub');
  });

  it('reads the first row as rank 7: d1 empty in starti is the last row', () => {
    const rules = rulesOf(`dim:7 surf:n starti:${NO_D1_INVERTED}`);
    expect(rules.start).toBe(NO_D1);
    expect(rules.layout).toBe('custom');
  });

  it('means what start means with the rows reversed, for every preset', () => {
    for (const preset of PRESETS) {
      const board = parsePosition(preset.start);
      if (!board.ok) throw new Error(board.message);
      const inverted = makePosition(preset.size, reverseRanks(preset.size, board.value.board));
      const text = makeRules(preset).replace(/start:\S+$/, `starti:${inverted}`);
      expect(rulesOf(text), preset.id).toBe(preset);
    }
  });

  it('reverseRanks twice gives the board back', () => {
    const board = parsePosition(NO_D1);
    if (!board.ok) throw new Error(board.message);
    expect(reverseRanks(7, reverseRanks(7, board.value.board))).toEqual(board.value.board);
    expect(makePosition(7, reverseRanks(7, board.value.board))).toBe(NO_D1_INVERTED);
  });

  it('makeRules keeps writing start:, which reads back as the same rules', () => {
    const rules = rulesOf(`dim:7 surf:n starti:${NO_D1_INVERTED}`);
    const written = makeRules(rules);
    expect(written).toMatch(new RegExp(`start:${NO_D1.replaceAll('/', '\\/')}$`));
    expect(written).not.toContain('starti:');
    expect(rulesOf(written).start).toBe(NO_D1);
  });
});

describe('starti: is checked as start: is', () => {
  it('a string with neither start: nor starti: is refused, naming both', () => {
    expectFailure('dim:7 surf:n', RULES_ERRORS.missing, /no start: entry \(or starti:/);
  });

  it('starti: must be the last entry', () => {
    expectFailure(`dim:7 starti:${B} surf:n`, RULES_ERRORS.order, /must be the last entry/);
  });

  it('starti: only once', () => {
    expectFailure(`dim:7 surf:n starti:${B} starti:${B}`, RULES_ERRORS.order, /starti: is given more/);
  });

  it('a malformed starti is named as starti, its rows counted as written', () => {
    expectFailure(
      `dim:7 surf:n starti:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3x3/`,
      RULES_ERRORS.start,
      /^starti: row 7 has "x"/,
    );
    expectFailure(`dim:9 surf:n starti:${B}`, RULES_ERRORS.start, /starti has 7 rows, but dim is 9/);
  });

  it('an invalid starti is refused as an invalid start would be (an attacker on a corner)', () => {
    expectFailure(`dim:7 surf:n starti:/t2t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/`, RULES_ERRORS.start, /^starti: /);
  });

  it('knights in starti are refused as in start', () => {
    expectFailure(
      `dim:7 surf:n starti:/3t3/3t3/3N3/ttTKTtt/3T3/3t3/3t3/`,
      RULES_ERRORS.unsupported,
      /^starti asks for knights/,
    );
  });
});

describe('start: and starti: together: starti decides, as in OpenTafl’s loadRulesRecord', () => {
  it('starti last: the inverted start counts', () => {
    expect(rulesOf(`dim:7 surf:n start:${B} starti:${NO_D1_INVERTED}`).start).toBe(NO_D1);
  });

  it('start last: starti still counts, wherever it stands', () => {
    expect(rulesOf(`dim:7 surf:n starti:${NO_D1_INVERTED} atkf:y start:${B}`).start).toBe(NO_D1);
  });

  it('start is then not read at all, as OpenTafl does not read it', () => {
    expect(rulesOf(`dim:7 surf:n start:nonsense starti:${B}`).start).toBe(B);
  });

  it('the last entry must still be one of the two, and each only once', () => {
    expectFailure(`dim:7 start:${B} starti:${B} surf:n`, RULES_ERRORS.order, /must be the last entry/);
    expectFailure(`dim:7 start:${B} start:${B} starti:${B}`, RULES_ERRORS.order, /start: is given more/);
  });
});

describe('white space: OpenTafl splits on single spaces', () => {
  it('makeRules separates entries by one space, and writes no other white space', () => {
    const custom = { ...rulesOf(`dim:7 surf:n start:${B}`), name: ' My \t own\n rules ' };
    for (const rules of [...PRESETS, custom]) {
      const written = makeRules(rules);
      expect(written, rules.id).toMatch(/^\S+(?: \S+)*$/);
    }
    expect(makeRules(custom)).toContain(' name:My_own_rules ');
  });

  it('we read any white space between entries, so a string OpenTafl cannot split is still ours', () => {
    const spaced = makeRules(PRESETS[0]!).split(' ').join('\n\t ');
    expect(rulesOf(spaced)).toBe(PRESETS[0]);
  });
});
