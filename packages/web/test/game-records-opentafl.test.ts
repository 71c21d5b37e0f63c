// Records between OpenTafl and the app (src/game/records.ts, rules/editor-model.ts), without a
// DOM. In: the three records OpenTafl v0.4.8.0b saved (packages/core/test/fixtures/
// opentafl-records, README there; their rules give the start as starti:) import as they are, and
// so does OpenTafl's rules string in the rules editor. Out: the OpenTafl download, offered for
// the rulesets OpenTafl plays as we do, with a resignation in the result tag only.
import { PRESETS, federationBrandubh, opentaflBrandub, parseRecord, tagValue } from '@tafl/core';
import { describe, expect, it } from 'vitest';
import brandubAi from '../../core/test/fixtures/opentafl-records/brandub-ai-comments.otg?raw';
import brandubRandom from '../../core/test/fixtures/opentafl-records/brandub-random.otg?raw';
import federationRandom from '../../core/test/fixtures/opentafl-records/federation-random.otg?raw';
import { createGame, resign, type Game, type NewGame } from '../src/game/model.js';
import {
  IMPORT_ERRORS,
  exportOpenTaflRecord,
  exportRecord,
  importRecord,
  importRecords,
  openTaflExportable,
  recordFileName,
} from '../src/game/records.js';
import { exportRules, importRules, parametersOf } from '../src/rules/editor-model.js';

const make = (spec: NewGame): Game => {
  const made = createGame(spec, Date.UTC(2024, 4, 1), 'g1');
  if (!made.ok) throw new Error(made.message);
  return made.value;
};

const imported = (text: string): Game => {
  const game = importRecord(text, [], 5, 'g2');
  if (!game.ok) throw new Error(`${game.code}: ${game.message}`);
  return game.value;
};

const text = (result: { ok: true; value: string } | { ok: false; message: string }): string => {
  if (!result.ok) throw new Error(result.message);
  return result.value;
};

describe('importing records saved by OpenTafl', () => {
  it.each([
    ['brandub-random.otg', brandubRandom, 'opentafl-brandub', 104],
    ['brandub-ai-comments.otg', brandubAi, 'opentafl-brandub', 20],
    ['federation-random.otg', federationRandom, 'federation-brandubh', 34],
  ])('%s: the preset, every move, and the defenders’ win its tag gives', (_, record, rules, plies) => {
    expect(record).toContain('starti:/');
    const game = imported(record);
    expect(game.rules).toBe(rules);
    expect(game.moves).toHaveLength(plies);
    expect(game.result).toEqual({ winner: 'defenders', reason: 'escape' });
  });

  it('importRecord takes one record: a text of several is refused, saying how many and where each starts', () => {
    const failure = importRecord(`${brandubAi}${brandubRandom}`);
    expect(failure).toMatchObject({ ok: false, code: IMPORT_ERRORS.several, records: 2 });
    expect(!failure.ok && failure.message).toMatch(/holds 2 game records, starting on lines 1, 36$/);
  });

  it('importRecords takes a collection: OpenTafl’s three saves end to end are three games, in order', () => {
    const { games, failures } = importRecords(`${brandubRandom}${brandubAi}${federationRandom}`, [], 5);
    expect(failures).toEqual([]);
    expect(games.map((g) => [g.rules, g.moves.length])).toEqual([
      ['opentafl-brandub', 104],
      ['opentafl-brandub', 20],
      ['federation-brandubh', 34],
    ]);
    expect(new Set(games.map((g) => g.id)).size).toBe(3);
  });

  it('importRecords: a broken record in a collection is named by its line and does not stop the others', () => {
    const broken = '[rules:dim:7 start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/]\n\n1. a1-a9 d5-f5\n';
    const text = `${brandubAi}${broken}${federationRandom}`;
    const line = text.slice(0, text.indexOf(broken)).split('\n').length;
    const { games, failures } = importRecords(text);
    expect(games.map((g) => g.rules)).toEqual(['opentafl-brandub', 'federation-brandubh']);
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({ ok: false, line });
  });
});

describe('the OpenTafl download', () => {
  it('is offered for the rulesets OpenTafl plays as we do, and only those', () => {
    expect(PRESETS.filter(openTaflExportable).map((r) => r.id)).toEqual([
      'plazoleta',
      'opentafl-brandub',
      'federation-brandubh',
    ]);
  });

  it('writes a resignation in the result tag only, and no x- key; imported again, the same game', () => {
    const game = resign(make({ rules: 'plazoleta', moves: ['d2-e2'] }), 'defenders');
    const written = text(exportOpenTaflRecord(game));
    expect(written).not.toContain('---');
    expect(written).not.toMatch(/x-shield|x-quiet/);
    expect(written).toContain('[result:1]');
    expect(written).toContain('[termination:resignation]');
    expect(written).toContain('[x-ruleset:plazoleta]'); // a tag OpenTafl keeps and ignores
    const back = imported(written);
    expect(back).toMatchObject({ rules: 'plazoleta', moves: ['d2-e2'] });
    expect(back.result).toEqual({ winner: 'attackers', reason: 'resignation' });
  });

  it('is the plain record but for the rules string, when there is no resignation', () => {
    const game = make({ rules: 'federation-brandubh', moves: ['d2-e2', 'd3-f3'] });
    const plain = text(exportRecord(game));
    const forOpenTafl = text(exportOpenTaflRecord(game));
    const rulesLine = /^\[rules:.*\]$/m;
    expect(forOpenTafl.replace(rulesLine, '')).toBe(plain.replace(rulesLine, ''));
    const record = parseRecord(forOpenTafl);
    expect(record.ok && record.value.rules).not.toMatch(/x-/);
  });

  it('refuses rules OpenTafl would play otherwise', () => {
    const failure = exportOpenTaflRecord(make({ rules: 'brandubh-en', moves: ['d2-e2'] }));
    expect(failure).toMatchObject({ ok: false });
    expect(!failure.ok && failure.message).toMatch(/OpenTafl cannot play these rules/);
  });

  it('names its file apart from the plain record', () => {
    const game = make({ rules: 'opentafl-brandub' });
    expect(recordFileName(game, opentaflBrandub, true)).toBe('brandubh-2024-05-01-g1-opentafl.otg');
    expect(recordFileName(game, opentaflBrandub)).toBe('brandubh-2024-05-01-g1.otg');
  });

  it('a game from OpenTafl goes back to OpenTafl with its moves', () => {
    const game = imported(federationRandom);
    const written = text(exportOpenTaflRecord(game));
    const record = parseRecord(written);
    // The game keeps moves without the king's K, which the record writes.
    expect(record.ok && record.value.moves.map((m) => m.move.replace(/^K/, ''))).toEqual(game.moves);
    expect(record.ok && tagValue(record.value, 'result')).toBe('-1');
  });
});

describe('the rules editor imports OpenTafl’s rules strings with starti:', () => {
  it('OpenTafl’s Brandub, as its records give it, is the preset, and exports with start:', () => {
    const imported = importRules(
      'dim:7 name:Brandub surf:n atkf:y ks:w cenh: cenhe: starti:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/',
    );
    expect(imported.ok).toBe(true);
    if (!imported.ok) return;
    expect(exportRules(imported.value)).toMatch(/ start:\/3t3\/3t3\/3T3\/ttTKTtt\/3T3\/3t3\/3t3\/$/);
    expect(exportRules(imported.value)).not.toContain('starti');
  });

  it('a start that is not symmetric is read top rank first', () => {
    const imported = importRules(
      'dim:7 name:Brandubh_(World_Tafl_Federation) surf:n atkf:y ks:c cenp:tTK corh:tTK cenh:t cenhe:tTK ' +
        'starti:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/7/',
    );
    expect(imported.ok).toBe(true);
    if (!imported.ok) return;
    expect(parametersOf(imported.value.parameters)).toEqual(
      parametersOf({ ...federationBrandubh, layout: 'custom', start: '/7/3t3/3T3/ttTKTtt/3T3/3t3/3t3/' }),
    );
    expect(exportRules(imported.value)).toMatch(/ start:\/7\/3t3\/3T3\/ttTKTtt\/3T3\/3t3\/3t3\/$/);
  });

  it('a broken starti is refused with the core’s code and sentence', () => {
    const failure = importRules('dim:7 surf:n starti:/3t3/');
    expect(failure).toMatchObject({ ok: false, code: 'ERR_RULES_START' });
    expect(!failure.ok && failure.message).toMatch(/^starti: /);
  });
});
