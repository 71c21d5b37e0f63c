// OTN game records (notation/record.ts) and plain move lists (notation/movelist.ts). The layout
// follows the OTN spec (jslater89/OpenTafl, opentafl-notation-spec.txt, section 4) as OpenTafl's
// GameSerializer and ReplayGame write it: tags one a line, the rules as the tag `rules`, turns
// `N. move move ` and each turn's comments on the next line as `[first|second]`.
import { describe, expect, it } from 'vitest';
import {
  MOVE_ERRORS,
  brandubFr,
  federationBrandubh,
  makeRules,
  opentaflBrandub,
  parseRules,
  positionFromOtn,
  startingPosition,
  type Position,
  type Ruleset,
} from '../src/index.js';
import { MOVE_LIST_ERRORS, parseMoveList, parseMoveLists } from '../src/notation/movelist.js';
import {
  RECORD_ERRORS,
  REPLAY_ERRORS,
  makeRecord,
  parseRecord,
  recordFromGame,
  replayRecord,
  tagValue,
  type GameRecord,
  type RecordMove,
} from '../src/notation/record.js';

const BRANDUBH = '/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/';
const RULES = `dim:7 name:Brandub surf:n atkf:y ks:w cenh: cenhe: start:${BRANDUBH}`;

/** mulberry32: a small seeded PRNG, so every fuzz run is the same run. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Unwraps a result, failing the test with its message. */
function value<T>(result: { ok: true; value: T } | { ok: false; message: string }): T {
  if (!result.ok) throw new Error(result.message);
  return result.value;
}

/**
 * A short game, the king running to a1 (opentafl-brandub):
 *
 *   7 . . . t . . .      1. b4-b5 d3-f3       the b-file attacker steps aside, d3 opens rank 3
 *   6 . . . t . . .      2. b5-b6 Kd4-d3      the king leaves the throne
 *   5 . . . T . . .      3. g4-g5 Kd3-a3-     on a3 he sees a1 ("-": an open route)
 *   4 t t T K T t t      4. g5-g6+ Ka3-a1--   d2-a2 would take him ("+"); he escapes ("--")
 *   3 . . . T . . .
 *   2 . . . t . . .
 *   1 . . . t . . .
 *     a b c d e f g
 */
const ESCAPE = ['b4-b5', 'd3-f3', 'b5-b6', 'Kd4-d3', 'g4-g5', 'Kd3-a3-', 'g5-g6+', 'Ka3-a1--'];

/**
 * The same game, but the attackers take the king on a3 between a4 and a2 (federation-brandubh),
 * his square listed as OpenTafl lists a captured king (`xKa3`, its MoveSerializer).
 */
const CAPTURE = [...ESCAPE.slice(0, 6), 'd2-a2xKa3++'];

/** `1. a b\n2. c d\n...`: moves as numbered turns. */
const turns = (moves: readonly string[]): string =>
  Array.from(
    { length: Math.ceil(moves.length / 2) },
    (_, i) => `${i + 1}. ${moves.slice(2 * i, 2 * i + 2).join(' ')}\n`,
  ).join('');

/** A record in the layout OpenTafl writes (trailing spaces, `[|]`, multi-line tag and comment). */
const OPENTAFL_TEXT = `[date:2024.05.01]
[result:-1]
[compiler:OpenTafl]
[attackers:Doe, Jane]
[defenders:Roe, Richard]
[start-comment:A short game.

The king runs for the a1 corner.]
[rules:${RULES}]

1. b4-b5 d3-f3 
[|]

2. b5-b6 Kd4-d3 
[Slow.|The king steps off the throne.]

3. g4-g5 Kd3-a3- 
[|Threatens a1.
Nothing stops him.]

4. g5-g6+ Ka3-a1-- 
[|]

`;

const moves = (texts: readonly string[], comments: Record<number, string> = {}): RecordMove[] =>
  texts.map((move, i) => (comments[i] !== undefined ? { move, comment: comments[i] } : { move }));

function play(rules: Ruleset, texts: readonly string[], start?: string): Position {
  const record: GameRecord = {
    tags: [],
    rules: '',
    ...(start ? { position: start } : {}),
    moves: moves(texts),
  };
  return value(replayRecord(record, rules)).position;
}

describe('parseRecord reads OTN game records as OpenTafl writes them', () => {
  it('reads tags in order, the rules tag, moves with K, captures and info symbols, and comments', () => {
    const record = value(parseRecord(OPENTAFL_TEXT));
    expect(record.tags.map((t) => t.key)).toEqual([
      'date',
      'result',
      'compiler',
      'attackers',
      'defenders',
      'start-comment',
    ]);
    expect(tagValue(record, 'attackers')).toBe('Doe, Jane');
    expect(tagValue(record, 'start-comment')).toBe('A short game.\n\nThe king runs for the a1 corner.');
    expect(record.rules).toBe(RULES);
    expect(record.position).toBeUndefined();
    expect(record.moves).toEqual(
      moves(ESCAPE, {
        2: 'Slow.',
        3: 'The king steps off the throne.',
        5: 'Threatens a1.\nNothing stops him.',
      }),
    );
  });

  it('reads the spec’s form: a bare rules line and a start position line, no tags', () => {
    const text = `dim:7 start:${BRANDUBH}\n/7/t6/3t3/2tKt2/3t3/7/7/\n\n1. a2-a3 pass\n2. a3-a2\n`;
    expect(value(parseRecord(text))).toEqual({
      tags: [],
      rules: `dim:7 start:${BRANDUBH}`,
      position: '/7/t6/3t3/2tKt2/3t3/7/7/',
      moves: moves(['a2-a3', 'pass', 'a3-a2']),
    });
  });

  it('reads a record without moves, CRLF line ends, and a turn number glued to its move', () => {
    expect(value(parseRecord(`[rules:${RULES}]\r\n`)).moves).toEqual([]);
    expect(value(parseRecord(`[rules:${RULES}]\r\n\r\n1.b4-b5 d3-f3\r\n2.b5-b6\r\n`)).moves).toEqual(
      moves(ESCAPE.slice(0, 3)),
    );
  });

  it('accepts the same rules as a tag and as a line, and the resignation --- as the last move', () => {
    const text = `[rules:${RULES}]\n${RULES}\n1. b4-b5 ---\n`;
    expect(value(parseRecord(text)).moves).toEqual(moves(['b4-b5', '---']));
  });
});

describe('parseRecord names what is wrong and where', () => {
  const cases: [string, string, string, RegExp][] = [
    ['no rules', '[event:x]\n\n1. d2-e2\n', RECORD_ERRORS.rules, /no rules string/],
    [
      'two rules',
      `[rules:${RULES}]\ndim:9 start:/9/\n`,
      RECORD_ERRORS.rules,
      /line 2: a second rules string/,
    ],
    ['an open tag', `[event:x]\n[site:Dublin\n`, RECORD_ERRORS.tag, /line 2: .*no closing "\]"/],
    ['a tag without colon', `[event]\n`, RECORD_ERRORS.tag, /line 1: .*no ":"/],
    ['a bad tag name', `[my event:x]\n`, RECORD_ERRORS.tag, /line 1: "my event" is not a tag name/],
    ['a tag twice', `[a:1]\n[a:2]\n`, RECORD_ERRORS.duplicateTag, /line 2: the tag "a"/],
    ['two positions', `${RULES}\n/7/\n/7/\n`, RECORD_ERRORS.header, /line 3: a second start position/],
    [
      'a skipped turn',
      `${RULES}\n1. d2-e2 d3-f3\n3. e2-e3\n`,
      RECORD_ERRORS.turn,
      /line 3: turn 3 where turn 2/,
    ],
    ['a short turn', `${RULES}\n1. d2-e2\n2. e2-e3\n`, RECORD_ERRORS.turn, /line 3: turn 1 has 1 move/],
    [
      'three moves',
      `${RULES}\n1. d2-e2 d3-f3 e2-e3\n`,
      RECORD_ERRORS.turn,
      /line 2, turn 1: "e2-e3" needs a turn/,
    ],
    ['an empty turn', `${RULES}\n1.\n`, RECORD_ERRORS.turn, /turn 1 has no move/],
    ['a move in the header', `${RULES}\nd2-e2\n`, RECORD_ERRORS.rules, /line 2: a second rules string/],
    [
      'not a move',
      `${RULES}\n1. d2-e2 d2:e2\n`,
      RECORD_ERRORS.move,
      /line 2, turn 1: "d2:e2" is not an OTN move/,
    ],
    [
      'after ---',
      `${RULES}\n1. d2-e2 ---\n2. e2-e3\n`,
      RECORD_ERRORS.move,
      /line 3, turn 2: .*follows the resignation/,
    ],
    ['an open comment', `${RULES}\n1. d2-e2\n[good`, RECORD_ERRORS.comment, /line 3: .*no closing "\]"/],
    [
      'three comments',
      `${RULES}\n1. d2-e2 d3-f3\n[a|b|c]\n`,
      RECORD_ERRORS.comment,
      /line 3: 3 comments for the 2/,
    ],
    ['two comment lines', `${RULES}\n1. d2-e2\n[a]\n[b]\n`, RECORD_ERRORS.comment, /line 4: turn 1 already/],
    ['a comment first', `${RULES}\n1. [a]\n`, RECORD_ERRORS.comment, /line 2: a comment before any move/],
    ['a move after comments', `${RULES}\n1. d2-e2\n[a] d3-f3\n`, RECORD_ERRORS.turn, /line 3, turn 1/],
    [
      'a variation',
      `${RULES}\n1. d2-e2 d3-f3\n1a.1.1a. d2-c2\n`,
      RECORD_ERRORS.variation,
      /line 3: .*variation/,
    ],
  ];
  for (const [name, text, code, message] of cases)
    it(`${name}: ${code}`, () => {
      const result = parseRecord(text);
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect(result.code).toBe(code);
      expect(result.message).toMatch(message);
    });
});

describe('makeRecord writes what OpenTafl writes, and parseRecord reads it back', () => {
  const record: GameRecord = {
    tags: [
      { key: 'event', value: 'Club night' },
      { key: 'result', value: '?' },
    ],
    rules: RULES,
    moves: moves(ESCAPE.slice(0, 5), { 0: 'Opening.', 3: 'The king steps off.' }),
  };

  it('writes tags, the rules tag last, a blank line, then one line a turn with its comments', () => {
    expect(makeRecord(record)).toBe(
      `[event:Club night]\n[result:?]\n[rules:${RULES}]\n\n` +
        `1. b4-b5 d3-f3\n[Opening.]\n\n2. b5-b6 Kd4-d3\n[|The king steps off.]\n\n3. g4-g5\n`,
    );
  });

  it('parseRecord(makeRecord(r)) is r: comments on either half, a position, pass, ---', () => {
    const records: GameRecord[] = [
      record,
      { tags: [], rules: '', moves: [] },
      {
        tags: [],
        rules: RULES,
        position: '/7/t6/3t3/2tKt2/3t3/7/7/',
        moves: moves(['a2-a3', 'pass', '---']),
      },
      {
        tags: [{ key: 'x', value: ' a [b: c\nd ' }],
        rules: ' dim:7 ',
        moves: moves(['pass'], { 0: 'a\nb' }),
      },
    ];
    for (const r of records) expect(value(parseRecord(makeRecord(r)))).toEqual(r);
  });

  it('makeRecord(parseRecord(text)) is stable: once made, a record is made the same again', () => {
    const once = makeRecord(value(parseRecord(OPENTAFL_TEXT)));
    expect(makeRecord(value(parseRecord(once)))).toBe(once);
    expect(value(parseRecord(once))).toEqual(value(parseRecord(OPENTAFL_TEXT)));
  });

  it('changes what it could not read back: "]" and "|" in comments, tags named rules or twice', () => {
    const odd: GameRecord = {
      tags: [
        { key: 'a', value: 'x]y' },
        { key: 'a', value: 'again' },
        { key: 'rules', value: 'dim:9' },
        { key: 'bad key', value: '' },
      ],
      rules: RULES,
      moves: moves(['d2-e2'], { 0: 'a|b]c' }),
    };
    expect(value(parseRecord(makeRecord(odd)))).toEqual({
      tags: [{ key: 'a', value: 'x)y' }],
      rules: RULES,
      moves: moves(['d2-e2'], { 0: 'a/b)c' }),
    });
  });

  it('round-trips 300 random records', () => {
    const random = prng(525);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
    const text = (alphabet: string, max: number): string =>
      Array.from({ length: Math.floor(random() * max) }, () => pick([...alphabet])).join('');
    const square = (): string => `${pick([...'abcdefg'])}${1 + Math.floor(random() * 7)}`;
    const move = (): string =>
      random() < 0.1
        ? 'pass'
        : `${random() < 0.2 ? 'K' : ''}${square()}-${square()}${random() < 0.3 ? `x${square()}/${square()}` : ''}` +
          pick(['', '', '+', '-', '++', '--']);
    const words = 'abc XYZ 019 :,.;"\'()[/-+\n';
    for (let n = 0; n < 300; n++) {
      const keys = [
        ...new Set(Array.from({ length: Math.floor(random() * 5) }, () => `k${text('az09-', 6)}`)),
      ];
      const comment = (): string | undefined => {
        const c = text(words, 30).trim();
        return c === '' || random() < 0.5 ? undefined : c;
      };
      const record: GameRecord = {
        tags: keys.map((key) => ({ key, value: text(words, 20) })),
        rules: text(words.replace('\n', ''), 40),
        ...(random() < 0.3 ? { position: `/${text('tTK123/', 20)}/` } : {}),
        moves: Array.from({ length: Math.floor(random() * 12) }, () => {
          const c = comment();
          return c === undefined ? { move: move() } : { move: move(), comment: c };
        }),
      };
      expect(value(parseRecord(makeRecord(record)))).toEqual(record);
    }
  });
});

describe('replayRecord plays a record and names the first bad move', () => {
  it('replays the OpenTafl record under opentafl-brandub: the king escapes on ply 8', () => {
    const game = value(replayRecord(value(parseRecord(OPENTAFL_TEXT)), opentaflBrandub));
    expect(game.position.ply).toBe(8);
    expect(game.position.outcome()).toEqual({ status: 'defenders', reason: 'escape' });
    expect(game.resigned).toBeUndefined();
  });

  it('reports the ply, turn, side and move of an illegal move, and the move error', () => {
    const record = value(parseRecord(`${RULES}\n1. b4-b5 d3-f3\n2. b5-b6 d4-d1\n`));
    const result = replayRecord(record, opentaflBrandub);
    expect(result).toMatchObject({
      ok: false,
      code: REPLAY_ERRORS.move,
      ply: 4,
      moveError: MOVE_ERRORS.illegal,
    });
    if (!result.ok) expect(result.message).toMatch(/^ply 4 \(turn 2, the defenders\) "d4-d1": /);
  });

  it('refuses listed captures that the move does not make', () => {
    const record = value(parseRecord(`${RULES}\n1. b4-b5xc5 d3-f3\n`));
    expect(replayRecord(record, opentaflBrandub)).toMatchObject({
      ok: false,
      ply: 1,
      moveError: MOVE_ERRORS.captures,
    });
  });

  it('refuses a K before a move that is not the king’s', () => {
    const record = value(parseRecord(`${RULES}\n1. Kb4-b5 d3-f3\n`));
    const result = replayRecord(record, opentaflBrandub);
    expect(result).toMatchObject({ ok: false, ply: 1, moveError: MOVE_ERRORS.illegal });
    if (!result.ok) expect(result.message).toMatch(/b4 does not hold the king/);
  });

  it('refuses a move after the end of the game', () => {
    const record: GameRecord = { tags: [], rules: RULES, moves: moves([...ESCAPE, 'd7-e7']) };
    expect(replayRecord(record, opentaflBrandub)).toMatchObject({
      ok: false,
      ply: 9,
      moveError: MOVE_ERRORS.over,
    });
  });

  it('ends with the side to move resigned on ---', () => {
    const record = value(parseRecord(`${RULES}\n1. b4-b5 ---\n`));
    expect(value(replayRecord(record, opentaflBrandub)).resigned).toBe('defenders');
  });

  it('refuses a start position that the rules do not allow', () => {
    const record: GameRecord = { tags: [], rules: RULES, position: '/7/7/7/3t3/7/7/7/', moves: [] };
    expect(replayRecord(record, opentaflBrandub)).toMatchObject({ ok: false, code: REPLAY_ERRORS.position });
  });

  /**
   * brandub-fr: a side with no legal move passes. The king on the throne, walled in by four
   * attackers, cannot move, so the defenders pass while the attackers shuffle a2-a3-a2.
   *
   *   5 . . . t . . .
   *   4 . . t K t . .
   *   3 . . . t . . .
   *   2 t . . . . . .
   */
  it('plays pass, our extension, for a blocked side under brandub-fr, and only there', () => {
    const walled = '/7/t6/3t3/2tKt2/3t3/7/7/';
    const pos = play(brandubFr, ['a2-a3', 'pass', 'a3-a2', 'pass'], walled);
    expect(pos.ply).toBe(4);
    expect(pos.outcome()).toEqual({ status: 'ongoing' });
    const standard: GameRecord = { tags: [], rules: RULES, moves: moves(['d2-e2', 'pass']) };
    expect(replayRecord(standard, brandubFr)).toMatchObject({
      ok: false,
      ply: 2,
      moveError: MOVE_ERRORS.illegal,
    });
  });

  it('reads the rules from the record’s rules string with parseRules (needs notation/rules.ts)', () => {
    const read = parseRules(RULES);
    expect(read.ok ? '' : `parseRules cannot read ${RULES} (still the stub?): ${read.message}`).toBe('');
    const game = replayRecord(value(parseRecord(OPENTAFL_TEXT)));
    expect(game.ok ? '' : game.message).toBe('');
    if (game.ok) expect(game.value.position.outcome()).toEqual({ status: 'defenders', reason: 'escape' });
  });
});

describe('recordFromGame makes the record of a played game', () => {
  it('writes an escape as -1 and a king capture as 1, with the reason, and marks the king’s moves', () => {
    const escaped = recordFromGame(play(opentaflBrandub, ESCAPE), [{ key: 'event', value: 'test' }]);
    expect(escaped.moves.map((m) => m.move)).toEqual(ESCAPE);
    expect(escaped.tags).toEqual([
      { key: 'event', value: 'test' },
      { key: 'result', value: '-1' },
      { key: 'termination', value: 'king escaped' },
    ]);
    const captured = recordFromGame(play(federationBrandubh, CAPTURE), [{ key: 'result', value: '?' }]);
    expect(captured.moves.map((m) => m.move)).toEqual(CAPTURE);
    expect(captured.tags).toEqual([
      { key: 'result', value: '1' },
      { key: 'termination', value: 'king captured' },
    ]);
    expect(captured.rules).toBe(makeRules(federationBrandubh));
  });

  it('reads a captured king both ways: xKa3 as OpenTafl and we write it, ++ alone as we wrote it before', () => {
    for (const last of ['d2-a2xKa3++', 'd2-a2xKa3', 'd2-a2++', 'd2-a2']) {
      const moves = [...CAPTURE.slice(0, -1), last];
      const record = value(parseRecord(`[rules:${makeRules(federationBrandubh)}]\n\n${turns(moves)}`));
      const game = value(replayRecord(record));
      expect(game.position.outcome(), last).toEqual({ status: 'attackers', reason: 'king captured' });
    }
    // a king listed where no king is taken is refused, as any capture the move does not make
    const wrong = [...CAPTURE.slice(0, -1), 'd2-a2xKb3'];
    expect(
      replayRecord(value(parseRecord(`[rules:${makeRules(federationBrandubh)}]\n\n${turns(wrong)}`))).ok,
    ).toBe(false);
  });

  it('writes no result for a game still going, and leaves the game as it was', () => {
    const pos = play(opentaflBrandub, ESCAPE.slice(0, 3));
    const record = recordFromGame(pos);
    expect(record.tags).toEqual([]);
    expect(record.moves.map((m) => m.move)).toEqual(ESCAPE.slice(0, 3));
    expect(pos.ply).toBe(3);
  });

  it('puts a start of its own into the rules string’s start:, where OpenTafl reads it', () => {
    const walled = '/7/t6/3t3/2tKt2/3t3/7/7/';
    const record = recordFromGame(play(brandubFr, ['a2-a3', 'pass'], walled));
    expect(record.moves.map((m) => m.move)).toEqual(['a2-a3', 'pass']);
    expect(record.position).toBeUndefined();
    expect(record.rules).toContain(`start:${walled}`);
    const fresh = recordFromGame(value(positionFromOtn(brandubFr, walled, 'defenders')));
    expect(fresh.rules).toContain(`start:${walled}`);
    expect(fresh.moves).toEqual([]);
    expect(recordFromGame(startingPosition(brandubFr)).rules).toBe(makeRules(brandubFr));
  });

  it('a start of its own and a side to move of its own come back through parseRules', () => {
    const walled = '/7/t6/3t3/2tKt2/3t3/7/7/';
    const record = recordFromGame(value(positionFromOtn(brandubFr, walled, 'defenders')));
    const rules = value(parseRules(record.rules));
    expect(rules.firstToMove).toBe('defenders');
    expect(rules.start).toBe(walled);
    expect(value(replayRecord(record)).position.mustPass()).toBe(true);
  });

  it('round-trips a game: recordFromGame, makeRecord, parseRecord, replayRecord by its rules string', () => {
    const text = makeRecord(recordFromGame(play(opentaflBrandub, ESCAPE)));
    const game = value(replayRecord(value(parseRecord(text))));
    expect(game.position.outcome()).toEqual({ status: 'defenders', reason: 'escape' });
    expect(recordFromGame(game.position).moves.map((m) => m.move)).toEqual(ESCAPE);
  });
});

describe('parseMoveList reads the plain move lists of fixtures/games', () => {
  it('reads moves, captures as OTN lists, a timeout, two counts and the result', () => {
    expect(value(parseMoveList('d2-e2 e2-d2xc2xd3 d6-d5xd4 timeout,2,1,Black'))).toEqual({
      moves: ['d2-e2', 'e2-d2xc2/d3', 'd6-d5xd4'],
      timeout: true,
      counts: [2, 1],
      result: 'attackers',
    });
    expect(value(parseMoveList('timeout,0,0,'))).toEqual({
      moves: [],
      timeout: true,
      counts: [0, 0],
      result: undefined,
    });
    expect(value(parseMoveList('d2-e2,0,0,White')).result).toBe('defenders');
    expect(value(parseMoveList('d2-e2,0,0,Draw')).result).toBe('draw');
    expect(value(parseMoveList('d2-e2,0,0,Ongoing')).result).toBe('ongoing');
  });

  const cases: [string, string, RegExp][] = [
    ['d2-e2,0,0', MOVE_LIST_ERRORS.fields, /4 fields.*has 3/],
    ['d2-e2 e2,0,0,Black', MOVE_LIST_ERRORS.move, /move 2, "e2",/],
    ['d2-e2 timeout d3-f3,0,0,Black', MOVE_LIST_ERRORS.timeout, /move 2 is followed by 1 more/],
    ['d2-e2,x,0,Black', MOVE_LIST_ERRORS.count, /"x" is not a whole number/],
    ['d2-e2,0,0,black', MOVE_LIST_ERRORS.result, /"black" is not Black/],
  ];
  for (const [line, code, message] of cases)
    it(`${code}: ${line}`, () => {
      const result = parseMoveList(line);
      expect(result).toMatchObject({ ok: false, code });
      if (!result.ok) expect(result.message).toMatch(message);
    });

  it('names the line of a bad game in a file', () => {
    expect(parseMoveLists('d2-e2,0,0,Black\n\nd2-e2,0,0,Blue\n')).toMatchObject({
      ok: false,
      code: MOVE_LIST_ERRORS.result,
      message: expect.stringMatching(/^line 3: /),
    });
  });
});

describe('no parser throws: seeded fuzzing', () => {
  const recordCodes: string[] = Object.values(RECORD_ERRORS);
  const replayCodes: string[] = Object.values(REPLAY_ERRORS);
  const alphabet = [...'[]:|/.-x+K0123456789abcdefgtT pas\n\n  \t\r'];

  function mutate(text: string, random: () => number): string {
    let out = text;
    const at = (): number => Math.floor(random() * (out.length + 1));
    const char = (): string => alphabet[Math.floor(random() * alphabet.length)]!;
    for (let k = 1 + Math.floor(random() * 4); k > 0; k--) {
      const i = at();
      const lines = out.split('\n');
      const l = Math.floor(random() * lines.length);
      switch (Math.floor(random() * 6)) {
        case 0:
          out = out.slice(0, i) + out.slice(i + 1);
          break;
        case 1:
          out = out.slice(0, i) + char() + out.slice(i);
          break;
        case 2:
          out = out.slice(0, i) + char() + out.slice(i + 1);
          break;
        case 3:
          lines.splice(l, 1);
          out = lines.join('\n');
          break;
        case 4:
          lines.splice(l, 0, lines[l]!);
          out = lines.join('\n');
          break;
        default:
          out = out.slice(0, i) + out.slice(i + Math.floor(random() * 20));
      }
    }
    return out;
  }

  /** Parses, and when that works checks the round trip and replays under two rulesets. */
  function check(text: string): void {
    const result = parseRecord(text);
    if (!result.ok) {
      expect(recordCodes).toContain(result.code);
      expect(result.message.length).toBeGreaterThan(0);
      return;
    }
    const made = makeRecord(result.value);
    expect(value(parseRecord(made))).toEqual(result.value);
    expect(makeRecord(value(parseRecord(made)))).toBe(made);
    for (const game of [replayRecord(result.value), replayRecord(result.value, opentaflBrandub)])
      if (!game.ok) expect(replayCodes).toContain(game.code);
  }

  it('random strings', () => {
    const random = prng(7);
    for (let n = 0; n < 2000; n++) {
      const length = Math.floor(random() * 80);
      check(Array.from({ length }, () => alphabet[Math.floor(random() * alphabet.length)]).join(''));
    }
  });

  it('mutated valid records: characters deleted, inserted, replaced, lines dropped or doubled', () => {
    const random = prng(11);
    const bases = [
      OPENTAFL_TEXT,
      makeRecord(recordFromGame(play(federationBrandubh, CAPTURE))),
      `dim:7 start:${BRANDUBH}\n/7/t6/3t3/2tKt2/3t3/7/7/\n\n1. a2-a3 pass\n2. a3-a2 ---\n`,
    ];
    let parsed = 0;
    for (let n = 0; n < 3000; n++) {
      const text = mutate(bases[n % bases.length]!, random);
      check(text);
      if (parseRecord(text).ok) parsed++;
    }
    expect(parsed).toBeGreaterThan(300);
  });

  it('move lists, random and mutated', () => {
    const random = prng(13);
    const line = 'd2-e2 c4-c5 e2-d2xc2xd3 d6-d3xe3xd2 timeout,3,1,Black';
    for (let n = 0; n < 2000; n++) {
      const text = n % 2 ? mutate(line, random) : mutate('', random) + mutate(',,,', random);
      const result = parseMoveList(text);
      if (!result.ok) expect(Object.values(MOVE_LIST_ERRORS)).toContain(result.code);
    }
  });
});
