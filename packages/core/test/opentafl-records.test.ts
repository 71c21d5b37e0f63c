// Records between OpenTafl and us (notation/opentafl.ts, and record.ts with rules.ts's starti).
// In: the three records OpenTafl v0.4.8.0b saved (fixtures/opentafl-records, README there) open,
// replay and end as their result tags say. Out: the OpenTafl export, checked against a model of
// how OpenTafl v0.4.8.0b reads a record (jslater89/OpenTafl: GameSerializer.parseTags and
// parseMoves, RulesSerializer.getRulesMap and loadRulesRecord, MoveSerializer.getMoveRegex),
// which the three saved records validate first.
import { describe, expect, it } from 'vitest';
import { readFixture } from './fixtures.js';
import { pick, prng } from './random.js';
import {
  OPENTAFL_ERRORS,
  PRESETS,
  federationBrandubh,
  makeOpenTaflRecord,
  makeOpenTaflRules,
  makeRecord,
  makeRules,
  openTaflDifferences,
  opentaflBrandub,
  parseRecord,
  parseRules,
  playMoveRecord,
  plazoleta,
  presetById,
  recordFromGame,
  replayRecord,
  startingPosition,
  tagValue,
  withParameters,
  type GameRecord,
  type Outcome,
  type Ruleset,
} from '../src/index.js';

const FILES = ['brandub-random.otg', 'brandub-ai-comments.otg', 'federation-random.otg'] as const;

function value<T>(result: { ok: true; value: T } | { ok: false; message: string }): T {
  if (!result.ok) throw new Error(result.message);
  return result.value;
}

/** The outcome a result tag names (OTN: 1 attackers, -1 defenders, 0 draw, ? other). */
const TAG_STATUS: Record<string, Outcome['status']> = {
  '1': 'attackers',
  '-1': 'defenders',
  '0': 'draw',
  '?': 'ongoing',
};

// ---------------------------------------------------------------------------------------------
// A model of OpenTafl v0.4.8.0b reading a record, reduced to what can make it fail or misread.

const MOVE_RE =
  /^([tcnkTCNK]?)([a-s][0-9]{1,2})([\^=-]{1,2})([a-s][0-9]{1,2})((x([tcnkTCNK]?)([a-s][0-9]{1,2}))(\/([tcnkTCNK]?)([a-s][0-9]{1,2}))?(\/([tcnkTCNK]?)([a-s][0-9]{1,2}))?(\/([tcnkTCNK]?)([a-s][0-9]{1,2}))?)?([+|-]{1,3})?$/;

interface OpenTaflView {
  readonly tags: Map<string, string>;
  /** RulesSerializer.getRulesMap of the rules tag: split on single spaces, then on ":". */
  readonly rules: Map<string, string>;
  readonly moves: string[];
}

/** Java's String.split: trailing empty strings are dropped ("cenh:" gives ["cenh"]). */
function javaSplit(text: string, separator: string): string[] {
  const parts = text.split(separator);
  while (parts.length > 1 && parts[parts.length - 1] === '') parts.pop();
  return parts;
}

/** What OpenTafl reads from a record, or an Error where OpenTafl throws. */
function openTaflRead(text: string): OpenTaflView {
  const tags = new Map<string, string>(); // parseTags: to the first "1." outside a tag
  let [state, from, key] = ['out', -1, ''];
  for (let i = 0; i < text.length; i++) {
    if (state === 'out' && text[i] === '[') [state, from] = ['title', i];
    else if (state === 'title' && text[i] === ':') [state, from, key] = ['body', i, text.slice(from + 1, i)];
    else if (state === 'body' && text[i] === ']') {
      tags.set(key, text.slice(from + 1, i));
      state = 'out';
    } else if (state === 'out' && text.startsWith('1.', i)) break;
  }
  const rulesTag = tags.get('rules');
  if (rulesTag === undefined) throw new Error('no rules tag: loadRulesRecord(null)');
  const rules = new Map<string, string>();
  for (const component of rulesTag.split(' ')) {
    const parts = javaSplit(component, ':');
    rules.set(parts[0] ?? '', parts[1] ?? '');
  }
  if (!rules.has('dim') || (!rules.has('start') && !rules.has('starti')))
    throw new Error('Missing dim/start');
  if (!/^[0-9]+$/.test(rules.get('dim')!)) throw new Error(`Integer.parseInt(${rules.get('dim')})`);
  const moves: string[] = []; // parseMoves, without variations
  let moveStart = '1. ';
  let current = 1;
  let [inGame, inMove, inComment, turnFrom] = [false, false, false, -1];
  for (let i = 0; i < text.length; i++) {
    if (!inComment && !inMove && text.startsWith(moveStart, i)) {
      [turnFrom, inGame, inMove] = [i, true, true];
      current++;
      moveStart = `${current}.`;
    } else if (inGame && !inComment && inMove && text[i] === '\n') {
      const line = text
        .slice(turnFrom, i)
        .replaceAll(`${current - 1}. `, '')
        .trim();
      for (const move of line.split(' ')) {
        if (!MOVE_RE.test(move)) throw new Error(`Incorrect move record ${JSON.stringify(move)}`);
        moves.push(move);
      }
      inMove = false;
    } else if (inGame && !inComment && text[i] === '[') inComment = true;
    else if (inGame && inComment && text[i] === ']') inComment = false;
  }
  return { tags, rules, moves };
}

/** A game of seeded random legal moves to its end (or `maxPlies`). */
function randomGame(rules: Ruleset, seed: number, maxPlies = 400) {
  const random = prng(seed);
  const pos = startingPosition(rules);
  while (!pos.isOver() && pos.ply < maxPlies) pos.play(pick(random, pos.legalMoves()));
  return pos;
}

const OPENTAFL_RULESETS = PRESETS.filter((r) => openTaflDifferences(r).length === 0);

// ---------------------------------------------------------------------------------------------

describe('records saved by OpenTafl open as they are', () => {
  for (const file of FILES) {
    it(`${file}: opens, replays, and ends as its result tag says`, () => {
      const record = value(parseRecord(readFixture(`opentafl-records/${file}`)));
      expect(record.rules).toContain(' starti:/');
      const game = value(replayRecord(record));
      expect(game.rules.id).toBe(file.startsWith('federation') ? 'federation-brandubh' : 'opentafl-brandub');
      const result = tagValue(record, 'result')!;
      expect(game.position.outcome().status).toBe(TAG_STATUS[result]);
      expect(game.position.ply).toBe(record.moves.length);
    });
  }

  it('the empty comments [|] of OpenTafl’s AI game are no comments', () => {
    const record = value(parseRecord(readFixture('opentafl-records/brandub-ai-comments.otg')));
    expect(record.moves.length).toBe(20);
    expect(record.moves.every((m) => m.comment === undefined)).toBe(true);
  });

  /**
   * federation-brandubh, the king taken on a3 between a4 and a2, written as OpenTafl writes a
   * captured king (`xKa3`), with its starti rules string:
   *
   *   4 t t T . T t t      1. b4-b5 d3-f3   2. b5-b6 Kd4-d3   3. g4-g5 Kd3-a3   4. d2-a2xKa3
   *   3 K . . . . T .
   *   2 . . . t . . .
   */
  it('reads a captured king written xKa3, as OpenTafl writes it', () => {
    const text =
      '[result:1]\n[rules:dim:7 name:Brandubh_(World_Tafl_Federation) surf:n atkf:y ks:c cenp:tTK ' +
      'corh:tTK cenh:t cenhe:tTK starti:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/]\n\n' +
      '1. b4-b5 d3-f3 \n2. b5-b6 Kd4-d3 \n3. g4-g5 Kd3-a3 \n4. d2-a2xKa3 \n';
    const game = value(replayRecord(value(parseRecord(text))));
    expect(game.rules).toBe(federationBrandubh);
    expect(game.position.outcome()).toEqual({ status: 'attackers', reason: 'king captured' });
  });

  it('and we write that game’s capture as OpenTafl does, its square and letter, which its reader takes', () => {
    const pos = startingPosition(federationBrandubh);
    for (const move of ['b4-b5', 'd3-f3', 'b5-b6', 'd4-d3', 'g4-g5', 'd3-a3', 'd2-a2'])
      expect(playMoveRecord(pos, move).ok).toBe(true);
    const record = recordFromGame(pos);
    expect(record.moves.at(-1)?.move).toBe('d2-a2xKa3++');
    const read = openTaflRead(value(makeOpenTaflRecord(record)));
    expect(read.moves.at(-1)).toBe('d2-a2xKa3++');
  });
});

describe('the model of OpenTafl’s reader reads what OpenTafl wrote', () => {
  for (const file of FILES) {
    it(`${file}`, () => {
      const text = readFixture(`opentafl-records/${file}`);
      const record = value(parseRecord(text));
      const read = openTaflRead(text);
      expect(read.moves).toEqual(record.moves.map((m) => m.move));
      expect(read.tags.get('result')).toBe('-1');
      expect(read.rules.get('cenh')).toBe(file.startsWith('federation') ? 't' : '');
    });
  }

  it('and fails where OpenTafl fails: a pass, a resignation ---, no rules tag', () => {
    const rules = `[rules:${makeRules(opentaflBrandub)}]\n\n`;
    expect(() => openTaflRead(`${rules}1. d2-e2 pass\n`)).toThrow(/Incorrect move record "pass"/);
    expect(() => openTaflRead(`${rules}1. d2-e2 ---\n`)).toThrow(/Incorrect move record "---"/);
    expect(() => openTaflRead(`${makeRules(opentaflBrandub)}\n\n1. d2-e2\n`)).toThrow(/no rules tag/);
  });
});

describe('which rulesets OpenTafl plays as we do', () => {
  it('plazoleta, opentafl-brandub and federation-brandubh; the others need rules OpenTafl lacks', () => {
    expect(OPENTAFL_RULESETS.map((r) => r.id)).toEqual([
      'plazoleta',
      'opentafl-brandub',
      'federation-brandubh',
    ]);
    expect(openTaflDifferences(presetById('brandubh-en')!)).toEqual([
      'no win for capturing every attacker (x-allcaptured:n)',
    ]);
    expect(openTaflDifferences(presetById('brandubh-2019')!)[0]).toMatch(/x-kthrone:4/);
    expect(openTaflDifferences(presetById('ard-ri-es')!)[0]).toMatch(/x-throneattackers:always/);
  });

  it('tfr:i is refused: OpenTafl reads it as a draw', () => {
    const rules = withParameters(opentaflBrandub, { repetitionDraws: false });
    expect(openTaflDifferences(rules)).toEqual([
      'repetitions that do not draw (OpenTafl reads tfr:i as a draw)',
    ]);
  });

  it('defenders on hostile corners are refused; on corners that are not hostile they are not', () => {
    const onCorners = withParameters(opentaflBrandub, { cornerStop: 'king-and-defenders' });
    expect(openTaflDifferences(onCorners)).toHaveLength(1);
    expect(openTaflDifferences(withParameters(onCorners, { cornersHostile: false }))).toEqual([]);
  });

  it('the OpenTafl rules string has no x- key and reads back as the same rules', () => {
    for (const rules of OPENTAFL_RULESETS) {
      const text = value(makeOpenTaflRules(rules));
      expect(text).not.toMatch(/x-/);
      expect(text).toMatch(/^\S+(?: \S+)*$/);
      expect(value(parseRules(text))).toBe(rules);
    }
  });

  it('a ruleset OpenTafl cannot play gets a failure naming why', () => {
    const made = makeOpenTaflRules(presetById('brandubh-en')!);
    expect(made).toMatchObject({ ok: false, code: OPENTAFL_ERRORS.rules });
    if (!made.ok) expect(made.message).toMatch(/^OpenTafl cannot play these rules: no win for capturing/);
  });

  it('brackets leave the name, so the rules stay in their tag', () => {
    const rules = withParameters(opentaflBrandub, { id: 'custom', name: 'My [house] rules' });
    expect(value(makeOpenTaflRules(rules))).toContain(' name:My_house_rules ');
  });
});

describe('makeOpenTaflRecord writes records that OpenTafl opens', () => {
  for (const rules of OPENTAFL_RULESETS)
    it(`${rules.id}: ten random games read by the model as we wrote them, and back by us`, () => {
      for (let seed = 1; seed <= 10; seed++) {
        const pos = randomGame(rules, seed);
        const record = recordFromGame(pos, [{ key: 'event', value: `game ${seed}` }]);
        const text = value(makeOpenTaflRecord(record));
        const read = openTaflRead(text);
        expect(read.moves).toEqual(record.moves.map((m) => m.move));
        expect(read.rules.has('x-shield')).toBe(false);
        const back = value(replayRecord(value(parseRecord(text))));
        expect(back.rules).toBe(rules);
        expect(back.position.outcome()).toEqual(pos.outcome());
      }
    });

  it('a resignation is in the result tag only: no --- move', () => {
    const record = value(parseRecord(`[rules:${makeRules(plazoleta)}]\n\n1. d2-e2 d3-f3\n2. ---\n`));
    const text = value(makeOpenTaflRecord(record));
    expect(text).not.toContain('---');
    expect(openTaflRead(text).moves).toEqual(['d2-e2', 'd3-f3']);
    const back = value(parseRecord(text));
    expect(tagValue(back, 'result')).toBe('-1'); // the attackers, to move, resigned
    expect(tagValue(back, 'termination')).toBe('resignation');
  });

  it('keeps a result tag the record already has', () => {
    const record = value(parseRecord(`[result:1]\n[rules:${makeRules(plazoleta)}]\n\n1. d2-e2 ---\n`));
    expect(tagValue(value(parseRecord(value(makeOpenTaflRecord(record)))), 'result')).toBe('1');
  });

  it('refuses a record whose rules OpenTafl cannot play, and a pass', () => {
    const en = recordFromGame(randomGame(presetById('brandubh-en')!, 1, 10));
    expect(makeOpenTaflRecord(en)).toMatchObject({ ok: false, code: OPENTAFL_ERRORS.rules });
    const pass: GameRecord = { tags: [], rules: makeRules(plazoleta), moves: [{ move: 'pass' }] };
    expect(makeOpenTaflRecord(pass)).toMatchObject({ ok: false, code: OPENTAFL_ERRORS.move });
  });

  it('moves the spec’s position line into the rules’ start, where OpenTafl reads it', () => {
    const start = '/7/3t3/3T3/ttTKTtt/3T3/3t3/3t3/';
    const record: GameRecord = { tags: [], rules: makeRules(plazoleta), position: start, moves: [] };
    const text = value(makeOpenTaflRecord(record));
    expect(openTaflRead(text).rules.get('start')).toBe(start);
    expect(value(parseRecord(text)).position).toBeUndefined();
  });

  it('a "1. " in a tag value would start OpenTafl’s moves early: it gets a no-break space', () => {
    const record = recordFromGame(randomGame(plazoleta, 3, 6), [{ key: 'event', value: 'Round 1. Final' }]);
    const text = value(makeOpenTaflRecord(record));
    expect(openTaflRead(text).moves).toEqual(record.moves.map((m) => m.move));
    expect(() => openTaflRead(makeRecord(record))).toThrow(/Incorrect move record "Final\]"/);
  });
});
