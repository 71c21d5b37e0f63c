// OTN rules strings (notation/rules.ts). Provenance of the quoted strings: OpenTafl's
// RulesSerializer.getRulesRecord output for its built-in Brandub, and the World Tafl Federation
// Brandubh as OpenTafl writes it (as the project's brief quoted it); the spec examples are from OpenTafl's
// opentafl-notation-spec.txt, section 3.
import { describe, expect, it } from 'vitest';
import { prng } from './random.js';
import {
  ARD_RI_LAYOUT,
  BLOCKED,
  BRANDUBH_LAYOUT,
  CORNER_STOP,
  ESCAPE,
  KING,
  ATTACKER,
  DEFENDER,
  MOVE_KINDS,
  PRESETS,
  RULES_ERRORS,
  SIDES,
  THRONE_HOSTILITY,
  THRONE_PASSAGE,
  defineRuleset,
  federationBrandubh,
  makePosition,
  makeRules,
  opentaflBrandub,
  parseRules,
  positionFromOtn,
  presetById,
  type RuleParameters,
  type Ruleset,
  type RulesError,
} from '../src/index.js';

const B = BRANDUBH_LAYOUT;
const OPENTAFL_BRANDUB = `dim:7 name:Brandub surf:n atkf:y ks:w cenh: cenhe: start:${B}`;
const FEDERATION = `dim:7 surf:n ks:c start:${B}`;
/** The shortest string we play: OpenTafl's defaults, but surf:n (we do not play encirclement). */
const MINIMAL = `dim:7 surf:n start:${B}`;

const PARAMETER_SET: Record<keyof RuleParameters, true> = {
  size: true,
  layout: true,
  start: true,
  firstToMove: true,
  soldierMove: true,
  kingMove: true,
  kingReturns: true,
  thronePassage: true,
  throneHostileToAttackers: true,
  throneHostileToDefenders: true,
  throneHostileToKing: true,
  cornerStop: true,
  cornersHostile: true,
  cornerImmune: true,
  kingArmed: true,
  kingCapture: true,
  kingCaptureOnThrone: true,
  kingCaptureNextToThrone: true,
  kingAndShield: true,
  escape: true,
  allAttackersCapturedWins: true,
  blocked: true,
  repetitionDraws: true,
  quietPlyLimit: true,
};
const PARAMETERS = Object.keys(PARAMETER_SET) as (keyof RuleParameters)[];
const parametersOf = (r: RuleParameters): RuleParameters =>
  Object.fromEntries(PARAMETERS.map((k) => [k, r[k]])) as unknown as RuleParameters;

function parsed(text: string): Ruleset {
  const result = parseRules(text);
  if (!result.ok) throw new Error(`${result.code}: ${result.message}`);
  return result.value;
}

/** Parses the minimal string with `entries` inserted before start. */
const withEntries = (entries: string): Ruleset => parsed(`dim:7 surf:n ${entries} start:${B}`);

function expectFailure(text: string, code: RulesError, mention: string): void {
  const result = parseRules(text);
  expect(result.ok, text).toBe(false);
  if (result.ok) return;
  expect(result.code, result.message).toBe(code);
  expect(result.message).toContain(mention);
}

const pickWith =
  (rand: () => number) =>
  <T>(xs: readonly T[]): T =>
    xs[Math.floor(rand() * xs.length)]!;

describe("OpenTafl's own strings", () => {
  it("OpenTafl's Brandub (surf:n atkf:y ks:w cenh: cenhe:) is the preset opentafl-brandub", () => {
    expect(parsed(OPENTAFL_BRANDUB)).toBe(opentaflBrandub);
  });

  it('the World Tafl Federation Brandubh (surf:n ks:c) is the preset federation-brandubh', () => {
    expect(parsed(FEDERATION)).toBe(federationBrandubh);
  });

  it("the spec's Brandub example has no surf, so OpenTafl's surf:y (encirclement wins) is refused", () => {
    expectFailure(`dim:7 ks:n cenhe: cenh: start:${B}`, RULES_ERRORS.unsupported, 'surf:y');
  });

  it("the spec's Brandub example with surf:n is opentafl-brandub (ks:n is OpenTafl's old weak king)", () => {
    expect(parsed(`dim:7 surf:n ks:n cenhe: cenh: start:${B}`)).toBe(opentaflBrandub);
  });

  it("the spec's Sea Battle example is refused: cen: and cor: leave no throne and no corners", () => {
    const seaBattle =
      'dim:9 surf:n esc:e ka:n cen: cor: start:/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/';
    expectFailure(seaBattle, RULES_ERRORS.unsupported, 'cor:');
  });

  it("the spec's Fetlar example, 11x11, is read (with surf:n) as a custom ruleset of size 11", () => {
    const fetlar =
      'dim:11 surf:n atkf:n start:/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/';
    const rules = parsed(fetlar);
    expect(rules.id).toBe('custom');
    expect(rules.size).toBe(11);
    expect(rules.layout).toBe('custom');
    expect(rules.firstToMove).toBe('defenders');
  });
});

describe('absent keys take OpenTafl’s defaults', () => {
  it('dim, surf:n and start alone give OpenTafl’s default rules, parameter by parameter', () => {
    expect(parametersOf(parsed(MINIMAL))).toEqual({
      size: 7,
      layout: 'brandubh',
      start: B,
      firstToMove: 'attackers', // atkf:y
      soldierMove: 'rook', // spd:-1
      kingMove: 'rook',
      kingReturns: true, // cens:K, cenp and cenre all
      thronePassage: 'everyone', // cenp:tcnkTCNK
      throneHostileToAttackers: 'always', // cenh:tcnk and cenhe:tcnkTCNK
      throneHostileToDefenders: 'empty', // cenhe only
      throneHostileToKing: true, // K in cenhe
      cornerStop: 'king', // corp:K cors:K
      cornersHostile: true, // corh:tcnkTCNK
      cornerImmune: false,
      kingArmed: true, // ka:y
      kingCapture: 4, // ks:s, the strong king
      kingCaptureOnThrone: 'four',
      kingCaptureNextToThrone: 'elsewhere',
      kingAndShield: false,
      escape: 'corners', // esc:c
      allAttackersCapturedWins: true,
      blocked: 'loses',
      repetitionDraws: true, // tfr:d
      quietPlyLimit: 0,
    });
  });

  it('a custom ruleset is named from name:, underscores read as spaces, with no notes', () => {
    const rules = withEntries('name:My_own_Brandubh ka:n');
    expect(rules).toMatchObject({ id: 'custom', name: 'My own Brandubh', source: 'OTN rules string' });
    expect(rules.notes).toEqual([]);
  });

  it('a custom ruleset without name: is called Custom rules', () => {
    expect(withEntries('ka:n').name).toBe('Custom rules');
  });

  it('a string with the parameters of a preset is that preset, whatever its name:', () => {
    expect(parsed(`dim:7 name:Whatever surf:n ks:c start:${B}`)).toBe(federationBrandubh);
  });
});

describe('OTN keys', () => {
  it('tfr:i ignores repetition; tfr:d draws', () => {
    expect(withEntries('tfr:i').repetitionDraws).toBe(false);
    expect(withEntries('tfr:d').repetitionDraws).toBe(true);
  });

  it('esc:e makes every edge square an escape; esc:c the corners', () => {
    expect(withEntries('esc:e').escape).toBe('edge');
    expect(withEntries('esc:c').escape).toBe('corners');
  });

  it('atkf:n lets the defenders move first', () => {
    expect(withEntries('atkf:n').firstToMove).toBe('defenders');
  });

  it('ka:n disarms the king', () => {
    expect(withEntries('ka:n').kingArmed).toBe(false);
  });

  it('ks:s (or y) is captured by four everywhere, ks:c by four on and three next to the throne, ks:w (or n) by two', () => {
    const capture = (ks: string) => {
      const r = withEntries(`ks:${ks}`);
      return [r.kingCapture, r.kingCaptureOnThrone, r.kingCaptureNextToThrone];
    };
    expect(capture('s')).toEqual([4, 'four', 'elsewhere']);
    expect(capture('y')).toEqual([4, 'four', 'elsewhere']);
    expect(capture('c')).toEqual([2, 'four', 'three']);
    expect(capture('w')).toEqual([2, 'elsewhere', 'elsewhere']);
    expect(capture('n')).toEqual([2, 'elsewhere', 'elsewhere']);
  });

  it('spd:1 makes every piece step one square; spd:-1 move like rooks', () => {
    expect(withEntries('spd:1')).toMatchObject({ soldierMove: 'step', kingMove: 'step' });
    expect(withEntries('spd:-1')).toMatchObject({ soldierMove: 'rook', kingMove: 'rook' });
  });

  it('spd with eight speeds (t,c,n,k,T,C,N,K) moves the king apart from the soldiers', () => {
    expect(withEntries('spd:-1,-1,-1,-1,-1,-1,-1,1,')).toMatchObject({
      soldierMove: 'rook',
      kingMove: 'step',
    });
    expect(withEntries('spd:1,1,1,1,1,1,1,-1')).toMatchObject({ soldierMove: 'step', kingMove: 'rook' });
  });

  it('cens without K: the king may not stop on the throne again once he has left it', () => {
    expect(withEntries('cens:').kingReturns).toBe(false);
    expect(withEntries('cens:K').kingReturns).toBe(true);
  });

  it('cenp:K lets only the king pass over the empty throne', () => {
    expect(withEntries('cenp:K').thronePassage).toBe('king');
    expect(withEntries('cenp:tTK').thronePassage).toBe('everyone');
  });

  it('cenre without t and T keeps soldiers, who never start on the throne, from passing it', () => {
    expect(withEntries('cenre:K').thronePassage).toBe('king');
  });

  it('cenh (occupied) and cenhe (empty) make the throne hostile always, when empty, or never', () => {
    const hostility = (entries: string) => {
      const r = withEntries(entries);
      return [r.throneHostileToAttackers, r.throneHostileToDefenders];
    };
    expect(hostility('cenh:tT cenhe:tTK')).toEqual(['always', 'always']);
    expect(hostility('cenh: cenhe:tTK')).toEqual(['empty', 'empty']);
    expect(hostility('cenh: cenhe:T')).toEqual(['never', 'empty']);
    expect(hostility('cenh: cenhe:')).toEqual(['never', 'never']);
  });

  it('the empty throne is hostile to the king when it is to defenders: OpenTafl reads the T entry for the king', () => {
    expect(withEntries('cenhe:tT').throneHostileToKing).toBe(true);
    expect(withEntries('cenhe:tK').throneHostileToKing).toBe(false);
  });

  it('cenh:t without cenhe t is never hostile to attackers beyond what the armed king on it does', () => {
    expect(withEntries('cenh:t cenhe:').throneHostileToAttackers).toBe('never');
  });

  it('an unarmed king on the throne shields attackers whatever cenh says (OpenTafl’s isSpaceHostileTo)', () => {
    expect(withEntries('ka:n cenh:t cenhe:t').throneHostileToAttackers).toBe('empty');
  });

  it('corp:TK cors:TK let defenders stop on the corners', () => {
    expect(withEntries('corp:TK cors:TK').cornerStop).toBe('king-and-defenders');
  });

  it('cors:TK without corp T keeps defenders off the corners: OpenTafl checks corp on the destination too', () => {
    expect(withEntries('cors:TK').cornerStop).toBe('king');
  });

  it('corh: makes the corners hostile to no one', () => {
    expect(withEntries('corh:').cornersHostile).toBe(false);
  });

  it('corh:tT makes the corners hostile to the king too: OpenTafl reads the T entry for him', () => {
    expect(withEntries('corh:tT').cornersHostile).toBe(true);
  });

  it('cor listing the four corners in any order, and cen:d4, are the board’s own squares', () => {
    expect(withEntries('cor:g7,a1,g1,a7, cen:d4')).toEqual(withEntries(''));
  });

  it('keys for pieces and squares we do not have (nj, cj, swf, fortress lists) are read and ignored', () => {
    expect(withEntries('nj:n cj:c swf:n aforh:t dfors:TK afor: dfor:')).toEqual(withEntries(''));
  });

  it('a later entry overrides an earlier one, as in OpenTafl’s map', () => {
    expect(withEntries('tfr:d tfr:i').repetitionDraws).toBe(false);
  });

  it('entries may be separated by newlines and tabs (the spec allows multi-line records)', () => {
    expect(parsed(`dim:7\n\tsurf:n\n  ks:c\nstart:${B}\n`)).toBe(federationBrandubh);
  });

  it('the Ard Ri start gives the ard-ri layout and game; another start the custom layout', () => {
    const ardRi = parsed(`dim:7 surf:n ka:n start:${ARD_RI_LAYOUT}`);
    expect([ardRi.layout, ardRi.game]).toEqual(['ard-ri', 'ard-ri']);
    const custom = parsed('dim:7 surf:n start:/3t3/7/3T3/ttTKTtt/3T3/3t3/3t3/');
    expect([custom.layout, custom.game]).toEqual(['custom', 'brandubh']);
  });

  it('start is kept in canonical form (a run written 03 is 3)', () => {
    expect(parsed(`dim:7 surf:n ks:c start:/03t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/`).start).toBe(B);
  });
});

describe('our own keys', () => {
  it('x-kthrone and x-knext decide the king’s capture on and next to the throne over ks', () => {
    const r = withEntries('ks:w x-kthrone:4 x-knext:3');
    expect([r.kingCapture, r.kingCaptureOnThrone, r.kingCaptureNextToThrone]).toEqual([2, 'four', 'three']);
    const s = withEntries('ks:c x-kthrone:e x-knext:e');
    expect([s.kingCaptureOnThrone, s.kingCaptureNextToThrone]).toEqual(['elsewhere', 'elsewhere']);
  });

  it('x-throneattackers:always makes the throne under an unarmed king hostile to attackers', () => {
    expect(withEntries('ka:n x-throneattackers:always').throneHostileToAttackers).toBe('always');
  });

  it('x-throneking decides whether the empty throne counts against the king, over cenhe', () => {
    expect(withEntries('cenhe:tT x-throneking:n').throneHostileToKing).toBe(false);
    expect(withEntries('cenhe: x-throneking:y').throneHostileToKing).toBe(true);
  });

  it('x-knext:3 lets ks:c capture the king by three next to a throne not hostile to defenders', () => {
    expect(withEntries('ks:c cenhe:t x-knext:3').kingCaptureNextToThrone).toBe('three');
  });

  it('x-shield:y turns on the king-and-shield capture', () => {
    expect(withEntries('x-shield:y').kingAndShield).toBe(true);
  });

  it('x-cornerimmune:y makes a piece on a corner immune to capture', () => {
    expect(withEntries('x-cornerimmune:y').cornerImmune).toBe(true);
  });

  it('x-allcaptured:n takes away the defenders’ win by capturing every attacker', () => {
    expect(withEntries('x-allcaptured:n').allAttackersCapturedWins).toBe(false);
  });

  it('x-blocked:p makes a side with no legal move pass', () => {
    expect(withEntries('x-blocked:p').blocked).toBe('passes');
    expect(withEntries('x-blocked:l').blocked).toBe('loses');
  });

  it('x-quiet:20 draws after twenty plies without a capture', () => {
    expect(withEntries('x-quiet:20').quietPlyLimit).toBe(20);
  });
});

describe('makeRules', () => {
  it.each(PRESETS.map((p) => [p.id, p] as const))('%s reads back as the same preset', (_, preset) => {
    expect(parsed(makeRules(preset))).toBe(preset);
  });

  it.each([opentaflBrandub, federationBrandubh].map((p) => [p.id, p] as const))(
    '%s means the same to OpenTafl, which ignores our x- keys: without them it is still the preset',
    (_, preset) => {
      const otnOnly = makeRules(preset)
        .split(' ')
        .filter((entry) => !entry.startsWith('x-'))
        .join(' ');
      expect(parsed(otnOnly)).toBe(preset);
    },
  );

  it('opentafl-brandub is written with the OTN entries of OpenTafl’s own string', () => {
    const entries = makeRules(opentaflBrandub).split(' ');
    expect(entries).toEqual(
      expect.arrayContaining(['surf:n', 'atkf:y', 'ks:w', 'cenh:', 'cenhe:', `start:${B}`]),
    );
  });

  it('dim comes first and start last; the name is written with underscores and without colons', () => {
    const entries = makeRules(defineRuleset({ ...opentaflBrandub, name: 'A: b  c' })).split(' ');
    expect(entries[0]).toBe('dim:7');
    expect(entries[1]).toBe('name:A_b_c');
    expect(entries.at(-1)).toBe(`start:${B}`);
  });

  it('every parameter is written: OTN keys always, the five OTN lacks as x- keys', () => {
    const keys = makeRules(presetById('plazoleta')!)
      .split(' ')
      .map((e) => e.slice(0, e.indexOf(':')));
    expect(keys).toEqual([
      ...['dim', 'name', 'esc', 'surf', 'atkf', 'tfr', 'ka', 'ks', 'spd', 'cenp', 'cens', 'cenh', 'cenhe'],
      ...['corp', 'cors', 'corh', 'x-shield', 'x-cornerimmune', 'x-allcaptured', 'x-blocked', 'x-quiet'],
      'start',
    ]);
  });

  it('brandub-fr writes its king-and-shield, corner immunity, passing and twenty quiet plies', () => {
    const entries = makeRules(presetById('brandub-fr')!).split(' ');
    expect(entries).toEqual(
      expect.arrayContaining([
        'x-shield:y',
        'x-cornerimmune:y',
        'x-blocked:p',
        'x-quiet:20',
        'corp:TK',
        'cors:TK',
      ]),
    );
  });

  it('brandubh-2019 writes ks:w and x-kthrone:4, as no OpenTafl king strength has four only on the throne', () => {
    const entries = makeRules(presetById('brandubh-2019')!).split(' ');
    expect(entries).toEqual(expect.arrayContaining(['ks:w', 'x-kthrone:4', 'cens:']));
    expect(entries.some((e) => e.startsWith('x-knext'))).toBe(false);
  });

  it('ard-ri-es writes x-throneattackers:always: OpenTafl lets the unarmed king on the throne shield attackers', () => {
    const entries = makeRules(presetById('ard-ri-es')!).split(' ');
    expect(entries).toEqual(
      expect.arrayContaining(['ka:n', 'cenh:tT', 'cenhe:tTK', 'x-throneattackers:always']),
    );
  });

  it('many random valid rulesets read back with exactly their parameters', () => {
    const rand = prng(20240611);
    for (let i = 0; i < 600; i++) {
      const rules = randomRuleset(rand);
      const text = makeRules(rules);
      const back = parseRules(text);
      expect(back.ok, text).toBe(true);
      if (back.ok) expect(parametersOf(back.value), text).toEqual(parametersOf(rules));
    }
  });
});

describe('errors name what is wrong and where', () => {
  const fails: [string, string, RulesError, string][] = [
    ['an empty string', '', RULES_ERRORS.missing, 'dim'],
    ['no start', 'dim:7 surf:n', RULES_ERRORS.missing, 'start'],
    ['no dim', `surf:n start:${B}`, RULES_ERRORS.missing, 'dim'],
    ['dim not first', `surf:n dim:7 start:${B}`, RULES_ERRORS.order, 'dim'],
    ['start not last', `dim:7 start:${B} surf:n`, RULES_ERRORS.order, 'start'],
    ['two starts', `dim:7 start:${B} surf:n start:${B}`, RULES_ERRORS.order, 'start'],
    ['an entry without a colon', `dim:7 surf:n ks start:${B}`, RULES_ERRORS.syntax, '"ks"'],
    ['an entry with two colons', `dim:7 surf:n name:a:b start:${B}`, RULES_ERRORS.syntax, 'name:a:b'],
    ['an unknown key', `dim:7 surf:n foo:1 start:${B}`, RULES_ERRORS.unknownKey, '"foo"'],
    ['a key in capitals', `dim:7 surf:n ESC:c start:${B}`, RULES_ERRORS.unknownKey, '"ESC"'],
    ['esc:x', `dim:7 surf:n esc:x start:${B}`, RULES_ERRORS.value, 'esc'],
    ['ka:q', `dim:7 surf:n ka:q start:${B}`, RULES_ERRORS.value, 'ka'],
    ['ks:q', `dim:7 surf:n ks:q start:${B}`, RULES_ERRORS.value, 'ks'],
    ['tfr:x', `dim:7 surf:n tfr:x start:${B}`, RULES_ERRORS.value, 'tfr'],
    ['surf:x', `dim:7 surf:x start:${B}`, RULES_ERRORS.value, 'surf'],
    ['a piece letter not of OTN', `dim:7 surf:n cenh:z start:${B}`, RULES_ERRORS.value, 'cenh'],
    ['spd:abc', `dim:7 surf:n spd:abc start:${B}`, RULES_ERRORS.value, 'spd'],
    [
      'spd with two speeds, which OpenTafl misreads',
      `dim:7 surf:n spd:1,-1 start:${B}`,
      RULES_ERRORS.value,
      'spd',
    ],
    ['a square off the board', `dim:7 surf:n cor:a1,a7,g1,h8 start:${B}`, RULES_ERRORS.value, 'h8'],
    ['x-quiet:abc', `dim:7 surf:n x-quiet:abc start:${B}`, RULES_ERRORS.value, 'x-quiet'],
    ['x-blocked:x', `dim:7 surf:n x-blocked:x start:${B}`, RULES_ERRORS.value, 'x-blocked'],
    ['an even dim', `dim:8 surf:n start:${B}`, RULES_ERRORS.dim, 'dim:8'],
    ['dim:abc', `dim:abc surf:n start:${B}`, RULES_ERRORS.dim, 'dim:abc'],
    ['a dim too large', `dim:99 surf:n start:${B}`, RULES_ERRORS.dim, 'dim:99'],
    ['a start of another size', `dim:9 surf:n start:${B}`, RULES_ERRORS.start, 'dim is 9'],
    [
      'a start with a letter not of OTN',
      'dim:7 surf:n start:/3x3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/',
      RULES_ERRORS.start,
      'start',
    ],
    [
      'a start row too short',
      'dim:7 surf:n start:/3t2/3t3/3T3/ttTKTtt/3T3/3t3/3t3/',
      RULES_ERRORS.start,
      'row 1',
    ],
    [
      'a start with two kings',
      'dim:7 surf:n start:/3K3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/',
      RULES_ERRORS.start,
      '2 kings',
    ],
    [
      'a start without king',
      'dim:7 surf:n start:/3t3/3t3/3T3/ttT1Ttt/3T3/3t3/3t3/',
      RULES_ERRORS.start,
      'no king',
    ],
    [
      'a soldier on the throne',
      'dim:7 surf:n start:/3t3/3t3/3K3/ttTTTtt/3T3/3t3/3t3/',
      RULES_ERRORS.start,
      'throne',
    ],
    [
      'an attacker on a corner',
      'dim:7 surf:n start:/t2t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/',
      RULES_ERRORS.start,
      'a1',
    ],
    [
      'a defender on a corner',
      'dim:7 surf:n start:/T2t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/',
      RULES_ERRORS.start,
      'a1',
    ],
  ];
  it.each(fails)('%s', (_, text, code, mention) => expectFailure(text, code, mention));

  it('a value that is not a string is refused, not thrown on', () => {
    const result = parseRules(42 as unknown as string);
    expect(result).toMatchObject({ ok: false, code: RULES_ERRORS.syntax });
  });
});

describe('rules this software does not play are refused', () => {
  const refused: [string, string, string][] = [
    ['surrounding fatal, written', 'surf:y', 'surf:y'],
    ['a repetition that wins', 'tfr:w', 'tfr:w'],
    ['a repetition that loses', 'tfr:l', 'tfr:l'],
    ['a hammer-only king', 'ka:h', 'ka:h'],
    ['an anvil-only king', 'ka:a', 'ka:a'],
    ['the middleweight king', 'ks:m', 'ks:m'],
    ['a jumping king', 'kj:r', 'kj:r'],
    ['shieldwalls', 'sw:s', 'sw:s'],
    ['edge forts', 'efe:y', 'efe:y'],
    ['berserk moves', 'ber:c', 'ber:c'],
    ['attacker fortresses', 'afor:b2,', 'afor:b2,'],
    ['defender fortresses', 'dfor:c3', 'dfor:c3'],
    ['no corners', 'cor:', 'cor:'],
    ['another throne', 'cen:c3', 'cen:c3'],
    ['a speed of two squares', 'spd:2', 'spd:2'],
    ['attackers and defenders at different speeds', 'spd:1,1,1,1,-1,-1,-1,-1', 'spd:'],
    ['soldiers stopping on the throne', 'cens:tTK', 'cens'],
    ['a king who may not pass the throne', 'cenp:tT', 'cenp'],
    ['a king who may not enter the throne from outside', 'cenre:tT', 'cenp'],
    ['attackers passing the throne, defenders not', 'cenp:tK', 'cenp'],
    ['a king who may not reach the corners', 'cors:', 'cors'],
    ['attackers on the corners', 'corp:tK cors:tK', 'cors'],
    ['corners hostile to attackers only', 'corh:tK', 'corh'],
    ['the occupied throne hostile to defenders, the empty one not', 'cenh:T cenhe:', 'cenh'],
    [
      'ks:c with the empty throne not hostile to defenders: OpenTafl never captures the king beside it',
      'ks:c cenhe:t',
      'ks:c',
    ],
  ];
  it.each(refused)('%s', (_, entries, mention) =>
    expectFailure(`dim:7 surf:n ${entries} start:${B}`, RULES_ERRORS.unsupported, mention),
  );

  it('surrounding fatal by default: a string without surf:n', () => {
    expectFailure(`dim:7 start:${B}`, RULES_ERRORS.unsupported, 'write surf:n');
  });

  it.each([
    ['knights', '/3t3/3t3/3N3/ttTKTtt/3T3/3t3/3t3/'],
    ['commanders', '/3c3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/'],
    ['an attacking king', '/3k3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/'],
  ])('a start with %s', (_, start) => {
    expectFailure(`dim:7 surf:n start:${start}`, RULES_ERRORS.unsupported, 'start');
  });
});

describe('fuzz: no input makes the parser throw', () => {
  const codes = new Set<string>(Object.values(RULES_ERRORS));
  const ALPHABET = 'abcdefghijklmnopqrstuvwxyzTKCN0123456789:/ ,-_\n\t:::///   ';

  /** Every answer is a failure with a known code and a sentence, or a playable ruleset that round-trips. */
  function expectAnswer(text: string): void {
    let result: ReturnType<typeof parseRules> | undefined;
    expect(() => (result = parseRules(text)), text).not.toThrow();
    if (!result) return;
    if (!result.ok) {
      expect(codes.has(result.code), text).toBe(true);
      expect(result.message.length, text).toBeGreaterThan(0);
      return;
    }
    expect(positionFromOtn(result.value).ok, text).toBe(true);
    expect(parametersOf(parsed(makeRules(result.value))), text).toEqual(parametersOf(result.value));
  }

  it('random strings', () => {
    const rand = prng(7);
    const pick = pickWith(rand);
    for (let i = 0; i < 1500; i++) {
      const length = Math.floor(rand() * 80);
      let text = '';
      for (let j = 0; j < length; j++) text += pick([...ALPHABET]);
      if (i % 3 === 0) text = `dim:7 ${text} start:${B}`;
      if (i % 7 === 0)
        text = String.fromCharCode(...Array.from({ length }, () => Math.floor(rand() * 0xffff)));
      expectAnswer(text);
    }
  });

  it('valid strings with characters deleted, inserted or replaced, and entries dropped or duplicated', () => {
    const rand = prng(99);
    const pick = pickWith(rand);
    const bases = [
      ...PRESETS.map(makeRules),
      OPENTAFL_BRANDUB,
      FEDERATION,
      ...Array.from({ length: 20 }, () => makeRules(randomRuleset(rand))),
    ];
    const mutations: ((s: string) => string)[] = [
      (s) => {
        const i = Math.floor(rand() * s.length);
        return s.slice(0, i) + s.slice(i + 1);
      },
      (s) => {
        const i = Math.floor(rand() * (s.length + 1));
        return s.slice(0, i) + pick([...ALPHABET]) + s.slice(i);
      },
      (s) => {
        const i = Math.floor(rand() * s.length);
        return s.slice(0, i) + pick([...ALPHABET]) + s.slice(i + 1);
      },
      (s) => {
        const entries = s.split(' ');
        entries.splice(Math.floor(rand() * entries.length), 1);
        return entries.join(' ');
      },
      (s) => {
        const entries = s.split(' ');
        const i = Math.floor(rand() * entries.length);
        entries.splice(Math.floor(rand() * entries.length), 0, entries[i]!);
        return entries.join(' ');
      },
    ];
    for (let i = 0; i < 4000; i++) {
      let text = pick(bases);
      const count = 1 + Math.floor(rand() * 3);
      for (let j = 0; j < count; j++) text = pick(mutations)(text);
      expectAnswer(text);
    }
  });
});

/** A valid ruleset with random parameters, and a random start a third of the time. */
function randomRuleset(rand: () => number): Ruleset {
  const pick = pickWith(rand);
  const cornerStop = pick(CORNER_STOP);
  const start = pick([B, ARD_RI_LAYOUT, randomStart(rand, cornerStop === 'king-and-defenders')]);
  return defineRuleset({
    id: 'custom',
    name: pick(['Custom rules', 'A test', 'x']),
    game: 'brandubh',
    source: 'test',
    notes: [],
    size: 7,
    layout: start === B ? 'brandubh' : start === ARD_RI_LAYOUT ? 'ard-ri' : 'custom',
    start,
    firstToMove: pick(SIDES),
    soldierMove: pick(MOVE_KINDS),
    kingMove: pick(MOVE_KINDS),
    kingReturns: pick([true, false]),
    thronePassage: pick(THRONE_PASSAGE),
    throneHostileToAttackers: pick(THRONE_HOSTILITY),
    throneHostileToDefenders: pick(THRONE_HOSTILITY),
    throneHostileToKing: pick([true, false]),
    cornerStop,
    cornersHostile: pick([true, false]),
    cornerImmune: pick([true, false]),
    kingArmed: pick([true, false]),
    kingCapture: pick([2, 4] as const),
    kingCaptureOnThrone: pick(['four', 'elsewhere'] as const),
    kingCaptureNextToThrone: pick(['three', 'elsewhere'] as const),
    kingAndShield: pick([true, false]),
    escape: pick(ESCAPE),
    allAttackersCapturedWins: pick([true, false]),
    blocked: pick(BLOCKED),
    repetitionDraws: pick([true, false]),
    quietPlyLimit: pick([0, 0, 20, 1 + Math.floor(rand() * 500)]),
  });
}

/** A random valid 7x7 start: one king off the corners, soldiers off the throne and the corners. */
function randomStart(rand: () => number, defendersOnCorners: boolean): string {
  const board = new Array<number>(49).fill(0);
  const corners = [0, 6, 42, 48];
  const free = (sq: number, code: number) =>
    board[sq] === 0 && sq !== 24 && (!corners.includes(sq) || (code === DEFENDER && defendersOnCorners));
  const place = (code: number, count: number) => {
    for (let n = 0; n < count; n++) {
      const sq = Math.floor(rand() * 49);
      if (code === KING ? board[sq] === 0 && !corners.includes(sq) : free(sq, code)) board[sq] = code;
      else if (code === KING) n--;
    }
  };
  place(KING, 1);
  place(ATTACKER, Math.floor(rand() * 17));
  place(DEFENDER, Math.floor(rand() * 13));
  return makePosition(7, board);
}
